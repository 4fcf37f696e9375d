# shellcheck shell=bash
# tests/hostile/check.sh: issue 17's reproductions of a hostile-input
# review, as a step for tests/run.sh (source this file, then run
# step_hostile), or on its own:
#
#   bash tests/hostile/check.sh [--driver fake|real]
#
# Each drives oncudad or the client library with raw ONC RPC bytes, as an
# attacker would (tests/hostile/rawrpc.py), and fails on the code before
# the fix:
#   1. a request begun and never finished, before the key is proved, is cut
#      off at --request-timeout rather than holding its session for good;
#   2. past --max-clients a connection is closed unanswered, with a log
#      line; an idle session holding nothing ends at --idle-timeout;
#   4. a record larger than any client sends is refused before it is read;
#   5. a flood of traced calls leaves the trace file within --trace-file-max
#      (rotated to FILE.1);
#   6. ONCUDA_TIMEOUT bounds the whole call against a server that answers
#      with other calls' replies, or a byte at a time;
#   7. after a one-way call, RPC's own error replies are still sent;
#   8. a CUresult no driver has reaches the program as CUDA_ERROR_UNKNOWN;
# and the protocol revision check (ONCUDA_HELLO): a client of another
# revision, or of none, is refused and named in the log; and the data
# connections of striped copies: a wrong or spent token is refused and
# logged, a garbage frame or one stalled past --request-timeout loses the
# data connections, and the session serves on each time.
# Finding 3 needs more than raw bytes: an attacker on the path (tests/hostile/tamper.py, a proxy that
# rewrites the server's CU_PARAM_LAYOUT replies) who makes a kernel's last
# parameter 4096 or 32744 bytes: the client refuses the launch, of a kernel
# loaded as a cubin, of one loaded as PTX, of one that only compressed
# fatbin entries state (kernels_zstd.fatbin) and of one of the cubin a
# cuLink* of that PTX made on the server, with CUDA_ERROR_INVALID_VALUE
# and sends nothing of its memory past the arguments; through the proxy
# unchanged the same launches succeed.  (The layout checks themselves are
# tested in tests/unit/test_params, test_image_kernels, test_ptx_entries,
# test_declared.)
# Uses tests/lib.sh and run.sh's SERVER, OUT and CLIENT_LIBS; needs python3,
# tests/system/noserver, tests/hostile/tamperclient and tests/kernels.

# hostile_judged NAME STATUS: passes with the last line of NAME's log when
# STATUS is 0, else fails showing the log.
hostile_judged() {
	if (($2 == 0)); then
		ok "$(tail -n 1 "$OUT/$1.log")"
		return 0
	fi
	bad "$1:"
	show "$OUT/$1.log"
	return 1
}

# hostile_run NAME SECONDS ARGS...: rawrpc.py ARGS, judged by its status.
hostile_run() {
	local name=$1 seconds=$2
	shift 2
	run_logged "$name" "$seconds" python3 tests/hostile/rawrpc.py "$@"
	hostile_judged "$name" $?
}

# hostile_client NAME SERVER-KIND LIMIT: cuInit against a fake server of
# rawrpc.py with ONCUDA_TIMEOUT=2; fails unless it returns within LIMIT
# seconds.  Leaves what it printed in $OUT/NAME.log.
hostile_client() {
	local name=$1 kind=$2 limit=$3 portfile=$OUT/$1.port pid start elapsed
	rm -f "$portfile"
	python3 tests/hostile/rawrpc.py "$kind" "$portfile" >"$OUT/$name.server.log" 2>&1 &
	pid=$!
	CLIENTS+=("$pid")
	wait_for 10 test -s "$portfile"
	start=$(now_ms)
	run_logged "$name" 60 env LD_LIBRARY_PATH="$CLIENT_LIBS" \
		ONCUDA_SERVER="127.0.0.1:$(<"$portfile")" ONCUDA_TIMEOUT=2 \
		tests/system/noserver
	elapsed=$(($(now_ms) - start))
	kill "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	forget CLIENTS "$pid"
	if ((elapsed > limit * 1000)); then
		bad "$name: cuInit took $elapsed ms at ONCUDA_TIMEOUT=2:"
		show "$OUT/$name.log"
		return 1
	fi
	ok "$name: cuInit returned $(tail -n 1 "$OUT/$name.log") after $elapsed ms at ONCUDA_TIMEOUT=2"
}

# hostile_tamper NAME SIZE: tamperclient behind tamper.py's proxy to the
# server at SERVER_PORT, the layouts' last size set to SIZE (0: unchanged).
hostile_tamper() {
	local name=$1 size=$2
	run_logged "$name" 200 env LD_LIBRARY_PATH="$CLIENT_LIBS" \
		python3 tests/hostile/tamper.py "$SERVER_PORT" "$size" \
		tests/hostile/tamperclient tests/kernels
	hostile_judged "$name" $?
}

