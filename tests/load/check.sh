# shellcheck shell=bash
# tests/load/check.sh: faults and load, as steps for tests/run.sh (source
# this file, then run step_faults, step_rpcbind_restart, step_load and
# step_load_valgrind), or on its own, each step with servers of its own on
# free ports, rpcbind untouched:
#
#   bash tests/load/check.sh [--driver fake|real] [--valgrind] [STEP...]
#
# step_faults: a client killed (SIGKILL) in the middle of a 1 GiB
#   cuMemcpyHtoD (on one connection, and striped over three), of a long
#   kernel, and of staging a 1 GiB module image
#   gives back what it held (free device memory returns to its level
#   before) while a client beside it keeps working and e2e `memory` passes;
#   a client in the middle of a 1 GiB copy gets errors, not a hang, when
#   its server is killed, and when it is stopped (SIGSTOP: a host gone
#   without a word) within ONCUDA_TIMEOUT.
# step_rpcbind_restart: oncudad registers again after rpcbind restarts
#   (tests/load/rpcbind_restart.sh: in namespaces of its own, or restarting
#   the machine's rpcbind where ONCUDA_TEST_RESTART_RPCBIND=1 allows it).
# step_load: LOAD_CLIENTS clients (default 64) allocate, copy, launch and
#   check their own results for LOAD_SECONDS (default 20) against one
#   server: every one reports PASS, no session process is left, free memory
#   returns to its level before.
# step_load_valgrind: the same with 8 clients for 10 s, the server under
#   valgrind, which must find no error in it or in any session process.
#
# Uses tests/lib.sh and run.sh's SERVER, OUT, CLIENT_LIBS and KERNELS.

FAULT_MIB=1024			# the copy and the module image of the faults
FAULT_SPIN_SECONDS=3		# the kernel the launch fault is caught in
FAULT_TIMEOUT=5			# ONCUDA_TIMEOUT of the dead-server faults
FAULT_HOLD_MIB=64		# what faultclient holds beside (faultclient.c)
RPCBIND_CHECK_SECONDS=10	# server/daemon/listen.c
LOAD_CLIENTS=${LOAD_CLIENTS:-64}
LOAD_SECONDS=${LOAD_SECONDS:-20}
LOAD_VG_CLIENTS=8
LOAD_VG_SECONDS=10
LOAD_MIB=1048576

# load_memfree PORT: free device memory in bytes, asked of the server at PORT.
load_memfree() {
	local free
	free=$(timeout 60 env LD_LIBRARY_PATH="$CLIENT_LIBS" \
		ONCUDA_SERVER="127.0.0.1:$1" tests/system/memfree 2>>"$OUT/memfree.err") ||
		return 1
	[[ $free =~ ^[0-9]+$ ]] && echo "$free"
}

# load_memory_back PORT BEFORE: free memory is within 1 MiB of BEFORE; sets
# LOAD_AFTER.
load_memory_back() {
	LOAD_AFTER=$(load_memfree "$1") || return 1
	((LOAD_AFTER - $2 <= LOAD_MIB && $2 - LOAD_AFTER <= LOAD_MIB))
}

# group_members PGID: how many live processes are in process group PGID.
group_members() {
	local f stat state group count=0
	for f in /proc/[0-9]*/stat; do
		{ stat=$(<"$f"); } 2>/dev/null || continue
		read -r state _ group _ <<<"${stat##*) }"
		[[ $group == "$1" && $state != Z ]] && count=$((count + 1))
	done
	echo "$count"
}

only_daemon_left() { (($(group_members "$1") == 1)); }

# session_pid TRACE REGEX: the pid of the session process whose first trace
# line matches REGEX; fails while there is none.
session_pid() {
	sed -En "/$2/{s/^[^ ]+ [^ ]+ oncudad\[([0-9]+)\].*/\1/p;q}" "$1" | grep .
}

# A client to start beside a fault, busy across it.
start_bystander() {
	start_client "$1" ONCUDA_SERVER="127.0.0.1:$2" tests/load/loadclient \
		"$3" "$KERNELS" 256
	BYSTANDER_PID=$CLIENT_PID
}

# bystander_passed NAME PID: the bystander started as NAME finished well.
bystander_passed() {
	local status
	wait "$2"
	status=$?
	forget CLIENTS "$2"
	if ((status == 0)) && grep -q '^PASS loadclient' "$OUT/$1.out"; then
		ok "beside it: $(grep '^PASS' "$OUT/$1.out")"
		return 0
	fi
	bad "the client beside it failed (status $status):"
	show "$OUT/$1.out"
	show "$OUT/$1.err"
	return 1
}

