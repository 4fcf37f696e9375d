# shellcheck shell=bash
# tests/multi/check.sh: one program, the GPUs of two oncudad, as a step for
# tests/run.sh (source this file, then run step_multi), or on its own:
#
#   bash tests/multi/check.sh [--driver fake|real]
#
# Starts two servers of its own on free ports without rpcbind, the first
# allowed 64 MiB of memory and the second 32 MiB, so that a 48 MiB
# allocation tells them apart (tests/multi/multi probe).  Checks the device
# list (the servers' devices in the order of ONCUDA_SERVER, reordered and
# selected by CUDA_VISIBLE_DEVICES), the two-server program
# (tests/multi/multi: kernels on both, copies between them, two threads,
# handles of one server refused by the other), one library used on both
# servers (tests/multi/multi library, also with one server, and with a
# second server that refuses the image: --max-image), CUDA runtime
# programs on both servers' devices (tests/multi/rt_multi) and on the
# second server's alone (tests/runtime/rt_launch with CUDA_VISIBLE_DEVICES),
# and what cuInit says when a listed server cannot be reached.  (ONCUDA_SERVER=* would reach every
# registered oncudad on the machine, other people's too: it belongs in the
# network-namespace test, tests/netns/check.sh.)  Uses tests/lib.sh and
# run.sh's SERVER, OUT and CLIENT_LIBS.
#
# This is also the one-machine case of several servers (issue 5), run on a
# GPU machine with --driver real: two oncudad on one host, here on its one
# GPU.  rpcbind keeps a single address for a program and version on a
# host, so at most one of them could be registered; both run unregistered
# (-n) and the client tells them apart by port,
# ONCUDA_SERVER=127.0.0.1:PORT1,127.0.0.1:PORT2.

# multi_probe NAME WANT [VAR=VALUE...]: the probe's device lines are WANT.
multi_probe() {
	local name=$1 want=$2 got
	shift 2
	run_client "multi-$name" 60 "$@" tests/multi/multi probe
	got=$(sed -n 's/^device [0-9]*: //p' "$OUT/multi-$name.log" | tr '\n' ' ')
	if [[ ${got% } == "$want" ]]; then
		ok "multi: $name: devices are [$want]"
	else
		bad "multi: $name: devices are [${got% }], not [$want]:"
		show "$OUT/multi-$name.log"
		return 1
	fi
}

# multi_pass NAME WHAT VERDICT [VAR=VALUE...] PROGRAM [ARG...]: the
# program prints "PASS VERDICT".
multi_pass() {
	local name=$1 what=$2 verdict=$3
	shift 3
	if run_client "multi-$name" 120 "$@" &&
		grep -qx "PASS $verdict" "$OUT/multi-$name.log"; then
		ok "multi: $what"
	else
		bad "multi: $name: $what failed:"
		show "$OUT/multi-$name.log"
		return 1
	fi
}

step_multi() {
	local a b both verdict=0
	start_server multi-a 20 "${SERVER[@]}" -n --max-memory 64M || return 1
	a=$SERVER_PID
	both="127.0.0.1:$SERVER_PORT"
	start_server multi-b 20 "${SERVER[@]}" -n --max-memory 32M || {
		stop_server "$a" 10
		return 1
	}
	b=$SERVER_PID
	both="$both,127.0.0.1:$SERVER_PORT"

	multi_probe order "big small" ONCUDA_SERVER="$both" || verdict=1
	multi_probe reordered "small big" ONCUDA_SERVER="$both" \
		CUDA_VISIBLE_DEVICES=1,0 || verdict=1
	multi_probe selected "small" ONCUDA_SERVER="$both" \
		CUDA_VISIBLE_DEVICES=1 || verdict=1

	if run_client multi-run 300 ONCUDA_SERVER="$both" tests/multi/multi &&
		grep -qx "PASS multi" "$OUT/multi-run.log"; then
		ok "multi: kernels, copies and threads on two servers"
	else
		bad "multi: the two-server program failed:"
		show "$OUT/multi-run.log"
		verdict=1
	fi

	multi_pass library "a library loaded with no context, used on both servers" \
		library ONCUDA_SERVER="$both" tests/multi/multi library || verdict=1
	multi_pass library-one "the same with one server" \
		library ONCUDA_SERVER="${both%%,*}" tests/multi/multi library ||
		verdict=1
	# A third server that refuses every image: lazy loads there fail.
	if start_server multi-c 20 "${SERVER[@]}" -n --max-image 1K; then
		multi_pass library-refused "a library the second server refuses" \
			library-refused ONCUDA_SERVER="${both%%,*},127.0.0.1:$SERVER_PORT" \
			tests/multi/multi library-refused || verdict=1
		stop_server "$SERVER_PID" 10 || verdict=1
	else
		verdict=1
	fi
	multi_pass runtime "a CUDA runtime program on both servers' devices" \
		rt_multi ONCUDA_SERVER="$both" tests/multi/rt_multi || verdict=1
	multi_pass runtime-second "a CUDA runtime program on the second server's device" \
		rt_launch ONCUDA_SERVER="$both" CUDA_VISIBLE_DEVICES=1 \
		tests/runtime/rt_launch || verdict=1

	# Port 1 on the loopback: nothing listens there.
	run_client multi-unreachable 60 ONCUDA_SERVER="$both,127.0.0.1:1" \
		tests/multi/multi init
	if grep -qx "cuInit: CUDA_ERROR_NO_DEVICE" "$OUT/multi-unreachable.log" &&
		grep -q "127.0.0.1:1 (server 3 of 3 in ONCUDA_SERVER) cannot be reached" \
			"$OUT/multi-unreachable.log"; then
		ok "multi: cuInit fails and names the server it cannot reach"
	else
		bad "multi: an unreachable third server was not reported as such:"
		show "$OUT/multi-unreachable.log"
		verdict=1
	fi

	stop_server "$a" 10 || verdict=1
	stop_server "$b" 10 || verdict=1
	return $verdict
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
	# shellcheck source=tests/lib.sh
	. tests/lib.sh
	standalone multi step_multi -- "$@"
fi
