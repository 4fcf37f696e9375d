# shellcheck shell=bash
# tests/local/check.sh: the same-host path (issue 4), as a step for
# tests/run.sh (source this file, then run step_local), or on its own:
#
#   bash tests/local/check.sh [--driver fake|real]
#
# An oncudad with its unix-domain socket in $OUT (never the machine's
# default path, so runs do not collide) serves:
# - vectorAdd traced, ONCUDA_TRANSPORT=auto (the default, stated because
#   tests/run.sh may set tcp for the other steps): the copies are
#   ONCUDA_LOCAL_HTOD/DTOH calls, no
#   CU_MEMCPY_* call carries data, the server's session is a unix peer,
#   and its calls go through the rings in shared memory (ONCUDA_LOCAL_RING);
# - vectorAdd and e2e's hostmem, memory, launch, hostfn and queued groups
#   with ONCUDA_LOCAL_RING=0, on the socket alone;
# - the same with ONCUDA_TRANSPORT=tcp: CU_MEMCPY_* over a 127.0.0.1 session;
# - all of e2e over the same-host path, and its hostmem, memory and bigcopy
#   groups over TCP;
# - tests/local/pipecopy: pageable copies around the staging slot's size,
#   synchronous and on streams, ordered before a kernel by an event, and
#   refused past the end, go through the pipelined procedures;
# - tests/local/rawlocal: out-of-bounds copies, unsealed or short memfds,
#   rings offered with a pipe for an eventfd or in a bad memfd, and offers
#   over TCP are refused with the CUDA error, the session lives on;
# - tests/local/holdhost killed with 64 MiB shared: its server process
#   ends, and the daemon holds no more descriptors than before;
# and ONCUDA_TRANSPORT=local against a server without the socket fails with
# a message, and --allow without 127.0.0.1 refuses unix peers.
# Uses tests/lib.sh and run.sh's SERVER, OUT and CLIENT_LIBS.

# local_has FILE WHAT REGEX / local_lacks FILE WHAT REGEX
local_has() {
	if grep -Eq -- "$3" "$1"; then ok "$2"; else
		bad "$2: no line of ${1##*/} matches /$3/"; return 1; fi
}
local_lacks() {
	if ! grep -Eq -- "$3" "$1"; then ok "$2"; else
		bad "$2: ${1##*/} has /$3/:"; grep -E -- "$3" "$1" | head -n 3; return 1; fi
}

# local_fds PID: how many descriptors PID has open.
local_fds() { find "/proc/$1/fd" -mindepth 1 2>/dev/null | wc -l; }

# local_session_pid LOG CLIENTPID: the server process serving that client.
local_session_pid() {
	sed -n "s/.*session unix:uid=[0-9]*,pid=$2 pid \([0-9]*\) opened.*/\1/p" "$1" | head -n 1
}

local_vectoradd() {
	local name=$1 want=$2 trace=$OUT/$1.trace
	shift 2
	rm -f "$trace"
	run_client "$name" 120 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		ONCUDA_TRACE="$trace" "$@" examples/vectorAdd
	if (($? == 0)) && grep -qx PASS "$OUT/$name.log"; then
		ok "vectorAdd $want printed PASS"
	else
		bad "vectorAdd $want failed:"; show "$OUT/$name.log"; return 1
	fi
}