# fault_killed MODE N PROC REGEX PORT TRACE [STREAMS]: faultclient MODE N
# (its large copies on STREAMS connections, default 1: ONCUDA_STREAMS),
# killed by SIGKILL once the server's trace has a line of REGEX (a call of
# PROC) from its session.
fault_killed() {
	local mode=$1 n=$2 proc=$3 regex=$4 port=$5 trace=$6 streams=${7:-1}
	local name=fault-$mode before during victim session bystander calls
	local verdict=0
	((streams > 1)) && name+=-striped
	echo "    -- killed mid-$mode$( ((streams > 1)) && echo ", striped over $streams connections")"
	before=$(load_memfree "$port") || { bad "memfree failed:"; show "$OUT/memfree.err"; return 1; }
	start_client "$name" ONCUDA_SERVER="127.0.0.1:$port" ONCUDA_STREAMS="$streams" \
		tests/load/faultclient "$mode" "$n" "$KERNELS"
	victim=$CLIENT_PID
	wait_ready "$name" 120 || { kill -KILL "$victim"; return 1; }
	during=$(load_memfree "$port") || { kill -KILL "$victim"; return 1; }
	start_bystander "$name-beside" "$port" $((FAULT_SPIN_SECONDS + 2))
	bystander=$BYSTANDER_PID
	if ! wait_for 120 session_pid "$trace" "$regex" >/dev/null; then
		bad "no $proc from faultclient $mode in the server's trace"
		kill -KILL "$victim"
		return 1
	fi
	kill -KILL "$victim"
	session=$(session_pid "$trace" "$regex")
	wait "$victim" 2>/dev/null
	forget CLIENTS "$victim"
	calls=$(grep -c "oncudad\[$session\].* $proc(" "$trace")
	if grep -q returned "$OUT/$name.out"; then
		echo "    (the call had returned when the kill came: $(grep -m1 returned "$OUT/$name.out"))"
	fi
	ok "faultclient $mode killed after $calls $proc call(s) of its session (pid $session)"
	echo "    before: $before, while held: $during bytes free"
	if ((before - during < FAULT_HOLD_MIB * LOAD_MIB)); then
		bad "free memory fell by $(((before - during) / LOAD_MIB)) MiB, less than faultclient holds"
		verdict=1
	fi
	run_client "$name-e2e" 300 ONCUDA_SERVER="127.0.0.1:$port" ONCUDA_TEST_REMOTE=1 \
		"$E2E" memory
	e2e_passed $? "$name-e2e" || verdict=1
	bystander_passed "$name-beside" "$bystander" || verdict=1
	if ! wait_for $((FAULT_SPIN_SECONDS + 30)) dead "$session"; then
		bad "session process $session still running 30 s after its client died"
		return 1
	fi
	ok "session process $session ended: $(grep -m1 "pid $session closed" "$OUT/faults.log" | sed 's/.*session/session/')"
	LOAD_AFTER=
	if ! wait_for 20 load_memory_back "$port" "$before"; then
		bad "free memory ${LOAD_AFTER:-?} bytes, not back to $before within 1 MiB"
		return 1
	fi
	ok "free memory back to $LOAD_AFTER bytes (before: $before)"
	return $verdict
}

# fault_server_gone HOW STREAMS: faultclient copy (on STREAMS connections),
# its server then killed (kill) or stopped (stop) in the middle of the copy.
# Both calls must fail with CUDA_ERROR_DEVICE_UNAVAILABLE, and soon: a dead
# server resets the connection at once; a stopped one takes ONCUDA_TIMEOUT
# for the write that stalls and as much again for a reply that does not
# come.  A striped copy is one call, traced once it is over: it is under
# way once its data connections are bound.  The client copies until a copy
# fails: on the H200 one striped 1 GiB copy was over in 0.14 s, before the
# server was stopped, and a client that had nothing more to ask waited on.
fault_server_gone() {
	local how=$1 streams=$2 name=fault-server-$1 trace=$OUT/fault-server-$1.trace
	local server client at waited status limit=$((2 * FAULT_TIMEOUT + 3))
	local started='CU_MEMCPY_HTOD\(.*<4194304 bytes'
	((streams > 1)) && started='ONCUDA_STRIPE_BIND\('
	echo "    -- server ${how/stop/stopp}ed mid-copy$( ((streams > 1)) && echo ", striped over $streams connections")"
	rm -f "$trace"
	start_server "$name" 20 "${SERVER[@]}" -n --trace-file "$trace" || return 1
	server=$SERVER_PID
	start_client "$name-client" ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		ONCUDA_TIMEOUT=$FAULT_TIMEOUT ONCUDA_STREAMS="$streams" \
		tests/load/faultclient copies "$FAULT_MIB" "$KERNELS"
	client=$CLIENT_PID
	if ! wait_for 120 session_pid "$trace" "$started" >/dev/null; then
		bad "the copy did not start"
		show "$OUT/$name-client.err"
		kill -KILL "$client"
		kill_server "$server"
		return 1
	fi
	at=$(now_ms)
	if [[ $how == kill ]]; then
		kill_server "$server"
	else
		kill -STOP -- "-$server"
	fi
	wait_for "$limit" dead "$client"
	waited=$(($(now_ms) - at))
	kill_server "$server"
	if alive "$client"; then
		bad "faultclient still running $limit s after its server was ${how/stop/stopp}ed: a call hangs"
		kill -KILL "$client"
		return 1
	fi
	wait "$client"
	status=$?
	forget CLIENTS "$client"
	show "$OUT/$name-client.out"
	show "$OUT/$name-client.err"
	if ((status != 0)) || (($(grep -c 'returned CUDA_ERROR_DEVICE_UNAVAILABLE' \
		"$OUT/$name-client.out") != 2)); then
		bad "the copy and the call after it did not both fail with CUDA_ERROR_DEVICE_UNAVAILABLE (status $status)"
		return 1
	fi
	ok "both calls failed, the program exited $waited ms after its server was ${how/stop/stopp}ed (limit $limit s)"
}

