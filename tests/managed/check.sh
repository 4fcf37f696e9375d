# shellcheck shell=bash
# tests/managed/check.sh: managed memory costs the pages that changed, not
# the buffer, as a step for tests/run.sh (source this file, then run
# step_managed), or on its own:
#
#   bash tests/managed/check.sh [--driver fake|real]
#
# The e2e test managed_pages writes one page of a 64 MiB managed buffer
# from the program and has a kernel change it, 16 times, checking the
# bytes each time.  Run with ONCUDA_TRACE, the client's summary must show
# the changed pages crossing each way (CU_MAPPED_PUSH's bytes sent,
# CU_MAPPED_PULL's bytes received), at least the 16 pages and at most
# twice that with framing: never the 64 MiB buffer.  The server reads and
# writes managed memory with the copy engine (server/copy/managed_copy.h):
# its log must not say it fell back to its CPU.  Uses tests/lib.sh and
# run.sh's SERVER, OUT, CLIENT_LIBS and E2E.

# managed_bytes FILE PROC COLUMN: a summary column (4: bytes sent, 5:
# bytes received) of PROC in the client's trace FILE; 0 when absent.
managed_bytes() {
	awk -v proc="$2" -v col="$3" '
		/summary: procedure/ { on = 1; next }
		on && $2 == proc { n = $col }
		END { print n + 0 }' "$1"
}

managed_within() {
	local what=$1 got=$2 least=$3 most=$4
	if ((got >= least && got <= most)); then
		ok "$what: $got bytes (16 pages of 4096 are $least)"
	else
		bad "$what: $got bytes, expected $least to $most"
		return 1
	fi
}

step_managed() {
	local trace=$OUT/managed-client.trace verdict=0 pushed pulled
	local least=$((16 * 4096)) most=$((2 * 16 * 4096))
	rm -f "$trace"
	start_server managed 20 "${SERVER[@]}" -n || return 1
	run_client e2e-managed 300 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		ONCUDA_TRANSPORT=tcp ONCUDA_TEST_REMOTE=1 ONCUDA_TRACE="$trace" \
		"$E2E" managed_pages
	e2e_passed $? e2e-managed || verdict=1
	stop_server "$SERVER_PID" 10 || verdict=1
	if grep -q "server's CPU reads and writes it instead" "$OUT/managed.log"; then
		bad "oncudad fell back to its CPU for managed memory:"
		grep "server's CPU reads" "$OUT/managed.log" | sed 's/^/      | /'
		verdict=1
	else
		ok "oncudad read and wrote managed memory with the copy engine"
	fi
	[[ -s $trace ]] || { bad "ONCUDA_TRACE wrote nothing to $trace"; return 1; }
	if grep -q '^SKIP managed_pages' "$OUT/e2e-managed.log"; then
		echo "    the device has no managed memory: nothing to count"
		return $verdict
	fi
	pushed=$(managed_bytes "$trace" CU_MAPPED_PUSH 4)
	pulled=$(managed_bytes "$trace" CU_MAPPED_PULL 5)
	managed_within "pushed (the program's pages)" "$pushed" "$least" "$most" ||
		verdict=1
	managed_within "pulled (the kernel's pages)" "$pulled" "$least" "$most" ||
		verdict=1
	return $verdict
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
	# shellcheck source=tests/lib.sh
	. tests/lib.sh
	standalone managed step_managed -- "$@"
fi