# local_e2e NAME VAR=VALUE... [-- GROUP...]: e2e (all groups unless named).
local_e2e() {
	local name=$1 status env=()
	shift
	while (($# > 0)) && [[ $1 != -- ]]; do env+=("$1"); shift; done
	(($# > 0)) && shift
	run_client "$name" 900 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		ONCUDA_TEST_REMOTE=1 "${env[@]}" tests/e2e/e2e "$@"
	status=$?
	e2e_passed "$status" "$name"
}

step_local() {
	local sock=$OUT/local.sock log verdict=0 before after session
	start_server local 20 "${SERVER[@]}" -n --local-socket "$sock" || return 1
	log=$OUT/local.log
	local_has "$log" "the server names its local socket" "clients on this host connect through $sock" || verdict=1

	# auto, stated: tests/run.sh may keep its other steps on TCP.
	local_vectoradd local-vectorAdd "over the local socket" ONCUDA_TRANSPORT=auto || verdict=1
	local_has "$OUT/local-vectorAdd.trace" "local: the upload is one ONCUDA_LOCAL_HTOD call" \
		'ONCUDA_LOCAL_HTOD\(.*size=200000.*\) -> CUDA_SUCCESS' || verdict=1
	local_has "$OUT/local-vectorAdd.trace" "local: the download is one ONCUDA_LOCAL_DTOH call" \
		'ONCUDA_LOCAL_DTOH\(.*size=200000.*\) -> CUDA_SUCCESS' || verdict=1
	local_lacks "$OUT/local-vectorAdd.trace" "local: no copy carries data over the socket" \
		'CU_MEMCPY_(HTOD|DTOH)' || verdict=1
	local_has "$log" "local: the server logs the unix peer's uid and pid" \
		'session unix:uid=[0-9]+,pid=[0-9]+ pid [0-9]+ opened' || verdict=1
	local_has "$log" "local: calls and replies go through the rings in shared memory" \
		'calls and replies through rings in shared memory' || verdict=1

	# The socket alone, as ONCUDA_LOCAL_RING=0 asks.
	before=$(grep -c 'through rings in shared memory' "$log")
	local_vectoradd socket-vectorAdd "with ONCUDA_LOCAL_RING=0" ONCUDA_TRANSPORT=auto \
		ONCUDA_LOCAL_RING=0 || verdict=1
	local_e2e socket-e2e ONCUDA_TRANSPORT=auto ONCUDA_LOCAL_RING=0 -- \
		hostmem memory launch hostfn queued || verdict=1
	after=$(grep -c 'through rings in shared memory' "$log")
	if ((after == before)); then
		ok "ONCUDA_LOCAL_RING=0: no session of it took the rings"
	else
		bad "ONCUDA_LOCAL_RING=0: $((after - before)) sessions took the rings"; verdict=1
	fi

	local_vectoradd tcp-vectorAdd "with ONCUDA_TRANSPORT=tcp" ONCUDA_TRANSPORT=tcp || verdict=1
	local_has "$OUT/tcp-vectorAdd.trace" "tcp: the upload is CU_MEMCPY_HTOD with its data" \
		'CU_MEMCPY_HTOD\(dst=0x[0-9a-f]+, data=<200000 bytes' || verdict=1
	local_lacks "$OUT/tcp-vectorAdd.trace" "tcp: no same-host procedure" 'ONCUDA_LOCAL_' || verdict=1

	local_e2e local-e2e ONCUDA_TRANSPORT=auto || verdict=1
	local_e2e tcp-e2e ONCUDA_TRANSPORT=tcp -- hostmem memory bigcopy || verdict=1

	run_logged local-raw 60 tests/local/rawlocal "$sock" "$SERVER_PORT"
	if (($? == 0)); then
		ok "rawlocal: every bad range, descriptor and transport refused"
	else
		bad "rawlocal:"; show "$OUT/local-raw.log"; verdict=1
	fi

	rm -f "$OUT/local-pipe.trace"
	run_client local-pipe 300 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" ONCUDA_TRANSPORT=auto \
		ONCUDA_TRACE="$OUT/local-pipe.trace" tests/local/pipecopy tests/kernels/kernels.fatbin
	if (($? == 0)) && grep -qx 'pipecopy: ok' "$OUT/local-pipe.log"; then
		ok "pipecopy: pageable copies around the slot size, on streams, refused past the end"
	else
		bad "pipecopy failed:"; show "$OUT/local-pipe.log"; verdict=1
	fi
	local_has "$OUT/local-pipe.trace" "pipecopy: uploads are pipelined (ONCUDA_LOCAL_STAGED_HTOD)" \
		'ONCUDA_LOCAL_STAGED_HTOD\(.*\) -> CUDA_SUCCESS' || verdict=1
	local_has "$OUT/local-pipe.trace" "pipecopy: downloads are pipelined (ONCUDA_LOCAL_STAGED_DTOH)" \
		'ONCUDA_LOCAL_STAGED_DTOH\(.*\) -> CUDA_SUCCESS' || verdict=1

	before=$(local_fds "$SERVER_PID")
	start_client local-hold ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" ONCUDA_TRANSPORT=auto \
		tests/local/holdhost
	if wait_ready local-hold 60; then
		session=$(local_session_pid "$log" "$CLIENT_PID")
		if [[ -n $session ]] && grep -q 'memfd:oncuda-hostmem' "/proc/$session/maps"; then
			ok "hold: server process $session maps the client's memfd"
		else
			bad "hold: no server process with the client's memfd mapped"; verdict=1
		fi
		kill -KILL "$CLIENT_PID"
		wait "$CLIENT_PID" 2>/dev/null
		forget CLIENTS "$CLIENT_PID"
		if [[ -n $session ]] && wait_for 20 dead "$session"; then
			ok "hold: the session ended when its client was killed"
		else
			bad "hold: server process ${session:-?} still there after its client was killed"; verdict=1
		fi
		after=$(local_fds "$SERVER_PID")
		if [[ $before == "$after" ]]; then
			ok "hold: the daemon holds $after descriptors, as before"
		else
			bad "hold: the daemon held $before descriptors and now $after"; verdict=1
		fi
	else
		verdict=1
	fi
	stop_server "$SERVER_PID" 10 || verdict=1
	[[ -e $sock ]] && { bad "the socket $sock is still there after the server stopped"; verdict=1; }

	start_server local-none 20 "${SERVER[@]}" -n --local-socket none || return 1
	run_client local-forced 60 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		ONCUDA_TRANSPORT=local examples/deviceQuery
	if (($? != 0)) && grep -q 'ONCUDA_TRANSPORT=local, but' "$OUT/local-forced.log"; then
		ok "ONCUDA_TRANSPORT=local without a local socket fails and says why"
	else
		bad "ONCUDA_TRANSPORT=local without a local socket:"; show "$OUT/local-forced.log"; verdict=1
	fi
	stop_server "$SERVER_PID" 10 || verdict=1

	start_server local-allow 20 "${SERVER[@]}" -n --local-socket "$sock" --allow 10.0.0.0/8 || return 1
	run_client local-allow-client 60 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" examples/deviceQuery
	local_has "$OUT/local-allow.log" "--allow 10.0.0.0/8 refuses connections from this host" \
		'refused connection from 127\.0\.0\.1' || verdict=1
	timeout 10 tests/local/rawlocal "$sock" "$SERVER_PORT" >/dev/null 2>&1
	local_has "$OUT/local-allow.log" "--allow 10.0.0.0/8 refuses unix peers as local ones" \
		'refused local connection from unix:uid=[0-9]+,pid=[0-9]+' || verdict=1
	stop_server "$SERVER_PID" 10 || verdict=1
	return $verdict
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
	# shellcheck source=tests/lib.sh
	. tests/lib.sh
	standalone local step_local -- "$@"
fi
