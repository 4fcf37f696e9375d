# shellcheck shell=bash
# tests/install/driver.sh: oncudad loads NVIDIA's driver when it starts
# (server/daemon/driver.c, issue 19), as a step for tests/run.sh (source
# this file, then run step_driver), or alone:
#
#   bash tests/install/driver.sh [--driver fake|real]
#
# oncudad does not need libcuda.so.1 (readelf), shows --version and --help
# with an empty LD_LIBRARY_PATH, and says what is missing, exiting 1, when
# there is no driver or a library that is not one.  On a driver that lacks
# entry points (tests/install/partial_driver.c) it starts, names them, and
# refuses a client's call of one with CUDA_ERROR_NOT_SUPPORTED instead of
# dying.  Uses tests/lib.sh and run.sh's OUT and CLIENT_LIBS.

step_driver() {
	local verdict=0 oncudad=$ROOT/server/oncudad out status bogus=$OUT/bogus tirpc
	if readelf -d "$oncudad" | grep -q 'NEEDED.*libcuda'; then
		bad "oncudad still needs libcuda.so.1:"; readelf -d "$oncudad" | grep NEEDED
		verdict=1
	else
		ok "readelf -d server/oncudad: no libcuda.so.1 among its needed libraries"
	fi
	out=$(cd / && env -i LD_LIBRARY_PATH= "$oncudad" --version 2>&1)
	status=$?
	if ((status == 0)) && [[ $out == "oncudad "*"program 739090432"* ]] &&
		(cd / && env -i LD_LIBRARY_PATH= "$oncudad" --help | grep -q -- '--version'); then
		ok "oncudad --version and --help with an empty LD_LIBRARY_PATH: ${out%%$'\n'*}"
	else
		bad "oncudad --version (status $status): $out"; verdict=1
	fi
	if /sbin/ldconfig -p | grep -q 'libcuda\.so\.1 '; then
		echo "    SKIP: oncudad without a driver (this machine has libcuda.so.1)"
	else
		out=$(cd / && env -i LD_LIBRARY_PATH= "$oncudad" -n 2>&1)
		status=$?
		if ((status == 1)) && [[ $out == *"cannot load NVIDIA's driver libcuda.so.1"*"install the NVIDIA driver"* ]]; then
			ok "no driver: oncudad says so and exits 1"
		else
			bad "no driver: oncudad exited $status, saying: $out"; verdict=1
		fi
	fi
	# Any library without cuInit under the driver's name.
	tirpc=$(ldd "$oncudad" | awk '/libtirpc/ { print $3 }')
	mkdir -p "$bogus" && cp "$tirpc" "$bogus/libcuda.so.1"
	out=$(env LD_LIBRARY_PATH="$bogus" "$oncudad" -n 2>&1)
	status=$?
	if ((status == 1)) && [[ $out == *"not NVIDIA's driver: it has no cuInit"* ]]; then
		ok "a libcuda.so.1 without cuInit: oncudad says it is not the driver, exits 1"
	else
		bad "a libcuda.so.1 without cuInit: oncudad exited $status, saying: $out"; verdict=1
	fi

	start_server partial 20 env LD_LIBRARY_PATH="$ROOT/tests/install/partial" \
		"$oncudad" -n -l 127.0.0.1 --local-socket none || return 1
	if grep -Eq "driver lacks [0-9]+ of the [0-9]+ entry points oncudad calls.*: cu[A-Z]" \
		"$OUT/partial.log"; then
		ok "a driver that lacks entry points: oncudad starts and names them"
	else
		bad "no start-up line naming what the driver lacks:"; show "$OUT/partial.log"; verdict=1
	fi
	run_logged partial-client 60 env LD_LIBRARY_PATH="$CLIENT_LIBS" \
		ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" examples/deviceQuery
	if grep -q "CUDA_ERROR_NOT_SUPPORTED" "$OUT/partial-client.log" &&
		grep -q "cuDeviceGetCount: not in this NVIDIA driver; refused with CUDA_ERROR_NOT_SUPPORTED" \
			"$OUT/partial.log"; then
		ok "a call the driver lacks: the client gets CUDA_ERROR_NOT_SUPPORTED, the log names it"
	else
		bad "a call the driver lacks:"; show "$OUT/partial-client.log"; show "$OUT/partial.log"
		verdict=1
	fi
	stop_server "$SERVER_PID" 10 || verdict=1
	return $verdict
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
	# shellcheck source=tests/lib.sh
	. tests/lib.sh
	CLIENT_LIBS=$PWD/stubs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
	standalone driver step_driver -- "$@"
fi
