#!/bin/bash
# tests/install/deb-root.sh: the packages of make deb, installed into a
# fresh root with dpkg and run there (issue 19); tests/install/deb.sh runs
# it under unshare -m, as root:
#
#   unshare -m bash tests/install/deb-root.sh DIR DEBS TREE [DRIVER_DIR]
#
# The root is this machine's own file system under an overlay (a tmpfs
# takes every write; the machine's files stay as they were), so dpkg finds
# the packages' dependencies (rpcbind, libtirpc3) installed, as on a Debian
# 12 machine, and the maintainer scripts run for real.  In that root:
# dpkg -i the two packages; /etc/rpc names the program; the installed
# oncudad says its version without a driver, and says what is missing when
# there is none; with the driver (DRIVER_DIR, the CPU stand-in's directory,
# or the machine's own when empty) it registers with rpcbind, which
# rpcinfo -p names "oncuda"; the installed oncuda-run runs TREE's
# examples/vectorAdd on it, found through rpcbind; dpkg -r takes the
# /etc/rpc line back.  Prints ok:/FAILED: lines; exits 1 on a failure,
# 77 where it cannot mount the root.
set -u
dir=$1 debs=$2 tree=$3 driver_dir=${4:-}
root=$dir/merged
verdict=0
ok() { printf '    ok: %s\n' "$*"; }
bad() { printf '    FAILED: %s\n' "$*"; verdict=1; }
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin "$@"; }

# The writes go to a tmpfs: an overlay's upper layer cannot lie on an
# overlay, as / is in a container.  Where mounting is not allowed at all,
# the step is skipped (77), not failed.
mkdir -p "$dir/layer" "$root" || exit 1
if ! mount --make-rprivate / || ! mount -t tmpfs oncuda-deb "$dir/layer" ||
	! mkdir -p "$dir/layer/upper/tmp/debs" "$dir/layer/work" ||
	! mount -t overlay overlay -o \
		"lowerdir=/,upperdir=$dir/layer/upper,workdir=$dir/layer/work" "$root"; then
	echo "    SKIP: cannot mount an overlay of / here (a container without CAP_SYS_ADMIN?)"
	exit 77
fi
# /proc, /dev and /sys as they are; /run for rpcbind's socket.
for m in proc dev sys run; do
	mount --rbind "/$m" "$root/$m" || { echo "    FAILED: cannot bind /$m"; exit 1; }
done
cp "$debs"/oncuda-server_*.deb "$debs"/oncuda-client_*.deb "$root/tmp/debs/"
packages=("$root"/tmp/debs/*.deb)

if in_root dpkg -i "${packages[@]#"$root"}" >"$dir/dpkg.log" 2>&1; then
	ok "dpkg -i oncuda-server oncuda-client into the fresh root"
else
	bad "dpkg -i of the packages failed:"
	sed 's/^/      | /' "$dir/dpkg.log"
	exit 1
fi
if in_root grep -q '^oncuda[[:space:]]*739090432' /etc/rpc; then
	ok "postinst added oncuda to /etc/rpc: $(in_root grep '^oncuda' /etc/rpc)"
else
	bad "/etc/rpc has no oncuda line after dpkg -i"
fi
if [[ $(in_root /usr/sbin/oncudad --version) == "oncudad "* ]] &&
	in_root /usr/sbin/oncudad --help | grep -q -- --version; then
	ok "the installed oncudad --version and --help, with no LD_LIBRARY_PATH"
else
	bad "the installed oncudad --version or --help failed"
fi
if in_root /sbin/ldconfig -p | grep -q 'libcuda\.so\.1 '; then
	echo "    SKIP: oncudad without a driver (this machine has libcuda.so.1)"
else
	out=$(in_root /usr/sbin/oncudad -n 2>&1)
	if (($? == 1)) && [[ $out == *"cannot load NVIDIA's driver libcuda.so.1"* ]]; then
		ok "without a driver the installed oncudad says so and exits 1"
	else
		bad "the installed oncudad without a driver said: $out"
	fi
fi

# chroot and env exec: $! is oncudad itself.
chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
	${driver_dir:+LD_LIBRARY_PATH="$driver_dir"} /usr/sbin/oncudad \
	-P /tmp/oncudad.port >"$dir/oncudad.log" 2>&1 &
server=$!
trap 'kill -TERM "$server" 2>/dev/null' EXIT
for _ in $(seq 100); do
	[[ -s $root/tmp/oncudad.port ]] && break
	kill -0 "$server" 2>/dev/null || break
	sleep 0.1
done
if [[ -s $root/tmp/oncudad.port ]]; then
	ok "the installed oncudad registered with rpcbind, port $(<"$root/tmp/oncudad.port")"
	if in_root rpcinfo -p localhost | grep -E "739090432 *13000 +tcp +$(<"$root/tmp/oncudad.port") +oncuda$" >"$dir/rpcinfo.txt"; then
		ok "rpcinfo -p names it: $(tr -s ' ' <"$dir/rpcinfo.txt")"
	else
		bad "rpcinfo -p does not name the program oncuda:"
		in_root rpcinfo -p localhost | sed 's/^/      | /'
	fi
	if (cd "$root$tree" && chroot "$root" /usr/bin/env -i PATH=/usr/bin:/bin \
		ONCUDA_TRANSPORT=tcp sh -c "cd '$tree' && oncuda-run --server localhost examples/vectorAdd") \
		>"$dir/vectorAdd.log" 2>&1 && grep -q PASS "$dir/vectorAdd.log"; then
		ok "the installed oncuda-run ran examples/vectorAdd on the installed oncudad, through rpcbind"
	else
		bad "the installed oncuda-run examples/vectorAdd:"
		sed 's/^/      | /' "$dir/vectorAdd.log"
	fi
	kill -TERM "$server"
else
	bad "the installed oncudad did not start:"
	sed 's/^/      | /' "$dir/oncudad.log"
fi
wait "$server" 2>/dev/null

if in_root dpkg --purge oncuda-client oncuda-server >"$dir/purge.log" 2>&1 &&
	! in_root grep -q '^oncuda[[:space:]]' /etc/rpc; then
	ok "dpkg --purge: the packages and their /etc/rpc line are gone"
else
	bad "dpkg --purge, or the /etc/rpc line stayed:"
	sed 's/^/      | /' "$dir/purge.log"
fi
exit $verdict
