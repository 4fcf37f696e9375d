# shellcheck shell=bash
# tests/lib.sh: helpers for tests/run.sh, which sources this file.
#
# Servers run in sessions of their own (setsid): a server and the per-client
# children it forks then form one process group, which can be signalled and
# searched for survivors as a whole.  Processes are examined through /proc
# so that nothing beyond bash, coreutils and util-linux is needed.
#
# Expects OUT (the log directory), PROGRAM and VERSION (oncudad's RPC
# program) and CLIENT_LIBS (LD_LIBRARY_PATH for clients) to be set, and
# keeps the process ids it starts in SERVERS and CLIENTS for the caller's
# cleanup.

SERVERS=()
CLIENTS=()

ok() { printf '    ok: %s\n' "$*"; }
bad() { printf '    FAILED: %s\n' "$*"; }

# Prints a log file indented under the step that produced it.
show() { sed 's/^/      | /' "$1"; }

# forget LIST PID: drops PID from the array named LIST.
forget() {
	local -n list=$1
	local pid keep=()
	for pid in "${list[@]}"; do
		[[ $pid == "$2" ]] || keep+=("$pid")
	done
	list=("${keep[@]}")
}

now_ms() {
	local t=${EPOCHREALTIME/[.,]/}
	echo $((t / 1000))
}

# wait_for SECONDS COMMAND...: runs COMMAND every 0.1 s until it succeeds;
# fails if it has not within SECONDS.
wait_for() {
	local deadline=$(($(now_ms) + $1 * 1000))
	shift
	until "$@"; do
		(($(now_ms) < deadline)) || return 1
		sleep 0.1
	done
}

