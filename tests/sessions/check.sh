# shellcheck shell=bash
# tests/sessions/check.sh: sessions visible (issue 19) -- oncuda-ls -v,
# --json, oncudad --metrics-file and the log line at a session's end, as a
# step for tests/run.sh (source this file, then run step_sessions), or on
# its own:
#
#   bash tests/sessions/check.sh [--driver fake|real]
#
# Starts an oncudad of its own with --key-file and --metrics-file, and two
# clients (tests/sessions/holder) that hold known device and page-locked
# memory after a known copy each way, then wait.  While they wait:
# oncuda-ls -v --json with the key must list both with those figures
# (tests/sessions/figures.py), the table must show them, the metrics file
# must parse and say the same, and oncuda-ls without the key must be
# refused by the server.  Then the clients end, and the log must hold one
# line each with their totals, and the metrics file's totals of every
# session must still hold them, no counter having gone down
# (tests/sessions/totals.py), and again once the server stopped.  Uses
# tests/lib.sh and run.sh's SERVER and OUT.

# sessions_holder NAME DEVICE PINNED COPY: starts one holder as NAME.
sessions_holder() {
	start_client "$1" ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		ONCUDA_KEY_FILE="$OUT/sessions.key" \
		tests/sessions/holder "$2" "$3" "$4" "$OUT/sessions.go"
}

# sessions_metrics_show N: the metrics file says N sessions.
sessions_metrics_show() {
	grep -qx "oncuda_sessions $1" "$OUT/sessions.prom" 2>/dev/null
}

# sessions_ended PID PATTERN: the server's log has the end line of session
# PID matching PATTERN.
sessions_ended() {
	grep -E "session [^ ]+ pid $1 ended: $2" "$OUT/sessions.log" >/dev/null
}

