# shellcheck shell=bash
# tests/netns/check.sh: discovery across hosts, as a step for tests/run.sh
# (source this file, then run step_netns), or on its own:
#
#   bash tests/netns/check.sh
#
# Three server hosts and a client host in network namespaces
# (tests/netns/lib.sh), each server host with its own rpcbind:
#   1. oncudad on one stand-in device, a client allowed 64 MiB;
#   2. oncudad on two stand-in devices with --devices 1, so it offers only
#      the second, as its device 0; a client allowed 32 MiB;
#   3. no oncudad, but oncuda's program registered as version 12080.
# oncuda-ls on the client host must find 1 and 2 by broadcast with their
# devices, report 3 as speaking another version, say the same in --json,
# name an unreachable host with the reason, list a second, unregistered
# oncudad on host 1 named as host:port, and exit 1 when no server is found.
# Then tests/multi/multi on the client host with ONCUDA_SERVER=* must find
# hosts 1 and 2 by broadcast, in the order of their addresses (the
# memory limits tell which is which: 1 "big", 2 "small"), name host 3's
# version on stderr and leave it out, and use devices of both (kernels,
# copies between the servers, two threads); and the same with the two
# named by address, in the order named.
# Skipped (77) without root, ip netns, unshare, nsenter or rpcbind.
# Uses tests/lib.sh, and run.sh's OUT, ROOT and CLIENT_LIBS.

# shellcheck source=tests/netns/lib.sh
. "${BASH_SOURCE[0]%/*}/lib.sh"

# netns_expect WHAT FILE REGEX: FILE has a line matching REGEX (extended).
netns_expect() {
	if grep -Eq -- "$3" "$2"; then
		ok "$1"
	else
		bad "$1: no line of ${2##*/} matches /$3/:"
		show "$2"
		return 1
	fi
}

# netns_multi NAME SECONDS SERVERS [VAR=VALUE...] COMMAND...: COMMAND on the
# client host with oncuda's library and ONCUDA_SERVER=SERVERS, stopped after
# SECONDS; stdout in $OUT/NAME.log, stderr in $OUT/NAME.err, apart, so that
# what the library reports is seen on its own.
netns_multi() {
	local name=$1 seconds=$2 servers=$3 pid status
	shift 3
	timeout -k 5 "$seconds" ip netns exec "$NETNS_CLIENT" \
		env LD_LIBRARY_PATH="$CLIENT_LIBS" ONCUDA_SERVER="$servers" "$@" \
		>"$OUT/$name.log" 2>"$OUT/$name.err" &
	pid=$!
	CLIENTS+=("$pid")
	wait "$pid"
	status=$?
	forget CLIENTS "$pid"
	return $status
}

# netns_multi_devices NAME WANT: the probe in $OUT/NAME.log found WANT.
netns_multi_devices() {
	local got
	got=$(sed -n 's/^device [0-9]*: //p' "$OUT/$1.log" | tr '\n' ' ')
	if [[ ${got% } == "$2" ]]; then
		ok "$1: devices are [$2]"
	else
		bad "$1: devices are [${got% }], not [$2]:"
		show "$OUT/$1.log"
		show "$OUT/$1.err"
		return 1
	fi
}

# netns_multi_passes NAME: the two-server program in $OUT/NAME.log passed.
netns_multi_passes() {
	if grep -qx "PASS multi" "$OUT/$1.log"; then
		ok "$1: kernels, copies and threads on the two servers"
	else
		bad "$1: the two-server program failed:"
		show "$OUT/$1.log"
		show "$OUT/$1.err"
		return 1
	fi
}