# alive PID: PID exists and is not a zombie (a zombie has finished).
alive() {
	local stat
	{ stat=$(<"/proc/$1/stat"); } 2>/dev/null || return 1
	stat=${stat##*) }
	[[ ${stat%% *} != Z ]]
}

dead() { ! alive "$1"; }

# group_alive PGID: some live process is left in process group PGID.
group_alive() {
	local f stat state group
	for f in /proc/[0-9]*/stat; do
		{ stat=$(<"$f"); } 2>/dev/null || continue
		read -r state _ group _ <<<"${stat##*) }"
		[[ $group == "$1" && $state != Z ]] && return 0
	done
	return 1
}

group_dead() { ! group_alive "$1"; }

# port_ready FILE: FILE holds one whole line of digits.  read fails on a
# line without its newline, so a port file caught half written is not taken.
port_ready() {
	local line
	IFS= read -r line 2>/dev/null <"$1" && [[ $line =~ ^[0-9]+$ ]]
}

server_settled() { port_ready "$1" || dead "$2"; }

# own_fake_counter LABEL: the stand-in's device-memory counter
# (tests/fakecuda/accounting.c) is one shared-memory file per user by
# default, so a second suite on the machine would see this one's memory
# come and go (steps h and m count it): unless FAKECUDA_SHM is set, one of
# this run's own, whose file OWN_SHM names for the caller to remove at exit.
own_fake_counter() {
	OWN_SHM=
	[[ -z ${FAKECUDA_SHM:-} ]] || return 0
	export FAKECUDA_SHM=/fakecuda-$1-$$
	OWN_SHM=/dev/shm$FAKECUDA_SHM
}

# start_server NAME SECONDS COMMAND...: runs COMMAND (an oncudad command
# line, with whatever env or valgrind in front) with "-P $OUT/NAME.port"
# appended, in a session of its own, logging to $OUT/NAME.log.  Waits up to
# SECONDS for the port file and sets SERVER_PID and SERVER_PORT.
start_server() {
	local name=$1 seconds=$2
	local portfile=$OUT/$name.port log=$OUT/$name.log
	shift 2
	rm -f "$portfile"
	# A non-interactive shell starts background jobs outside any process
	# group of their own, so setsid need not fork: $! is the server itself
	# and its pid is the new group's id.
	setsid "$@" -P "$portfile" >"$log" 2>&1 &
	SERVER_PID=$!
	SERVERS+=("$SERVER_PID")
	wait_for "$seconds" server_settled "$portfile" "$SERVER_PID"
	if ! port_ready "$portfile"; then
		if alive "$SERVER_PID"; then
			bad "$name: no port in $portfile after $seconds s"
		else
			bad "$name: oncudad exited before it was listening"
		fi
		echo "    last lines of $log:"
		tail -n 20 "$log" | sed 's/^/      | /'
		return 1
	fi
	SERVER_PORT=$(<"$portfile")
	ok "$name: oncudad pid $SERVER_PID listening on port $SERVER_PORT (log $log)"
}

# stop_server PID SECONDS: SIGTERM, as an operator would.  Fails unless the
# server exits with status 0 within SECONDS and leaves no child behind;
# whatever is left is killed either way.
stop_server() {
	local pid=$1 seconds=$2 status verdict=0
	kill -TERM "$pid" 2>/dev/null
	if ! wait_for "$seconds" dead "$pid"; then
		bad "oncudad $pid still running $seconds s after SIGTERM; killing it"
		kill -KILL -- "-$pid" 2>/dev/null
		verdict=1
	fi
	wait "$pid"
	status=$?
	forget SERVERS "$pid"
	if ((status != 0)); then
		bad "oncudad $pid exited with status $status after SIGTERM (expected 0)"
		verdict=1
	fi
	if ! wait_for 5 group_dead "$pid"; then
		bad "oncudad $pid left per-client children running after SIGTERM"
		kill -KILL -- "-$pid" 2>/dev/null
		verdict=1
	fi
	return $verdict
}

# Kills a server and its children without asking; for cleaning up.
kill_server() {
	kill -KILL -- "-$1" 2>/dev/null || kill -KILL "$1" 2>/dev/null
	wait "$1" 2>/dev/null
	forget SERVERS "$1"
}

# registered_port: the TCP port rpcbind on localhost gives for oncudad's
# program and version; fails if there is none.  rpcinfo prints the program
# and version in fixed-width columns that a 5-digit version fills, so the
# two can touch ("73909043213000"): no splitting on blanks.
registered_port() {
	rpcinfo -p localhost 2>/dev/null |
		sed -n "s/^ *$PROGRAM *$VERSION *tcp *\([0-9][0-9]*\).*/\1/p" | grep .
}

registered_as() { [[ $(registered_port) == "$1" ]]; }
unregistered() { ! registered_port >/dev/null; }

# run_logged NAME SECONDS COMMAND...: runs COMMAND with its output in
# $OUT/NAME.log, stopped after SECONDS.  It runs in the background and is
# waited for, because bash runs an INT or TERM trap during `wait` but only
# after a foreground command has finished.
run_logged() {
	local name=$1 seconds=$2 pid status
	shift 2
	timeout -k 5 "$seconds" "$@" >"$OUT/$name.log" 2>&1 &
	pid=$!
	CLIENTS+=("$pid")
	wait "$pid"
	status=$?
	forget CLIENTS "$pid"
	((status == 124 || status == 137)) &&
		echo "(stopped: still running after $seconds s)" >>"$OUT/$name.log"
	return $status
}

# run_client NAME SECONDS [VAR=VALUE...] COMMAND...: the same for a program
# that is to use oncuda's library.
run_client() {
	local name=$1 seconds=$2
	shift 2
	run_logged "$name" "$seconds" env LD_LIBRARY_PATH="$CLIENT_LIBS" "$@"
}

# start_client NAME [VAR=VALUE...] COMMAND...: the same in the background,
# stdout to $OUT/NAME.out and stderr to $OUT/NAME.err; sets CLIENT_PID.
# env execs COMMAND, so CLIENT_PID is the program itself and signals reach it.
start_client() {
	local name=$1
	shift
	env LD_LIBRARY_PATH="$CLIENT_LIBS" "$@" >"$OUT/$name.out" 2>"$OUT/$name.err" &
	CLIENT_PID=$!
	CLIENTS+=("$CLIENT_PID")
}

ready_or_dead() { grep -qx READY "$1" || dead "$2"; }

# wait_ready NAME SECONDS: the client started as NAME printed READY.
wait_ready() {
	wait_for "$2" ready_or_dead "$OUT/$1.out" "$CLIENT_PID"
	if ! grep -qx READY "$OUT/$1.out"; then
		bad "$1 did not get ready (it $(alive "$CLIENT_PID" && echo is still running || echo exited)):"
		show "$OUT/$1.err"
		return 1
	fi
}

# --- checks shared by the steps ---

# e2e_passed STATUS NAME: shows the e2e run logged as NAME, which exited
# with STATUS; it must have exited 0 having passed at least one test.
e2e_passed() {
	local status=$1 log=$OUT/$2.log
	show "$log"
	case $status in
	0) ;;
	99) bad "valgrind reported errors in the e2e client (exit status 99)"; return 1 ;;
	124 | 137) bad "e2e ran out of time"; return 1 ;;
	*) bad "e2e exited with status $status"; return 1 ;;
	esac
	grep -q '^PASS ' "$log" || { bad "e2e passed no test at all"; return 1; }
}

# memfree_now: prints the free device memory memfree reports, in bytes.
memfree_now() {
	local free
	free=$(timeout 60 env LD_LIBRARY_PATH="$CLIENT_LIBS" ONCUDA_SERVER=localhost \
		tests/system/memfree 2>>"$OUT/memfree.err") || return 1
	[[ $free =~ ^[0-9]+$ ]] && echo "$free"
}

