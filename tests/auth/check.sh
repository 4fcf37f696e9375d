# shellcheck shell=bash
# tests/auth/check.sh: oncudad --key-file and --allow (issue 7), as a step
# for tests/run.sh (source this file, then run step_auth), or on its own:
#
#   bash tests/auth/check.sh [--driver fake|real]
#
# Against an oncudad started with --key-file: a client with the key passes
# the e2e memory group; a client without a key and one with the wrong key
# get CUDA_ERROR_NO_DEVICE from cuInit and one line on stderr saying what
# to do, and the server log names each; a client that skips the exchange
# (tests/auth/skipauth) gets AUTH_TOOWEAK and its session is closed.  A
# key file that others may read stops oncudad from starting.  --allow
# 10.0.0.0/8 closes a loopback client's connection with a log line, and
# --allow 127.0.0.0/8 serves it.  IPC handles pass between two clients
# with the key and are refused to a client of another oncudad with
# another key (auth_ipc).  Uses tests/lib.sh and run.sh's SERVER,
# OUT and CLIENT_LIBS; needs tests/system/noserver and tests/auth/skipauth.

# auth_expect NAME WHAT GREP-ARGS...: the log $OUT/NAME.log has a line
# matching; otherwise shows the log.
auth_expect() {
	local name=$1 what=$2
	shift 2
	if grep -q "$@" "$OUT/$name.log"; then
		ok "$what"
	else
		bad "$what: $OUT/$name.log has no line matching '${*: -1}':"
		show "$OUT/$name.log"
		return 1
	fi
}

# auth_refused NAME [VAR=VALUE...]: tests/system/noserver, run as a client
# of the server on SERVER_PORT, saw CUDA_ERROR_NO_DEVICE and said why in
# one line of stderr matching AUTH_SAYS.
auth_refused() {
	local name=$1 lines
	shift
	run_client "$name" 60 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" "$@" \
		tests/system/noserver
	auth_expect "$name" "$name: cuInit returned CUDA_ERROR_NO_DEVICE" \
		-x CUDA_ERROR_NO_DEVICE || return 1
	lines=$(grep -c '^oncuda: ' "$OUT/$name.log")
	if ((lines != 1)); then
		bad "$name: $lines lines from oncuda on stderr, expected one:"
		show "$OUT/$name.log"
		return 1
	fi
	auth_expect "$name" "$name: one line says why: $(grep '^oncuda: ' "$OUT/$name.log")" \
		-E "^oncuda: $AUTH_SAYS"
}

# auth_ipc KEY OTHER-KEY: with the keyed server on SERVER_PORT running,
# IPC between two clients holding its key works (e2e ipc), and a client of
# a second oncudad with another key is refused the handles, which the
# second server logs.  On one machine both servers' drivers could open the
# handle: the refusal is oncuda's (idl/cuda.x, "Interprocess
# communication").
auth_ipc() {
	local key=$1 other_key=$2 port=$SERVER_PORT pid=$SERVER_PID verdict=0
	start_server auth-other 20 "${SERVER[@]}" -n --key-file "$other_key" || return 1
	run_client auth-ipc 120 ONCUDA_SERVER="127.0.0.1:$port" \
		ONCUDA_KEY_FILE="$key" ONCUDA_TEST_REMOTE=1 ONCUDA_TRANSPORT=tcp \
		ONCUDA_TEST_IPC_OTHER_SERVER="127.0.0.1:$SERVER_PORT" \
		ONCUDA_TEST_IPC_OTHER_KEY="$other_key" "$E2E" ipc
	e2e_passed $? auth-ipc || verdict=1
	stop_server "$SERVER_PID" 10 || verdict=1
	auth_expect auth-other "a client of another server (another key) is refused an IPC handle" \
		-E "cuIpcOpenMemHandle refused: the handle was not exported by a client of this server" ||
		verdict=1
	SERVER_PID=$pid
	SERVER_PORT=$port
	return $verdict
}