# netns_multi_checks ONE TWO MISMATCH: tests/multi/multi on the client
# host, with servers ONE (64 MiB, "big") and TWO (32 MiB, "small") found by
# broadcast, then named; MISMATCH is the host registered as version 12080.
netns_multi_checks() {
	local one=$1 two=$2 mismatch=$3 verdict=0 name
	local left_out="^oncuda: ONCUDA_SERVER=\\*: leaving out the oncudad on ${mismatch//./\\.}: it speaks protocol version 12080, this library 13000"

	netns_multi netns-multi-probe 60 '*' tests/multi/multi probe
	netns_multi netns-multi-run 300 '*' tests/multi/multi
	for name in netns-multi-probe netns-multi-run; do
		netns_expect "$name: ONCUDA_SERVER=*: host 3's version 12080 named on stderr" \
			"$OUT/$name.err" "$left_out" || verdict=1
	done
	# The broadcast's servers in the order of their addresses: host 1 first.
	netns_multi_devices netns-multi-probe "big small" || verdict=1
	netns_multi_passes netns-multi-run || verdict=1

	netns_multi netns-multi-selected 60 '*' CUDA_VISIBLE_DEVICES=1 \
		tests/multi/multi probe
	netns_multi_devices netns-multi-selected "small" || verdict=1

	netns_multi netns-multi-named 60 "$two,$one" tests/multi/multi probe
	netns_multi_devices netns-multi-named "small big" || verdict=1
	netns_multi netns-multi-named-run 300 "$one,$two" tests/multi/multi
	netns_multi_passes netns-multi-named-run || verdict=1
	if [[ -s $OUT/netns-multi-named-run.err ]]; then
		bad "netns-multi-named-run: servers named by address, yet the library wrote:"
		show "$OUT/netns-multi-named-run.err"
		verdict=1
	fi
	return $verdict
}

