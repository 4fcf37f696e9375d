# shellcheck shell=bash
# tests/install/check.sh: make install and what it installs (issue 19), as a
# step for tests/run.sh (source this file, then run step_install), or alone:
#
#   bash tests/install/check.sh [--driver fake|real]
#
# Installs into a fresh prefix under $OUT, then: the installed oncudad
# serves the installed oncuda-run's examples/vectorAdd; oncuda-run refuses
# to start a program when the server does not answer (status 69) and passes
# a program's exit status through; --env prints exports a shell can eval;
# the man pages format without a warning (groff) and lint clean (mandoc,
# where it is installed), the unit passes
# systemd-analyze verify where systemd-analyze exists; make uninstall leaves
# only the administrator's options file.  Uses tests/lib.sh and run.sh's
# SERVER and OUT.

step_install() {
	local verdict=0 prefix=$OUT/prefix status unit page left
	rm -rf "$prefix"
	if ! run_logged install-make 300 make -s install PREFIX="$prefix"; then
		bad "make install PREFIX=$prefix failed:"
		show "$OUT/install-make.log"
		return 1
	fi
	for f in sbin/oncudad bin/oncuda-run bin/oncuda-ls lib/oncuda/libcuda.so.1 \
		share/man/man8/oncudad.8 share/man/man1/oncuda-run.1 \
		share/man/man1/oncuda-ls.1 share/man/man7/oncuda.7 \
		lib/systemd/system/oncudad.service etc/default/oncudad; do
		[[ -e $prefix/$f ]] || { bad "make install did not install $f"; verdict=1; }
	done
	((verdict == 0)) && ok "make install: server, tools, library, man pages, unit, options file"

	if command -v groff >/dev/null; then
		local pages_ok=1
		for page in "$prefix"/share/man/man*/*; do
			if ! groff -ww -z -man "$page" >"$OUT/install-groff.log" 2>&1 ||
				[[ -s $OUT/install-groff.log ]]; then
				bad "${page##*/} does not format cleanly:"
				show "$OUT/install-groff.log"; verdict=1; pages_ok=0
			fi
		done
		((pages_ok)) && ok "the man pages format without a warning (groff -ww)"
	else
		echo "    SKIP: man page lint (no groff on this machine)"
	fi
	if command -v mandoc >/dev/null; then
		if mandoc -Tlint "$prefix"/share/man/man*/* >"$OUT/install-mandoc.log" 2>&1 &&
			[[ ! -s $OUT/install-mandoc.log ]]; then
			ok "the man pages lint clean under mandoc -Tlint (style included)"
		else
			bad "mandoc -Tlint:"; show "$OUT/install-mandoc.log"; verdict=1
		fi
	else
		echo "    SKIP: mandoc -Tlint (no mandoc on this machine: apt-get install mandoc)"
	fi
	unit=$prefix/lib/systemd/system/oncudad.service
	if command -v systemd-analyze >/dev/null; then
		if systemd-analyze verify --man=no "$unit" >"$OUT/install-unit.log" 2>&1; then
			ok "systemd-analyze verify: oncudad.service"
		else
			bad "systemd-analyze verify oncudad.service:"; show "$OUT/install-unit.log"; verdict=1
		fi
	else
		echo "    SKIP: systemd-analyze verify (no systemd-analyze on this machine)"
	fi

	# The installed server, with the driver of this run (the stand-in's
	# library path comes from SERVER's env, when it has one).
	start_server install 20 "${SERVER[@]/server\/oncudad/$prefix/sbin/oncudad}" -n || return 1
	run_logged install-run 120 "$prefix/bin/oncuda-run" --server "127.0.0.1:$SERVER_PORT" \
		examples/vectorAdd
	if (($? == 0)) && grep -q PASS "$OUT/install-run.log"; then
		ok "installed oncuda-run ran examples/vectorAdd on the installed oncudad"
	else
		bad "installed oncuda-run examples/vectorAdd:"; show "$OUT/install-run.log"; verdict=1
	fi
	run_logged install-status 60 "$prefix/bin/oncuda-run" --server "127.0.0.1:$SERVER_PORT" \
		sh -c 'exit 3'
	status=$?
	((status == 3)) && ok "oncuda-run passes the program's exit status through (3)" ||
		{ bad "oncuda-run returned $status for a program that exited with 3"; verdict=1; }
	stop_server "$SERVER_PID" 10 || verdict=1
	run_logged install-down 60 "$prefix/bin/oncuda-run" --server "127.0.0.1:$SERVER_PORT" \
		examples/vectorAdd
	status=$?
	if ((status == 69)) && grep -q "does not answer" "$OUT/install-down.log" &&
		! grep -q "elements" "$OUT/install-down.log"; then
		ok "with no server, oncuda-run says so and does not start the program (69)"
	else
		bad "oncuda-run with no server (status $status):"; show "$OUT/install-down.log"; verdict=1
	fi
	run_logged install-env 10 "$prefix/bin/oncuda-run" --server "gpu1:7001" --env
	if (eval "$(cat "$OUT/install-env.log")" && [[ $ONCUDA_SERVER == gpu1:7001 &&
		$LD_LIBRARY_PATH == "$prefix/lib/oncuda"* ]]); then
		ok "oncuda-run --env prints exports a shell can eval"
	else
		bad "oncuda-run --env:"; show "$OUT/install-env.log"; verdict=1
	fi

	run_logged install-uninstall 120 make -s uninstall PREFIX="$prefix"
	# Files and links alike (a dangling libcuda.so would be one), and
	# oncuda's own directories; the standard ones (bin, share/man/man1)
	# stay, as GNU's uninstall leaves them.
	left=$(find "$prefix" ! -type d ! -path "*/etc/default/oncudad" | head -5)
	[[ -e $prefix/lib/oncuda ]] && left+=" $prefix/lib/oncuda/"
	[[ -e $prefix/share/oncuda ]] && left+=" $prefix/share/oncuda/"
	if [[ -z $left ]]; then
		ok "make uninstall removed everything but the options file and the standard directories"
	else
		bad "make uninstall left: $left"; verdict=1
	fi
	return $verdict
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
	# shellcheck source=tests/lib.sh
	. tests/lib.sh
	standalone install step_install -- "$@"
fi
