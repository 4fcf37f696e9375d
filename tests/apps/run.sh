#!/bin/bash
# tests/apps/run.sh: the application tests of issue 3, natively and through
# oncuda, on a machine with a GPU; what `make test-apps` executes.
#
#   bash tests/apps/run.sh [runtime] [cublas] [libraries] [torch] [jax] [cupy]
#                          [programs] [numba]              (default: all)
#
#   runtime tests/runtime/rt_* (nvcc-built, static and shared cudart)
#   cublas  tests/apps/cublas_gemm (built by make where libcublas.so is)
#   libraries tests/apps/cufft_check, cusparse_spmv, cusolver_check,
#           curand_check (each built by make where its library is)
#   torch   python3 tests/apps/torch_checks.py and torch_graphs.py (needs
#           torch with CUDA)
#   jax     python3 tests/apps/jax_checks.py (needs jax with its CUDA plugin)
#   cupy    python3 tests/apps/cupy_checks.py (needs cupy)
#   programs tests/programs/* (nvcc-built by make programs): each one's
#           stdout and exit status through oncuda, over TCP and on the
#           same-host path, must be byte for byte what it printed natively
#   numba   numba-cuda's own tests of its driver layer
#           (numba.cuda.tests.cudadrv: contexts, memory of every kind,
#           streams, events, linking, IPC, managed memory), natively and
#           through oncuda over TCP: a test that fails through oncuda must
#           fail natively too (some fail natively for want of a compiler or
#           a package on the machine); tests/apps/pyshim supplies two things
#           the tests import
#
# Each test runs natively (NVIDIA's libcuda.so.1) and through oncuda
# (stubs/ first in LD_LIBRARY_PATH, served by an oncudad -n of its own on a
# free port, with the real driver): all but the runtime tests twice, over
# the same-host path and over TCP, as a remote client.  Through oncuda it
# must also have no libcuda mapped but oncuda's: the test holds at its end
# (ONCUDA_APPS_HOLD) until this script has read /proc/PID/maps, then exits
# with its verdict.
# What the machine cannot run is skipped, saying why.  Needs a built tree
# (make), no rpcbind.  Logs go to tests/out/apps/.  Prints PASS, FAIL or
# SKIP per (test, mode) and a summary; exits 1 if anything failed.
set -u -o pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT" || exit 1
OUT=$ROOT/tests/out/apps
PYTHON=${PYTHON:-python3}
CUBLAS_SECONDS=180
LIBRARY_SECONDS=180
LIBRARY_CHECKS=(cufft_check cusparse_spmv cusolver_check curand_check)
TORCH_SECONDS=420
JAX_SECONDS=300
CUPY_SECONDS=300
NUMBA_SECONDS=${NUMBA_SECONDS:-300}

# shellcheck source=tests/lib.sh
. tests/lib.sh

CLIENT_LIBS=$ROOT/stubs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
RESULTS=()
failed=0

cleanup() {
	local pid
	for pid in "${CLIENTS[@]}"; do
		kill -KILL "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
	done
	for pid in "${SERVERS[@]}"; do
		kill_server "$pid"
	done
}
trap cleanup EXIT
trap 'exit 130' INT TERM

record() {	# record TEST MODE VERDICT [WHY]
	RESULTS+=("$(printf '%-6s %-7s %-6s %s' "$3" "$1" "$2" "${4:-}")")
	echo "$3 $1 ($2)${4:+: $4}"
	[[ $3 != FAIL ]] || failed=1
}

# libcuda mappings of process PID, one path a line.
libcuda_maps() {
	grep -o '/[^ ]*libcuda\.so[^ ]*' "/proc/$1/maps" 2>/dev/null | sort -u
}

