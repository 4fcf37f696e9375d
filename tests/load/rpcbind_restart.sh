# shellcheck shell=bash
# tests/load/rpcbind_restart.sh: oncudad registers again after rpcbind
# restarts.  Run by step_rpcbind_restart (tests/load/check.sh) as root:
#
#   bash tests/load/rpcbind_restart.sh OUT SECONDS SERVER...
#
# OUT is the log directory, SECONDS how long oncudad may take to register
# again, SERVER the oncudad command line.  Prints ok/FAILED lines and exits
# 0 if every check passed, 77 (skipped, with the reason) if it cannot run.
#
# Where it can, it runs in network and mount namespaces of its own (it
# re-runs itself under unshare --net --mount, with ONCUDA_RPCB_PRIVATE=1 to
# say so), so that the rpcbind it kills and restarts is a private one, on a
# private loopback and /run, and the machine's rpcbind is never touched.
#
# Where namespaces cannot be made (a container without CAP_SYS_ADMIN, or no
# unshare or ip, as on the GPU machine), it restarts the machine's own
# rpcbind instead, but only when ONCUDA_TEST_RESTART_RPCBIND=1 says that
# may be done: it stops that rpcbind with SIGTERM, so that one run with -w
# writes its warm-start file and gets every registration back, and starts
# it again with the very command line it ran with (from /proc).  A warm
# start gives oncudad's entry back too, which would hide what is tested, so
# the entry is then deleted (rpcinfo -d), as a cold start would have lost
# it.  If the script dies between the stop and the start, its exit trap
# starts that rpcbind again.  Another oncudad registered there (the same
# program and version) would be in the way: the test then skips.
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

skip() {
	echo "    skipped: $*"
	exit 77
}

((EUID == 0)) || skip "needs root, to restart an rpcbind"
command -v rpcbind >/dev/null || skip "needs rpcbind"
# Only the run made below is in namespaces of its own: a guess from /proc
# that went wrong would mount over the machine's /run.
if [[ ${ONCUDA_RPCB_PRIVATE:-} == 1 ]]; then
	MODE=private
elif command -v ip >/dev/null && unshare --net --mount true 2>/dev/null; then
	exec env ONCUDA_RPCB_PRIVATE=1 unshare --net --mount \
		bash "${BASH_SOURCE[0]}" "$OUT" "$SECONDS_ALLOWED" "$@"
elif [[ ${ONCUDA_TEST_RESTART_RPCBIND:-} == 1 ]]; then
	MODE=machine
else
	skip "cannot make network and mount namespaces (needs unshare, ip and
    CAP_SYS_ADMIN) for a private rpcbind; ONCUDA_TEST_RESTART_RPCBIND=1
    restarts the machine's rpcbind instead"
fi

RPCBIND_PID=
MACHINE_RPCBIND=()	# the machine rpcbind's command line, in machine mode
MACHINE_RPCBIND_STOPPED=0	# this script stopped it: the trap makes sure it runs
rpcbind_answers() { rpcinfo -p localhost >/dev/null 2>&1; }

start_rpcbind() {
	if [[ $MODE == private ]]; then
		rpcbind -f >>"$OUT/rpcb-rpcbind.log" 2>&1 &
		RPCBIND_PID=$!
	else
		# setsid: it outlives this script, as the machine's daemon.
		setsid "${MACHINE_RPCBIND[@]}" </dev/null \
			>>"$OUT/rpcb-rpcbind.log" 2>&1 &
		RPCBIND_PID=$!
	fi
	wait_for 10 rpcbind_answers
}

# Stops the rpcbind at RPCBIND_PID: a crash for the private one, a clean
# stop (warm-start file written) for the machine's.
stop_rpcbind() {
	if [[ $MODE == private ]]; then
		kill -KILL "$RPCBIND_PID"
		wait "$RPCBIND_PID" 2>/dev/null
		return 0
	fi
	MACHINE_RPCBIND_STOPPED=1
	kill -TERM "$RPCBIND_PID" || return 1
	wait_for 10 dead "$RPCBIND_PID"
}

# shellcheck disable=SC2317  # run by the trap
cleanup() {
	local pid
	for pid in "${SERVERS[@]}"; do kill_server "$pid"; done
	if [[ $MODE == private ]]; then
		kill -KILL "$RPCBIND_PID" 2>/dev/null
	elif ((MACHINE_RPCBIND_STOPPED)) && ! rpcbind_answers; then
		echo "    the machine's rpcbind is not answering: starting it again"
		start_rpcbind || bad "could not start the machine's rpcbind again: ${MACHINE_RPCBIND[*]}"
	fi
}
trap cleanup EXIT
# Killed by timeout(1): exit through the trap all the same.
trap 'exit 143' TERM INT

if [[ $MODE == private ]]; then
	# A private /run holds the private rpcbind's socket and state.
	mount -t tmpfs oncuda-test-run /run || { bad "cannot mount a private /run"; exit 1; }
	ip link set lo up || { bad "cannot bring up the private loopback"; exit 1; }
	start_rpcbind || { bad "the private rpcbind does not answer"; exit 1; }
	ok "a private rpcbind answers, pid $RPCBIND_PID"
else
	pids=$(pidof rpcbind) || skip "ONCUDA_TEST_RESTART_RPCBIND=1, but no rpcbind is running"
	[[ $pids == *[!0-9]* ]] && skip "more than one rpcbind runs ($pids): which is the machine's?"
	RPCBIND_PID=$pids
	mapfile -d '' -t MACHINE_RPCBIND <"/proc/$RPCBIND_PID/cmdline" ||
		skip "cannot read the command line of rpcbind $RPCBIND_PID"
	((${#MACHINE_RPCBIND[@]} > 0)) || skip "rpcbind $RPCBIND_PID has no command line"
	rpcbind_answers || skip "the machine's rpcbind (pid $RPCBIND_PID) does not answer"
	port=$(registered_port) &&
		skip "another oncudad is registered with the machine's rpcbind (port $port): stop it first"
	ok "ONCUDA_TEST_RESTART_RPCBIND=1: restarting the machine's rpcbind, pid $RPCBIND_PID: ${MACHINE_RPCBIND[*]}"
fi

verdict=0
start_server rpcb 20 "$@" || exit 1
wait_for 10 registered_as "$SERVER_PORT" ||
	{ bad "oncudad did not register with rpcbind"; exit 1; }
ok "oncudad pid $SERVER_PID registered, port $SERVER_PORT"

stop_rpcbind || { bad "rpcbind $RPCBIND_PID did not stop"; exit 1; }
start_rpcbind || { bad "the restarted rpcbind does not answer"; exit 1; }
restarted_at=$(now_ms)
if ! registered_as "$SERVER_PORT"; then
	ok "rpcbind restarted ($([[ $MODE == private ]] && echo SIGKILL || echo SIGTERM), then started again): oncudad is not listed"
elif [[ $MODE == machine ]]; then
	# rpcinfo -d deletes every netid's entry of the program and version.
	# oncudad looks every 10 s, so it cannot have put it back already.
	if ! rpcinfo -d "$PROGRAM" "$VERSION"; then
		bad "could not delete oncudad's entry that the warm start brought back"
		exit 1
	fi
	restarted_at=$(now_ms)
	ok "rpcbind restarted (SIGTERM, then started again); its warm start listed oncudad, so the entry was deleted, as a cold start loses it"
else
	echo "    (the restarted rpcbind already lists oncudad: a warm start?)"
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
