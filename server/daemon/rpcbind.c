/*
 * server/daemon/rpcbind.c -- telling the local rpcbind where oncudad listens.
 *
 * Clients that are given only a host name ask that host's rpcbind for the
 * port of program ONCUDA_PROG version ONCUDA_VERSION over TCP.  rpcbind keeps
 * one address per (program, version, netid), so a daemon that died without
 * unregistering blocks the next one: such a stale entry is recognised by
 * nothing answering a NULL call at its address, and replaced.
 *
 * rpcbind forgets the registrations when it restarts (a warm start, -w,
 * keeps them only if it was stopped cleanly) and tells nobody, so the daemon
 * asks it every little while for its own entry and registers again when the
 * entry is gone.
 */
#include <errno.h>
#include <netconfig.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <rpc/rpc.h>
#include <rpc/rpcb_clnt.h>

#include "gen/cuda_names.h"
#include "server/daemon/rpcbind.h"
#include "server/session/log.h"

static struct netconfig *tcp_netconfig;
static bool registered;
static struct sockaddr_in registered_addr;

/* What rpcbind holds for us, as rpcbind_check last found it. */
enum entry_state {
	ENTRY_OURS,             /* our address */
	ENTRY_MISSING,          /* nothing: rpcbind restarted */
	ENTRY_REFUSED,          /* nothing, and rpcbind refuses ours */
	ENTRY_TAKEN,            /* another address */
	ENTRY_UNREACHABLE       /* rpcbind does not answer */
};
static enum entry_state last_state = ENTRY_OURS;

/* Encodes and decodes nothing: a NULL call's arguments and results.  (xdr_void
 * itself is declared without parameters and cannot be cast to xdrproc_t
 * cleanly.) */
static bool_t xdr_nothing(XDR *xdrs, ...)
{
	(void)xdrs;
	return TRUE;
}

