/*
 * tests/fuzz/fuzz_server.c -- libFuzzer target: arbitrary RPC call
 * messages into oncudad's decode and dispatch path.
 *
 * One input is one client session.  Its messages are written, each as one
 * RPC record, to a socket whose other end is served exactly as a client
 * process serves its connection (child.c): the session's transport
 * (server/session/transport.c), the dispatcher rpcgen wrote behind the
 * call tracer, the procedures, and the CPU stand-in as the driver.  When
 * the messages run out the socket closes and the session is torn down as
 * when a client disconnects, so every input starts from a fresh session.
 *
 * The input is the messages joined by SEPARATOR: a mutation inside one
 * message then leaves the others whole.  The record marks are the
 * harness's; what is fuzzed is the RPC message in each (header,
 * credentials, procedure number, arguments).
 *
 * Handles and device pointers are addresses chosen at run time, so an
 * input could never name one it was given.  The harness therefore keeps,
 * in order, the first 8 bytes of every successful result of 12 bytes or
 * more (a handle, a device pointer, a size...), and before sending a
 * message replaces each 8-byte MARKER it holds by one of those values:
 *
 *   CA FE F0 0D oo oo oo kk   big-endian, as XDR carries a cu_handle
 *   kk oo oo oo 0D F0 FE CA   little-endian, as in kernel arguments
 *
 * becomes value number kk (modulo the count) plus the offset ooo, so an
 * input can name "the module it loaded" or "64 bytes into its second
 * allocation".  The server sees only ordinary bytes.
 *
 * The harness sends a message, waits until the server has served it
 * (transport_serve returned on the main thread), collects the reply,
 * then sends the next.  The transport is set up as child.c sets it up.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <rpc/rpc.h>

#include "server/session/calltrace.h"
#include "server/session/trace_file.h"
#include "gen/cuda_names.h"
#include "server/session/fast_args.h"
#include "server/session/getargs.h"
#include "server/session/handles.h"
#include "server/session/limits.h"
#include "server/session/log.h"
#include "server/session/oneway.h"
#include "server/daemon/session_end.h"
#include "server/session/transport.h"
#include "server/session/session.h"
#include "server/svc/svc_local.h"

#include "fuzz_format.h"

#define VALUES_MAX 64
#define REPLY_MAX (ONCUDA_CHUNK_MAX + 4096)

void oncuda_prog(struct svc_req *rqstp, SVCXPRT *transp);

/* What the client thread needs; one session at a time. */
struct session {
	const uint8_t *input;
	size_t size;
	int sock;		/* the client's end */
	int served;		/* eventfd: the server finished a request */
	uint64_t values[VALUES_MAX];
	unsigned value_count;
	uint8_t *reply;		/* REPLY_MAX bytes */
};

static calltrace_dispatch dispatch;

static uint64_t get_be64(const uint8_t *p)
{
	uint64_t v = 0;

	for (int i = 0; i < 8; i++)
		v = v << 8 | p[i];
	return v;
}

static void put_be64(uint8_t *p, uint64_t v)
{
	for (int i = 7; i >= 0; i--, v >>= 8)
		p[i] = (uint8_t)v;
}

static uint32_t get_be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	    (uint32_t)p[2] << 8 | p[3];
}

/* Replaces the markers in msg (see the top of the file). */
static void substitute(struct session *s, uint8_t *msg, size_t len)
{
	if (s->value_count == 0)
		return;
	for (size_t at = 0; at + 8 <= len; at += 4) {
		uint8_t *p = msg + at;
		uint64_t value;

		if (memcmp(p, MARKER_BE, 4) == 0) {
			value = s->values[p[7] % s->value_count] +
			    ((uint64_t)p[4] << 16 | (uint64_t)p[5] << 8 | p[6]);
			put_be64(p, value);
		} else if (memcmp(p + 4, MARKER_LE, 4) == 0) {
			value = s->values[p[0] % s->value_count] +
			    ((uint64_t)p[3] << 16 | (uint64_t)p[2] << 8 | p[1]);
			for (int i = 0; i < 8; i++, value >>= 8)
				p[i] = (uint8_t)value;
		}
	}
}

/*
 * Notes the value a successful reply carries, if it carries one: after
 * xid, direction, MSG_ACCEPTED, the verifier and SUCCESS comes the result,
 * whose first word is the CUresult.
 */
static void note_reply(struct session *s, const uint8_t *r, size_t len)
{
	size_t at;

	if (len < 24 || get_be32(r + 4) != REPLY || get_be32(r + 8) != MSG_ACCEPTED)
		return;
	at = 20 + ((get_be32(r + 16) + 3) & ~3u) + 4;	/* past the verifier */
	if (at + 4 > len || get_be32(r + at - 4) != SUCCESS)
		return;
	if (len - at >= 12 && get_be32(r + at) == 0 &&
	    s->value_count < VALUES_MAX)
		s->values[s->value_count++] = get_be64(r + at + 4);
}

static bool send_all(int fd, const uint8_t *p, size_t len)
{
	while (len > 0) {
		ssize_t n = send(fd, p, len, MSG_NOSIGNAL);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		p += n;
		len -= (size_t)n;
	}
	return true;
}

/*
 * Reads what the server writes until it says it has served the request,
 * and then what is left; keeps the first record's body in s->reply.
 * false when the server closed the connection.
 */
