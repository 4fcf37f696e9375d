# shellcheck shell=bash
# tests/install/deb.sh: make deb and its packages (issue 19), as a step for
# tests/run.sh (source this file, then run step_deb), or alone:
#
#   bash tests/install/deb.sh [--driver fake|real]
#
# Builds the packages with make deb (from the tree make has built, so it
# takes about a minute), checks them with lintian (an error fails the
# step), and as root installs them into a fresh root and runs
# examples/vectorAdd there (tests/install/deb-root.sh says how).  Without
# debhelper the step is skipped; without lintian or root, those parts are.
# Uses tests/lib.sh and run.sh's SERVER and OUT.

step_deb() {
	local verdict=0 debs=$OUT/deb driver_dir='' status
	if ! command -v dh >/dev/null; then
		echo "    SKIP: make deb needs debhelper (apt-get install debhelper)"
		return 77
	fi
	if ! run_logged deb-make 600 make -s deb DEB_DIR="$debs"; then
		bad "make deb failed:"; show "$OUT/deb-make.log"
		return 1
	fi
	ok "make deb: $(cd "$debs" && echo oncuda-server_*.deb oncuda-client_*.deb)"
	if command -v lintian >/dev/null; then
		if run_logged deb-lintian 300 lintian --fail-on error \
			"$debs"/oncuda-server_*.deb "$debs"/oncuda-client_*.deb; then
			ok "lintian: no error ($(grep -c '^[WI]: ' "$OUT/deb-lintian.log") warnings or notes)"
		else
			bad "lintian:"; show "$OUT/deb-lintian.log"; verdict=1
		fi
	else
		echo "    SKIP: lintian (not installed: apt-get install lintian)"
	fi
	if ((EUID != 0)) || ! command -v unshare >/dev/null; then
		echo "    SKIP: the packages in a fresh root (needs root and unshare)"
		return $verdict
	fi
	# The stand-in's directory when SERVER runs oncudad on it.
	[[ ${SERVER[0]} == env && ${SERVER[1]} == LD_LIBRARY_PATH=* ]] &&
		driver_dir=${SERVER[1]#LD_LIBRARY_PATH=}
	rm -rf "$OUT/deb-root"
	run_logged deb-root 300 unshare -m bash tests/install/deb-root.sh \
		"$OUT/deb-root" "$debs" "$ROOT" "$driver_dir"
	status=$?
	((status == 0 || status == 77)) || verdict=1
	sed 's/^/  /' "$OUT/deb-root.log"
	rm -rf "$OUT/deb-root"
	return $verdict
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
	# shellcheck source=tests/lib.sh
	. tests/lib.sh
	standalone deb step_deb -- "$@"
fi