step_faults() {
	local port trace=$OUT/faults.trace verdict=0
	rm -f "$trace"
	start_server faults 20 "${SERVER[@]}" -n --trace-file "$trace" || return 1
	port=$SERVER_PORT
	fault_killed copy "$FAULT_MIB" CU_MEMCPY_HTOD \
		'CU_MEMCPY_HTOD\(.*<4194304 bytes' "$port" "$trace" || verdict=1
	# The same copy striped: one call, under way once the data
	# connections are bound (three: the clients beside bind the default).
	fault_killed copy "$FAULT_MIB" ONCUDA_STRIPE_BIND \
		'ONCUDA_STRIPE_BIND\(count=3\)' "$port" "$trace" 3 || verdict=1
	fault_killed launch "$FAULT_SPIN_SECONDS" CU_LAUNCH_KERNEL \
		'CU_LAUNCH_KERNEL\(.*grid=\{x=1, y=1, z=1\}, block=\{x=1, y=1, z=1\}' \
		"$port" "$trace" || verdict=1
	fault_killed load "$FAULT_MIB" CU_IMAGE_STAGE \
		"CU_IMAGE_STAGE\\(total=$((FAULT_MIB * LOAD_MIB))" "$port" "$trace" || verdict=1
	stop_server "$SERVER_PID" 10 || verdict=1
	fault_server_gone kill 1 || verdict=1
	fault_server_gone stop 4 || verdict=1
	return $verdict
}

step_rpcbind_restart() {
	local status
	# The script decides how: namespaces of its own, or (ONCUDA_TEST_RESTART_RPCBIND=1,
	# where the machine's rpcbind is the test's to restart) that rpcbind; else 77.
	timeout -k 5 120 bash tests/load/rpcbind_restart.sh \
		"$OUT" $((RPCBIND_CHECK_SECONDS + 5)) "${SERVER[@]}" -L info
	status=$?
	((status == 0 || status == 77)) || bad "rpcbind_restart.sh exited with status $status"
	return $status
}

# load_run NAME CLIENTS SECONDS SERVER...: the load against a server started
# as NAME with the command line SERVER.
load_run() {
	local name=$1 clients=$2 seconds=$3 port before pids=() pid i status
	local passed=0 iterations=0 least='' verdict=0 started n line
	shift 3
	start_server "$name" 120 "$@" || return 1
	port=$SERVER_PORT
	before=$(load_memfree "$port") || { bad "memfree failed:"; show "$OUT/memfree.err"; return 1; }
	echo "    before: $before bytes free; $clients clients for $seconds s"
	started=$(now_ms)
	for ((i = 0; i < clients; i++)); do
		start_client "$name-$i" ONCUDA_SERVER="127.0.0.1:$port" \
			tests/load/loadclient "$seconds" "$KERNELS"
		pids+=("$CLIENT_PID")
	done
	for ((i = 0; i < clients; i++)); do
		pid=${pids[i]}
		# The clients stop themselves; this only bounds a hang.
		if ! wait_for $((seconds + 300)) dead "$pid"; then
			bad "client $i still running $((seconds + 300)) s after it started"
			kill -KILL "$pid"
		fi
		wait "$pid"
		status=$?
		forget CLIENTS "$pid"
		line=$(grep '^PASS loadclient' "$OUT/$name-$i.out")
		if ((status == 0)) && [[ -n $line ]]; then
			passed=$((passed + 1))
			n=$(sed -n 's/.*: \([0-9]*\) iterations.*/\1/p' <<<"$line")
			iterations=$((iterations + n))
			[[ -z $least || $n -lt $least ]] && least=$n
		else
			bad "client $i exited with status $status without PASS:"
			show "$OUT/$name-$i.out"
			show "$OUT/$name-$i.err"
			verdict=1
		fi
	done
	echo "    $passed of $clients clients PASS in $((($(now_ms) - started) / 1000)) s;" \
		"$iterations iterations verified in all, the fewest by one client ${least:-0}"
	((passed == clients)) && ok "every client passed"
	if wait_for 30 only_daemon_left "$SERVER_PID"; then
		ok "no session process left"
	else
		bad "$(($(group_members "$SERVER_PID") - 1)) session processes still running 30 s after the last client"
		verdict=1
	fi
	LOAD_AFTER=
	if wait_for 20 load_memory_back "$port" "$before"; then
		ok "free memory back: before $before, after $LOAD_AFTER bytes"
	else
		bad "free memory ${LOAD_AFTER:-?} bytes, not back to $before within 1 MiB"
		verdict=1
	fi
	stop_server "$SERVER_PID" 60 || verdict=1
	return $verdict
}

