#!/bin/bash
# tests/systemd/boot.sh: oncudad.service under a running systemd (issue 19),
# as make test-systemd runs it (as root; not part of make test):
#
#   bash tests/systemd/boot.sh [--deb]
#
# A minimal Debian 12 (debootstrap, kept in ONCUDA_SYSTEMD_ROOT, by default
# ~/.cache/oncuda/debian12-systemd, outside the tree) is booted with
# systemd-nspawn, on an overlay whose writes go to a tmpfs, so the kept root
# stays as debootstrap left it.  make install DESTDIR= PREFIX=/usr puts
# oncuda into it; with --deb, make deb's packages are installed in the
# booted container with dpkg -i instead (their postinst adds the rpc name;
# systemctl enable --now starts the unit, as the README says; dpkg --purge
# takes both back at the end).  The CPU stand-in (tests/fakecuda) stands in
# for NVIDIA's driver through /etc/default/oncudad, with a key file in
# /etc/oncuda.  In the booted container:
#  - systemctl start oncudad returns once oncudad is ready (Type=notify):
#    rpcinfo -p names "oncuda" at once, without polling;
#  - the hardening of the unit holds and does not stop it: /usr and /etc
#    read-only for it (ProtectSystem=strict), NoNewPrivileges, the key file
#    read, its unix socket in /run/oncuda (RuntimeDirectory, which goes
#    with the unit);
#  - the installed oncuda-run runs examples/vectorAdd on it, found through
#    rpcbind by host name, over TCP and over the unix socket and shared memory;
#  - oncuda-ls -v lists a live session, over TLS with the key as PSK, and
#    says whether the kernel does the TLS (kTLS);
#  - a killed oncudad is restarted (Restart=on-failure) and registers again;
#  - systemctl stop ends it and its sessions: the client holding one sees
#    its calls fail, nothing of the unit is left running, and rpcbind no
#    longer lists it.
# Exits 0 when all passed, 1 on a failure, 77 (skipped, with the reason)
# where it cannot run: not root, no systemd-nspawn, no root to boot and no
# debootstrap (or no network for it), no overlay mounts, no debhelper for
# --deb.  Logs in tests/out/systemd (tests/out/systemd-deb with --deb).
set -u -o pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
ROOT=$PWD
deb=0
[[ " $* " == *" --deb "* ]] && deb=1
OUT=$ROOT/tests/out/systemd
((deb)) && OUT+=-deb
CACHE=${ONCUDA_SYSTEMD_ROOT:-${XDG_CACHE_HOME:-$HOME/.cache}/oncuda/debian12-systemd}
MIRROR=${ONCUDA_DEBIAN_MIRROR:-http://deb.debian.org/debian}
PACKAGES=systemd,systemd-sysv,dbus,rpcbind,netbase,libtirpc3,libssl3,procps
skip() { echo "SKIP: $*"; exit 77; }
ok() { printf '    ok: %s\n' "$*"; }
bad() { printf '    FAILED: %s\n' "$*"; verdict=1; }
show() { sed 's/^/      | /' "$1"; }
verdict=0

# ---------------------------------------------------------------- outside
if [[ ${1:-} != --inside ]]; then
	[[ $(id -u) == 0 ]] || skip "needs root (systemd-nspawn, overlay mounts)"
	command -v systemd-nspawn >/dev/null ||
		skip "no systemd-nspawn (apt-get install systemd-container)"
	command -v unshare >/dev/null || skip "no unshare (util-linux)"
	for f in server/oncudad tools/oncuda-ls tools/oncuda-run stubs/libcuda.so.1 \
		tests/fakecuda/libcuda.so.1 examples/vectorAdd tests/system/hog; do
		[[ -e $f ]] || { echo "FAILED: $f is not built: make first"; exit 1; }
	done
	rm -rf "$OUT"
	mkdir -p "$OUT"
	if [[ ! -x $CACHE/lib/systemd/systemd || ! -e $CACHE/etc/rpc ]]; then
		command -v debootstrap >/dev/null ||
			skip "no Debian 12 root in $CACHE to boot, and no debootstrap to make one"
		echo "    making a Debian 12 root in $CACHE (debootstrap, once)"
		rm -rf "$CACHE.new"
		mkdir -p "$(dirname "$CACHE")"
		if ! debootstrap --variant=minbase --include=$PACKAGES bookworm \
			"$CACHE.new" "$MIRROR" >"$OUT/debootstrap.log" 2>&1; then
			tail -n 5 "$OUT/debootstrap.log"
			rm -rf "$CACHE.new"
			skip "debootstrap of Debian 12 from $MIRROR failed (no network?)"
		fi
		rm -rf "$CACHE" && mv "$CACHE.new" "$CACHE"
	fi
	if ((deb)); then
		command -v dh >/dev/null || skip "--deb: no debhelper (apt-get install debhelper)"
		if ! make -s deb DEB_DIR="$OUT/deb" >"$OUT/deb.log" 2>&1; then
			echo "FAILED: make deb:"; show "$OUT/deb.log"; exit 1
		fi
	fi
	# The mounts are this test's alone, and go with its namespace.
	exec unshare -m --propagation private bash "$0" --inside "$@"
fi

# ---------------------------------------------------------------- the root
root=$OUT/root
mkdir -p "$OUT/layer" "$root"
if ! mount -t tmpfs oncuda-systemd "$OUT/layer" ||
	! mkdir -p "$OUT/layer/upper" "$OUT/layer/work" ||
	! mount -t overlay overlay -o \
		"lowerdir=$CACHE,upperdir=$OUT/layer/upper,workdir=$OUT/layer/work" "$root"; then
	skip "cannot mount an overlay of $CACHE here"
fi
t=/usr/lib/oncuda-test
mkdir -p "$root$t/fakecuda" "$root/etc/oncuda"
if ((deb)); then
	mkdir -p "$root$t/debs"
	cp "$OUT"/deb/oncuda-server_*.deb "$OUT"/deb/oncuda-client_*.deb "$root$t/debs/"
elif make -s install DESTDIR="$root" PREFIX=/usr >"$OUT/install.log" 2>&1; then
	# What the oncuda-server package's postinst does: the rpc name.
	grep -v '^#' dist/rpc >>"$root/etc/rpc"
else
	echo "FAILED: make install DESTDIR=$root PREFIX=/usr:"; show "$OUT/install.log"; exit 1
fi
# The stand-in as the driver, a key, and the programs the client runs.
cp tests/fakecuda/libcuda.so.1 "$root$t/fakecuda/"
cp examples/vectorAdd examples/vectorAdd_kernel.fatbin tests/system/hog \
	tests/kernels/kernels.fatbin "$root$t/"
(umask 077 && head -c 32 /dev/urandom >"$root/etc/oncuda/key")
options() {
	printf '# tests/systemd/boot.sh: the CPU stand-in in place of NVIDIA'"'"'s driver.\n'
	printf 'LD_LIBRARY_PATH=%s/fakecuda\n' "$t"
	printf 'ONCUDAD_OPTS="--key-file /etc/oncuda/key"\n'
}
((deb)) || options >"$root/etc/default/oncudad"

# ---------------------------------------------------------------- booting
systemd-nspawn -D "$root" --register=no --keep-unit --private-network \
	--console=passive -b >"$OUT/nspawn.log" 2>&1 &
nspawn=$!
leader=
# shellcheck disable=SC2317 # the EXIT trap's
stop_container() {
	[[ -n $leader ]] && kill -RTMIN+4 "$leader" 2>/dev/null	# poweroff
	for _ in $(seq 1 100); do kill -0 "$nspawn" 2>/dev/null || break; sleep 0.2; done
	kill -TERM "$nspawn" 2>/dev/null; wait "$nspawn" 2>/dev/null
	umount -l "$root" "$OUT/layer" 2>/dev/null
}
trap stop_container EXIT
# The container's systemd: nspawn's child, PID 1 inside.
for _ in $(seq 1 150); do
	for p in $(pgrep -P "$nspawn" -x systemd); do
		grep -qE '^NSpid:.*[[:space:]]1$' "/proc/$p/status" && leader=$p
	done
	[[ -n $leader ]] && break
	kill -0 "$nspawn" 2>/dev/null || break
	sleep 0.2
done
if [[ -z $leader ]]; then
	echo "FAILED: systemd-nspawn did not boot the root:"; show "$OUT/nspawn.log"; exit 1
fi
# in_ct CMD...: CMD in the container, as its root user, from /.
in_ct() {
	nsenter -t "$leader" -m -u -i -n -p -C -r -w /usr/bin/env -i \
		PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root "$@"
}
# Its manager's socket comes first, then the boot's end.
for _ in $(seq 1 150); do in_ct test -S /run/systemd/private && break; sleep 0.2; done
timeout 120 nsenter -t "$leader" -m -u -i -n -p -C -r -w /usr/bin/env -i \
	PATH=/usr/sbin:/usr/bin:/sbin:/bin systemctl is-system-running --wait >"$OUT/boot.log" 2>&1
if grep -qE '^(running|degraded)$' "$OUT/boot.log"; then
	ok "systemd $(in_ct systemctl --version | sed -n '1s/^systemd \([0-9]*\).*/\1/p') booted Debian 12 in systemd-nspawn ($(cat "$OUT/boot.log"))"
else
	bad "the container's systemd did not finish booting:"; show "$OUT/boot.log"
	in_ct systemctl --failed --no-pager >"$OUT/failed.log" 2>&1; show "$OUT/failed.log"
	exit 1
fi

# ---------------------------------------------------------------- starting
start=(systemctl start oncudad.service)
if ((deb)); then
	if in_ct sh -c "dpkg -i $t/debs/*.deb" >"$OUT/dpkg.log" 2>&1 &&
		in_ct grep -q '^oncuda[[:space:]]*739090432' /etc/rpc; then
		ok "dpkg -i oncuda-server oncuda-client; postinst named the program in /etc/rpc"
	else
		bad "dpkg -i of the packages:"; show "$OUT/dpkg.log"; exit 1
	fi
	options | in_ct sh -c 'cat >/etc/default/oncudad'
	start=(systemctl enable --now oncudad.service)
fi
if in_ct "${start[@]}" >"$OUT/start.log" 2>&1 &&
	in_ct rpcinfo -p >"$OUT/rpcinfo.log" 2>&1 &&
	grep -qE '739090432 *[0-9]+ +tcp +[0-9]+ +oncuda$' "$OUT/rpcinfo.log"; then
	ok "${start[*]} returned with oncudad ready: rpcinfo -p names it at once ($(grep oncuda "$OUT/rpcinfo.log" | tr -s ' ' | sed 's/^ //'))"
else
	bad "${start[*]}, then rpcinfo -p:"; show "$OUT/start.log"; show "$OUT/rpcinfo.log"
	in_ct journalctl -u oncudad --no-pager >"$OUT/journal.log" 2>&1; show "$OUT/journal.log"
	exit 1
fi
props=$(in_ct systemctl show -p Type -p ActiveState -p SubState -p MainPID -p StatusText oncudad)
main=$(sed -n 's/^MainPID=//p' <<<"$props")
if grep -qx Type=notify <<<"$props" && grep -qx SubState=running <<<"$props" &&
	grep -q '^StatusText=listening on .*registered with rpcbind' <<<"$props"; then
	ok "Type=notify, running, status: $(sed -n 's/^StatusText=//p' <<<"$props")"
else
	bad "the unit's state: $props"
fi

# The hardening, seen from inside the service: its mount namespace.
in_svc() { in_ct nsenter -t "$main" -m -r -w "$@"; }
if in_svc sh -c '! touch /usr/oncuda-probe 2>/dev/null && ! touch /etc/oncuda-probe 2>/dev/null &&
	! ls /root 2>/dev/null | grep -q . ; test -d /run/oncuda'; then
	ok "ProtectSystem=strict, ProtectHome: /usr and /etc are read-only to oncudad, /root empty; /run/oncuda is there"
else
	bad "the service's file system is not as the unit says"
fi
if in_ct grep -qE '^NoNewPrivs:[[:space:]]+1$' "/proc/$main/status"; then
	ok "NoNewPrivileges holds for oncudad"
else
	bad "oncudad runs without NoNewPrivs"
fi
in_ct journalctl -u oncudad --no-pager -o cat >"$OUT/journal.log" 2>&1
if grep -q "serving only clients that prove they hold the key" "$OUT/journal.log"; then
	ok "oncudad read its key file /etc/oncuda/key under the hardening"
else
	bad "oncudad's log does not say it read its key:"; show "$OUT/journal.log"
fi
sock=$(in_ct sh -c 'ls /run/oncuda/*.sock 2>/dev/null')
if [[ $sock == /run/oncuda/oncudad-*.sock ]]; then
	ok "its unix socket is $sock (RuntimeDirectory=oncuda)"
else
	bad "no unix socket in /run/oncuda: '$sock'"
fi

# ---------------------------------------------------------------- clients
# The same-host path needs both ends to read one boot id.  nspawn gives its
# container a boot id of its own by a mount over the kernel's file, which
# the service's ProtectKernelTunables (a /proc/sys of its own, freshly
# mounted) leaves out of oncudad's own view; oncudad and its clients read it
# as PID 1 sees it (common/boot_id.c), which is the container's here.
ct_id=$(in_ct cat /proc/sys/kernel/random/boot_id)
svc_own=$(in_svc cat /proc/sys/kernel/random/boot_id)
svc_pid1=$(in_svc cat /proc/1/root/proc/sys/kernel/random/boot_id)
if [[ -n $ct_id && $svc_pid1 == "$ct_id" ]]; then
	ok "boot ids: the container's $ct_id, as oncudad reads it through PID 1 (its own /proc/sys says ${svc_own:-nothing})"
else
	bad "boot ids: the container's '$ct_id', oncudad's through PID 1 '$svc_pid1', its own '$svc_own'"
fi
# unix_sessions: how many sessions through the unix socket oncudad logged the end of.
unix_sessions() {
	in_ct journalctl -u oncudad --no-pager -o cat 2>/dev/null | grep -c 'session unix:.* ended:'
}
client=(env ONCUDA_KEY_FILE=/etc/oncuda/key)
for transport in tcp auto local; do
	before=$(unix_sessions)
	in_ct "${client[@]}" ONCUDA_TRANSPORT=$transport ONCUDA_DEBUG=1 \
		oncuda-run --server localhost $t/vectorAdd >"$OUT/vectoradd-$transport.log" 2>&1
	status=$?
	want=1 how="through the unix socket in /run/oncuda and shared memory"
	[[ $transport == tcp ]] && want=0 how="over TCP alone"
	# A session's end is logged once oncudad has reaped it.
	for _ in $(seq 1 50); do
		(($(unix_sessions) - before >= want)) && break
		sleep 0.2
	done
	after=$(unix_sessions)
	if ((status == 0)) && grep -q PASS "$OUT/vectoradd-$transport.log" &&
		((after - before == want)); then
		ok "oncuda-run --server localhost vectorAdd, ONCUDA_TRANSPORT=$transport: PASS, found through rpcbind, $how"
	else
		bad "oncuda-run vectorAdd ($transport), status $status, $((after - before)) session(s) through the unix socket where $want:"
		show "$OUT/vectoradd-$transport.log"
	fi
done

# A client that holds a session (context, memory, module, stream) and calls
# every 100 ms until a call fails.
in_ct "${client[@]}" ONCUDA_TRANSPORT=tcp ONCUDA_TIMEOUT=5 \
	oncuda-run --server localhost $t/hog --loop 64 $t/kernels.fatbin >"$OUT/hog.log" 2>&1 &
hog=$!
for _ in $(seq 1 150); do grep -qx READY "$OUT/hog.log" && break; kill -0 $hog 2>/dev/null || break; sleep 0.2; done
if grep -qx READY "$OUT/hog.log"; then
	ok "a client holds a session (hog --loop 64 MiB)"
else
	bad "the holding client did not start:"; show "$OUT/hog.log"
fi
in_ct "${client[@]}" oncuda-ls -v localhost >"$OUT/oncuda-ls.log" 2>&1
if grep -qE '^ +TLS: TLSv1\.3 [A-Z0-9_]+, PSK, kTLS: ' "$OUT/oncuda-ls.log" &&
	grep -q 'proved' "$OUT/oncuda-ls.log"; then
	ok "oncuda-ls -v inside TLS lists the session: $(grep -E '^ +TLS:' "$OUT/oncuda-ls.log" | sed 's/^ *//')"
else
	bad "oncuda-ls -v localhost:"; show "$OUT/oncuda-ls.log"
fi

# ---------------------------------------------------------------- failing
old=$(in_ct systemctl show -p MainPID --value oncudad)
in_ct kill -KILL "$old"
for _ in $(seq 1 100); do
	new=$(in_ct systemctl show -p MainPID --value oncudad)
	[[ $new != 0 && $new != "$old" ]] && in_ct systemctl is-active -q oncudad &&
		in_ct rpcinfo -p | grep -q oncuda && break
	sleep 0.2
done
if [[ $new != 0 && $new != "$old" ]] && in_ct rpcinfo -p | grep -q oncuda; then
	ok "killed, oncudad was restarted (Restart=on-failure, NRestarts=$(in_ct systemctl show -p NRestarts --value oncudad)) and registered again"
else
	bad "oncudad was not restarted after SIGKILL: MainPID $old, then $new"
fi
# The unit's processes go with a failed main process: the session too.
for _ in $(seq 1 100); do kill -0 $hog 2>/dev/null || break; sleep 0.2; done
if ! kill -0 $hog 2>/dev/null && wait $hog; then
	ok "its session ended with it, and the client saw so: $(grep -v READY "$OUT/hog.log" | tail -n 1)"
else
	bad "the session of the killed oncudad did not end:"; show "$OUT/hog.log"
	kill -KILL $hog 2>/dev/null
fi
in_ct "${client[@]}" ONCUDA_TRANSPORT=tcp ONCUDA_TIMEOUT=5 \
	oncuda-run --server localhost $t/hog --loop 64 $t/kernels.fatbin >"$OUT/hog2.log" 2>&1 &
hog=$!
for _ in $(seq 1 150); do grep -qx READY "$OUT/hog2.log" && break; kill -0 $hog 2>/dev/null || break; sleep 0.2; done
grep -qx READY "$OUT/hog2.log" || { bad "the holding client did not start on the restarted oncudad:"; show "$OUT/hog2.log"; }

# ---------------------------------------------------------------- stopping
start_ms=$(date +%s%3N)
in_ct systemctl stop oncudad.service >"$OUT/stop.log" 2>&1
stop_status=$?
took=$(($(date +%s%3N) - start_ms))
for _ in $(seq 1 100); do kill -0 $hog 2>/dev/null || break; sleep 0.2; done
if ((stop_status == 0)) && ! in_ct pgrep -x oncudad >/dev/null &&
	[[ $(in_ct systemctl show -p ActiveState --value oncudad) == inactive ]]; then
	ok "systemctl stop oncudad took $took ms; no oncudad process is left"
else
	bad "systemctl stop oncudad (status $stop_status, $took ms):"; show "$OUT/stop.log"
	in_ct ps -ef | grep -v grep | grep oncudad
fi
if ! kill -0 $hog 2>/dev/null && wait $hog; then
	ok "the holding client saw its session end: $(grep -v READY "$OUT/hog2.log" | tail -n 1)"
else
	bad "the holding client did not see its session end:"; show "$OUT/hog2.log"
	kill -KILL $hog 2>/dev/null
fi
if ! in_ct test -e /run/oncuda; then
	ok "/run/oncuda went with the unit (RuntimeDirectory)"
else
	bad "/run/oncuda outlived the unit: $(in_ct ls -la /run/oncuda)"
fi
if ! in_ct rpcinfo -p | grep -q oncuda; then
	ok "rpcbind no longer lists oncuda"
else
	bad "oncuda is still registered after the stop"
fi
in_ct journalctl -u oncudad --no-pager -o cat >"$OUT/journal.log" 2>&1
grep -q "^stopped" "$OUT/journal.log" || grep -q "stopped$" "$OUT/journal.log" &&
	ok "oncudad logged its stop: $(grep -E 'stopping|stopped' "$OUT/journal.log" | tail -n 2 | tr '\n' ';')"
in_ct systemd-analyze security oncudad.service --no-pager >"$OUT/security.log" 2>&1
echo "    systemd-analyze security: $(grep -E 'Overall exposure level' "$OUT/security.log" | sed 's/^ *//')"
if ((deb)); then
	if in_ct dpkg --purge oncuda-server oncuda-client >"$OUT/purge.log" 2>&1 &&
		! in_ct grep -q '^oncuda[[:space:]]' /etc/rpc &&
		! in_ct test -e /lib/systemd/system/oncudad.service; then
		ok "dpkg --purge took the packages back, the unit and the /etc/rpc line with them"
	else
		bad "dpkg --purge:"; show "$OUT/purge.log"
	fi
fi
exit $verdict
