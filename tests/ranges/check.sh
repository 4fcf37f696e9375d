# shellcheck shell=bash
# tests/ranges/check.sh: a client may copy and memset only device memory
# it owns (issue 7), as a step for tests/run.sh (source this file, then run
# step_ranges), or on its own:
#
#   bash tests/ranges/check.sh [--driver fake|real]
#
# Two clients of one oncudad (tests/ranges/rangeclient): the owner
# allocates and fills memory and writes its address to a file; the intruder
# copies from and to it, memsets it, and runs copies and memsets from inside
# its own allocation past its end.  Every such call must fail with
# CUDA_ERROR_INVALID_VALUE, the server must say it refused each one (so the
# refusal is the server's, not the driver's), and the owner's bytes must be
# intact afterwards.  A third client then gives memory back (frees it,
# unloads the module or library of a global, frees page-locked memory,
# destroys a context) and must be refused it like any other; it also checks
# the extent of pitched allocations, globals and the device alias of
# page-locked memory.  All of them are misuses that only oncuda promises
# to refuse: the step runs only through oncudad.  Uses tests/lib.sh and
# run.sh's SERVER, OUT, CLIENT_LIBS and KERNELS.

RANGES_CLIENT=tests/ranges/rangeclient

step_ranges() {
	local addr=$OUT/ranges-owner.addr owner_pid status refused=0 n logged verdict=0
	[[ -x $RANGES_CLIENT ]] || { bad "no $RANGES_CLIENT; run make first"; return 1; }
	rm -f "$addr" "$addr.done"
	start_server ranges 20 "${SERVER[@]}" -n || return 1
	start_client ranges-owner ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		"$RANGES_CLIENT" owner "$addr"
	owner_pid=$CLIENT_PID
	if ! wait_ready ranges-owner 60; then
		kill_server "$SERVER_PID"
		return 1
	fi
	ok "the owner allocated and filled $(cut -d' ' -f2 "$addr") bytes at $(cut -d' ' -f1 "$addr")"

	run_client ranges-intruder 120 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		"$RANGES_CLIENT" intruder "$addr"
	status=$?
	n=$(sed -n 's/^PASS intruder: \([0-9][0-9]*\) calls refused$/\1/p' \
		"$OUT/ranges-intruder.log")
	if ((status == 0)) && [[ -n $n ]]; then
		ok "the intruder: $n calls refused, each with CUDA_ERROR_INVALID_VALUE"
		refused=$((refused + n))
	else
		bad "the intruder exited with status $status:"
		show "$OUT/ranges-intruder.log"
		verdict=1
	fi

	touch "$addr.done"
	wait_for 60 dead "$owner_pid"
	wait "$owner_pid"
	status=$?
	forget CLIENTS "$owner_pid"
	if ((status == 0)) && grep -q '^PASS owner' "$OUT/ranges-owner.out"; then
		ok "the owner: $(sed -n 's/^PASS owner: //p' "$OUT/ranges-owner.out")"
	else
		bad "the owner exited with status $status:"
		show "$OUT/ranges-owner.out"
		show "$OUT/ranges-owner.err"
		verdict=1
	fi

	run_client ranges-lifecycle 120 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		"$RANGES_CLIENT" lifecycle "${KERNELS:-tests/kernels/kernels.fatbin}"
	status=$?
	n=$(sed -n 's/^PASS lifecycle: \([0-9][0-9]*\) calls refused$/\1/p' \
		"$OUT/ranges-lifecycle.log")
	if ((status == 0)) && [[ -n $n ]]; then
		ok "memory given back (freed, unloaded, its context destroyed) and past the end of pitched memory, globals and mapped memory: $n calls refused"
		refused=$((refused + n))
	else
		bad "the lifecycle client exited with status $status:"
		show "$OUT/ranges-lifecycle.log"
		verdict=1
	fi
	stop_server "$SERVER_PID" 10 || verdict=1

	logged=$(grep -c 'refused cu[A-Za-z0-9]* of [0-9]* bytes at 0x[0-9a-f]*: not inside device memory this client owns' \
		"$OUT/ranges.log")
	if ((refused > 0 && logged == refused)); then
		ok "oncudad logged each of the $logged refusals with its address and length"
	else
		bad "oncudad logged $logged refusals; the clients had $refused calls refused:"
		grep 'refused' "$OUT/ranges.log" | show /dev/stdin
		verdict=1
	fi
	return $verdict
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
	# shellcheck source=tests/lib.sh
	. tests/lib.sh
	standalone ranges step_ranges -- "$@"
fi
