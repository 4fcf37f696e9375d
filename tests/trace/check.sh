# shellcheck shell=bash
# tests/trace/check.sh: ONCUDA_TRACE and oncudad --trace-file, as a step for
# tests/run.sh (source this file, then run step_trace), or on its own:
#
#   bash tests/trace/check.sh [--driver fake|real]
#
# examples/vectorAdd runs with ONCUDA_TRACE=FILE against an oncudad started
# with --trace-file; both traces must have the calls with their decoded
# values (a size, a device pointer, a byte count with its CRC-32, the launch
# grid), the same checksums on both sides, a summary that counts every
# call, and no data bodies.  Uses tests/lib.sh and run.sh's SERVER, OUT and
# CLIENT_LIBS.

# trace_has FILE WHAT REGEX: FILE has a line matching REGEX (extended).
trace_has() {
	if grep -Eq -- "$3" "$1"; then
		ok "$2"
	else
		bad "$2: no line of ${1##*/} matches /$3/"
		return 1
	fi
}

# trace_crcs FILE PROC: the CRC-32s of the data of PROC's calls, in order.
trace_crcs() {
	sed -n "s/.* $2(.*bytes crc32 \([0-9a-f]\{8\}\)>.*/\1/p" "$1" | tr '\n' ' '
}

# trace_summary_total FILE: the calls column of the summary's total row.
trace_summary_total() {
	sed -n 's/.*  total  *\([0-9][0-9]*\) .*/\1/p' "$1" | tail -n 1
}

# trace_set_again: e2e set_current_again sets contexts current 2000 times,
# almost all of them the one already current (what the CUDA runtime does on
# every cudaSetDevice); only the sets that change something may cross.
trace_set_again() {
	local trace=$OUT/trace-set-again.trace sets
	rm -f "$trace"
	start_server trace-set-again 20 "${SERVER[@]}" -n || return 1
	run_client trace-set-again 60 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		ONCUDA_TEST_REMOTE=1 ONCUDA_TRACE="$trace" "$E2E" set_current_again
	local status=$?
	stop_server "$SERVER_PID" 10 || status=1
	if ((status != 0)); then
		bad "e2e set_current_again failed:"
		show "$OUT/trace-set-again.log"
		return 1
	fi
	sets=$(grep -c ' CU_CTX_SET_CURRENT(' "$trace")
	if ((sets <= 12)); then
		ok "2000 sets of a context, most of them the current one: $sets CU_CTX_SET_CURRENT crossed"
	else
		bad "2000 sets of a context, most of them the current one: $sets CU_CTX_SET_CURRENT crossed (at most 12 should)"
		return 1
	fi
}

