# shellcheck shell=bash
# tests/load/rpcbind_restart.sh: oncudad registers again after rpcbind
# restarts.  Run by step_rpcbind_restart (tests/load/check.sh) as root in
# network and mount namespaces of its own, so that the rpcbind it kills and
# restarts is a private one (on a private loopback and /run) and the
# machine's rpcbind, and everything registered with it, is never touched:
#
#   unshare --net --mount bash tests/load/rpcbind_restart.sh OUT SECONDS SERVER...
#
# OUT is the log directory, SECONDS how long oncudad may take to register
# again, SERVER the oncudad command line.  Prints ok/FAILED lines and exits
# 0 if every check passed.
set -u -o pipefail
OUT=$1
SECONDS_ALLOWED=$2
shift 2
PROGRAM=739090432
VERSION=13000
CLIENT_LIBS=$PWD/stubs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
PATH=$PATH:/usr/sbin:/sbin
# shellcheck source=tests/lib.sh
. tests/lib.sh

RPCBIND_PID=
start_rpcbind() {
	rpcbind -f >>"$OUT/rpcb-rpcbind.log" 2>&1 &
	RPCBIND_PID=$!
	wait_for 10 rpcinfo -p localhost >/dev/null 2>&1
}
trap 'kill -KILL "$RPCBIND_PID" 2>/dev/null; for pid in "${SERVERS[@]}"; do kill_server "$pid"; done' EXIT

# A private /run holds the private rpcbind's socket and state.
mount -t tmpfs oncuda-test-run /run || { bad "cannot mount a private /run"; exit 1; }
ip link set lo up || { bad "cannot bring up the private loopback"; exit 1; }
start_rpcbind || { bad "the private rpcbind does not answer"; exit 1; }
ok "a private rpcbind answers, pid $RPCBIND_PID"

verdict=0
start_server rpcb 20 "$@" || exit 1
wait_for 10 registered_as "$SERVER_PORT" ||
	{ bad "oncudad did not register with the private rpcbind"; exit 1; }
ok "oncudad pid $SERVER_PID registered, port $SERVER_PORT"

kill -KILL "$RPCBIND_PID"
wait "$RPCBIND_PID" 2>/dev/null
start_rpcbind || { bad "the restarted rpcbind does not answer"; exit 1; }
restarted_at=$(now_ms)
if registered_as "$SERVER_PORT"; then
	echo "    (the restarted rpcbind already lists oncudad: a warm start?)"
else
	ok "rpcbind restarted (SIGKILL, then started again): oncudad is not listed"
fi
if wait_for "$SECONDS_ALLOWED" registered_as "$SERVER_PORT"; then
	ok "oncudad registered again $(($(now_ms) - restarted_at)) ms after the restart (limit $SECONDS_ALLOWED s)"
else
	bad "oncudad not registered $SECONDS_ALLOWED s after rpcbind restarted"
	rpcinfo -p localhost | sed 's/^/      | /'
	verdict=1
fi
if grep -q 'rpcbind had lost the registration.*registered it again' "$OUT/rpcb.log"; then
	ok "$(grep -m1 'registered it again' "$OUT/rpcb.log")"
else
	bad "the server log has no warning that it registered again:"
	show "$OUT/rpcb.log"
	verdict=1
fi
if run_client rpcb-memfree 60 ONCUDA_SERVER=localhost tests/system/memfree; then
	ok "a client found oncudad through the restarted rpcbind ($(<"$OUT/rpcb-memfree.log") bytes free)"
else
	bad "a client could not use oncudad through the restarted rpcbind:"
	show "$OUT/rpcb-memfree.log"
	verdict=1
fi
stop_server "$SERVER_PID" 10 || verdict=1
wait_for 5 unregistered || { bad "oncudad did not unregister on SIGTERM"; verdict=1; }
exit $verdict