step_sessions() {
	local verdict=0 a b pid_a pid_b server holders
	local dev_a=3145728 pinned_a=1048576 copy_a=262144
	local dev_b=5242880 pinned_b=2097152 copy_b=65536
	rm -f "$OUT/sessions.go" "$OUT/sessions.prom" "$OUT"/sessions-*.prom
	holders=("$dev_a:$pinned_a:$copy_a" "$dev_b:$pinned_b:$copy_b")
	head -c 32 /dev/urandom >"$OUT/sessions.key"
	chmod 600 "$OUT/sessions.key"
	start_server sessions 20 "${SERVER[@]}" -n --key-file "$OUT/sessions.key" \
		--metrics-file "$OUT/sessions.prom" || return 1
	server=$SERVER_PID

	sessions_holder sessions-a "$dev_a" "$pinned_a" "$copy_a"
	a=$CLIENT_PID
	wait_ready sessions-a 60 || verdict=1
	sessions_holder sessions-b "$dev_b" "$pinned_b" "$copy_b"
	b=$CLIENT_PID
	wait_ready sessions-b 60 || verdict=1

	if ! wait_for 15 sessions_metrics_show 2; then
		bad "the metrics file does not show the 2 sessions within 15 s:"
		show "$OUT/sessions.prom"
		verdict=1
	fi
	if run_logged sessions-json 30 tools/oncuda-ls -v --json \
		--key-file "$OUT/sessions.key" "127.0.0.1:$SERVER_PORT" &&
		cp "$OUT/sessions.prom" "$OUT/sessions-open.prom" &&
		python3 tests/sessions/figures.py "$OUT/sessions-json.log" \
			"$OUT/sessions-open.prom" "${holders[@]}" \
			>"$OUT/sessions-figures.log" 2>&1; then
		ok "oncuda-ls -v --json and the metrics file: both sessions with their figures" \
			"($(grep -c '^ok' "$OUT/sessions-figures.log") checks)"
	else
		bad "oncuda-ls -v --json or the metrics file:"
		show "$OUT/sessions-json.log"
		show "$OUT/sessions-figures.log"
		verdict=1
	fi
	pid_a=$(python3 -c 'import json,sys; print(*[s["pid"] for s in json.load(open(sys.argv[1]))["servers"][0]["sessions"] if s["device_memory"] == int(sys.argv[2])])' \
		"$OUT/sessions-json.log" "$dev_a" 2>/dev/null)
	pid_b=$(python3 -c 'import json,sys; print(*[s["pid"] for s in json.load(open(sys.argv[1]))["servers"][0]["sessions"] if s["device_memory"] == int(sys.argv[2])])' \
		"$OUT/sessions-json.log" "$dev_b" 2>/dev/null)

	if ONCUDA_KEY_FILE="$OUT/sessions.key" run_logged sessions-table 30 \
		tools/oncuda-ls -v "127.0.0.1:$SERVER_PORT" &&
		grep -Eq "^    $pid_a +127\.0\.0\.1:[0-9]+ +proved .* 3\.0 MiB +1\.0 MiB +1 " "$OUT/sessions-table.log" &&
		grep -Eq "^    $pid_b +127\.0\.0\.1:[0-9]+ +proved .* 5\.0 MiB +2\.0 MiB +1 " "$OUT/sessions-table.log" &&
		grep -Eq "\(this listing\)$" "$OUT/sessions-table.log" &&
		grep -Eq "^    GPU( [0-9]+ .*busy|s: no NVML)" "$OUT/sessions-table.log"; then
		ok "oncuda-ls -v (ONCUDA_KEY_FILE): the table shows both, the listing, the GPUs"
	else
		bad "oncuda-ls -v's table:"
		show "$OUT/sessions-table.log"
		verdict=1
	fi

	if ONCUDA_KEY_FILE='' run_logged sessions-nokey 30 tools/oncuda-ls -v \
		"127.0.0.1:$SERVER_PORT"; then
		bad "oncuda-ls -v without the key listed the sessions:"
		show "$OUT/sessions-nokey.log"
		verdict=1
	elif grep -q "requires its key to list sessions" "$OUT/sessions-nokey.log" &&
		! grep -Eq "3\.0 MiB|5\.0 MiB" "$OUT/sessions-nokey.log" &&
		wait_for 5 grep -q "it called ONCUDA_LIST_SESSIONS before proving it holds the key" \
			"$OUT/sessions.log"; then
		ok "without the key: refused by the server (AUTH_TOOWEAK), nothing listed"
	else
		bad "oncuda-ls -v without the key was not refused as it should be:"
		show "$OUT/sessions-nokey.log"
		verdict=1
	fi

	touch "$OUT/sessions.go"
	for pid in "$a" "$b"; do
		wait "$pid" || { bad "holder $pid exited with status $?"; verdict=1; }
		forget CLIENTS "$pid"
	done
	if grep -qx "PASS holder" "$OUT/sessions-a.out" &&
		grep -qx "PASS holder" "$OUT/sessions-b.out"; then
		ok "both holders checked their copies and freed everything"
	else
		bad "a holder failed:"
		show "$OUT/sessions-a.err"
		show "$OUT/sessions-b.err"
		verdict=1
	fi
	if [[ -n $pid_a && -n $pid_b ]] &&
		wait_for 10 sessions_ended "$pid_a" "seconds=[0-9]+ calls=[0-9]+ bytes_in=[0-9]{6,} bytes_out=[0-9]{6,} device_memory_peak=$dev_a page_locked_peak=$pinned_a key_proved=yes identity=-" &&
		wait_for 10 sessions_ended "$pid_b" "seconds=[0-9]+ calls=[0-9]+ bytes_in=[0-9]{5,} bytes_out=[0-9]{5,} device_memory_peak=$dev_b page_locked_peak=$pinned_b key_proved=yes identity=-"; then
		ok "the log has each session's totals at its end"
		grep -E "pid ($pid_a|$pid_b) ended" "$OUT/sessions.log" | sed 's/^/      | /'
	else
		bad "no end-of-session line with the totals for pids '$pid_a' '$pid_b':"
		grep ended "$OUT/sessions.log" | show /dev/stdin
		verdict=1
	fi
	# Once every session has ended, the totals must still hold them.
	if wait_for 15 sessions_metrics_show 0 &&
		cp "$OUT/sessions.prom" "$OUT/sessions-ended.prom" &&
		python3 tests/sessions/totals.py "$OUT/sessions-open.prom" \
			"$OUT/sessions-ended.prom" "$OUT/sessions-json.log" "${holders[@]}" \
			>"$OUT/sessions-totals.log" 2>&1; then
		ok "the metrics file's totals still hold the ended sessions, no counter went down" \
			"($(grep -c '^ok' "$OUT/sessions-totals.log") checks)"
	else
		bad "the metrics file's totals once the sessions ended:"
		show "$OUT/sessions-totals.log"
		show "$OUT/sessions.prom"
		verdict=1
	fi

	stop_server "$server" 20 || verdict=1
	if grep -qx "oncuda_up 0" "$OUT/sessions.prom" &&
		grep -qx "oncuda_sessions 0" "$OUT/sessions.prom" &&
		python3 tests/sessions/totals.py --kept "$OUT/sessions-ended.prom" \
			"$OUT/sessions.prom" "$OUT/sessions-json.log" "${holders[@]}" \
			>"$OUT/sessions-stopped.log" 2>&1; then
		ok "the metrics file says the server stopped, its totals kept"
	else
		bad "the metrics file after the stop:"
		show "$OUT/sessions-stopped.log"
		show "$OUT/sessions.prom"
		verdict=1
	fi
	return $verdict
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	cd "$(dirname "$0")/../.." || exit 1
	# shellcheck source=tests/lib.sh
	. tests/lib.sh
	standalone sessions step_sessions -- "$@"
fi