step_hostile() {
	local verdict=0 key=$OUT/hostile.key trace=$OUT/hostile.trace size
	if ! command -v python3 >/dev/null; then
		echo "    SKIP: no python3"
		return 77
	fi
	rm -f "$key" "$trace" "$trace.1"
	(umask 077 && head -c 32 /dev/urandom >"$key")

	# 1. Before the key is proved, and after (no key).
	start_server hostile-key 20 "${SERVER[@]}" -n --key-file "$key" \
		--request-timeout 2 || return 1
	hostile_run hostile-partial-key 30 partial "$SERVER_PORT" 2 || verdict=1
	stop_server "$SERVER_PID" 10 || verdict=1
	grep -q "did not arrive whole within 2 s" "$OUT/hostile-key.log" ||
		{ bad "hostile-key.log does not say why the session ended"; verdict=1; }

	start_server hostile 20 "${SERVER[@]}" -n --request-timeout 2 \
		--max-clients 3 --idle-timeout 2 -T "$trace" \
		--trace-file-max 64K || return 1
	hostile_run hostile-partial 30 partial "$SERVER_PORT" 2 || verdict=1
	# 4. A record larger than any client sends (1 GiB of CU_MAPPED_PUSH).
	hostile_run hostile-large 30 too-large "$SERVER_PORT" || verdict=1
	# 2. Sessions over the cap, and idle ones.
	hostile_run hostile-full 30 full "$SERVER_PORT" 3 || verdict=1
	if grep -q "refused connection from .*--max-clients 3" "$OUT/hostile.log"; then
		ok "the log says why the connection past the cap was refused"
	else
		bad "hostile.log has no line about --max-clients"; verdict=1
	fi
	hostile_run hostile-idle 30 idle "$SERVER_PORT" 2 || verdict=1
	# 5. The trace file stays within its cap.
	hostile_run hostile-flood 120 flood "$SERVER_PORT" 20000 || verdict=1
	# 7. Error replies after a one-way call.
	hostile_run hostile-oneway 30 after-oneway "$SERVER_PORT" || verdict=1
	# Protocol revisions: another one, and none.
	hostile_run hostile-revision 30 revision "$SERVER_PORT" || verdict=1
	# Data connections: wrong and spent tokens, garbage, a stall.
	hostile_run hostile-stripes 60 stripes "$SERVER_PORT" 2 || verdict=1
	stop_server "$SERVER_PID" 10 || verdict=1
	if grep -q "refused a data connection: wrong token" "$OUT/hostile.log"; then
		ok "the log names the data connection refused for its token"
	else
		bad "hostile.log has no line about a refused data connection"; verdict=1
	fi
	if grep -q "before saying its protocol revision" "$OUT/hostile.log" &&
		grep -q "must come from the same oncuda release" "$OUT/hostile.log"; then
		ok "the log names the client of another revision and the one of none"
	else
		bad "hostile.log does not name the clients of other revisions"; verdict=1
	fi
	size=$(stat -c %s "$trace" 2>/dev/null || echo 0)
	if [[ -s $trace.1 ]] && ((size <= 65536)) &&
		(($(stat -c %s "$trace.1") <= 65536)); then
		ok "20000 traced calls: the trace was rotated, $size bytes and $(stat -c %s "$trace.1") in $trace.1 (cap 64K)"
	else
		bad "the trace file passed its cap: $size bytes, $(stat -c %s "$trace.1" 2>/dev/null || echo no) in $trace.1"
		verdict=1
	fi

	# 3. A tampered parameter layout, on the wire.
	start_server hostile-tamper 20 "${SERVER[@]}" -n || return 1
	hostile_tamper hostile-tamper-none 0 || verdict=1
	hostile_tamper hostile-tamper-4096 4096 || verdict=1
	hostile_tamper hostile-tamper-32744 32744 || verdict=1
	stop_server "$SERVER_PID" 10 || verdict=1

	# 6. Deadlines in the client; 8. a CUresult no driver has.
	hostile_client hostile-stale stale-server 6 || verdict=1
	hostile_client hostile-trickle trickle-server 6 || verdict=1
	hostile_client hostile-badresult bad-result-server 10 || verdict=1
	if grep -qx CUDA_ERROR_UNKNOWN "$OUT/hostile-badresult.log" &&
		grep -q "no CUresult of CUDA" "$OUT/hostile-badresult.log"; then
		ok "a CUresult no driver has became CUDA_ERROR_UNKNOWN, said once"
	else
		bad "a CUresult no driver has reached the program:"
		show "$OUT/hostile-badresult.log"
		verdict=1
	fi
	return $verdict
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
	# shellcheck source=tests/lib.sh
	. tests/lib.sh
	standalone hostile step_hostile -- "$@"
fi