# no_server_answer WHERE: noserver, pointed at WHERE, reports no device and
# the client library says why.
no_server_answer() {
	local name=noserver-${1//[^a-z0-9]/_}
	run_client "$name" 120 ONCUDA_SERVER="$1" tests/system/noserver
	show "$OUT/$name.log"
	if ! grep -qx CUDA_ERROR_NO_DEVICE "$OUT/$name.log"; then
		bad "ONCUDA_SERVER=$1: cuInit did not return CUDA_ERROR_NO_DEVICE"
		return 1
	fi
	if ! grep -q '^oncuda: cannot reach oncudad' "$OUT/$name.log"; then
		bad "ONCUDA_SERVER=$1: no line starting 'oncuda: cannot reach oncudad'"
		return 1
	fi
	ok "ONCUDA_SERVER=$1: CUDA_ERROR_NO_DEVICE and 'cannot reach oncudad'"
}

# vg_errors LOG: the number of errors valgrind counted in LOG; fails if the
# log has no summary (the process has not finished).
vg_errors() {
	sed -n 's/.*ERROR SUMMARY: \([0-9]*\) errors.*/\1/p' "$1" | tail -n 1 | grep .
}

# vg_judge LOG LABEL [LINES [quiet]]: bad, showing LOG's first LINES lines
# (default 60), when valgrind counted errors in LOG or wrote no summary, and
# then fails; ok otherwise, unless quiet (for steps with many logs).
vg_judge() {
	local log=$1 label=$2 lines=${3:-60} errors
	if ! errors=$(vg_errors "$log"); then
		bad "$label: valgrind wrote no summary"
		return 1
	fi
	if ((errors > 0)); then
		bad "$label: $errors errors:"
		sed -n "1,${lines}p" "$log" | sed 's/^/      | /'
		return 1
	fi
	[[ ${4:-} == quiet ]] || ok "$label: 0 errors"
}

all_vg_logs_done() {
	local log
	for log in "$OUT"/vg-server.*.log; do
		vg_errors "$log" >/dev/null || return 1
	done
}

# standalone NAME STEP... -- ARGS: what a tests/NAME/check.sh does when run on
# its own (bash tests/NAME/check.sh [--driver fake|real]) rather than
# sourced by tests/run.sh: the variables run.sh would set (a server command
# for the chosen driver, logs in a fresh tests/out/NAME), servers and
# clients killed on exit, then each STEP in turn.  Prints "NAME: PASS",
# "NAME: SKIP" (every step skipped) or "NAME: FAIL" and exits 0, 77 or 1.
# The caller has cd'd to the repository root and sourced this file.
# (The variables it sets are read by the steps, hence SC2034.)
# shellcheck disable=SC2034
standalone() {
	local name=$1 steps=() status skipped=0 failed=0 step
	shift
	while (($# > 0)) && [[ $1 != -- ]]; do steps+=("$1"); shift; done
	(($# > 0)) && shift
	set -u -o pipefail
	ROOT=$PWD OUT=$PWD/tests/out/$name E2E=tests/e2e/e2e KERNELS=tests/kernels/kernels.fatbin
	# As tests/run.sh: the TCP path a remote client takes, unless asked.
	export ONCUDA_TRANSPORT=${ONCUDA_TRANSPORT:-tcp}
	CLIENT_LIBS=$ROOT/stubs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	SERVER=(env LD_LIBRARY_PATH="$ROOT/tests/fakecuda${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" server/oncudad)
	case "${1:-} ${2:-}" in
	" ") ;;
	"--driver fake") ;;
	"--driver real") SERVER=(server/oncudad) ;;
	*) echo "usage: bash tests/$name/check.sh [--driver fake|real]" >&2; exit 2 ;;
	esac
	OWN_SHM=
	[[ ${SERVER[0]} != env ]] || own_fake_counter "$name"
	rm -rf "$OUT"
	mkdir -p "$OUT"
	trap 'for pid in "${CLIENTS[@]}"; do kill -KILL "$pid" 2>/dev/null; done
		for pid in "${SERVERS[@]}"; do kill_server "$pid"; done
		[[ -z $OWN_SHM ]] || rm -f "$OWN_SHM"' EXIT
	for step in "${steps[@]}"; do
		"$step"
		status=$?
		((status == 77)) && skipped=$((skipped + 1))
		((status != 0 && status != 77)) && failed=$((failed + 1))
	done
	if ((failed > 0)); then
		echo "$name: FAIL (logs in $OUT)"
		exit 1
	elif ((skipped == ${#steps[@]})); then
		echo "$name: SKIP"
		exit 77
	fi
	echo "$name: PASS"
	exit 0
}