step_load() {
	load_run load "$LOAD_CLIENTS" "$LOAD_SECONDS" "${SERVER[@]}" -n
}

# The server and every session process under valgrind; the clients are not.
step_load_valgrind() {
	local log logs=0 verdict=0
	if [[ $driver != fake ]]; then
		echo "    skipped: runs with --driver fake only (the real driver is not valgrind-clean)"
		return 77
	fi
	command -v valgrind >/dev/null || { bad "valgrind is not installed"; return 1; }
	rm -f "$OUT"/vg-load.*.log
	load_run load-vg "$LOAD_VG_CLIENTS" "$LOAD_VG_SECONDS" env \
		LD_LIBRARY_PATH="$FAKE_LIBS" valgrind --trace-children=yes \
		--error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
		--log-file="$OUT/vg-load.%p.log" server/oncudad -n || verdict=1
	for log in "$OUT"/vg-load.*.log; do
		[[ -f $log ]] || continue
		logs=$((logs + 1))
		vg_judge "$log" "${log##*/}" 60 quiet || verdict=1
	done
	# The daemon, memfree's sessions and one session per client.
	if ((logs < LOAD_VG_CLIENTS + 1)); then
		bad "only $logs valgrind logs for $LOAD_VG_CLIENTS clients"
		verdict=1
	else
		((verdict == 0)) && ok "valgrind: 0 errors in all $logs server processes"
	fi
	return $verdict
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	set -u -o pipefail
	ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
	cd "$ROOT" || exit 1
	PATH=$PATH:/usr/sbin:/sbin
	# As tests/run.sh: the TCP path a remote client takes, unless asked.
	export ONCUDA_TRANSPORT=${ONCUDA_TRANSPORT:-tcp}
	OUT=$ROOT/tests/out/load
	KERNELS=tests/kernels/kernels.fatbin
	E2E=tests/e2e/e2e
	PROGRAM=739090432
	VERSION=13000
	CLIENT_LIBS=$ROOT/stubs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	FAKE_LIBS=$ROOT/tests/fakecuda${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	driver=fake
	steps=()
	while (($# > 0)); do
		case $1 in
		--driver) driver=${2:-}; shift 2 ;;
		--valgrind) steps+=(load_valgrind); shift ;;
		faults | rpcbind_restart | load | load_valgrind) steps+=("$1"); shift ;;
		*) echo "usage: bash tests/load/check.sh [--driver fake|real] [--valgrind] [faults|rpcbind_restart|load|load_valgrind]..." >&2; exit 2 ;;
		esac
	done
	((${#steps[@]} > 0)) || steps=(faults rpcbind_restart load)
	if [[ $driver == real ]]; then
		SERVER=(server/oncudad)
	else
		# The stand-in's free memory is shared by every process of this
		# user; a name of our own keeps other tests' servers out of it.
		export FAKECUDA_SHM=/fakecuda-load-$$
		SERVER=(env LD_LIBRARY_PATH="$FAKE_LIBS" server/oncudad)
	fi
	# shellcheck source=tests/lib.sh
	. tests/lib.sh
	rm -rf "$OUT"
	mkdir -p "$OUT"
	trap 'for pid in "${CLIENTS[@]}"; do kill -KILL "$pid" 2>/dev/null; done
		for pid in "${SERVERS[@]}"; do kill_server "$pid"; done
		[[ -n ${FAKECUDA_SHM:-} ]] && rm -f "/dev/shm$FAKECUDA_SHM"' EXIT
	failed=0
	for step in "${steps[@]}"; do
		printf '\n==== %s (driver %s)\n' "$step" "$driver"
		"step_$step"
		case $? in
		0) echo "---- $step: PASS" ;;
		77) echo "---- $step: SKIP" ;;
		*) echo "---- $step: FAIL"; failed=$((failed + 1)) ;;
		esac
	done
	((failed == 0)) && echo "load: PASS" || echo "load: FAIL (logs in $OUT)"
	exit $((failed > 0))
fi
