# shellcheck shell=bash
# tests/batch/check.sh: one-way calls (stubs/batch.h), as a step for
# tests/run.sh (source this file, then run step_batch), or on its own:
#
#   bash tests/batch/check.sh [--driver fake|real]
#
# tests/batch/launchwait launches a kernel, computes on the CPU for 0.3 s
# without a CUDA call, then queries the stream, against an oncudad started
# with --trace-file.  The launch must reach the server within the flush
# delay (about 100 us; here: well under the 0.3 s, allowing for a loaded
# machine), not with the query; the client's trace says "queued" and the
# server's says the result was kept.  Then the e2e group "queued" (order of 10,000
# launches, error timing, two threads) runs against the same server.
# Uses tests/lib.sh and run.sh's SERVER, OUT and CLIENT_LIBS.

# batch_micros HH:MM:SS.UUUUUU: microseconds since midnight.
batch_micros() {
	local hms=${1%.*} us=${1#*.}
	local h=${hms%%:*} m=${hms#*:}
	m=${m%%:*}
	local s=${hms##*:}
	echo $(((10#$h * 3600 + 10#$m * 60 + 10#$s) * 1000000 + 10#$us))
}

# batch_server_time FILE PROC: the time of the first trace line of PROC.
batch_server_time() {
	sed -n "s/^[0-9-]* \([0-9:.]*\) oncudad\[[0-9]*\] [^ ]* $2(.*/\1/p" "$1" | head -n 1
}

step_batch() {
	local server=$OUT/batch-server.trace client=$OUT/batch-client.trace
	local launched queried at_launch at_query delay gap verdict=0
	# Generous for a shared CI machine; the flusher's own bound is about 100 us.
	local delay_max_us=100000
	rm -f "$server" "$client"
	start_server batch 20 "${SERVER[@]}" -n --trace-file "$server" || return 1
	run_client batch-launchwait 120 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		ONCUDA_TRACE="$client" tests/batch/launchwait tests/kernels/kernels.cubin 0.3
	if (($? == 0)) && grep -qx PASS "$OUT/batch-launchwait.log"; then
		ok "launchwait: launch, 0.3 s of CPU work, stream query"
	else
		bad "launchwait failed:"
		show "$OUT/batch-launchwait.log"
		verdict=1
	fi
	run_client batch-e2e 600 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		tests/e2e/e2e queued
	e2e_passed $? batch-e2e || verdict=1
	stop_server "$SERVER_PID" 10 || verdict=1

	launched=$(sed -n 's/^LAUNCHED //p' "$OUT/batch-launchwait.log")
	queried=$(sed -n 's/^QUERY //p' "$OUT/batch-launchwait.log")
	at_launch=$(batch_server_time "$server" CU_LAUNCH_KERNEL)
	at_query=$(batch_server_time "$server" CU_STREAM_QUERY)
	if [[ -z $launched || -z $queried || -z $at_launch || -z $at_query ]]; then
		bad "no times to compare (client: '$launched' '$queried'," \
			"server trace: '$at_launch' '$at_query')"
		return 1
	fi
	delay=$(($(batch_micros "$at_launch") - $(batch_micros "$launched")))
	gap=$(($(batch_micros "$at_query") - $(batch_micros "$at_launch")))
	if ((delay < delay_max_us)); then
		ok "the launch reached the server $delay us after it returned, without another call"
	else
		bad "the launch reached the server $delay us after it returned (at most $delay_max_us)"
		verdict=1
	fi
	if ((gap > 200000)); then
		ok "the query came $gap us after the launch, as the program made it"
	else
		bad "the launch and the query reached the server $gap us apart: the launch waited for the query"
		verdict=1
	fi
	trace_has "$client" "client trace: the launch is queued" \
		"CU_LAUNCH_KERNEL\(.*\) -> queued \([0-9]+ us\)$" || verdict=1
	trace_has "$server" "server trace: the launch's result, kept and not sent" \
		"CU_LAUNCH_KERNEL\(.*\) -> CUDA_SUCCESS \(one-way: kept, not sent\)" || verdict=1
	return $verdict
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
	# shellcheck source=tests/lib.sh
	. tests/lib.sh
	# shellcheck source=tests/trace/check.sh
	. tests/trace/check.sh
	standalone batch step_batch -- "$@"
fi
