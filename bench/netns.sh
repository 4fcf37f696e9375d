# shellcheck shell=bash
# bench/netns.sh: the network of bench/run.sh --netem, two hosts on one
# machine joined by a cable: network namespaces and a veth pair.
#
#   bench_netns_tools      finds ip and tc: BENCH_IP, BENCH_TC
#   bench_netns_why        why the pair cannot be made here, or nothing
#   bench_netns_setup      the server host and the client host, joined
#   bench_netns_netem      tc netem (BENCH_NETEM) on both ends of the
#                          cable; on failure prints which command failed
#                          and what it said
#   bench_netns_teardown   ends what runs in them and removes them (and so
#                          the cable); safe to call twice
#
# The server host is $BENCH_NETNS_NET.1, the client .2, on a /24 of their
# own.  Nothing is created in the machine's own network namespace; the
# names carry this shell's pid, so two runs on one machine do not meet.
# ip is ONCUDA_BENCH_IP where set, else the one in PATH (the GPU machine
# has none installed: unpack Debian's iproute2 and name its ip, with
# LD_LIBRARY_PATH at the unpacked libraries); tc is ONCUDA_BENCH_TC, else
# the one beside that ip (or in ../sbin), else the one in PATH.

BENCH_NETNS_SERVER=oncudabench$$s
BENCH_NETNS_CLIENT=oncudabench$$c
BENCH_NETNS_NET=10.214.0
# A remote client's cable: 25 Gbit/s and 50 µs round trip, half each way.
BENCH_NETEM=${ONCUDA_BENCH_NETEM:-delay 25us rate 25gbit}
BENCH_NETNS_MADE=()

bench_netns_tools() {
	local beside
	BENCH_IP=${ONCUDA_BENCH_IP:-$(command -v ip)}
	BENCH_TC=${ONCUDA_BENCH_TC:-}
	# Debian's package has bin/ip and sbin/tc.
	for beside in "${BENCH_IP%/*}/tc" "${BENCH_IP%/*}/../sbin/tc"; do
		[[ -z $BENCH_TC && $BENCH_IP == */* && -x $beside ]] && BENCH_TC=$beside
	done
	[[ -n $BENCH_TC ]] || BENCH_TC=$(command -v tc)
}

bench_netns_why() {
	if (($(id -u) != 0)); then
		echo "network namespaces need root"
	elif [[ -z $BENCH_IP ]]; then
		echo "no ip (iproute2) in PATH: install it, or name it with ONCUDA_BENCH_IP"
	elif [[ ! -x $BENCH_IP ]]; then
		echo "ONCUDA_BENCH_IP=$BENCH_IP is not an executable"
	fi
}

# bench_netns_try COMMAND...: COMMAND, silent; on failure prints the
# command and what it said, on one line, and fails.
bench_netns_try() {
	local said
	said=$("$@" 2>&1) && return 0
	echo "\`$*\` failed: $(tr '\n' ' ' <<<"${said:-(nothing said)}" | sed 's/ *$//')"
	return 1
}

bench_netns_setup() {
	local ns
	for ns in "$BENCH_NETNS_SERVER" "$BENCH_NETNS_CLIENT"; do
		bench_netns_try "$BENCH_IP" netns add "$ns" || return 1
		BENCH_NETNS_MADE+=("$ns")
		bench_netns_try "$BENCH_IP" -n "$ns" link set lo up || return 1
	done
	bench_netns_try "$BENCH_IP" -n "$BENCH_NETNS_SERVER" link add vs type veth \
		peer name vc netns "$BENCH_NETNS_CLIENT" &&
		bench_netns_try "$BENCH_IP" -n "$BENCH_NETNS_SERVER" addr add \
			"$BENCH_NETNS_NET.1/24" dev vs &&
		bench_netns_try "$BENCH_IP" -n "$BENCH_NETNS_CLIENT" addr add \
			"$BENCH_NETNS_NET.2/24" dev vc &&
		bench_netns_try "$BENCH_IP" -n "$BENCH_NETNS_SERVER" link set vs up &&
		bench_netns_try "$BENCH_IP" -n "$BENCH_NETNS_CLIENT" link set vc up
}

bench_netns_netem() {
	[[ -n $BENCH_TC ]] || {
		echo "no tc (iproute2) in PATH or beside $BENCH_IP: name it with ONCUDA_BENCH_TC"
		return 1
	}
	# shellcheck disable=SC2086 # BENCH_NETEM is netem's own words
	bench_netns_try "$BENCH_IP" netns exec "$BENCH_NETNS_SERVER" \
		"$BENCH_TC" qdisc add dev vs root netem $BENCH_NETEM &&
		bench_netns_try "$BENCH_IP" netns exec "$BENCH_NETNS_CLIENT" \
			"$BENCH_TC" qdisc add dev vc root netem $BENCH_NETEM
}

bench_netns_empty() { [[ -z $("$BENCH_IP" netns pids "$1" 2>/dev/null) ]]; }

bench_netns_teardown() {
	local ns pid
	for ns in "${BENCH_NETNS_MADE[@]}"; do
		for pid in $("$BENCH_IP" netns pids "$ns" 2>/dev/null); do
			kill -KILL "$pid" 2>/dev/null
		done
		wait_for 10 bench_netns_empty "$ns"
		"$BENCH_IP" netns delete "$ns" 2>/dev/null ||
			echo "bench/run.sh: cannot remove network namespace $ns; remove it with: ip netns delete $ns" >&2
	done
	BENCH_NETNS_MADE=()
}
