#!/bin/bash
# bench/run.sh: the benchmark of issues 4 and 16, what `make bench` executes.
#
#   bash bench/run.sh [--driver real|fake|auto] [--out DIR] [--quick] [--netem]
#
#   --driver real  NVIDIA's driver, as the loader finds it (a GPU machine)
#   --driver fake  the CPU stand-in, tests/fakecuda, with small counts: a
#                  test of the benchmark; its numbers mean nothing
#   --driver auto  real where /dev/nvidiactl exists, fake elsewhere (default)
#   --out DIR      where the results go (default bench/out)
#   --quick        small counts on a real driver too (a smoke test)
#   --netem        also drvbench over TCP across a veth pair between two
#                  network namespaces, and across it with tc netem's delay
#                  and rate where the kernel has netem (needs root and ip:
#                  bench/netns.sh)
#
# In one run, one after the other so that nothing competes: the transport
# ceilings (bench/transport), bench/drvbench natively, and bench/drvbench
# through oncuda (stubs/ first in LD_LIBRARY_PATH) against an oncudad -n
# of its own on a free loopback port, serving the same driver: once over
# TCP (ONCUDA_TRANSPORT=tcp) and once over the same-host path, the server's
# unix-domain socket in DIR with shared page-locked memory
# (ONCUDA_TRANSPORT=local); then over TCP the copies alone (drvbench -b)
# once for each count of connections in BENCH_STREAMS (default "1 2 4 8";
# ONCUDA_STREAMS=N each), beside bench/transport's ceilings of N streams.
# Over both transports, bench/rpcnull times ONC RPC's null procedure on
# the client's own connection: the layer between the transport's
# ping-pong and a CUDA call (cuCtxSynchronize), which the report sets
# side by side.
# The Python cases (PY_CASES: the PyTorch
# training step, a Triton kernel launched from Python, a torch.compile'd
# MLP and GPT-2-style decoding, bench/pyapp.py) run the same three ways
# (PYTHON, default python3), natively right after drvbench; each is
# skipped, saying why, with the CPU stand-in, where there is no PYTHON, and
# where what it needs (torch, Triton, a GPU) is missing natively.  On a
# shared or virtual machine one process of such a case can run a third
# slower than the next for reasons of its own (measured on the H200
# machine: a Triton launch 21 us in one native run, 14 us in the next), so
# with BENCH_ROUNDS=N (default 1) each case then runs N-1 more rounds,
# natively, over TCP and on the same host back to back, and a figure is the
# median of its rounds' medians (bench/report_figures.py).  Both
# ends of oncuda poll for a while before they sleep (ONCUDA_POLL_US,
# oncudad --poll-us), which is where much of a synchronous call's speed
# comes from; so that the report can show how much, a second oncudad with
# --poll-us 0 then serves drvbench -c, the synchronous calls alone, and
# bench/rpcnull, with ONCUDA_POLL_US=0, over both transports.  Then drvbench inside TLS,
# bench/tlsbulk (a data connection's frames alone, inside TLS and in clear), and
# with --netem across the veth pair.  Then bench/report.py writes
# DIR/results.md and DIR/bandwidth.tsv, and bench/plot.sh DIR/bandwidth.png
# if gnuplot is installed.
#
# DIR also gets the programs' raw output (transport.tsv, native.tsv,
# oncuda.tsv, local.tsv, streams_N.tsv, CASE_native.tsv, CASE_oncuda.tsv
# and CASE_local.tsv for each Python case, nopoll.tsv, nopoll_local.tsv,
# rpcnull.tsv, rpcnull_local.tsv, rpcnull_nopoll.tsv,
# rpcnull_nopoll_local.tsv,
# tls.tsv, tlsbulk.tsv, tlsbulk_plain.tsv, and with --netem netns.tsv and
# netem.tsv), their stderr (*.err),
# oncudad.log, oncudad_nopoll.log and run.tsv.  A case
# not run has one line in its .tsv: "skip", a tab, the reason.  Needs a built
# tree (make); no rpcbind.  On an H200 the drvbench part should take one to
# three minutes and each Python case about one to three more, most of it
# importing torch through oncuda (estimates; each program has a time limit).
# Exits non-zero if any part failed (the report still shows the rest).
set -u -o pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT" || exit 1
TRANSPORT_SECONDS=45
DRVBENCH_SECONDS=100
RPCNULL_SECONDS=30
# The Python cases: the prefix of their files, their script in bench/ and
# the time limit of one run.  Importing torch and loading its kernels
# through oncuda take most of it; torch.compile compiles first.
PY_CASES=("torch torch_step.py 180" "triton triton_add.py 180"
	"compile compile_mlp.py 300" "decode gpt2_decode.py 240")