/* Whether an RPC server of our program answers a NULL call at addr. */
static bool answers_null_call(const struct sockaddr_in *addr)
{
	const struct timeval timeout = { .tv_sec = 3, .tv_usec = 0 };
	struct netbuf nb = { .maxlen = sizeof *addr, .len = sizeof *addr, .buf = (void *)addr };
	CLIENT *clnt;
	enum clnt_stat st;
	int fd;

	if ((fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0)
		return false;
	if (connect(fd, (const struct sockaddr *)addr, sizeof *addr) < 0) {
		close(fd);
		return false;
	}
	if ((clnt = clnt_vc_create(fd, &nb, ONCUDA_PROG, ONCUDA_VERSION, 0, 0)) == NULL) {
		close(fd);
		return false;
	}
	clnt_control(clnt, CLSET_FD_CLOSE, NULL);
	st = clnt_call(clnt, NULLPROC, xdr_nothing, NULL, xdr_nothing, NULL, timeout);
	clnt_destroy(clnt);
	return st == RPC_SUCCESS;
}

/*
 * rpcbind refused our registration: someone holds it.  Removes the entry if
 * nothing answers there; false (logged) if another oncudad does, or if
 * rpcbind will not let us remove it.
 */
static bool remove_stale_registration(void)
{
	struct sockaddr_in old;
	struct netbuf nb = { .maxlen = sizeof old, .len = 0, .buf = &old };

	memset(&old, 0, sizeof old);
	if (rpcb_getaddr(ONCUDA_PROG, ONCUDA_VERSION, tcp_netconfig, &nb, "localhost") &&
	    nb.len == sizeof old && old.sin_family == AF_INET) {
		if (answers_null_call(&old)) {
			log_msg(LOG_ERROR, "another oncudad is registered with rpcbind and "
			    "answers on port %u: stop it first, or run this one with -n "
			    "(clients then need ONCUDA_SERVER=host:port)", ntohs(old.sin_port));
			return false;
		}
		log_msg(LOG_WARN, "replacing a stale rpcbind registration "
		    "(port %u, where nothing answers)", ntohs(old.sin_port));
	}
	if (!rpcb_unset(ONCUDA_PROG, ONCUDA_VERSION, tcp_netconfig)) {
		log_msg(LOG_ERROR, "rpcbind will not drop the registration of program %u "
		    "version %u that blocks ours (another user's?): remove it as root with "
		    "`rpcinfo -d %u %u`, or run oncudad -n",
		    (unsigned)ONCUDA_PROG, (unsigned)ONCUDA_VERSION,
		    (unsigned)ONCUDA_PROG, (unsigned)ONCUDA_VERSION);
		return false;
	}
	return true;
}

enum set_result { SET_DONE, SET_UNREACHABLE, SET_REFUSED };

static enum set_result try_set(const struct netbuf *addr)
{
	/* rpcb_set fails alike whether rpcbind is unreachable or refuses;
	 * only the former sets rpc_createerr. */
	rpc_createerr.cf_stat = RPC_SUCCESS;
	if (rpcb_set(ONCUDA_PROG, ONCUDA_VERSION, tcp_netconfig, addr))
		return SET_DONE;
	if (rpc_createerr.cf_stat != RPC_SUCCESS) {
		log_msg(LOG_ERROR, "cannot register with rpcbind (%s): is rpcbind "
		    "running? start it with `rpcbind -w`, or run oncudad -n and set "
		    "ONCUDA_SERVER=host:port on clients",
		    clnt_sperrno(rpc_createerr.cf_stat));
		return SET_UNREACHABLE;
	}
	return SET_REFUSED;
}

bool rpcbind_register(const struct sockaddr_in *addr)
{
	struct netbuf nb = { .maxlen = sizeof *addr, .len = sizeof *addr, .buf = (void *)addr };
	enum set_result result;

	if ((tcp_netconfig = getnetconfigent("tcp")) == NULL) {
		log_msg(LOG_ERROR, "cannot register with rpcbind: /etc/netconfig has no "
		    "\"tcp\" entry (it comes with libtirpc-common); or run oncudad -n and "
		    "set ONCUDA_SERVER=host:port on clients");
		return false;
	}
	result = try_set(&nb);
	if (result == SET_REFUSED && remove_stale_registration()) {
		result = try_set(&nb);
		if (result == SET_REFUSED)
			log_msg(LOG_ERROR, "rpcbind refused to register program %u version %u: "
			    "check `rpcinfo -p` for who holds it, or run oncudad -n",
			    (unsigned)ONCUDA_PROG, (unsigned)ONCUDA_VERSION);
	}
	if (result == SET_DONE) {
		registered = true;
		registered_addr = *addr;
		return true;
	}
	freenetconfigent(tcp_netconfig);
	tcp_netconfig = NULL;
	return false;
}

void rpcbind_unregister(void)
{
	if (registered && !rpcb_unset(ONCUDA_PROG, ONCUDA_VERSION, tcp_netconfig))
		log_msg(LOG_WARN, "rpcbind did not take back the registration of "
		    "program %u version %u; `rpcinfo -p` shows it",
		    (unsigned)ONCUDA_PROG, (unsigned)ONCUDA_VERSION);
	registered = false;
	if (tcp_netconfig != NULL) {
		freenetconfigent(tcp_netconfig);
		tcp_netconfig = NULL;
	}
}

/*
 * libtirpc 1.3's rpcb_getaddr leaks the empty address string rpcbind
 * answers for a program it does not list (1 byte, under valgrind "definitely
 * lost"): once per lost registration, since the entry is back after that.
 */
static enum entry_state look_up_entry(void)
{
	struct sockaddr_in now;
	struct netbuf nb = { .maxlen = sizeof now, .len = 0, .buf = &now };

	memset(&now, 0, sizeof now);
	rpc_createerr.cf_stat = RPC_SUCCESS;
	if (rpcb_getaddr(ONCUDA_PROG, ONCUDA_VERSION, tcp_netconfig, &nb, "localhost"))
		return nb.len == sizeof now && now.sin_family == AF_INET &&
		    now.sin_port == registered_addr.sin_port ? ENTRY_OURS : ENTRY_TAKEN;
	return rpc_createerr.cf_stat == RPC_PROGNOTREGISTERED ?
	    ENTRY_MISSING : ENTRY_UNREACHABLE;
}

void rpcbind_check(void)
{
	struct netbuf ours = { .maxlen = sizeof registered_addr,
	    .len = sizeof registered_addr, .buf = &registered_addr };
	unsigned port = ntohs(registered_addr.sin_port);
	enum entry_state state;

	if (!registered)
		return;
	state = look_up_entry();
	if (state == ENTRY_MISSING) {
		if (rpcb_set(ONCUDA_PROG, ONCUDA_VERSION, tcp_netconfig, &ours)) {
			log_msg(LOG_WARN, "rpcbind had lost the registration of program "
			    "%u version %u (was it restarted?): registered it again, "
			    "port %u", (unsigned)ONCUDA_PROG, (unsigned)ONCUDA_VERSION, port);
			last_state = ENTRY_OURS;
			return;
		}
		state = ENTRY_REFUSED;
	}
	/* A state that lasts is logged once, when it begins. */
	if (state == last_state)
		return;
	last_state = state;
	switch (state) {
	case ENTRY_OURS:
		log_msg(LOG_INFO, "rpcbind lists program %u version %u at port %u again",
		    (unsigned)ONCUDA_PROG, (unsigned)ONCUDA_VERSION, port);
		break;
	case ENTRY_REFUSED:
		log_msg(LOG_WARN, "rpcbind lost the registration of program %u version "
		    "%u and refuses it again: clients cannot find oncudad through "
		    "rpcbind; check `rpcinfo -p`, or restart oncudad",
		    (unsigned)ONCUDA_PROG, (unsigned)ONCUDA_VERSION);
		break;
	case ENTRY_TAKEN:
		log_msg(LOG_WARN, "rpcbind gives another port than this oncudad's "
		    "(%u) for program %u version %u: another oncudad registered "
		    "while rpcbind had lost our entry; stop one of them", port,
		    (unsigned)ONCUDA_PROG, (unsigned)ONCUDA_VERSION);
		break;
	case ENTRY_UNREACHABLE:
		log_msg(LOG_WARN, "rpcbind does not answer (%s): clients cannot find "
		    "oncudad through it; oncudad registers again when it is back",
		    clnt_sperrno(rpc_createerr.cf_stat));
		break;
	case ENTRY_MISSING:
		break;
	}
}
