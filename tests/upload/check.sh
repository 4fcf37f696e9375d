# shellcheck shell=bash
# tests/upload/check.sh: asynchronous uploads over TCP through the server's
# pool of page-locked buffers (server/copy/upload_pool.c), as a step for
# tests/run.sh (source this file, then run step_upload), or on its own:
#
#   bash tests/upload/check.sh [--driver fake|real]
#
# tests/upload/asyncup uploads every size around the pool's bounds on the
# legacy stream and two others, with kernels and read-backs in between; an
# upload past the end of the client's memory fails at the next synchronize;
# a context is destroyed with uploads queued and uploads go on in another.
# It runs against a traced server, whose trace must show the uploads as
# one-way calls and its log the pool in use, and then, on the stand-in, against a server under
# valgrind (UPLOAD_VALGRIND=0 skips that) which must report no errors.
# Uses tests/lib.sh and run.sh's SERVER, OUT and CLIENT_LIBS.

# ONCUDA_STREAMS=1: every size through the pool, none striped (from 1 MiB
# a copy over TCP is, and a striped upload is answered, not one-way: its
# error would come at the call rather than at the next synchronize; the
# e2e stripe_copies_* tests cover those).
upload_asyncup() {
	local name=$1
	if run_client "$name" 600 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		ONCUDA_TRANSPORT=tcp ONCUDA_STREAMS=1 tests/upload/asyncup "$KERNELS" &&
		grep -qx PASS "$OUT/$name.log"; then
		ok "$name: uploads of every size on 3 streams, errors, a context destroyed with uploads queued"
	else
		bad "$name failed:"
		show "$OUT/$name.log"
		return 1
	fi
}

step_upload() {
	local trace=$OUT/upload-server.trace verdict=0 log
	rm -f "$trace" "$OUT"/upload-vg.*.log
	start_server upload 20 "${SERVER[@]}" -n -L debug --trace-file "$trace" || return 1
	upload_asyncup upload-asyncup || verdict=1
	stop_server "$SERVER_PID" 10 || verdict=1
	trace_has "$OUT/upload.log" "server log: the uploads went through the pool" \
		"asynchronous uploads of [0-9]+ to [0-9]+ bytes now decode into [0-9]+ page-locked buffers" || verdict=1
	trace_has "$trace" "server trace: the uploads are one-way" \
		"CU_MEMCPY_HTOD_ASYNC\(.*\) -> CUDA_SUCCESS \(one-way: kept, not sent\)" || verdict=1
	trace_has "$trace" "server trace: the upload past the end is refused" \
		"CU_MEMCPY_HTOD_ASYNC\(.*\) -> CUDA_ERROR_INVALID_VALUE \(one-way: kept, not sent\)" || verdict=1

	if [[ ${UPLOAD_VALGRIND:-1} == 0 || ${SERVER[*]} != *fakecuda* ]]; then
		echo "    valgrind pass skipped (UPLOAD_VALGRIND=0, or not the stand-in)"
		return $verdict
	fi
	if ! command -v valgrind >/dev/null; then
		bad "valgrind is not installed: apt-get install valgrind, or UPLOAD_VALGRIND=0"
		return 1
	fi
	start_server upload-vg 120 env LD_LIBRARY_PATH="$ROOT/tests/fakecuda" \
		valgrind --trace-children=yes --error-exitcode=99 --leak-check=full \
		--errors-for-leak-kinds=definite --log-file="$OUT/upload-vg.%p.log" \
		server/oncudad -n || return 1
	upload_asyncup upload-vg-asyncup || verdict=1
	stop_server "$SERVER_PID" 60 || verdict=1
	for log in "$OUT"/upload-vg.*.log; do
		[[ -f $log ]] || continue
		vg_judge "$log" "${log##*/}" || verdict=1
	done
	return $verdict
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
	# shellcheck source=tests/lib.sh
	. tests/lib.sh
	# shellcheck source=tests/trace/check.sh
	. tests/trace/check.sh
	standalone upload step_upload -- "$@"
fi
