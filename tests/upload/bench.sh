#!/bin/bash
# tests/upload/bench.sh: asynchronous uploads as a training loop makes them,
# natively and through oncuda over TCP on this machine (issue 4):
#
#   bash tests/upload/bench.sh [--driver fake] [BYTES [STEPS [SPIN_CYCLES]]]
#
# Starts server/oncudad on a free port (logs in tests/out/upload-bench/),
# runs tests/upload/uploadbench natively, then through oncuda, and prints
# both times per step and their ratio.  --driver fake runs both on the CPU
# stand-in, which only checks that the script works.
set -u -o pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
native_libs=${LD_LIBRARY_PATH:-}
if [[ ${1:-} == --driver && ${2:-} == fake ]]; then
	native_libs=$PWD/tests/fakecuda${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	shift 2
fi
out=tests/out/upload-bench
mkdir -p "$out"
rm -f "$out/port"
LD_LIBRARY_PATH=$native_libs server/oncudad -n -p 0 -P "$out/port" \
	>"$out/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null' EXIT
for _ in $(seq 100); do [[ -s $out/port ]] && break; sleep 0.1; done
if [[ ! -s $out/port ]]; then
	echo "bench: oncudad did not start; its log:" >&2
	cat "$out/server.log" >&2
	exit 1
fi
native=$(LD_LIBRARY_PATH=$native_libs tests/upload/uploadbench \
	tests/kernels/kernels.fatbin "$@") || exit 1
remote=$(LD_LIBRARY_PATH=$PWD/stubs${native_libs:+:$native_libs} \
	ONCUDA_TRANSPORT=tcp ONCUDA_SERVER=127.0.0.1:$(<"$out/port") \
	tests/upload/uploadbench tests/kernels/kernels.fatbin "$@") || exit 1
echo "native:        $native"
echo "oncuda (tcp):  $remote"
us() { sed -n 's/.*: \([0-9.]*\) us per step.*/\1/p' <<<"$1"; }
awk -v a="$(us "$remote")" -v b="$(us "$native")" \
	'BEGIN { if (b > 0) printf "oncuda / native: %.2fx\n", a / b }'
