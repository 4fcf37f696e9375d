# shellcheck shell=bash
# tests/netns/lib.sh: hosts on one machine, as network namespaces, for the
# discovery and several-server tests.  Needs root, iproute2 (ip netns),
# util-linux (unshare, nsenter) and rpcbind.
#
#   netns_setup N          a switch, a client host and N server hosts
#   netns_server_exec I CMD...
#                          CMD on server host I (1..N): its network, its
#                          own /run (so its own rpcbind) and host name
#   netns_start_rpcbind I  rpcbind on server host I, its own
#   netns_start_oncudad I NAME [VAR=VALUE...] [-- OPTION...]
#                          oncudad on server host I on the stand-in,
#                          listening on every address, registered with that
#                          host's rpcbind; log $OUT/NAME.log, port in
#                          NETNS_PORT
#   netns_client_exec CMD...
#                          CMD on the client host
#   netns_teardown         ends every process in the namespaces and removes
#                          them (and so their links); safe to call twice
#
# The hosts are on 10.213.0.0/24 behind a bridge in a namespace of its
# own: the client is 10.213.0.2, server I is 10.213.0.(10+I).  Nothing is
# created in the machine's own namespaces (network, mount): the machine's
# rpcbind, its /run and its links are left alone.  Names carry this shell's
# pid, so two runs on one machine do not meet.

NETNS_PREFIX=oncuda$$
NETNS_SWITCH=${NETNS_PREFIX}sw
NETNS_CLIENT=${NETNS_PREFIX}c
NETNS_NET=10.213.0
NETNS_HOSTS=()		# the server hosts' namespaces, 1-based by index - 1
NETNS_HOLDERS=()	# per server host: a process whose namespaces CMDs enter
NETNS_PORT=

# netns_unavailable: why these tests cannot run here, or nothing.
netns_unavailable() {
	local tool
	if (($(id -u) != 0)); then
		echo "network namespaces need root"
		return
	fi
	for tool in ip unshare nsenter rpcbind; do
		command -v "$tool" >/dev/null || { echo "$tool is not installed"; return; }
	done
	ip netns list >/dev/null 2>&1 || echo "ip netns does not work here"
}

# netns_link NS ADDRESS: a port of the switch, seen in NS as eth0 at ADDRESS.
netns_link() {
	local port=p${1#"$NETNS_PREFIX"}
	ip -n "$NETNS_SWITCH" link add "$port" type veth peer name eth0 netns "$1" &&
		ip -n "$NETNS_SWITCH" link set "$port" master br0 up &&
		ip -n "$1" addr add "$2/24" brd + dev eth0 &&
		ip -n "$1" link set eth0 up &&
		ip -n "$1" link set lo up
}

# netns_holder NS NAME: a process in NS with a mount and UTS namespace of its
# own, an empty /run and host name NAME; prints its pid.  The /run mount is
# checked before anything uses it: an rpcbind started without it would
# replace the machine's /run/rpcbind.sock.
netns_holder() {
	local pid
	ip netns exec "$1" unshare --mount --uts --propagation private \
		sleep infinity </dev/null >/dev/null 2>&1 &
	pid=$!
	sleep 0.2
	nsenter -t "$pid" -m -u sh -c "hostname '$2' && mount -t tmpfs tmpfs /run && mkdir -p /run/rpcbind" || return 1
	[[ $(nsenter -t "$pid" -m findmnt -n -o FSTYPE /run) == tmpfs ]] || return 1
	[[ $(nsenter -t "$pid" -m stat -c %d /run) != $(stat -c %d /run) ]] || return 1
	echo "$pid"
}

netns_setup() {
	local n=$1 i ns holder
	ip netns add "$NETNS_SWITCH" || return 1
	ip -n "$NETNS_SWITCH" link add br0 type bridge &&
		ip -n "$NETNS_SWITCH" link set br0 up || return 1
	ip netns add "$NETNS_CLIENT" &&
		netns_link "$NETNS_CLIENT" "$NETNS_NET.2" || return 1
	for ((i = 1; i <= n; i++)); do
		ns=${NETNS_PREFIX}s$i
		ip netns add "$ns" || return 1
		NETNS_HOSTS+=("$ns")
		netns_link "$ns" "$NETNS_NET.$((10 + i))" || return 1
		holder=$(netns_holder "$ns" "oncuda-s$i") || {
			bad "server host $i: no /run of its own; not starting rpcbind there"
			return 1
		}
		NETNS_HOLDERS+=("$holder")
	done
}

netns_server_exec() {
	local i=$1
	shift
	nsenter -t "${NETNS_HOLDERS[i - 1]}" -m -u -n --wd="$PWD" -- "$@"
}

netns_client_exec() {
	ip netns exec "$NETNS_CLIENT" "$@"
}

netns_start_rpcbind() {
	netns_server_exec "$1" rpcbind -f </dev/null >"$OUT/netns-rpcbind$1.log" 2>&1 &
	wait_for 10 netns_server_exec "$1" rpcinfo -p 127.0.0.1 >/dev/null 2>&1
	netns_server_exec "$1" rpcinfo -p 127.0.0.1 >/dev/null 2>&1 ||
		{ bad "rpcbind on server host $1 did not start"; show "$OUT/netns-rpcbind$1.log"; return 1; }
}

netns_start_oncudad() {
	local i=$1 name=$2 portfile=$OUT/$2.port
	local -a env=(LD_LIBRARY_PATH="$ROOT/tests/fakecuda" FAKECUDA_SHM="/fakecuda-$NETNS_PREFIX-$i")
	shift 2
	while (($# > 0)) && [[ $1 != -- ]]; do env+=("$1"); shift; done
	(($# > 0)) && shift
	rm -f "$portfile"
	netns_server_exec "$i" env "${env[@]}" server/oncudad -l 0.0.0.0 -p 0 \
		-P "$portfile" "$@" </dev/null >"$OUT/$name.log" 2>&1 &
	wait_for 20 port_ready "$portfile"
	if ! port_ready "$portfile"; then
		bad "$name: oncudad on server host $i did not start:"
		show "$OUT/$name.log"
		return 1
	fi
	NETNS_PORT=$(<"$portfile")
}

netns_empty() { [[ -z $(ip netns pids "$1" 2>/dev/null) ]]; }
netns_gone() { ! ip netns list 2>/dev/null | grep -q "^$1\b"; }
netns_delete() { ip netns delete "$1" 2>/dev/null; netns_gone "$1"; }

# A namespace is removed once its last process has exited, not only been
# sent SIGKILL: until then its mounts are busy.
netns_teardown() {
	local ns pid
	for ns in "${NETNS_HOSTS[@]}" "$NETNS_CLIENT" "$NETNS_SWITCH"; do
		netns_gone "$ns" && continue
		for pid in $(ip netns pids "$ns" 2>/dev/null); do
			kill -KILL "$pid" 2>/dev/null
		done
		wait_for 10 netns_empty "$ns"
		wait_for 10 netns_delete "$ns" ||
			echo "tests/netns: cannot remove network namespace $ns; remove it with: ip netns delete $ns" >&2
	done
	rm -f /dev/shm/fakecuda-"$NETNS_PREFIX"-*
	NETNS_HOSTS=()
	NETNS_HOLDERS=()
}