# run_app TEST MODE SECONDS COMMAND...: runs COMMAND (which prints
# "PASS TEST" when all its checks passed, then READY, then waits for
# SIGUSR1), records the verdict; through oncuda also the libcuda check.
# MODE: native; oncuda (ONCUDA_TRANSPORT's default: the same-host path,
# the server being on this host); oncuda-tcp (TCP, a remote client's).
run_app() {
	local test=$1 mode=$2 seconds=$3 name=$1-$2 status maps verdict=PASS why=
	local env=(ONCUDA_APPS_HOLD=1)
	shift 3
	[[ $mode == oncuda* ]] &&
		env+=(LD_LIBRARY_PATH="$CLIENT_LIBS" ONCUDA_SERVER="127.0.0.1:$SERVER_PORT")
	[[ $mode == oncuda-tcp ]] && env+=(ONCUDA_TRANSPORT=tcp)
	echo "--- $test ($mode): $*"
	env "${env[@]}" "$@" >"$OUT/$name.out" 2>"$OUT/$name.err" &
	CLIENT_PID=$!
	CLIENTS+=("$CLIENT_PID")
	if wait_ready "$name" "$seconds"; then
		maps=$(libcuda_maps "$CLIENT_PID")
		echo "$maps" | sed 's/^/      | maps: /'
		if [[ $mode == oncuda* && $maps != "$ROOT/stubs/libcuda.so.1" ]]; then
			verdict=FAIL
			why="the client maps a libcuda other than $ROOT/stubs/libcuda.so.1"
		fi
		kill -USR1 "$CLIENT_PID"
	elif alive "$CLIENT_PID"; then
		kill -KILL "$CLIENT_PID"
		why="not done after $seconds s"
	fi
	wait "$CLIENT_PID"
	status=$?
	forget CLIENTS "$CLIENT_PID"
	show "$OUT/$name.out"
	if ! grep -qx "PASS $test" "$OUT/$name.out" || ((status != 0)); then
		verdict=FAIL
		[[ -n $why ]] || why="exit status $status; see $OUT/$name.err"
		echo "    last lines of $OUT/$name.err:"
		tail -n 15 "$OUT/$name.err" | sed 's/^/      | /'
	fi
	record "$test" "$mode" "$verdict" "$why"
}

# run_plain LABEL TEST MODE SECONDS COMMAND...: a program that prints
# "PASS TEST" and exits; no hold, so no maps check (tests/run.sh checks a
# client's maps).  LABEL names the run in the results and logs.
run_plain() {
	local label=$1 test=$2 mode=$3 seconds=$4 name=$1-$3 status verdict=PASS why=
	local env=()
	shift 4
	[[ $mode == oncuda ]] &&
		env+=(LD_LIBRARY_PATH="$CLIENT_LIBS" ONCUDA_SERVER="127.0.0.1:$SERVER_PORT")
	env "${env[@]}" timeout "$seconds" "$@" >"$OUT/$name.out" 2>"$OUT/$name.err"
	status=$?
	if ! grep -qx "PASS $test" "$OUT/$name.out" || ((status != 0)); then
		verdict=FAIL
		why="exit status $status; see $OUT/$name.out and .err"
		tail -n 5 "$OUT/$name.out" "$OUT/$name.err" | sed 's/^/      | /'
	fi
	record "$label" "$mode" "$verdict" "$why"
}