netns_checks() {
	local table=$OUT/netns-ls.log json=$OUT/netns-ls-json.log verdict=0 port1 port2 status
	local s1=$NETNS_NET.11 s2=$NETNS_NET.12 s3=$NETNS_NET.13
	local uuid0=GPU-6f6e6375-6461-2d66-616b-656375646130
	local uuid1=GPU-6f6e6375-6461-2d66-616b-656375646131

	netns_start_rpcbind 1 && netns_start_rpcbind 2 && netns_start_rpcbind 3 || return 1
	netns_start_oncudad 1 netns-oncudad1 -- --max-memory 64M || return 1
	port1=$NETNS_PORT
	netns_start_oncudad 2 netns-oncudad2 FAKECUDA_DEVICES=2 -- --devices 1 \
		--max-memory 32M || return 1
	port2=$NETNS_PORT
	if netns_server_exec 3 tests/netns/fakereg 0x2C0DA000 12080 0.0.0.0.39.16; then
		ok "server host 3: oncuda's program registered as version 12080"
	else
		bad "server host 3: cannot register the fake version 12080"
		return 1
	fi
	ok "three server hosts: 1 at $s1:$port1, 2 at $s2:$port2, 3 at $s3"

	netns_client_exec tools/oncuda-ls --timeout 2000 >"$table" 2>&1
	status=$?
	if ((status == 0)); then
		ok "oncuda-ls on the client host exits 0"
	else
		bad "oncuda-ls on the client host exited $status:"
		show "$table"
		verdict=1
	fi
	netns_expect "host 1 found by broadcast" "$table" \
		"^oncuda-s1 +$s1:$port1 .* 13\\.0 +0 +no +no\$" || verdict=1
	netns_expect "host 1 offers its one device" "$table" \
		"^    0 +oncuda CPU stand-in +16\\.0 GiB  cc 9\\.0  0000:00:00\\.0  $uuid0\$" || verdict=1
	netns_expect "host 2 found by broadcast" "$table" \
		"^oncuda-s2 +$s2:$port2 " || verdict=1
	netns_expect "host 2 offers only its device 1 (--devices 1), as device 0" "$table" \
		"^    0 +oncuda CPU stand-in 1 +16\\.0 GiB  cc 9\\.0  0000:01:00\\.0  $uuid1\$" || verdict=1
	if (($(grep -c '^    [0-9]' "$table") == 2)); then
		ok "two devices listed in all"
	else
		bad "not two devices in all:"
		show "$table"
		verdict=1
	fi
	netns_expect "host 3's version 12080 reported as a mismatch" "$table" \
		"^$s3 +$s3:10000 +MISMATCH: speaks CUDA 12080, this oncuda-ls speaks 13000\$" || verdict=1

	netns_client_exec tools/oncuda-ls --json --timeout 2000 >"$json" 2>&1
	if python3 -c '
import json, sys
doc = json.load(open(sys.argv[1]))
found = {s["address"]: s for s in doc["servers"]}
one, two, three = (found[a] for a in sys.argv[2:5])
assert one["state"] == "server" and one["host"] == "oncuda-s1"
assert one["key_required"] is False and one["tls"] == "no"
assert [d["uuid"] for d in one["devices"]] == [sys.argv[5]]
assert two["state"] == "server" and [d["uuid"] for d in two["devices"]] == [sys.argv[6]]
assert two["devices"][0]["ordinal"] == 0 and two["devices"][0]["total_memory"] == 16 << 30
assert three["state"] == "mismatch" and three["version"] == 12080
assert len(doc["servers"]) == 3
' "$json" "$s1:$port1" "$s2:$port2" "$s3:10000" "$uuid0" "$uuid1"; then
		ok "--json: the same three, with devices, UUIDs and the mismatch"
	else
		bad "--json output is not what the table says:"
		show "$json"
		verdict=1
	fi

	netns_multi_checks "$s1:$port1" "$s2:$port2" "$s3" || verdict=1

	netns_client_exec tools/oncuda-ls --timeout 500 "$s2:$port2" "$NETNS_NET.99" \
		>"$OUT/netns-ls-named.log" 2>&1
	netns_expect "a server named as host:port is asked directly" \
		"$OUT/netns-ls-named.log" "^oncuda-s2 +$s2:$port2 " || verdict=1
	netns_expect "a named host that does not answer is listed with the reason" \
		"$OUT/netns-ls-named.log" \
		"^$NETNS_NET\\.99 .*UNREACHABLE: no portmapper answered on UDP port 111" || verdict=1

	# Two servers on one host: rpcbind holds one address for the program and
	# version, so the second runs unregistered (-n) and is named by its port.
	if netns_start_oncudad 1 netns-oncudad1b -- -n; then
		netns_client_exec tools/oncuda-ls --timeout 2000 "$s1" "$s1:$NETNS_PORT" \
			>"$OUT/netns-ls-twoonone.log" 2>&1
		netns_expect "two servers on one host: the registered one by its rpcbind" \
			"$OUT/netns-ls-twoonone.log" "^oncuda-s1 +$s1:$port1 " || verdict=1
		netns_expect "two servers on one host: the other (-n) as host:port" \
			"$OUT/netns-ls-twoonone.log" "^oncuda-s1 +$s1:$NETNS_PORT " || verdict=1
	else
		verdict=1
	fi

	netns_client_exec tools/oncuda-ls --timeout 500 "$s3" >"$OUT/netns-ls-none.log" 2>&1
	status=$?
	if ((status == 1)) && grep -q "MISMATCH" "$OUT/netns-ls-none.log"; then
		ok "only a mismatch found: exit status 1, the mismatch listed"
	else
		bad "oncuda-ls $s3 exited $status (expected 1):"
		show "$OUT/netns-ls-none.log"
		verdict=1
	fi
	return $verdict
}

step_netns() {
	local why status
	why=$(netns_unavailable)
	if [[ -n $why ]]; then
		echo "    skipped: $why"
		return 77
	fi
	if [[ ! -x tools/oncuda-ls || ! -x tests/netns/fakereg || ! -x tests/multi/multi ]]; then
		bad "not built: tools/oncuda-ls, tests/netns/fakereg and tests/multi/multi (make)"
		return 1
	fi
	if netns_setup 3; then
		netns_checks
		status=$?
	else
		bad "cannot make the network namespaces"
		status=1
	fi
	netns_teardown
	return $status
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	set -u -o pipefail
	ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
	cd "$ROOT" || exit 1
	OUT=$ROOT/tests/out/netns
	CLIENT_LIBS=$ROOT/stubs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	PATH=$PATH:/usr/sbin:/sbin
	# shellcheck source=tests/lib.sh
	. tests/lib.sh
	rm -rf "$OUT"
	mkdir -p "$OUT"
	trap netns_teardown EXIT
	trap 'exit 130' INT TERM
	step_netns
	status=$?
	case $status in
	0) echo "netns: PASS" ;;
	77) echo "netns: SKIP" ;;
	*) echo "netns: FAIL (logs in $OUT)" ;;
	esac
	exit $status
fi