step_auth() {
	local key=$OUT/auth.key wrong=$OUT/auth-wrong.key open=$OUT/auth-open.key
	local verdict=0 log
	rm -f "$key" "$wrong" "$open"
	(umask 077 && head -c 32 /dev/urandom >"$key" && head -c 32 /dev/urandom >"$wrong")
	cp "$key" "$open" && chmod 644 "$open"

	start_server auth 20 "${SERVER[@]}" -n --key-file "$key" || return 1
	log=$OUT/auth.log
	run_client auth-e2e 300 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		ONCUDA_KEY_FILE="$key" ONCUDA_TEST_REMOTE=1 "$E2E" memory
	e2e_passed $? auth-e2e || verdict=1
	auth_ipc "$key" "$wrong" || verdict=1

	AUTH_SAYS="oncudad on 127\.0\.0\.1:$SERVER_PORT requires a key: set ONCUDA_KEY_FILE"
	auth_refused auth-nokey || verdict=1
	AUTH_SAYS="oncudad on 127\.0\.0\.1:$SERVER_PORT refused the key in ONCUDA_KEY_FILE=$wrong"
	# Without TLS, to see the key exchange refuse it (a client with a key
	# uses TLS otherwise, whose handshake refuses it: tests/tls/check.sh).
	auth_refused auth-wrongkey ONCUDA_TLS=0 ONCUDA_KEY_FILE="$wrong" || verdict=1
	AUTH_SAYS="cannot use the key file ONCUDA_KEY_FILE=$open: its permissions 0644"
	auth_refused auth-openkey ONCUDA_KEY_FILE="$open" || verdict=1

	run_logged auth-skip 30 tests/auth/skipauth "$SERVER_PORT"
	if (($? == 0)); then
		ok "a client that skips the key exchange gets AUTH_TOOWEAK, then a closed session"
	else
		bad "a client that skipped the key exchange was not refused and cut off:"
		show "$OUT/auth-skip.log"
		verdict=1
	fi
	stop_server "$SERVER_PID" 10 || verdict=1

	auth_expect auth "server log: the client with the key proved it" \
		-E "client 127\.0\.0\.1:[0-9]+ proved it holds the key" || verdict=1
	auth_expect auth "server log: the client without a key, named" \
		-E "refused client 127\.0\.0\.1:[0-9]+: it has no key" || verdict=1
	auth_expect auth "server log: the client with the wrong key, named" \
		-E "refused client 127\.0\.0\.1:[0-9]+: its key is not this server's" || verdict=1
	auth_expect auth "server log: the client that skipped the exchange, named" \
		-E "refused client 127\.0\.0\.1:[0-9]+: it called CU_INIT before proving" || verdict=1

	run_logged auth-open-server 10 "${SERVER[@]}" -n -p 0 --key-file "$open"
	if (($? == 1)); then
		auth_expect auth-open-server "oncudad refuses to start with a key file of mode 0644" \
			-E "not starting: the key file .* permissions 0644 .* chmod 600" || verdict=1
	else
		bad "oncudad --key-file with a file of mode 0644 did not exit 1:"
		show "$OUT/auth-open-server.log"
		verdict=1
	fi

	start_server auth-deny 20 "${SERVER[@]}" -n --allow 10.0.0.0/8 || return 1
	AUTH_SAYS="oncudad at 127\.0\.0\.1:$SERVER_PORT closed the connection as soon as it was made"
	auth_refused auth-denied || verdict=1
	stop_server "$SERVER_PID" 10 || verdict=1
	auth_expect auth-deny "server log: the refused connection, named" \
		-E "refused connection from 127\.0\.0\.1:[0-9]+: not in the networks of --allow \(10\.0\.0\.0/8\)" || verdict=1
	if grep -q "session .* opened" "$OUT/auth-deny.log"; then
		bad "--allow 10.0.0.0/8 opened a session for a loopback client"
		verdict=1
	fi

	start_server auth-allow 20 "${SERVER[@]}" -n --allow 127.0.0.0/8 || return 1
	run_client auth-allowed 60 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" tests/system/noserver
	auth_expect auth-allowed "--allow 127.0.0.0/8 serves a loopback client" \
		-x CUDA_SUCCESS || verdict=1
	stop_server "$SERVER_PID" 10 || verdict=1
	return $verdict
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
	# shellcheck source=tests/lib.sh
	. tests/lib.sh
	standalone auth step_auth -- "$@"
fi
