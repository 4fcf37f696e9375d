#!/bin/bash
# tests/run.sh: the whole test run, what `make test` executes.
#
#   bash tests/run.sh [--driver fake|real] [--fast]
#
#   --driver fake  oncudad uses the CPU stand-in, tests/fakecuda (default)
#   --driver real  oncudad uses the driver the loader finds (a GPU machine)
#   --fast         skip the valgrind pass (it runs with --driver fake only)
#   --steps a,c,x  run only the steps named (their letters in the summary), as on
#                  a GPU machine whose time is short; the rest are not listed
#
# Needs a built tree (make) and rpcbind running (as root: rpcbind -w).
# Clients always run with oncuda's stubs/ first in LD_LIBRARY_PATH.  Logs and
# port files go to tests/out/run/.  Exits non-zero if any step failed.
set -u -o pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT" || exit 1
OUT=$ROOT/tests/out/run
PROGRAM=739090432	# oncudad's RPC program, 0x2C0DA000
VERSION=13000
KERNELS=tests/kernels/kernels.fatbin
E2E=tests/e2e/e2e
# e2e groups and tests, by the names `tests/e2e/e2e --list` gives them.
DIRECT_GROUPS=(memory modules launch)
ISOLATION_TESTS=(fault bigcopy)
VALGRIND_GROUPS=(memory modules launch stream)
HOG_MIB=1024
DEAD_SERVER_TIMEOUT=5	# ONCUDA_TIMEOUT for the dead-server step
MIB=1048576
# Non-root shells often lack the sbin directories, where rpcinfo lives.
PATH=$PATH:/usr/sbin:/sbin
# Client and server share this machine, so oncuda would take its same-host
# path; the steps test the TCP path a remote client takes, and step x
# (tests/local/check.sh) the same-host path.
export ONCUDA_TRANSPORT=tcp

# shellcheck source=tests/lib.sh
. tests/lib.sh
# shellcheck source=tests/trace/check.sh
. tests/trace/check.sh
# shellcheck source=tests/auth/check.sh
. tests/auth/check.sh
# shellcheck source=tests/load/check.sh
. tests/load/check.sh
# shellcheck source=tests/fuzz/check.sh
. tests/fuzz/check.sh
# shellcheck source=tests/ranges/check.sh
. tests/ranges/check.sh
# shellcheck source=tests/netns/check.sh
. tests/netns/check.sh
# shellcheck source=tests/multi/check.sh
. tests/multi/check.sh
# shellcheck source=tests/batch/check.sh
. tests/batch/check.sh
# shellcheck source=tests/upload/check.sh
. tests/upload/check.sh
# shellcheck source=tests/local/check.sh
. tests/local/check.sh
# shellcheck source=tests/bench/check.sh
. tests/bench/check.sh
# shellcheck source=tests/hostile/check.sh
. tests/hostile/check.sh
# shellcheck source=tests/install/check.sh
. tests/install/check.sh
# shellcheck source=tests/install/deb.sh
. tests/install/deb.sh
# shellcheck source=tests/install/driver.sh
. tests/install/driver.sh
# shellcheck source=tests/managed/check.sh
. tests/managed/check.sh
# shellcheck source=tests/interop/check.sh
. tests/interop/check.sh
# shellcheck source=tests/sessions/check.sh
. tests/sessions/check.sh
# shellcheck source=tests/tls/check.sh
. tests/tls/check.sh

usage() {
	echo "usage: bash tests/run.sh [--driver fake|real] [--fast] [--steps ID,...]" >&2
	exit 2
}