# bench/pyapp.py's exit status for "no torch, package or GPU here".
SKIP_STATUS=77
PYTHON=${PYTHON:-python3}
# The counts of TCP connections a large copy is striped over, each measured
# (ONCUDA_STREAMS; the main TCP run keeps the environment's, or the default).
BENCH_STREAMS=${BENCH_STREAMS:-1 2 4 8}
# Rounds of each Python case, the three ways one after the other.
BENCH_ROUNDS=${BENCH_ROUNDS:-1}
[[ $BENCH_ROUNDS =~ ^[1-9][0-9]?$ ]] || {
	echo "BENCH_ROUNDS=\"$BENCH_ROUNDS\" is not a count from 1 to 99" >&2
	exit 2
}

usage() {
	echo "usage: bash bench/run.sh [--driver real|fake|auto] [--out DIR] [--quick] [--netem]" >&2
	exit 2
}

driver=auto
out=bench/out
quick=false
netem=false
while (($# > 0)); do
	case $1 in
	--driver) (($# > 1)) || usage; driver=$2; shift 2 ;;
	--out) (($# > 1)) || usage; out=$2; shift 2 ;;
	--quick) quick=true; shift ;;
	--netem) netem=true; shift ;;
	*) usage ;;
	esac
done
case $driver in
real | fake) ;;
auto) if [[ -e /dev/nvidiactl ]]; then driver=real; else driver=fake; fi ;;
*) usage ;;
esac
[[ $driver == fake ]] && quick=true

mkdir -p "$out" || exit 1
OUT=$(cd "$out" && pwd)
# tests/lib.sh: start_server, stop_server, kill_server (logs go to $OUT).
# shellcheck source=tests/lib.sh
. tests/lib.sh
# shellcheck source=bench/netns.sh
. bench/netns.sh

missing=()
for f in bench/drvbench bench/transport bench/rpcnull bench/tlsbulk server/oncudad stubs/libcuda.so.1; do
	[[ -e $f ]] || missing+=("$f")
done
if [[ $driver == real ]]; then
	KERNEL=(-k bench/empty_kernel.fatbin -f empty)
	[[ -e bench/empty_kernel.fatbin ]] || missing+=(bench/empty_kernel.fatbin)
	DRIVER_LIBS=${LD_LIBRARY_PATH:-}
