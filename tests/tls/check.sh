# shellcheck shell=bash
# tests/tls/check.sh: RPC-with-TLS (RFC 9289, issue 18), as a step for
# tests/run.sh (source this file, then run step_tls), or on its own:
#
#   bash tests/tls/check.sh [--driver fake|real]
#
#  1. PSK: oncudad --tls --key-file; the e2e suite with ONCUDA_KEY_FILE runs
#     inside TLS (host functions too: their callback connection starts its
#     own TLS), and the server log says so, with kernel TLS on or off.
#  2. X.509: certificates made here with openssl (a CA, a server certificate
#     for localhost and 127.0.0.1, a client certificate CN=tenant-a);
#     oncudad --tls --tls-cert --tls-key --tls-ca; the e2e groups pass and
#     the log names the identity tenant-a.
#  3. A relay (tlsprobe.py relay) records the TCP bytes of the modules
#     group: bytes of the kernel image are there in plain, absent in TLS.
#  4. Bad input, each a clear line on both ends and no crash: a plain
#     client of a --tls server, a TLS client of a server without TLS, a
#     wrong key, a server certificate of another CA, an expired one, no
#     client certificate where one is required, a handshake that stalls
#     (the server side at --request-timeout, the client side at
#     ONCUDA_TIMEOUT), a garbage TLS record after the handshake (both ends).
#  5. Named identities (--keys-file): a tenant passes the memory group under
#     its name, which the log gives; another tenant's key under that name,
#     and a name no key has, are refused.
#  6. The probe and its reply as an implementation written from the RFCs
#     reads them (tlsprobe.py probe), with TLS offered and without.
#  7. Striped copies inside TLS, with the PSK and with X.509: a 64 MiB
#     round trip over 8 data connections lands its bytes (and large
#     asynchronous downloads into page-locked memory, dtoh_striped), and both ends
#     say each data connection is inside TLS (with X.509, resuming the
#     session's by its ticket at both of its TLS sessions); a data connection made plain
#     for a session inside TLS, and one made inside TLS for a plain
#     session, are refused at the bind (tlsprobe.py mixed), the log saying
#     why.
#  8. oncuda-ls -v: its own connection inside TLS with the PSK and with
#     X.509, the line saying the suite and whether the kernel does the TLS
#     (kTLS) and why not; plain with a server that offers none; refused,
#     saying why, by a --tls server when it has no key.
# Uses tests/lib.sh and run.sh's SERVER, OUT, E2E and CLIENT_LIBS; needs
# python3, openssl and tests/system/noserver.

TLS_GROUPS=(memory modules launch stream hostfn queued)