static bool collect_reply(struct session *s)
{
	size_t have = 0, body = 0;
	bool served = false, open = true;

	for (;;) {
		struct pollfd pfd[2] = {
			{ .fd = s->sock, .events = POLLIN },
			{ .fd = s->served, .events = POLLIN },
		};
		uint64_t count;
		ssize_t n;

		if (poll(pfd, served ? 1 : 2, served ? 0 : -1) < 0) {
			if (errno == EINTR)
				continue;
			return false;
		}
		if (!served && (pfd[1].revents & POLLIN)) {
			served = read(s->served, &count, sizeof(count)) > 0;
			continue;
		}
		if (!(pfd[0].revents & (POLLIN | POLLHUP))) {
			if (served)
				break;
			continue;
		}
		n = read(s->sock, s->reply + have, REPLY_MAX - have);
		if (n <= 0) {
			open = false;
			if (served)
				break;
			continue;
		}
		have += (size_t)n;
		if (have == REPLY_MAX)
			have = 0;	/* larger than any reply: drop it */
	}
	/* One record, one fragment: libtirpc writes replies so. */
	if (have >= 4) {
		body = get_be32(s->reply) & 0x7fffffffu;
		if (body <= have - 4)
			note_reply(s, s->reply + 4, body);
	}
	return open;
}

/* The client side of a session: sends the messages one by one. */
static void *client_thread(void *arg)
{
	struct session *s = arg;
	const uint8_t *next = s->input, *end = s->input + s->size;
	uint8_t *msg = malloc(4 + s->size);

	while (msg != NULL && next < end) {
		const uint8_t *sep = memmem(next, (size_t)(end - next),
		    SEPARATOR, SEPARATOR_BYTES);
		size_t len = (size_t)((sep != NULL ? sep : end) - next);
		uint32_t mark = htonl(0x80000000u | (uint32_t)len);

		memcpy(msg, &mark, 4);
		memcpy(msg + 4, next, len);
		next = sep != NULL ? sep + SEPARATOR_BYTES : end;
		substitute(s, msg + 4, len);
		if (!send_all(s->sock, msg, 4 + len) || !collect_reply(s))
			break;
	}
	free(msg);
	/* End of the session: the server reads end-of-file and closes. */
	shutdown(s->sock, SHUT_WR);
	while (read(s->sock, s->reply, REPLY_MAX) > 0)
		continue;
	return NULL;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char why[256];

	(void)argc;
	(void)argv;
	signal(SIGPIPE, SIG_IGN);
	/* The stand-in's memory accounting, kept apart from the tests'. */
	setenv("FAKECUDA_SHM", "/fakecuda-fuzz", 0);
	log_set_level(getenv("FUZZ_LOG") != NULL ? LOG_DEBUG : LOG_ERROR);
	log_set_peer("fuzz");
	/* What each session's end releases, as the daemon fills it. */
	session_end_fill_all();
	/* Small limits: they are under test too, and keep a session within
	 * what libFuzzer lets one input allocate. */
	limits.memory = 256u << 20;
	limits.image = 64u << 20;
	limits.upload = 64u << 20;
	limits.handles = 4096;
	/* An offer of shared memory is never followed by a descriptor here:
	 * each would wait the 10 s meant for a slow client. */
	local_descriptor_wait_ms = 10;
	/* The call tracer decodes every request again: trace to nowhere,
	 * or with FUZZ_TRACE set to the log, to see what an input does. */
	if (getenv("FUZZ_TRACE") != NULL) {
		log_set_level(LOG_INFO);
		calltrace_to_log();
	} else if (!trace_file_use("/dev/null", TRACE_FILE_MAX_DEFAULT, why,
	    sizeof(why))) {
		fprintf(stderr, "fuzz_server: cannot trace to /dev/null: %s\n", why);
		exit(1);
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static uint8_t *reply;
	struct session s;
	pthread_t client;
	SVCXPRT *xprt;
	int sv[2];

	if (reply == NULL && (reply = malloc(REPLY_MAX)) == NULL)
		abort();
	memset(&s, 0, sizeof(s));
	s.input = data;
	s.size = size;
	s.reply = reply;
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0 ||
	    (s.served = eventfd(0, EFD_CLOEXEC)) < 0) {
		perror("fuzz_server: socketpair or eventfd");
		abort();
	}
	s.sock = sv[1];
	if ((xprt = transport_create(sv[0], ONCUDA_PROG, ONCUDA_VERSION)) == NULL)
		abort();
	fast_args_session_start(xprt);
	getargs_free_on_failure(xprt);
	dispatch = oneway_session_start(xprt,
	    calltrace_session_start(xprt, "fuzz", oncuda_prog));
	if (pthread_create(&client, NULL, client_thread, &s) != 0)
		abort();

	/* What child.c's serve() does, telling the client after each request;
	 * at the end the socket closes, so the client reads end-of-file. */
	for (;;) {
		uint64_t one = 1;
		const char *why;
		bool more = transport_serve(xprt, dispatch, &why);

		if (!more)
			svc_destroy(xprt);
		if (write(s.served, &one, sizeof(one)) < 0)
			abort();
		if (!more)
			break;
	}
	pthread_join(client, NULL);

	session_teardown();
	handle_clear();
	calltrace_session_end();
	/* Everything was released, so nothing may still count against the
	 * client's --max-memory: a miscount would refuse a later request. */
	if (memory_held() != 0) {
		fprintf(stderr, "fuzz_server: %llu bytes still counted against "
		    "--max-memory after teardown\n",
		    (unsigned long long)memory_held());
		abort();
	}
	close(sv[1]);
	close(s.served);
	return 0;
}