# run_suite LABEL SECONDS MODULE: numba's runner over MODULE natively and
# through oncuda; the oncuda run passes when each test it reports as ERROR
# or FAIL was one natively too, and it finished.
run_suite() {
	local label=$1 seconds=$2 module=$3 mode status verdict why extra
	local env=(PYTHONPATH="$ROOT/tests/apps/pyshim${PYTHONPATH:+:$PYTHONPATH}")
	for mode in native oncuda; do
		[[ $mode == native || -n ${SERVER_PORT:-} ]] ||
			{ record "$label" oncuda FAIL "no oncudad"; continue; }
		[[ $mode == oncuda ]] && env+=(LD_LIBRARY_PATH="$CLIENT_LIBS"
			ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" ONCUDA_TRANSPORT=tcp)
		env "${env[@]}" timeout "$seconds" "$PYTHON" -m numba.runtests -v \
			"$module" >"$OUT/$label-$mode.out" 2>&1
		status=$?
		grep -E ' \.\.\. (ERROR|FAIL)$' "$OUT/$label-$mode.out" | sort \
			>"$OUT/$label-$mode.failed"
		echo "    $mode: $(tail -n 1 "$OUT/$label-$mode.out"), exit status $status"
	done
	[[ -n ${SERVER_PORT:-} ]] || return
	extra=$(comm -13 "$OUT/$label-native.failed" "$OUT/$label-oncuda.failed")
	verdict=PASS why="$(wc -l <"$OUT/$label-oncuda.failed") fail as natively"
	if ((status == 124)); then
		verdict=FAIL why="not done after $seconds s; see $OUT/$label-oncuda.out"
	elif [[ -n $extra ]]; then
		verdict=FAIL why="fail only through oncuda: $(echo "$extra" | cut -d' ' -f1 | tr '\n' ' ')"
		echo "$extra" | sed 's/^/      | /'
	elif ! grep -qE '^(OK|FAILED)' "$OUT/$label-oncuda.out"; then
		verdict=FAIL why="no verdict; see $OUT/$label-oncuda.out"
	fi
	record "$label" oncuda "$verdict" "$why"
}

# run_compare PROGRAM: runs tests/programs/PROGRAM natively, then through
# oncuda over TCP and over the same-host path; each oncuda run passes when
# its stdout and exit status are the native run's, byte for byte.
run_compare() {
	local prog=$1 name=programs-$1 status native transport verdict why
	timeout 120 "tests/programs/$prog" >"$OUT/$name-native.out" \
		2>"$OUT/$name-native.err"
	native=$?
	record "$prog" native PASS "exit status $native"
	for transport in tcp local; do
		[[ -n ${SERVER_PORT:-} ]] || { record "$prog" "$transport" FAIL "no oncudad"; continue; }
		env LD_LIBRARY_PATH="$CLIENT_LIBS" ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
			ONCUDA_TRANSPORT="$transport" timeout 120 "tests/programs/$prog" \
			>"$OUT/$name-$transport.out" 2>"$OUT/$name-$transport.err"
		status=$?
		verdict=PASS why=
		if ((status != native)); then
			verdict=FAIL why="exit status $status, natively $native; see $OUT/$name-$transport.err"
		elif ! cmp -s "$OUT/$name-native.out" "$OUT/$name-$transport.out"; then
			verdict=FAIL why="stdout differs from the native run's"
			diff "$OUT/$name-native.out" "$OUT/$name-$transport.out" | head -n 8 | sed 's/^/      | /'
		fi
		record "$prog" "oncuda-$transport" "$verdict" "$why"
	done
}

# run_both TEST SECONDS COMMAND...: natively, then through oncuda both ways.
run_both() {
	local test=$1 seconds=$2
	shift 2
	run_app "$test" native "$seconds" "$@"
	if [[ -n ${SERVER_PORT:-} ]]; then
		run_app "$test" oncuda "$seconds" "$@"
		run_app "$test" oncuda-tcp "$seconds" "$@"
	else
		record "$test" oncuda FAIL "no oncudad to run it through (see above)"
	fi
}

# run_python TEST SECONDS PROBE WHY: python tests/apps/TEST.py by run_both,
# or skipped, saying WHY, where $PYTHON -c PROBE fails.
run_python() {
	local test=$1 seconds=$2 probe=$3 why=$4
	if ! "$PYTHON" -c "$probe" 2>/dev/null; then
		record "$test" native SKIP "$why"
		record "$test" oncuda SKIP "$why"
		return
	fi
	run_both "$test" "$seconds" "$PYTHON" "tests/apps/$test.py"
}

wanted=("$@")
((${#wanted[@]} > 0)) || wanted=(runtime cublas libraries torch jax cupy programs numba)
for t in "${wanted[@]}"; do
	[[ $t == runtime || $t == cublas || $t == libraries || $t == torch ||
		$t == jax || $t == cupy || $t == programs || $t == numba ]] ||
		{ echo "usage: bash tests/apps/run.sh [runtime] [cublas] [libraries] [torch] [jax] [cupy] [programs] [numba]" >&2; exit 2; }
done

mkdir -p "$OUT"
if ! ldconfig -p 2>/dev/null | grep -q 'libcuda\.so\.1 ' ||
	! compgen -G '/dev/nvidia[0-9]*' >/dev/null; then
	for t in "${wanted[@]}"; do
		record "$t" native SKIP "no NVIDIA driver and GPU on this machine"
		record "$t" oncuda SKIP "no NVIDIA driver and GPU for oncudad to serve"
	done
	printf '%s\n' "summary:" "${RESULTS[@]/#/  }"
	exit 0
fi
[[ -x server/oncudad && -e stubs/libcuda.so.1 ]] ||
	{ echo "server/oncudad or stubs/libcuda.so.1 missing: run make first" >&2; exit 1; }

echo "--- oncudad with the real driver, not registered with rpcbind"
start_server apps-server 30 server/oncudad -n -p 0 || SERVER_PORT=

for t in "${wanted[@]}"; do
	case $t in
	runtime)
		for prog in tests/runtime/rt_*; do
			[[ -x $prog && $prog != *.* ]] || continue
			label=$(basename "$prog")
			for mode in native oncuda; do
				[[ $mode == native || -n ${SERVER_PORT:-} ]] || continue
				run_plain "$label" "${label%_shared}" "$mode" 120 "$prog"
			done
		done
		;;
	cublas)
		if [[ ! -x tests/apps/cublas_gemm ]]; then
			record cublas native SKIP "tests/apps/cublas_gemm not built (no libcublas.so in CUDA_HOME)"
			record cublas oncuda SKIP "tests/apps/cublas_gemm not built"
		else
			run_both cublas_gemm "$CUBLAS_SECONDS" tests/apps/cublas_gemm
		fi
		;;
	libraries)
		for app in "${LIBRARY_CHECKS[@]}"; do
			if [[ ! -x tests/apps/$app ]]; then
				record "$app" native SKIP "tests/apps/$app not built (its library is not in CUDA_HOME)"
				record "$app" oncuda SKIP "tests/apps/$app not built"
			else
				run_both "$app" "$LIBRARY_SECONDS" "tests/apps/$app"
			fi
		done
		;;
	torch)
		for app in torch_checks torch_graphs; do
			run_python "$app" "$TORCH_SECONDS" 'import torch' \
				"$PYTHON cannot import torch"
		done
		;;
	jax)
		run_python jax_checks "$JAX_SECONDS" 'import jax; jax.devices("gpu")' \
			"$PYTHON cannot import jax, or it has no GPU backend"
		;;
	cupy)
		run_python cupy_checks "$CUPY_SECONDS" 'import cupy' \
			"$PYTHON cannot import cupy"
		;;
	numba)
		if ! "$PYTHON" -c 'import numba.cuda' 2>/dev/null; then
			record numba_cudadrv native SKIP "$PYTHON cannot import numba.cuda"
		else
			run_suite numba_cudadrv "$NUMBA_SECONDS" numba.cuda.tests.cudadrv
		fi
		;;
	programs)
		for prog in tests/programs/*.cu; do
			prog=$(basename "$prog" .cu)
			if [[ -x tests/programs/$prog ]]; then
				run_compare "$prog"
			else
				record "$prog" native SKIP "tests/programs/$prog not built (make programs)"
			fi
		done
		;;
	esac
done

if [[ -n ${SERVER_PORT:-} ]]; then
	stop_server "$SERVER_PID" 10 || record oncudad stop FAIL "see $OUT/apps-server.log"
fi
printf '%s\n' "summary:" "${RESULTS[@]/#/  }"
exit $failed
