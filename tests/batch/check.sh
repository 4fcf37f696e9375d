# shellcheck shell=bash
# tests/batch/check.sh: one-way calls (stubs/wire/batch.h), as a step for
# tests/run.sh (source this file, then run step_batch and step_batch_exit),
# or on its own:
#
#   bash tests/batch/check.sh [--driver fake|real]
#
# tests/batch/launchwait launches a kernel, computes on the CPU for 0.3 s
# without a CUDA call, then queries the stream, against an oncudad started
# with --trace-file.  The launch must reach the server within the flush
# delay (about 100 us; here: well under the 0.3 s, allowing for a loaded
# machine), not with the query; the client's trace says "queued" and the
# server's says the result was kept.  Then the e2e group "queued" (order of 10,000
# launches, error timing, two threads) runs against the same server, and e2e
# events_ahead twice: events made ahead and destroyed one-way, counted in the
# client's trace, and with ONCUDA_EVENTS_AHEAD=0 one round trip an event.
#
# step_batch_exit: tests/batch/exitqueued queues a memset and a launch and
# returns from main with no call that waits, five times; the server's trace
# must show both calls of every run, run (the library ships them as the
# process exits).  Then the same with the server killed while the client
# sleeps before queuing: the client must still exit within a few seconds.
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

# batch_events_ahead: e2e events_ahead makes over 400 events; the client's
# trace must show them made ahead, a round trip for several (ONCUDA_EVENTS_AHEAD,
# default 8), and destroyed one-way; with ONCUDA_EVENTS_AHEAD=0, one
# CU_EVENT_CREATE each, and the test passes that way too.
batch_events_ahead() {
	local trace=$OUT/batch-events-ahead.trace plain=$OUT/batch-events-plain.trace
	local ahead creates queued verdict=0
	rm -f "$trace" "$plain"
	run_client batch-events-ahead 300 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		ONCUDA_TRACE="$trace" tests/e2e/e2e events_ahead
	e2e_passed $? batch-events-ahead || verdict=1
	ahead=$(grep -c 'CU_EVENT_CREATE_AHEAD(' "$trace")
	creates=$(grep -c 'CU_EVENT_CREATE(' "$trace")
	queued=$(grep -Ec 'CU_EVENT_DESTROY\(.*\) -> queued' "$trace")
	if ((ahead > 0 && ahead <= 100 && creates == 0 && queued >= 400)); then
		ok "events_ahead: $ahead round trips made the events, $queued destroys queued"
	else
		bad "events_ahead: $ahead CU_EVENT_CREATE_AHEAD (1 to 100 expected)," \
			"$creates CU_EVENT_CREATE (none), $queued destroys queued (400 or more)"
		verdict=1
	fi
	run_client batch-events-plain 300 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		ONCUDA_EVENTS_AHEAD=0 ONCUDA_TRACE="$plain" tests/e2e/e2e events_ahead
	e2e_passed $? batch-events-plain || verdict=1
	ahead=$(grep -c 'CU_EVENT_CREATE_AHEAD(' "$plain")
	creates=$(grep -c 'CU_EVENT_CREATE(' "$plain")
	if ((ahead == 0 && creates >= 400)); then
		ok "ONCUDA_EVENTS_AHEAD=0: $creates events made one round trip each"
	else
		bad "ONCUDA_EVENTS_AHEAD=0: $ahead CU_EVENT_CREATE_AHEAD (none expected)," \
			"$creates CU_EVENT_CREATE (400 or more)"
		verdict=1
	fi
	return $verdict
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
	batch_events_ahead || verdict=1
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

# batch_exit_arrived FILE N: the server's trace FILE has exitqueued's
# memset (value 0x5eed) and launch (grid 4), each run, N times.
batch_exit_arrived() {
	(($(grep -Ec 'CU_MEMSET_D32_ASYNC\(.*value=24301, .*\) -> CUDA_SUCCESS' "$1") == $2)) &&
		(($(grep -Ec 'CU_LAUNCH_KERNEL\(.*grid=\{x=4, .*\) -> CUDA_SUCCESS' "$1") == $2))
}

step_batch_exit() {
	local server=$OUT/batch-exit-server.trace
	local runs=5 run killed_at status verdict=0
	rm -f "$server"
	start_server batch-exit 20 "${SERVER[@]}" -n --trace-file "$server" || return 1
	# The flusher ships queued calls within ~100 us, and the exit races
	# with it: without the flush at exit, about half the runs lose their
	# calls here, so all of several runs arriving says the exit shipped.
	for ((run = 1; run <= runs; run++)); do
		if ! run_client batch-exitqueued-$run 60 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
			tests/batch/exitqueued tests/kernels/kernels.cubin ||
			! grep -qx QUEUED "$OUT/batch-exitqueued-$run.log"; then
			bad "exitqueued (run $run) failed:"
			show "$OUT/batch-exitqueued-$run.log"
			verdict=1
		fi
	done
	((verdict == 0)) && ok "exitqueued, $runs runs: memset and launch queued, then return from main"
	if wait_for 10 batch_exit_arrived "$server" "$runs"; then
		ok "server trace: in each run the memset and the launch queued before the exit arrived and ran"
	else
		bad "server trace: calls queued before the exit were lost:" \
			"$(grep -c 'CU_LAUNCH_KERNEL(.*grid={x=4, ' "$server") of $runs launches arrived"
		verdict=1
	fi
	stop_server "$SERVER_PID" 10 || verdict=1

	start_server batch-exitdead 20 "${SERVER[@]}" -n || return 1
	start_client batch-exitdead ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		timeout -k 2 10 tests/batch/exitqueued tests/kernels/kernels.cubin 1
	if ! wait_ready batch-exitdead 30; then
		kill_server "$SERVER_PID"
		return 1
	fi
	kill_server "$SERVER_PID"
	killed_at=$(now_ms)
	wait "$CLIENT_PID"
	status=$?
	forget CLIENTS "$CLIENT_PID"
	if ((status == 124 || status == 137)); then
		bad "with its server killed, exitqueued was still running after 10 s"
		show "$OUT/batch-exitdead.err"
		verdict=1
	else
		ok "with its server killed, exitqueued exited $(($(now_ms) - killed_at)) ms" \
			"after the kill, 1 s of it asleep (status $status)"
	fi
	return $verdict
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
	# shellcheck source=tests/lib.sh
	. tests/lib.sh
	# shellcheck source=tests/trace/check.sh
	. tests/trace/check.sh
	standalone batch step_batch step_batch_exit -- "$@"
fi