step_trace() {
	local client=$OUT/trace-client.trace server=$OUT/trace-server.trace
	local calls total crcs_client crcs_server bytes verdict=0
	rm -f "$client" "$server"
	start_server trace 20 "${SERVER[@]}" -n --trace-file "$server" || return 1
	run_client trace-vectorAdd 120 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		ONCUDA_TRACE="$client" examples/vectorAdd
	if (($? == 0)) && grep -qx PASS "$OUT/trace-vectorAdd.log"; then
		ok "vectorAdd with ONCUDA_TRACE=FILE printed PASS"
	else
		bad "vectorAdd with ONCUDA_TRACE=FILE failed:"
		show "$OUT/trace-vectorAdd.log"
		verdict=1
	fi
	if grep -q '^oncuda\[' "$OUT/trace-vectorAdd.log"; then
		bad "the trace went to the program's output, not only to the file"
		verdict=1
	fi
	stop_server "$SERVER_PID" 10 || verdict=1
	[[ -s $client ]] || { bad "ONCUDA_TRACE wrote nothing to $client"; return 1; }
	[[ -s $server ]] || { bad "--trace-file wrote nothing to $server"; return 1; }

	local h='[0-9a-f]{8}' us='\([0-9]+ us\)$' p='0x[0-9a-f]+'
	trace_has "$client" "client: CU_INIT with its flags and CUresult" \
		"^oncuda\[[0-9]+\] CU_INIT\(flags=0\) -> CUDA_SUCCESS $us" || verdict=1
	trace_has "$client" "client: CU_MEM_ALLOC with the size and the pointer returned" \
		"CU_MEM_ALLOC\(size=200000\) -> CUDA_SUCCESS value=$p $us" || verdict=1
	trace_has "$client" "client: CU_MEMCPY_HTOD with the byte count and CRC-32" \
		"CU_MEMCPY_HTOD\(dst=$p, data=<200000 bytes crc32 $h>\) -> CUDA_SUCCESS $us" || verdict=1
	trace_has "$client" "client: CU_MEMCPY_DTOH with the data received" \
		"CU_MEMCPY_DTOH\(src=$p, size=200000\) -> CUDA_SUCCESS data=<200000 bytes crc32 $h> $us" || verdict=1
	trace_has "$client" "client: CU_LAUNCH_KERNEL with grid, block and arguments" \
		"CU_LAUNCH_KERNEL\(func=$p, grid=\{x=196, y=1, z=1\}, block=\{x=256, y=1, z=1\}, .*args=\{bytes=<28 bytes crc32 $h>, offsets=\[0, 8, 16, 24\]" || verdict=1
	trace_has "$client" "client: a string argument, quoted" \
		'CU_MODULE_GET_FUNCTION\(module=0x[0-9a-f]+, name="vectorAdd"\)' || verdict=1
	trace_has "$client" "client: a summary at exit" "summary: procedure +calls" || verdict=1
	calls=$(grep -c ' -> ' "$client")
	total=$(trace_summary_total "$client")
	if [[ $total == "$calls" ]]; then
		ok "client: the summary counts all $calls calls"
	else
		bad "client: the summary counts ${total:-no} calls, the trace has $calls"
		verdict=1
	fi

	trace_has "$server" "server: lines with time, pid and client" \
		"^[0-9-]+ [0-9:.]+ oncudad\[[0-9]+\] 127\.0\.0\.1:[0-9]+: CU_INIT\(flags=0\) -> CUDA_SUCCESS $us" || verdict=1
	trace_has "$server" "server: CU_MEMCPY_HTOD with byte count and CRC-32" \
		"CU_MEMCPY_HTOD\(dst=$p, data=<200000 bytes crc32 $h>\) -> CUDA_SUCCESS $us" || verdict=1
	trace_has "$server" "server: a summary at the end of the session" \
		"summary: procedure +calls" || verdict=1
	# The server also answers the client's NULLPROC ping, which the client
	# makes before tracing starts.
	calls=$(grep -c ' -> ' "$server")
	total=$(trace_summary_total "$server")
	if [[ $total == "$calls" ]]; then
		ok "server: the summary counts all $calls requests"
	else
		bad "server: the summary counts ${total:-no} requests, the trace has $calls"
		verdict=1
	fi
	crcs_client=$(trace_crcs "$client" CU_MEMCPY_HTOD)
	crcs_server=$(trace_crcs "$server" CU_MEMCPY_HTOD)
	if [[ -n $crcs_client && $crcs_client == "$crcs_server" ]]; then
		ok "client and server agree on the checksums of the data: $crcs_client"
	else
		bad "checksums differ: client '$crcs_client', server '$crcs_server'"
		verdict=1
	fi
	# 600 KB of data crossed; a trace with bodies would be larger than that.
	bytes=$(wc -c <"$server")
	if ((bytes < 32768)); then
		ok "server: no data bodies in the trace file ($bytes bytes for 600 KB copied)"
	else
		bad "server: the trace file is $bytes bytes: does it hold data?"
		verdict=1
	fi

	trace_set_again || verdict=1

	run_logged trace-badfile 10 "${SERVER[@]}" -n --trace-file /nonexistent/dir/trace
	if (($? == 2)) && grep -q "cannot write the trace file" "$OUT/trace-badfile.log"; then
		ok "oncudad --trace-file with an unwritable file exits 2 and says why"
	else
		bad "oncudad --trace-file /nonexistent/dir/trace did not refuse it:"
		show "$OUT/trace-badfile.log"
		verdict=1
	fi
	return $verdict
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
	# shellcheck source=tests/lib.sh
	. tests/lib.sh
	standalone trace step_trace -- "$@"
fi
