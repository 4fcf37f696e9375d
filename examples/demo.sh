#!/bin/bash
# examples/demo.sh: runs the examples through oncuda (make demo).
#
# oncudad uses the machine's GPU when it has one and the CPU stand-in for the
# driver (tests/fakecuda) otherwise; the demo says which.  It starts rpcbind
# (as root) and an oncudad if none is registered, and stops the oncudad it
# started.  The examples themselves are unchanged CUDA programs: only
# LD_LIBRARY_PATH sends them through oncuda.
set -u -o pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1
PATH=$PATH:/usr/sbin:/sbin
PROGRAM=739090432	# oncudad's RPC program and version
VERSION=13000

# rpcinfo's columns for program and version touch when the version has five
# digits ("73909043213000"), hence no splitting on blanks.
registered() {
	rpcinfo -p localhost 2>/dev/null | grep -q "^ *$PROGRAM *$VERSION "
}

if ! rpcinfo -p localhost >/dev/null 2>&1; then
	if ((EUID != 0)); then
		echo "demo: rpcbind is not running; start it with: sudo rpcbind -w" >&2
		exit 1
	fi
	echo "demo: starting rpcbind"
	rpcbind -w || exit 1
	sleep 1
fi

if registered; then
	echo "demo: using the oncudad already registered with rpcbind"
else
	# A native run of deviceQuery is the plainest test for a usable GPU.
	if examples/deviceQuery >/dev/null 2>&1; then
		echo "demo: this machine has a GPU; oncudad uses the real driver"
		server=(server/oncudad)
	else
		echo "demo: no usable GPU here; oncudad uses the CPU stand-in (tests/fakecuda)"
		server=(env "LD_LIBRARY_PATH=$PWD/tests/fakecuda${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
			server/oncudad)
	fi
	"${server[@]}" -L warn &
	server_pid=$!
	trap 'kill "$server_pid"; wait "$server_pid"' EXIT
	for _ in $(seq 50); do
		registered && break
		sleep 0.2
	done
	registered || { echo "demo: oncudad did not register with rpcbind" >&2; exit 1; }
fi

export LD_LIBRARY_PATH=$PWD/stubs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export ONCUDA_SERVER=localhost
failed=0
for example in deviceQuery vectorAdd matrixMul; do
	printf '\n==> %s, through oncuda\n' "$example"
	"examples/$example" || failed=1
done
exit $failed