driver=fake
fast=false
steps=
while (($# > 0)); do
	case $1 in
	--driver)
		(($# > 1)) || usage
		driver=$2
		shift 2
		;;
	--fast)
		fast=true
		shift
		;;
	--steps)
		(($# > 1)) && [[ $2 =~ ^[a-z][0-9]*(,[a-z][0-9]*)*$ ]] || usage
		steps=,$2,
		shift 2
		;;
	*) usage ;;
	esac
done
[[ $driver == fake || $driver == real ]] || usage

CLIENT_LIBS=$ROOT/stubs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
FAKE_LIBS=$ROOT/tests/fakecuda${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
if [[ $driver == fake ]]; then
	SERVER=(env LD_LIBRARY_PATH="$FAKE_LIBS" server/oncudad)
	own_fake_counter run	# removed at the end (cleanup)
else
	SERVER=(server/oncudad)
fi
MAIN_PID=
MAIN_PORT=

# timeout passes SIGTERM on to the program it runs; SIGKILL would not.
cleanup() {
	local pid
	for pid in "${CLIENTS[@]}"; do
		kill -TERM "$pid" 2>/dev/null
		wait_for 5 dead "$pid"
		kill -KILL "$pid" 2>/dev/null
	done
	for pid in "${SERVERS[@]}"; do
		kill -TERM "$pid" 2>/dev/null
		wait_for 5 dead "$pid"
		kill_server "$pid"
	done
	netns_teardown
	[[ -z ${OWN_SHM:-} ]] || rm -f "$OWN_SHM"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- the steps: each returns 0 (PASS), 77 (SKIP) or anything else (FAIL) ---

step_unit() {
	local test status found=0 failed=0
	for test in tests/unit/test_*; do
		[[ -f $test && -x $test && $test != *.c ]] || continue
		found=$((found + 1))
		run_logged "unit-${test##*/}" 300 "$test"
		status=$?
		if ((status == 0)); then
			ok "$test"
		else
			bad "$test exited with status $status; its output:"
			show "$OUT/unit-${test##*/}.log"
			failed=$((failed + 1))
		fi
	done
	((found > 0)) || { bad "no unit test programs in tests/unit; run make first"; return 1; }
	# Client and server files call down the layers only (tools/check-layers.py).
	if run_logged unit-check-layers 300 make -s check-layers; then
		ok "make check-layers"
	else
		bad "make check-layers failed; its output:"
		show "$OUT/unit-check-layers.log"
		failed=$((failed + 1))
	fi
	echo "    $found unit test programs, $failed failed"
	((failed == 0))
}

step_server() {
	if ! rpcinfo -p localhost >/dev/null 2>&1; then
		bad "rpcbind is not answering on localhost, and oncudad registers with it."
		echo "    Start it as root: 'rpcbind -w' (a developer: 'sudo rpcbind -w');"
		echo "    CI's .ci/run does this.  Check with: rpcinfo -p localhost"
		return 1
	fi
	ok "rpcbind answers on localhost"
	if registered_port >/dev/null; then
		bad "program $PROGRAM version $VERSION is already registered with rpcbind:"
		echo "    another oncudad is running, or one died without unregistering."
		echo "    Stop it, or remove the entry with: rpcinfo -d $PROGRAM $VERSION"
		return 1
	fi
	start_server main 20 "${SERVER[@]}" || return 1
	if ! wait_for 10 registered_as "$SERVER_PORT"; then
		bad "rpcinfo -p does not list program $PROGRAM version $VERSION tcp port $SERVER_PORT"
		rpcinfo -p localhost | sed 's/^/      | /'
		kill_server "$SERVER_PID"
		return 1
	fi
	ok "rpcbind lists program $PROGRAM version $VERSION tcp port $SERVER_PORT"
	# A call of procedure 0, which every ONC RPC server answers.
	if ! rpcinfo -T tcp localhost "$PROGRAM" "$VERSION" >"$OUT/ping.log" 2>&1; then
		bad "oncudad does not answer a null call found through rpcbind:"
		show "$OUT/ping.log"
		kill_server "$SERVER_PID"
		return 1
	fi
	ok "$(<"$OUT/ping.log")"
	MAIN_PID=$SERVER_PID
	MAIN_PORT=$SERVER_PORT
}

need_main_server() {
	[[ -n $MAIN_PID ]] && alive "$MAIN_PID" && return 0
	bad "the oncudad of step b is not running"
	return 1
}

step_e2e_rpcbind() {
	need_main_server || return 1
	run_client e2e-rpcbind 1800 ONCUDA_SERVER=localhost ONCUDA_TEST_REMOTE=1 "$E2E"
	e2e_passed $? e2e-rpcbind
}

# The main server and step c poll for requests and replies before sleeping
# (the defaults); this one sleeps at once on both ends, so both ways of
# waiting are run.
step_e2e_direct() {
	local verdict=0
	need_main_server || return 1
	start_server direct 20 "${SERVER[@]}" -n --poll-us 0 || return 1
	if registered_as "$MAIN_PORT"; then
		ok "rpcbind still gives port $MAIN_PORT: the -n server did not register"
	else
		bad "the rpcbind entry changed while starting oncudad -n"
		verdict=1
	fi
	run_client e2e-direct 900 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		ONCUDA_POLL_US=0 ONCUDA_TEST_REMOTE=1 "$E2E" "${DIRECT_GROUPS[@]}"
	e2e_passed $? e2e-direct || verdict=1
	stop_server "$SERVER_PID" 10 || verdict=1
	return $verdict
}

step_examples() {
	local example status verdict=0
	need_main_server || return 1
	for example in deviceQuery vectorAdd matrixMul; do
		run_client "$example" 300 ONCUDA_SERVER=localhost "examples/$example"
		status=$?
		show "$OUT/$example.log"
		if ((status == 0)) && grep -qx PASS "$OUT/$example.log"; then
			ok "$example printed PASS"
		else
			bad "$example exited with status $status without printing PASS"
			verdict=1
		fi
	done
	return $verdict
}

# The CUDA runtime programs of tests/runtime, built by plain nvcc (static
# cudart) and with -cudart shared: unmodified nvcc output must start and run
# through oncuda.  rt_NAME and rt_NAME_shared both print "PASS rt_NAME".
step_runtime() {
	local test name status verdict=0 found=0
	need_main_server || return 1
	for test in tests/runtime/rt_*; do
		[[ -x $test && $test != *.* ]] || continue
		name=${test##*/}
		found=$((found + 1))
		run_client "runtime-$name" 300 ONCUDA_SERVER=localhost "$test"
		status=$?
		if ((status == 0)) && grep -qx "PASS ${name%_shared}" "$OUT/runtime-$name.log"; then
			ok "$name printed PASS"
		else
			bad "$name exited with status $status without printing PASS:"
			show "$OUT/runtime-$name.log"
			verdict=1
		fi
	done
	((found > 0)) || { bad "no programs in tests/runtime; run make first"; return 1; }
	return $verdict
}

step_isolation() {
	local test status pids=() verdict=0
	need_main_server || return 1
	for test in "${ISOLATION_TESTS[@]}"; do
		timeout -k 5 900 env LD_LIBRARY_PATH="$CLIENT_LIBS" \
			ONCUDA_SERVER=localhost ONCUDA_TEST_REMOTE=1 "$E2E" "$test" \
			>"$OUT/isolation-$test.log" 2>&1 &
		pids+=($!)
		CLIENTS+=($!)
	done
	for test in "${ISOLATION_TESTS[@]}"; do
		wait "${pids[0]}"
		status=$?
		forget CLIENTS "${pids[0]}"
		pids=("${pids[@]:1}")
		echo "    e2e $test, run beside the others:"
		e2e_passed $status "isolation-$test" || verdict=1
		if grep -q '^SKIP ' "$OUT/isolation-$test.log"; then
			bad "e2e $test skipped a test: nothing was isolated"
			verdict=1
		fi
	done
	return $verdict
}

memory_back_to() {
	local now
	now=$(memfree_now) || return 1
	AFTER=$now
	((now - $1 <= MIB && $1 - now <= MIB))
}

# hog_takes_memory BEFORE: with hog READY, free memory is down by at least
# what hog allocated.
hog_takes_memory() {
	local during
	wait_ready hog 60 || return 1
	during=$(memfree_now) || { bad "memfree failed:"; show "$OUT/memfree.err"; return 1; }
	echo "    during: $during bytes free ($((during / MIB)) MiB), hog holding $HOG_MIB MiB"
	if (($1 - during < HOG_MIB * MIB)); then
		bad "free memory fell by $((($1 - during) / MIB)) MiB, less than hog holds"
		return 1
	fi
	ok "free memory fell by $((($1 - during) / MIB)) MiB"
	client_maps_only_oncuda "$CLIENT_PID"
}

# client_maps_only_oncuda PID: the client process has oncuda's libcuda.so.1
# mapped and no other libcuda (NVIDIA's must not be in a client process).
client_maps_only_oncuda() {
	local maps
	maps=$(grep -o '/[^ ]*libcuda\.so[^ ]*' "/proc/$1/maps" | sort -u)
	echo "$maps" | sed 's/^/      | maps: /'
	if [[ $maps != "$ROOT/stubs/libcuda.so.1" ]]; then
		bad "the client maps a libcuda other than $ROOT/stubs/libcuda.so.1"
		return 1
	fi
	ok "the client maps oncuda's libcuda.so.1 and no other"
}

step_cleanup() {
	local before verdict
	need_main_server || return 1
	before=$(memfree_now) || { bad "memfree failed:"; show "$OUT/memfree.err"; return 1; }
	echo "    before: $before bytes free ($((before / MIB)) MiB)"
	start_client hog ONCUDA_SERVER=localhost tests/system/hog "$HOG_MIB" "$KERNELS"
	hog_takes_memory "$before"
	verdict=$?
	kill -KILL "$CLIENT_PID"
	wait "$CLIENT_PID" 2>/dev/null
	forget CLIENTS "$CLIENT_PID"
	((verdict == 0)) || return 1
	AFTER=
	if ! wait_for 10 memory_back_to "$before"; then
		bad "10 s after SIGKILL of hog: ${AFTER:-?} bytes free, expected $before within 1 MiB"
		return 1
	fi
	echo "    after:  $AFTER bytes free ($((AFTER / MIB)) MiB)"
	ok "memory given back within 1 MiB after hog was killed"
}

# A client killed while the server waits on its host function: the
# session must not stay blocked in the driver, and its memory comes back.
step_hostfn_kill() {
	local before verdict session
	need_main_server || return 1
	before=$(memfree_now) || { bad "memfree failed:"; show "$OUT/memfree.err"; return 1; }
	echo "    before: $before bytes free ($((before / MIB)) MiB)"
	start_client hog ONCUDA_SERVER=localhost tests/system/hog --hostfn "$HOG_MIB" "$KERNELS"
	hog_takes_memory "$before"
	verdict=$?
	if ((verdict == 0)); then
		ok "the host function runs in the client and holds its stream"
	fi
	kill -KILL "$CLIENT_PID"
	wait "$CLIENT_PID" 2>/dev/null
	forget CLIENTS "$CLIENT_PID"
	((verdict == 0)) || return 1
	AFTER=
	if ! wait_for 10 memory_back_to "$before"; then
		bad "10 s after SIGKILL of hog --hostfn: ${AFTER:-?} bytes free, expected $before within 1 MiB"
		return 1
	fi
	echo "    after:  $AFTER bytes free ($((AFTER / MIB)) MiB)"
	ok "the session ended and gave its memory back within 1 MiB"
}

step_dead_server() {
	local server hog killed_at waited status limit=$((DEAD_SERVER_TIMEOUT + 5))
	start_server doomed 20 "${SERVER[@]}" -n || return 1
	server=$SERVER_PID
	start_client dead-hog ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		ONCUDA_TIMEOUT="$DEAD_SERVER_TIMEOUT" tests/system/hog --loop 64 "$KERNELS"
	hog=$CLIENT_PID
	if ! wait_ready dead-hog 60; then
		kill -KILL "$hog"
		return 1
	fi
	ok "hog --loop is polling cuMemGetInfo; SIGKILL to the server's process group"
	killed_at=$(now_ms)
	kill_server "$server"
	if ! wait_for "$limit" dead "$hog"; then
		bad "hog still running $limit s after its server died: a call hangs"
		show "$OUT/dead-hog.out"
		kill -KILL "$hog"
		return 1
	fi
	waited=$(($(now_ms) - killed_at))
	wait "$hog"
	status=$?
	forget CLIENTS "$hog"
	show "$OUT/dead-hog.out"
	show "$OUT/dead-hog.err"
	if ((status != 0)); then
		bad "hog exited with status $status, not 0 after a failed call"
		return 1
	fi
	ok "hog saw a call fail $waited ms after the server died (limit $limit s)"
	grep -q 'returned CUDA_ERROR_DEVICE_UNAVAILABLE' "$OUT/dead-hog.out" ||
		{ bad "the failed call did not return CUDA_ERROR_DEVICE_UNAVAILABLE"; return 1; }
	grep -q '^oncuda: lost connection' "$OUT/dead-hog.err" ||
		{ bad "stderr has no line starting 'oncuda: lost connection'"; return 1; }
	ok "CUDA_ERROR_DEVICE_UNAVAILABLE and 'oncuda: lost connection' as documented"
}

# ipv6_only_name: an IPv6-only host name, found through rpcbind, is asked
# for over IPv6 ("tcp6"), which rpcbind answers (after step b: not
# registered), not taken for an unknown name (stubs/link/connect.c).  The
# name is in a copy of /etc/hosts bound over it in a mount namespace of the
# client's alone, with a global IPv6 address of this machine's (not ::1:
# glibc answers an IPv4 lookup of a name of ::1 with 127.0.0.1).
ipv6_only_name() {
	local addr name=oncuda-ipv6-only
	addr=$(ip -6 -o addr show scope global 2>/dev/null |
		awk '{ sub("/.*", "", $4); print $4; exit }')
	if [[ $(id -u) != 0 || -z $addr ]] || ! command -v unshare >/dev/null ||
		! ss -Hltn6 'sport = :111' 2>/dev/null | grep -q .; then
		echo "    skipped: an IPv6-only name needs root, unshare, a global IPv6 address and rpcbind on IPv6"
		return 0
	fi
	{ cat /etc/hosts; echo "$addr $name"; } >"$OUT/hosts-ipv6"
	# shellcheck disable=SC2016 # $0 is sh's
	run_client noserver-ipv6 120 ONCUDA_SERVER=$name unshare -m sh -c \
		'mount --bind "$0" /etc/hosts && exec tests/system/noserver' "$OUT/hosts-ipv6"
	show "$OUT/noserver-ipv6.log"
	if grep -qx CUDA_ERROR_NO_DEVICE "$OUT/noserver-ipv6.log" &&
		grep -q "^oncuda: cannot reach oncudad on $name through rpcbind (RPC: Program not registered)" \
			"$OUT/noserver-ipv6.log"; then
		ok "ONCUDA_SERVER=$name ($addr only): rpcbind asked over IPv6 for tcp6, which has no oncudad"
	else
		bad "ONCUDA_SERVER=$name ($addr only): not asked for over IPv6"
		return 1
	fi
}

step_no_server() {
	local verdict=0
	no_server_answer 127.0.0.1:1 || verdict=1
	if [[ -n $MAIN_PID ]]; then
		if stop_server "$MAIN_PID" 10; then
			ok "oncudad of step b exited 0 on SIGTERM, children gone"
		else
			verdict=1
		fi
		MAIN_PID=
	fi
	if wait_for 5 unregistered; then
		ok "rpcbind no longer lists program $PROGRAM"
		no_server_answer localhost || verdict=1
		ipv6_only_name || verdict=1
	else
		bad "program $PROGRAM is still registered with rpcbind after SIGTERM"
		verdict=1
	fi
	return $verdict
}

step_valgrind() {
	local vg log role children=0 verdict=0
	if $fast; then
		echo "    skipped: --fast"
		return 77
	fi
	if [[ $driver != fake ]]; then
		echo "    skipped: runs with --driver fake only (the real driver is not valgrind-clean)"
		return 77
	fi
	if ! command -v valgrind >/dev/null; then
		bad "valgrind is not installed: apt-get install valgrind, or pass --fast"
		return 1
	fi
	vg=(valgrind --trace-children=yes --error-exitcode=99 --leak-check=full
		--errors-for-leak-kinds=definite)
	rm -f "$OUT"/vg-*.log
	start_server vg-server 120 env LD_LIBRARY_PATH="$FAKE_LIBS" "${vg[@]}" \
		--log-file="$OUT/vg-server.%p.log" server/oncudad -n || return 1
	run_client vg-e2e 1800 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		ONCUDA_TEST_REMOTE=1 ONCUDA_TEST_BIG_MB=64 \
		"${vg[@]}" --log-file="$OUT/vg-client.%p.log" "$E2E" "${VALGRIND_GROUPS[@]}"
	e2e_passed $? vg-e2e || verdict=1
	# The same-host path too: its calls go through the rings.
	run_client vg-local 600 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" ONCUDA_TRANSPORT=auto \
		"${vg[@]}" --log-file="$OUT/vg-client.%p.log" examples/matrixMul
	if (($? == 0)) && grep -qx PASS "$OUT/vg-local.log" &&
		grep -q 'through rings in shared memory' "$OUT/vg-server.log"; then
		ok "matrixMul under valgrind through the same-host path's rings printed PASS"
	else
		bad "matrixMul under valgrind over the same-host path:"; show "$OUT/vg-local.log"; verdict=1
	fi
	stop_server "$SERVER_PID" 60 || verdict=1
	wait_for 30 all_vg_logs_done
	for log in "$OUT"/vg-server.*.log "$OUT"/vg-client.*.log; do
		[[ -f $log ]] || continue
		case $log in
		*/vg-server.$SERVER_PID.log) role="server" ;;
		*/vg-server.*) role="server child"; children=$((children + 1)) ;;
		*) role="e2e client" ;;
		esac
		vg_judge "$log" "${log##*/} ($role)" 80 || verdict=1
	done
	if ((children == 0)); then
		bad "no valgrind log from a per-client child of oncudad"
		verdict=1
	fi
	return $verdict
}

# --- running them ---

missing=()
for built in server/oncudad stubs/libcuda.so.1 "$E2E" "$KERNELS" \
	tests/system/hog tests/system/memfree tests/system/noserver \
	tests/hostile/tamperclient \
	tests/load/loadclient tests/load/faultclient \
	examples/deviceQuery examples/vectorAdd examples/matrixMul; do
	[[ -e $built ]] || missing+=("$built")
done
if [[ $driver == fake ]]; then
	[[ -e tests/fakecuda/libcuda.so.1 ]] || missing+=(tests/fakecuda/libcuda.so.1)
fi
if ((${#missing[@]} > 0)); then
	echo "tests/run.sh: not built: ${missing[*]}" >&2
	echo "tests/run.sh: run make first" >&2
	exit 1
fi
rm -rf "$OUT"
mkdir -p "$OUT"

RESULTS=()
failures=0
run_step() {
	local id=$1 title=$2 status result
	[[ -z $steps || $steps == *",$id,"* ]] || return 0
	printf '\n==== [%s] %s\n' "$id" "$title"
	"$3"
	status=$?
	case $status in
	0) result=PASS ;;
	77) result=SKIP ;;
	*) result=FAIL; failures=$((failures + 1)) ;;
	esac
	printf -- '---- [%s] %s: %s\n' "$id" "$title" "$result"
	RESULTS+=("$result  [$id] $title")
}

echo "oncuda tests: driver $driver, logs in $OUT"
run_step a "unit tests" step_unit
run_step b "oncudad registered with rpcbind" step_server
run_step c "e2e through rpcbind" step_e2e_rpcbind
run_step d "e2e through host:port, no rpcbind, no polling" step_e2e_direct
run_step e "examples through oncuda" step_examples
run_step f "CUDA runtime programs (nvcc, static and shared cudart)" step_runtime
run_step g "isolation: a faulting client beside a busy one" step_isolation
run_step h "memory of a killed client comes back" step_cleanup
run_step i "a dead server gives errors, not hangs" step_dead_server
run_step i2 "a client killed inside its host function: the session ends, memory comes back" step_hostfn_kill
run_step j "no server: cuInit says why" step_no_server
run_step k "traces: ONCUDA_TRACE and oncudad --trace-file" step_trace
run_step l "authentication: --key-file, --allow" step_auth
run_step m "faults: clients killed mid-copy, mid-launch, mid-load; server killed and stopped" step_faults
run_step n "rpcbind restarted: oncudad registers again" step_rpcbind_restart
run_step o "load: ${LOAD_CLIENTS:-64} clients for ${LOAD_SECONDS:-20} s" step_load
run_step p "limits per client (--max-memory)" step_limits
run_step q "fuzzing the server's decode and dispatch and the client's reading of replies (libFuzzer)" step_fuzz
run_step r "valgrind: server and client" step_valgrind
run_step s "valgrind: the server under a CI-sized load" step_load_valgrind
run_step t "device ranges: a client reaches only its own memory" step_ranges
run_step u "discovery: oncuda-ls across network-namespace hosts" step_netns
run_step v "several servers: one device list, routed calls" step_multi
run_step w "one-way calls: order, deferred errors, flush delay" step_batch
run_step x "the same-host path: unix socket, shared memory" step_local
run_step y "one-way calls queued at exit reach the server" step_batch_exit
run_step z "asynchronous uploads through the page-locked pool" step_upload
run_step z2 "hostile input: deadlines, session caps, trace cap, error replies" step_hostile
run_step z3 "make install: oncuda-run, man pages, the systemd unit" step_install
run_step z4 "managed memory: the changed pages cross, not the buffer" step_managed
run_step z5 "make deb: lintian, the packages installed into a fresh root" step_deb
run_step z6 "oncudad loads the driver at start: --help without one, one that lacks calls" step_driver
run_step z7 "protocol revisions: builds from git history refuse or work with today's" step_interop
run_step z8 "sessions visible: oncuda-ls -v, --metrics-file, totals at the end" step_sessions
run_step z9 "RPC-with-TLS: PSK and X.509, bad peers, the probe read by another implementation" step_tls
run_step z10 "the benchmark on the stand-in: every case reported, the Python ones skipped, the veth run" step_bench

printf '\n==== summary (driver %s)\n' "$driver"
printf '  %s\n' "${RESULTS[@]}"
if ((failures > 0)); then
	echo "$failures of ${#RESULTS[@]} steps FAILED; logs in $OUT"
	exit 1
fi
echo "all steps passed"