# tls_expect NAME WHAT GREP-ARGS...: the log $OUT/NAME.log has a line matching.
tls_expect() {
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

# tls_refused NAME SAYS [VAR=VALUE...]: cuInit on the server of
# SERVER_PORT fails with CUDA_ERROR_NO_DEVICE and one line matching SAYS.
tls_refused() {
	local name=$1 says=$2
	shift 2
	run_client "$name" 60 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		ONCUDA_TIMEOUT=5 "$@" tests/system/noserver
	tls_expect "$name" "$name: cuInit returned CUDA_ERROR_NO_DEVICE" \
		-x CUDA_ERROR_NO_DEVICE || return 1
	tls_expect "$name" "$name: says $(grep '^oncuda: ' "$OUT/$name.log" | head -n 1)" \
		-E "^oncuda: .*$says"
}

# tls_striped NAME HOW VAR=VALUE...: a 64 MiB copy each way over 8 data
# connections with the server of SERVER_PORT, each inside TLS by HOW (PSK
# or X.509), as the client says under ONCUDA_DEBUG.
tls_striped() {
	local name=$1 how=$2
	shift 2
	run_client "$name" 300 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		ONCUDA_TEST_REMOTE=1 ONCUDA_TEST_BIG_MB=64 ONCUDA_STREAMS=8 \
		ONCUDA_DEBUG=1 "$@" "$E2E" big_copy dtoh_striped
	e2e_passed $? "$name" || return 1
	tls_expect "$name" "$name: the client's data connection 7 inside TLS ($how)" \
		-E "^oncuda: data connection 7 of oncudad on .*: TLSv1\.3 [A-Z0-9_]+, $how, kernel TLS send (on|off) receive (on|off)"
}

# KTLS: how oncuda-ls -v says whether the kernel does the TLS, and why not.
KTLS='kTLS: (on|off \(.+\)|send (on|off), receive (on|off) \(.+\))$'

# tls_ls NAME STATUS LINE [VAR=VALUE...]: oncuda-ls -v on the server of
# SERVER_PORT exits with STATUS and prints a line matching LINE; with
# --json too, its connection's kTLS flags agree with the text's.
tls_ls() {
	local name=$1 status=$2 line=$3
	shift 3
	run_logged "$name" 30 env "$@" tools/oncuda-ls -v "127.0.0.1:$SERVER_PORT"
	if (($? != status)); then
		bad "$name: oncuda-ls -v did not exit with $status:"; show "$OUT/$name.log"
		return 1
	fi
	tls_expect "$name" "$name: oncuda-ls -v says $(grep -E "$line" "$OUT/$name.log" | head -n 1 | sed 's/^ *//')" \
		-E "$line" || return 1
	# Its stdout alone: the JSON.
	run_logged "$name-json" 30 sh -c 'exec "$@" 2>/dev/null' sh env "$@" \
		tools/oncuda-ls -v --json "127.0.0.1:$SERVER_PORT"
	python3 - "$OUT/$name-json.log" <<'PY' || { bad "$name: oncuda-ls -v --json:"; show "$OUT/$name-json.log"; return 1; }
import json, sys
server = json.load(open(sys.argv[1]))["servers"][0]
c = server.get("connection")
if c is None:
    sys.exit(0 if "sessions_error" in server else 1)
text = c["text"]
if c["tls"]:
    on = text.endswith("kTLS: on")
    assert on == (c["ktls_send"] and c["ktls_receive"]), c
    assert on == (c["ktls_off"] == ""), c
else:
    assert text.startswith("none, a plain connection"), c
PY
}

# tls_py NAME SECONDS ARGS...: tlsprobe.py ARGS, judged by its status.
tls_py() {
	local name=$1 seconds=$2
	shift 2
	run_logged "$name" "$seconds" python3 tests/tls/tlsprobe.py "$@"
	if (($? == 0)); then
		ok "$(tail -n 1 "$OUT/$name.log" | sed "s/^ok: //")"
	else
		bad "$name:"
		show "$OUT/$name.log"
		return 1
	fi
}

# tls_certs DIR: a CA, the server's certificate (localhost, 127.0.0.1), an
# expired one, a client's (CN=tenant-a), and another CA.
tls_certs() {
	local d=$1 ossl=(openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes)
	(
		set -e
		umask 077
		cd "$d"
		openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
			-keyout ca.key -out ca.pem -days 2 -subj /CN=oncuda-test-ca
		openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
			-keyout other-ca.key -out other-ca.pem -days 2 -subj /CN=another-ca
		"${ossl[@]}" -keyout server.key -out server.csr -subj /CN=localhost
		printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\n' >server.ext
		openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key \
			-CAcreateserial -out server.pem -days 2 -extfile server.ext
		openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key \
			-CAcreateserial -out expired.pem -days -1 -extfile server.ext
		"${ossl[@]}" -keyout client.key -out client.csr -subj /CN=tenant-a
		printf 'extendedKeyUsage=clientAuth\n' >client.ext
		openssl x509 -req -in client.csr -CA ca.pem -CAkey ca.key \
			-CAcreateserial -out client.pem -days 2 -extfile client.ext
	) >"$OUT/tls-certs.log" 2>&1
}

# tls_capture NAME [VAR=VALUE...]: the modules group through a recording
# relay to the server on SERVER_PORT; the capture is $OUT/NAME.bytes.
tls_capture() {
	local name=$1 relay port
	shift
	rm -f "$OUT/$name.bytes" "$OUT/$name.port"
	python3 tests/tls/tlsprobe.py relay "$OUT/$name.port" "$SERVER_PORT" \
		"$OUT/$name.bytes" >"$OUT/$name.relay.log" 2>&1 &
	relay=$!
	CLIENTS+=("$relay")
	wait_for 10 test -s "$OUT/$name.port"
	port=$(<"$OUT/$name.port")
	run_client "$name" 300 ONCUDA_SERVER="127.0.0.1:$port" \
		ONCUDA_TEST_REMOTE=1 "$@" "$E2E" modules
	e2e_passed $? "$name"
	local status=$?
	kill "$relay" 2>/dev/null
	wait "$relay" 2>/dev/null
	forget CLIENTS "$relay"
	return $status
}

step_tls() {
	local key=$OUT/tls.key wrong=$OUT/tls-wrong.key d=$OUT/pki verdict=0
	local -a x509_client
	command -v openssl >/dev/null || { echo "    skipped: no openssl"; return 77; }
	rm -rf "$d" "$key" "$wrong"
	mkdir -p "$d"
	(umask 077 && head -c 32 /dev/urandom >"$key" && head -c 32 /dev/urandom >"$wrong")
	tls_certs "$d" || { bad "openssl could not make the certificates:"; show "$OUT/tls-certs.log"; return 1; }
	x509_client=(ONCUDA_TLS_CA="$d/ca.pem" ONCUDA_TLS_CERT="$d/client.pem" ONCUDA_TLS_KEY="$d/client.key")

	# 1. PSK, and the bad inputs that need a PSK server.
	start_server tls-psk 20 "${SERVER[@]}" -n --tls --key-file "$key" \
		--request-timeout 3 || return 1
	run_client tls-psk-e2e 900 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		ONCUDA_KEY_FILE="$key" ONCUDA_TEST_REMOTE=1 "$E2E"
	e2e_passed $? tls-psk-e2e || verdict=1
	tls_refused tls-plain "requires TLS \(oncudad --tls\)" || verdict=1
	tls_refused tls-wrongkey "TLS with oncudad on 127\.0\.0\.1:$SERVER_PORT failed" \
		ONCUDA_KEY_FILE="$wrong" || verdict=1
	tls_refused tls-noca "TLS with oncudad on 127\.0\.0\.1:$SERVER_PORT failed" \
		ONCUDA_TLS_CA="$d/ca.pem" || verdict=1
	tls_py tls-stall 20 stall 127.0.0.1 "$SERVER_PORT" 3 || verdict=1
	tls_py tls-probe 20 probe 127.0.0.1 "$SERVER_PORT" starttls || verdict=1
	tls_capture tls-capture-psk ONCUDA_KEY_FILE="$key" || verdict=1
	tls_striped tls-psk-striped PSK ONCUDA_KEY_FILE="$key" || verdict=1
	tls_ls tls-ls-psk 0 "^    TLS: TLSv1\.3 [A-Z0-9_]+, PSK, $KTLS" ONCUDA_KEY_FILE="$key" || verdict=1
	tls_ls tls-ls-nokey 1 "^    sessions: the server requires TLS \(oncudad --tls\)" || verdict=1
	stop_server "$SERVER_PID" 10 || verdict=1
	tls_expect tls-psk "server log: sessions inside TLS with the key as PSK, kernel TLS said" \
		-E "TLS established \(TLSv1\.3 [A-Z0-9_]+, PSK, kernel TLS send (on|off) receive (on|off)\), identity key" || verdict=1
	tls_expect tls-psk "server log: the plain client refused, saying why" \
		-E "refused a plain connection: this server requires TLS" || verdict=1
	tls_expect tls-psk "server log: the wrong key's handshake failed" \
		-E "TLS handshake failed: .*; closing the session" || verdict=1
	tls_expect tls-psk "server log: the stalled handshake ended at --request-timeout" \
		-E "the TLS handshake did not finish within 3 s" || verdict=1
	tls_expect tls-psk "server log: 8 data connections bound, each inside TLS with the PSK" \
		-E "8 data connections bound, each inside TLS \(TLSv1\.3 [A-Z0-9_]+, PSK, kernel TLS send (on|off) receive (on|off)\), frames sealed with its keys" || verdict=1
	grep -c "TLS established" "$OUT/tls-psk.log" | sed 's/^/    sessions inside TLS: /'

	# 2. X.509, mutual, and the bad inputs that need certificates.
	start_server tls-x509 20 "${SERVER[@]}" -n --tls --tls-cert "$d/server.pem" \
		--tls-key "$d/server.key" --tls-ca "$d/ca.pem" || return 1
	run_client tls-x509-e2e 600 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		"${x509_client[@]}" ONCUDA_TEST_REMOTE=1 "$E2E" "${TLS_GROUPS[@]}"
	e2e_passed $? tls-x509-e2e || verdict=1
	tls_refused tls-otherca "certificate verify failed|the peer's certificate" \
		ONCUDA_TLS_CA="$d/other-ca.pem" ONCUDA_TLS_CERT="$d/client.pem" \
		ONCUDA_TLS_KEY="$d/client.key" || verdict=1
	tls_refused tls-nocert "(TLS failed after the handshake \(.*certificate required|ended the TLS connection after the handshake)" \
		ONCUDA_TLS_CA="$d/ca.pem" || verdict=1
	tls_py tls-inside 20 inside 127.0.0.1 "$SERVER_PORT" "$d/ca.pem" \
		"$d/client.pem" "$d/client.key" || verdict=1
	tls_striped tls-x509-striped X.509 "${x509_client[@]}" || verdict=1
	tls_ls tls-ls-x509 0 "^    TLS: TLSv1\.3 [A-Z0-9_]+, X\.509, $KTLS" "${x509_client[@]}" || verdict=1
	stop_server "$SERVER_PID" 10 || verdict=1
	tls_expect tls-x509 "server log: the client certificate's name is the identity" \
		-E "TLS established \(TLSv1\.3 .*X\.509.*\), identity tenant-a" || verdict=1
	tls_expect tls-x509 "server log: no client certificate, refused" \
		-E "TLS handshake failed: .*certificate" || verdict=1
	tls_expect tls-x509 "server log: the garbage record ended its session, saying so" \
		-E "closed \(TLS: " || verdict=1
	tls_expect tls-x509 "server log: 8 data connections bound, each inside TLS by certificate" \
		-E "8 data connections bound, each inside TLS \(TLSv1\.3 .*X\.509.*\)" || verdict=1
	tls_expect tls-x509 "server log: a data connection's first TLS resumed the session's, its identity kept" \
		-E "TLS established \(TLSv1\.3 .*X\.509.*, resumed\), identity tenant-a" || verdict=1
	tls_expect tls-x509-striped "tls-x509-striped: the data connections' own TLS resumed the session's too" \
		-E "^oncuda: data connection 7 of oncudad on .*X\.509, .*, resumed, frames sealed with its keys$" || verdict=1

	# 7. Data connections made otherwise than their session: a server that
	# offers TLS and serves plain clients too.
	local revision
	revision=$(sed -n 's/^#define ONCUDA_WIRE_REVISION \(0x[0-9a-f]*\)u$/\1/p' gen/wire_revision.h)
	start_server tls-mixed 20 "${SERVER[@]}" -n --tls-cert "$d/server.pem" \
		--tls-key "$d/server.key" || return 1
	tls_py tls-plain-data 30 mixed 127.0.0.1 "$SERVER_PORT" "$d/ca.pem" "$revision" \
		plain-data || verdict=1
	tls_py tls-tls-data 30 mixed 127.0.0.1 "$SERVER_PORT" "$d/ca.pem" "$revision" \
		tls-data || verdict=1
	stop_server "$SERVER_PID" 10 || verdict=1
	tls_expect tls-mixed "server log: the plain data connection of a session inside TLS refused, saying why" \
		-E "refused a data connection: it came plain, and the session is inside TLS" || verdict=1
	tls_expect tls-mixed "server log: the TLS data connection of a plain session refused, saying why" \
		-E "refused a data connection: it came inside TLS, and the session is plain" || verdict=1

	# Named identities: a keys file of two tenants.
	(umask 077 && head -c 32 /dev/urandom >"$OUT/tls-alice.key" &&
		head -c 32 /dev/urandom >"$OUT/tls-bob.key")
	printf '# tenants\nalice %s\nbob %s\n' "$OUT/tls-alice.key" "$OUT/tls-bob.key" >"$OUT/tls-keys"
	start_server tls-keys 20 "${SERVER[@]}" -n --tls --keys-file "$OUT/tls-keys" || return 1
	run_client tls-alice-e2e 300 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		ONCUDA_KEY_FILE="$OUT/tls-alice.key" ONCUDA_KEY_NAME=alice \
		ONCUDA_TEST_REMOTE=1 "$E2E" memory
	e2e_passed $? tls-alice-e2e || verdict=1
	tls_refused tls-bob-as-alice "TLS with oncudad on 127\.0\.0\.1:$SERVER_PORT failed" \
		ONCUDA_KEY_FILE="$OUT/tls-bob.key" ONCUDA_KEY_NAME=alice || verdict=1
	tls_refused tls-nobody "TLS with oncudad on 127\.0\.0\.1:$SERVER_PORT failed" \
		ONCUDA_KEY_FILE="$OUT/tls-bob.key" ONCUDA_KEY_NAME=carol || verdict=1
	stop_server "$SERVER_PID" 10 || verdict=1
	tls_expect tls-keys "server log: the tenant's name is the session's identity" \
		-E "TLS established \(.*PSK.*\), identity alice" || verdict=1
	tls_expect tls-keys "server log: a name no key has, named" \
		-E "TLS handshake failed: the client named a key this server does not hold: carol" || verdict=1

	# An expired server certificate.
	start_server tls-expired 20 "${SERVER[@]}" -n --tls --tls-cert "$d/expired.pem" \
		--tls-key "$d/server.key" || return 1
	tls_refused tls-expired-client "certificate has expired" \
		ONCUDA_TLS_CA="$d/ca.pem" || verdict=1
	stop_server "$SERVER_PID" 10 || verdict=1

	# 3, 5. A server without TLS: the probe, the client that requires TLS,
	# and the bytes of a plain run.
	start_server tls-none 20 "${SERVER[@]}" -n || return 1
	tls_py tls-probe-none 20 probe 127.0.0.1 "$SERVER_PORT" badcred || verdict=1
	tls_refused tls-required "offers no TLS" ONCUDA_TLS=1 ONCUDA_KEY_FILE="$key" || verdict=1
	tls_capture tls-capture-plain || verdict=1
	tls_ls tls-ls-plain 0 "^    TLS: none, a plain connection \(the server offers no TLS\)$" \
		ONCUDA_KEY_FILE="$key" || verdict=1
	stop_server "$SERVER_PID" 10 || verdict=1
	tls_py tls-find-plain 20 find "$OUT/tls-capture-plain.bytes" "$KERNELS" 4096 64 present || verdict=1
	tls_py tls-find-psk 20 find "$OUT/tls-capture-psk.bytes" "$KERNELS" 4096 64 absent || verdict=1

	# The client's side of a stalled handshake and of a garbage record.
	local fake fake_pid
	for fake in stall garbage; do
		rm -f "$OUT/tls-fake-$fake.port"
		python3 tests/tls/tlsprobe.py fake "$fake" "$OUT/tls-fake-$fake.port" \
			"$d/server.pem" "$d/server.key" >"$OUT/tls-fake-$fake.server.log" 2>&1 &
		fake_pid=$!
		CLIENTS+=("$fake_pid")
		wait_for 10 test -s "$OUT/tls-fake-$fake.port"
		SERVER_PORT=$(<"$OUT/tls-fake-$fake.port")
		kill -0 "$fake_pid" 2>/dev/null || { bad "the fake server ($fake) did not start"; verdict=1; continue; }
		local says="the TLS handshake did not finish within 5 s"
		[[ $fake == garbage ]] && says="oncudad on 127\.0\.0\.1:$SERVER_PORT: TLS failed after the handshake \(decryption failed or bad record mac\)"
		tls_refused "tls-client-$fake" "$says" ONCUDA_TLS_CA="$d/ca.pem" || verdict=1
		kill "$fake_pid" 2>/dev/null
		forget CLIENTS "$fake_pid"
	done
	return $verdict
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
	# shellcheck source=tests/lib.sh
	. tests/lib.sh
	standalone tls step_tls -- "$@"
fi