else
	# The stand-in knows only the test kernels; spin(0) returns at once.
	KERNEL=(-k tests/kernels/kernels.fatbin -f spin)
	[[ -e tests/kernels/kernels.fatbin ]] || missing+=(tests/kernels/kernels.fatbin)
	[[ -e tests/fakecuda/libcuda.so.1 ]] || missing+=(tests/fakecuda/libcuda.so.1)
	DRIVER_LIBS=$ROOT/tests/fakecuda${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	# The stand-in's memory accounting, private to this run.
	export FAKECUDA_SHM=/oncuda-bench-$$
fi
((${#missing[@]} == 0)) || { echo "missing ${missing[*]}: run make first" >&2; exit 1; }
CLIENT_LIBS=$ROOT/stubs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
QUICK=()
$quick && QUICK=(-q)

cleanup() {
	local pid
	for pid in "${SERVERS[@]}"; do
		kill_server "$pid"
	done
	bench_netns_teardown
	[[ -n ${FAKECUDA_SHM:-} ]] && rm -f "/dev/shm${FAKECUDA_SHM}"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

failed=0
fail() {
	echo "FAILED: $*"
	failed=1
}

# skip NAME WHY: records that case NAME was not run, and why.
skip() {
	echo "--- $1: skipped: $2"
	printf 'skip\t%s\n' "$2" >"$OUT/$1.tsv"
}

# measure NAME SECONDS COMMAND...: COMMAND's stdout to $OUT/NAME.tsv and
# stderr to $OUT/NAME.err, stopped after SECONDS.  A COMMAND that exits
# with SKIP_STATUS is recorded as skipped, the last line of its stderr
# (less a leading "program: ") as the reason; measure then returns 2.
measure() {
	local name=$1 seconds=$2 status start=$SECONDS
	shift 2
	echo "--- $name: $*"
	timeout -k 5 "$seconds" "$@" >"$OUT/$name.tsv" 2>"$OUT/$name.err"
	status=$?
	if ((status == SKIP_STATUS)); then
		skip "$name" "$(tail -n 1 "$OUT/$name.err" | sed 's/^[^ :]*: //')"
		return 2
	fi
	if ((status != 0)); then
		((status == 124 || status == 137)) && echo "(stopped after $seconds s)" >>"$OUT/$name.err"
		fail "$name exited with status $status; last lines of $OUT/$name.err:"
		tail -n 10 "$OUT/$name.err" | sed 's/^/    | /'
		return 1
	fi
	echo "    done in $((SECONDS - start)) s, $(grep -c '^result' "$OUT/$name.tsv") figures"
}

# loaded_library NAME: the libcuda.so.1 drvbench's run NAME says it used.
loaded_library() {
	local path
	path=$(sed -n 's/^info\tlibcuda\t//p' "$OUT/$1.tsv")
	[[ -n $path ]] && readlink -f "$path"
}

# through_oncuda NAME SECONDS TRANSPORT COMMAND...: measure NAME, COMMAND
# (which env assignments may lead) run with oncuda's library against the
# server on $SERVER_HOST:$SERVER_PORT over TRANSPORT (tcp or local),
# behind CLIENT_IN (empty, or what puts it on another host); then checks
# that it loaded oncuda's library, not the driver it would measure natively.
SERVER_HOST=127.0.0.1
CLIENT_IN=()
through_oncuda() {
	local name=$1 seconds=$2 transport=$3 lib
	shift 3
	measure "$name" "$seconds" "${CLIENT_IN[@]}" env LD_LIBRARY_PATH="$CLIENT_LIBS" \
		ONCUDA_SERVER="$SERVER_HOST:$SERVER_PORT" ONCUDA_TRANSPORT="$transport" \
		"$@" || return
	lib=$(loaded_library "$name")
	echo "    $name (oncuda over $transport) used $lib"
	[[ $lib == "$ROOT/stubs/libcuda.so.1" ]] ||
		fail "the $name run did not load $ROOT/stubs/libcuda.so.1"
}

# rpc_null NAME TRANSPORT [VAR=VALUE...]: measure NAME, bench/rpcnull
# against the server on $SERVER_HOST:$SERVER_PORT over TRANSPORT, with
# the variables given.  It links the client library's objects itself, so
# no LD_LIBRARY_PATH and no check of the library it loaded; the server's
# driver is the one drvbench's runs use.
rpc_null() {
	local name=$1 transport=$2
	shift 2
	measure "$name" "$RPCNULL_SECONDS" env ONCUDA_SERVER="$SERVER_HOST:$SERVER_PORT" \
		ONCUDA_TRANSPORT="$transport" "$@" bench/rpcnull "${QUICK[@]}"
}

# python_native CASE: CASE (a line of PY_CASES) natively, or its skip with
# the reason; a case skipped natively is recorded as skipped through oncuda
# too, and PY_SKIP keeps the reason.
declare -A PY_SKIP=()
python_native() {
	local prefix script seconds why= lib
	read -r prefix script seconds <<<"$1"
	if [[ $driver == fake ]]; then
		why="the CPU stand-in has no kernels for PyTorch: run on a GPU"
	elif ! command -v "$PYTHON" >/dev/null; then
		why="no $PYTHON here (set PYTHON to a Python with PyTorch)"
	fi
	if [[ -n $why ]]; then
		skip "${prefix}_native" "$why"
	else
		measure "${prefix}_native" "$seconds" \
			env LD_LIBRARY_PATH="$DRIVER_LIBS" "$PYTHON" "bench/$script" "${QUICK[@]}"
		case $? in
		0)
			lib=$(loaded_library "${prefix}_native")
			echo "    native used $lib"
			[[ $lib != "$ROOT/stubs/libcuda.so.1" ]] ||
				fail "the native $script run loaded oncuda's library: take stubs/ out of LD_LIBRARY_PATH"
			;;
		2) why=$(sed -n 's/^skip\t//p' "$OUT/${prefix}_native.tsv") ;;
		esac
	fi
	[[ -n $why ]] || return 0
	PY_SKIP[$prefix]=$why
	skip "${prefix}_oncuda" "$why"
	skip "${prefix}_local" "$why"
}

# python_oncuda CASE: CASE through oncuda over TCP and the same-host path,
# unless it was skipped natively.  Natively it found what it needs (or
# failed otherwise): through oncuda, not finding a GPU is a failure of
# oncuda, not a skip, hence --require-gpu.
python_oncuda() {
	local prefix script seconds
	read -r prefix script seconds <<<"$1"
	[[ -z ${PY_SKIP[$prefix]:-} ]] || return 0
	through_oncuda "${prefix}_oncuda" "$seconds" tcp \
		"$PYTHON" "bench/$script" "${QUICK[@]}" --require-gpu
	through_oncuda "${prefix}_local" "$seconds" local \
		"$PYTHON" "bench/$script" "${QUICK[@]}" --require-gpu
}

# python_round CASE ROUND: round ROUND (2 or later) of CASE natively, over
# TCP and on the same host, back to back, unless it was skipped natively;
# each run's results are added to those of the case's first round.
python_round() {
	local prefix script seconds round=$2 mode
	read -r prefix script seconds <<<"$1"
	[[ -z ${PY_SKIP[$prefix]:-} ]] || return 0
	measure "${prefix}_native_r$round" "$seconds" \
		env LD_LIBRARY_PATH="$DRIVER_LIBS" "$PYTHON" "bench/$script" "${QUICK[@]}"
	through_oncuda "${prefix}_oncuda_r$round" "$seconds" tcp \
		"$PYTHON" "bench/$script" "${QUICK[@]}" --require-gpu
	through_oncuda "${prefix}_local_r$round" "$seconds" local \
		"$PYTHON" "bench/$script" "${QUICK[@]}" --require-gpu
	for mode in native oncuda local; do
		grep '^result' "$OUT/${prefix}_${mode}_r$round.tsv" >>"$OUT/${prefix}_$mode.tsv"
	done
}

# netns_runs: drvbench through oncuda over TCP across the veth pair of
# bench/netns.sh (netns.tsv), then with netem on both ends of it
# (netem.tsv); a part that cannot be made is recorded as skipped, with the
# command that failed.
netns_runs() {
	local why
	bench_netns_tools
	why=$(bench_netns_why)
	# Not in a subshell: the setup keeps the names of what it made.
	if [[ -z $why ]] && ! bench_netns_setup >"$OUT/netns.err"; then
		why=$(<"$OUT/netns.err")
	fi
	if [[ -n $why ]]; then
		skip netns "$why"
		skip netem "$why"
		return
	fi
	echo "--- oncudad -n on host $BENCH_NETNS_NET.1 (namespace $BENCH_NETNS_SERVER), $driver driver"
	if ! start_server oncudad_netns 30 "$BENCH_IP" netns exec "$BENCH_NETNS_SERVER" \
		env LD_LIBRARY_PATH="$DRIVER_LIBS" server/oncudad -n -l "$BENCH_NETNS_NET.1" \
		-p 0 --local-socket "$OUT/oncudad_netns.sock"; then
		fail "oncudad in $BENCH_NETNS_SERVER did not start; see $OUT/oncudad_netns.log"
		return
	fi
	SERVER_HOST=$BENCH_NETNS_NET.1
	CLIENT_IN=("$BENCH_IP" netns exec "$BENCH_NETNS_CLIENT")
	through_oncuda netns "$DRVBENCH_SECONDS" tcp bench/drvbench "${QUICK[@]}" "${KERNEL[@]}"
	if why=$(bench_netns_netem); then
		printf 'netem\t%s on both ends of the veth pair\n' "$BENCH_NETEM" >>"$OUT/run.tsv"
		through_oncuda netem "$DRVBENCH_SECONDS" tcp bench/drvbench "${QUICK[@]}" "${KERNEL[@]}"
	else
		skip netem "$why"
	fi
	SERVER_HOST=127.0.0.1
	CLIENT_IN=()
	stop_server "$SERVER_PID" 10 ||
		fail "oncudad in $BENCH_NETNS_SERVER did not stop cleanly; see $OUT/oncudad_netns.log"
	bench_netns_teardown
}

rm -f "$OUT"/{transport,native,oncuda,local,nopoll,nopoll_local,tls,netns,netem}.{tsv,err} \
	"$OUT"/tlsbulk{,_plain}.{tsv,err} \
	"$OUT"/rpcnull{,_local,_nopoll,_nopoll_local}.{tsv,err} \
	"$OUT"/streams_*.{tsv,err} \
	"$OUT"/{torch,triton,compile,decode}_{native,oncuda,local}{,_r[0-9]*}.{tsv,err} \
	"$OUT"/oncudad{,_nopoll,_tls,_netns}.log \
	"$OUT"/results.md "$OUT"/bandwidth.{tsv,png}
{
	printf 'date\t%s\n' "$(date -u '+%Y-%m-%d %H:%M UTC')"
	printf 'host\t%s (%s)\n' "$(uname -n)" "$(uname -sr)"
	# The commit the programs were built from (they say it), which is
	# not the checkout's when a built tree is carried to a GPU machine.
	built=$(server/oncudad --version 2>/dev/null | sed -n '1s/^oncudad //p')
	printf 'commit\t%s\n' "${built:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}"
	printf 'command\tbash bench/run.sh --driver %s%s%s\n' "$driver" \
		"$($quick && echo ' --quick')" "$($netem && echo ' --netem')"
} >"$OUT/run.tsv"
echo "oncuda benchmark: driver $driver, $($quick && echo small || echo full) counts, results in $OUT"
[[ $driver == fake ]] && echo "(the CPU stand-in: the numbers test the benchmark and mean nothing)"

measure transport "$TRANSPORT_SECONDS" bench/transport "${QUICK[@]}"

if measure native "$DRVBENCH_SECONDS" \
	env LD_LIBRARY_PATH="$DRIVER_LIBS" bench/drvbench "${QUICK[@]}" "${KERNEL[@]}"; then
	native_lib=$(loaded_library native)
	echo "    native used $native_lib"
	[[ $native_lib != "$ROOT/stubs/libcuda.so.1" ]] ||
		fail "the native run loaded oncuda's library: take stubs/ out of LD_LIBRARY_PATH"
fi

# The Python cases natively, each skipped (with its reason) where it cannot
# run; through oncuda below, unless skipped here.
for case in "${PY_CASES[@]}"; do
	python_native "$case"
done

echo "--- oncudad -n, $driver driver"
# The socket in $OUT, not the default path, so runs of others do not collide.
if start_server oncudad 30 env LD_LIBRARY_PATH="$DRIVER_LIBS" server/oncudad -n -p 0 \
	--local-socket "$OUT/oncudad.sock"; then
	through_oncuda oncuda "$DRVBENCH_SECONDS" tcp \
		bench/drvbench "${QUICK[@]}" "${KERNEL[@]}"
	rpc_null rpcnull tcp
	rpc_null rpcnull_local local
	# The copies again over TCP for each count of connections a copy is
	# striped over (bench/report_streams.py).
	for n in $BENCH_STREAMS; do
		through_oncuda "streams_$n" "$DRVBENCH_SECONDS" tcp \
			ONCUDA_STREAMS="$n" bench/drvbench -b "${QUICK[@]}" "${KERNEL[@]}"
	done
	through_oncuda local "$DRVBENCH_SECONDS" local \
		bench/drvbench "${QUICK[@]}" "${KERNEL[@]}"
	for case in "${PY_CASES[@]}"; do
		python_oncuda "$case"
	done
	for ((round = 2; round <= BENCH_ROUNDS; round++)); do
		for case in "${PY_CASES[@]}"; do
			python_round "$case" "$round"
		done
	done
	stop_server "$SERVER_PID" 10 || fail "oncudad did not stop cleanly; see $OUT/oncudad.log"
else
	fail "oncudad did not start; see $OUT/oncudad.log"
fi

# The synchronous calls again with polling off on both ends: each waiting
# side sleeps at once, as the ping-pong of bench/transport does.
echo "--- oncudad -n --poll-us 0, $driver driver"
if start_server oncudad_nopoll 30 env LD_LIBRARY_PATH="$DRIVER_LIBS" server/oncudad -n -p 0 \
	--local-socket "$OUT/oncudad_nopoll.sock" --poll-us 0; then
	through_oncuda nopoll "$DRVBENCH_SECONDS" tcp ONCUDA_POLL_US=0 \
		bench/drvbench -c "${QUICK[@]}" "${KERNEL[@]}"
	through_oncuda nopoll_local "$DRVBENCH_SECONDS" local ONCUDA_POLL_US=0 \
		bench/drvbench -c "${QUICK[@]}" "${KERNEL[@]}"
	rpc_null rpcnull_nopoll tcp ONCUDA_POLL_US=0
	rpc_null rpcnull_nopoll_local local ONCUDA_POLL_US=0
	stop_server "$SERVER_PID" 10 ||
		fail "oncudad --poll-us 0 did not stop cleanly; see $OUT/oncudad_nopoll.log"
else
	fail "oncudad --poll-us 0 did not start; see $OUT/oncudad_nopoll.log"
fi

# The same benchmark inside TLS 1.3 (RFC 9289), the key file as its PSK,
# beside the plain TCP run above (bench/report_tls.py); large copies
# striped over the data connections as there (ONCUDA_STREAMS), each inside
# a TLS session of its own: the log says how many were bound.
echo "--- oncudad -n --tls --key-file, $driver driver"
(umask 077 && head -c 32 /dev/urandom >"$OUT/tls.key")
if start_server oncudad_tls 30 env LD_LIBRARY_PATH="$DRIVER_LIBS" server/oncudad -n -p 0 \
	--local-socket "$OUT/oncudad_tls.sock" --tls --key-file "$OUT/tls.key"; then
	through_oncuda tls "$DRVBENCH_SECONDS" tcp ONCUDA_KEY_FILE="$OUT/tls.key" \
		bench/drvbench "${QUICK[@]}" "${KERNEL[@]}"
	stop_server "$SERVER_PID" 10 ||
		fail "oncudad --tls did not stop cleanly; see $OUT/oncudad_tls.log"
	grep -m1 -o 'TLS established ([^)]*)' "$OUT/oncudad_tls.log" |
		sed 's/^/    /'
	grep -m1 -o '[0-9]* data connections bound, each inside TLS' "$OUT/oncudad_tls.log" |
		sed 's/^/    /' | grep . ||
		echo "    no data connections bound: TLS copies used the session's connection alone"
else
	fail "oncudad --tls did not start; see $OUT/oncudad_tls.log"
fi

# A data connection's frames alone, without the driver or the rest of a
# copy: over loopback connections, sealed with the keys of each one's TLS
# session and in clear, with what each
# end spends a GB (bench/tlsbulk, bench/report_tls.py).
TLSBULK=(-r 3)
$quick && TLSBULK=(-n 2 -f 4 -r 1)
measure tlsbulk 120 bench/tlsbulk "${TLSBULK[@]}"
measure tlsbulk_plain 120 bench/tlsbulk -p "${TLSBULK[@]}"

# A remote client's network, emulated: with --netem.
if $netem; then
	netns_runs
else
	skip netns "not asked for: bash bench/run.sh --netem (needs root and iproute2's ip)"
	skip netem "not asked for: bash bench/run.sh --netem"
fi

echo "--- report"
if python3 bench/report.py "$OUT" "$driver"; then
	echo "    wrote $OUT/results.md and $OUT/bandwidth.tsv"
else
	fail "bench/report.py failed"
fi
if ! command -v gnuplot >/dev/null; then
	echo "    no gnuplot here: render the plot elsewhere with bash bench/plot.sh DIR (DIR: a copy of $OUT)"
elif [[ -e $OUT/bandwidth.tsv ]]; then
	bash bench/plot.sh "$OUT" | sed 's/^/    /' || fail "bench/plot.sh failed"
fi

sed -n '/^## Native and oncuda/,/^## Copies/p' "$OUT/results.md" 2>/dev/null | sed '$d'
((failed == 0)) && echo "benchmark done" || echo "benchmark done, with failures (above)"
exit $failed
