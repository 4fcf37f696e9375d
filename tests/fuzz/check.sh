# shellcheck shell=bash
# tests/fuzz/check.sh: the fuzz target and the limits per client, as steps
# for tests/run.sh (source this file, then run step_fuzz and step_limits),
# or on its own:
#
#   bash tests/fuzz/check.sh [--driver fake|real]
#
# step_fuzz builds tests/fuzz/fuzz_server and tests/fuzz/fuzz_client (make
# fuzz) and runs each for FUZZ_SECONDS (default 25) from its committed
# seeds (tests/fuzz/corpus, tests/fuzz/corpus-client), which include the
# inputs of bugs they found; any crash, leak, timeout or excess memory
# fails the step.  Without clang and its libFuzzer runtime it is skipped, with
# the reason.  step_limits starts oncudad with --max-memory 64M: a 128 MiB
# cuMemAlloc must fail with CUDA_ERROR_OUT_OF_MEMORY and leave a warning in
# the log, a 32 MiB one must succeed; the same for memory from the
# device's pool (cuMemAllocAsync) and for cuMemCreate's physical memory,
# which count against the same limit, and so do the server's shadows of
# mapped and managed memory.  Uses tests/lib.sh and run.sh's
# SERVER, OUT and CLIENT_LIBS.

# One libFuzzer target for FUZZ_SECONDS from its committed seeds, which
# include the inputs of bugs it found; the corpus it grows stays in $OUT.
fuzz_one() {
	local target=$1 seeds=$2 seconds=$3 status execs
	local log=$OUT/$target.log

	rm -rf "$OUT/$target-corpus"
	mkdir -p "$OUT/$target-corpus"
	ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
	UBSAN_OPTIONS=print_stacktrace=1 \
	ONCUDA_TEST_KERNELS=tests/kernels \
	run_logged "$target" $((seconds + 120)) "tests/fuzz/$target" \
		-max_total_time="$seconds" -max_len=65536 -timeout=20 \
		-rss_limit_mb=4096 -print_final_stats=1 \
		-artifact_prefix="$OUT/$target-" "$OUT/$target-corpus" "$seeds"
	status=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	if ((status == 0)) && ! grep -q 'ERROR: \|runtime error' "$log"; then
		ok "$target: ${execs:-?} inputs in $seconds s from $(find "$seeds" -type f | wc -l) seeds, no crash, leak or timeout"
		return 0
	fi
	bad "$target failed (status $status) after ${execs:-?} inputs; the input is $OUT/$target-*:"
	grep -A 30 -m 1 'ERROR: \|runtime error' "$log" | sed 's/^/      | /'
	return 1
}

step_fuzz() {
	local probe=$OUT/fuzz-probe verdict=0
	local seconds=${FUZZ_SECONDS:-25}
	if ! command -v clang >/dev/null; then
		echo "    SKIP: fuzz: clang is not installed (apt-get install clang libclang-rt-14-dev)"
		return 77
	fi
	if ! printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' |
		clang -fsanitize=fuzzer -x c -o "$probe" - >"$OUT/fuzz-probe.log" 2>&1; then
		echo "    SKIP: fuzz: clang cannot link -fsanitize=fuzzer (install libclang-rt-14-dev):"
		show "$OUT/fuzz-probe.log"
		return 77
	fi
	if ! make -s fuzz >"$OUT/fuzz-build.log" 2>&1; then
		bad "make fuzz failed:"
		show "$OUT/fuzz-build.log"
		return 1
	fi
	ok "make fuzz built tests/fuzz/fuzz_server and tests/fuzz/fuzz_client"
	fuzz_one fuzz_server tests/fuzz/corpus "$seconds" || verdict=1
	fuzz_one fuzz_client tests/fuzz/corpus-client "$seconds" || verdict=1
	return $verdict
}

step_limits() {
	local log verdict=0
	start_server limits 20 "${SERVER[@]}" -n --max-memory 64M || return 1
	log=$OUT/limits.log
	run_client limits-alloc 60 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		tests/fuzz/alloc 128 32 pool:128 pool:32 vmm:128 vmm:32
	if grep -qx '128 MiB: CUDA_ERROR_OUT_OF_MEMORY' "$OUT/limits-alloc.log"; then
		ok "--max-memory 64M: a 128 MiB cuMemAlloc fails with CUDA_ERROR_OUT_OF_MEMORY"
	else
		bad "--max-memory 64M: a 128 MiB cuMemAlloc did not fail with CUDA_ERROR_OUT_OF_MEMORY:"
		show "$OUT/limits-alloc.log"
		verdict=1
	fi
	if grep -qx '32 MiB: CUDA_SUCCESS' "$OUT/limits-alloc.log"; then
		ok "--max-memory 64M: a 32 MiB cuMemAlloc succeeds"
	else
		bad "--max-memory 64M: a 32 MiB cuMemAlloc did not succeed:"
		show "$OUT/limits-alloc.log"
		verdict=1
	fi
	# Pool and virtual memory count against the same budget.
	for kind in pool vmm; do
		if grep -qx "$kind 128 MiB: CUDA_ERROR_OUT_OF_MEMORY" "$OUT/limits-alloc.log" &&
			grep -qx "$kind 32 MiB: CUDA_SUCCESS" "$OUT/limits-alloc.log"; then
			ok "--max-memory 64M: 128 MiB of $kind memory fails with CUDA_ERROR_OUT_OF_MEMORY, 32 MiB succeeds"
		else
			bad "--max-memory 64M: $kind memory is not held to the limit:"
			show "$OUT/limits-alloc.log"
			verdict=1
		fi
	done
	# A tile of a sparse array holds the memory under it after its
	# handle's release (40 + 40 MiB is over), and gives it back when it is
	# unmapped or its array or context destroyed (40 + 48 would be over).
	run_client limits-tile 60 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		tests/fuzz/alloc tile:40 vmm:48 tilectx:40 vmm:48 tile:24
	if grep -qx "tile 40 MiB: CUDA_ERROR_OUT_OF_MEMORY" "$OUT/limits-tile.log" &&
		grep -qx "tilectx 40 MiB: CUDA_ERROR_OUT_OF_MEMORY" "$OUT/limits-tile.log" &&
		[[ $(grep -cx "vmm 48 MiB: CUDA_SUCCESS" "$OUT/limits-tile.log") == 2 ]] &&
		grep -qx "tile 24 MiB: CUDA_SUCCESS" "$OUT/limits-tile.log"; then
		ok "--max-memory 64M: memory under a mapped tile counts until it is unmapped or its array or context destroyed"
	else
		bad "--max-memory 64M: memory under sparse array tiles is not counted as mapped:"
		show "$OUT/limits-tile.log"
		verdict=1
	fi
	# The server's shadow of mapped or managed memory (mapped_shadow.c) is
	# as large as the memory: 40 MiB of either holds 80 MiB.  Over TCP,
	# since the same-host path shares mapped memory without a shadow.
	run_client limits-shadow 60 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		ONCUDA_TRANSPORT=tcp tests/fuzz/alloc managed:40 managed:24 \
		mapped:40 mapped:24
	for kind in managed mapped; do
		if grep -qx "$kind 40 MiB: CUDA_ERROR_OUT_OF_MEMORY" "$OUT/limits-shadow.log" &&
			grep -qx "$kind 24 MiB: CUDA_SUCCESS" "$OUT/limits-shadow.log"; then
			ok "--max-memory 64M: 40 MiB of $kind memory and its shadow fail with CUDA_ERROR_OUT_OF_MEMORY, 24 MiB succeed"
		else
			bad "--max-memory 64M: the shadow of $kind memory is not counted:"
			show "$OUT/limits-shadow.log"
			verdict=1
		fi
	done
	stop_server "$SERVER_PID" 10 || verdict=1
	if grep -q ' warn .*refused 41943040 bytes of mapped-memory shadows' "$log"; then
		ok "the refused shadow is logged at warn"
	else
		bad "no warning about the refused shadow in $log:"
		show "$log"
		verdict=1
	fi
	if grep -q ' warn .*refused 134217728 bytes of device memory.*--max-memory is 67108864' "$log"; then
		ok "the refusal is logged at warn"
	else
		bad "no warning about the refused 128 MiB in $log:"
		show "$log"
		verdict=1
	fi

	# Module images a session keeps count too, and so does every
	# allocation's bookkeeping (--max-handles).
	start_server limits-held 20 "${SERVER[@]}" -n --max-memory 1M \
		--max-handles 500 || return 1
	run_client limits-images 120 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		tests/system/loadmany image "$KERNELS" 1000
	run_client limits-allocs 120 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		tests/system/loadmany alloc 100000
	stop_server "$SERVER_PID" 10 || verdict=1
	if grep -qE '^[0-9]+ CUDA_ERROR_OUT_OF_MEMORY$' "$OUT/limits-images.log" &&
		(($(cut -d' ' -f1 "$OUT/limits-images.log") < 1000)) &&
		grep -q "refused .* bytes of module images" "$OUT/limits-held.log"; then
		ok "--max-memory 1M: module images stop at $(cut -d' ' -f1 "$OUT/limits-images.log") loads (CUDA_ERROR_OUT_OF_MEMORY)"
	else
		bad "--max-memory 1M: kept module images were not counted:"
		show "$OUT/limits-images.log"
		verdict=1
	fi
	if grep -qE '^[0-9]+ CUDA_ERROR_OUT_OF_MEMORY$' "$OUT/limits-allocs.log" &&
		(($(cut -d' ' -f1 "$OUT/limits-allocs.log") <= 500)); then
		ok "--max-handles 500: one-byte allocations stop at $(cut -d' ' -f1 "$OUT/limits-allocs.log")"
	else
		bad "--max-handles 500: allocations were not bounded:"
		show "$OUT/limits-allocs.log"
		verdict=1
	fi

	# A stream or graph the limit refuses is destroyed again on the
	# server, not left on the GPU: 200 refused tries after the limit must
	# not raise the most objects the session's driver held at once (the
	# stand-in reports it at exit, FAKECUDA_HANDLE_PEAK; a real driver
	# does not, so there only the refusals are checked).
	rm -f "$OUT/limits-peak"
	start_server limits-made 20 env FAKECUDA_HANDLE_PEAK="$OUT/limits-peak" \
		"${SERVER[@]}" -n --max-handles 50 || return 1
	run_client limits-streams 60 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		tests/system/loadmany streams 1000 200
	run_client limits-graphs 60 ONCUDA_SERVER="127.0.0.1:$SERVER_PORT" \
		tests/system/loadmany graphs 1000 200
	stop_server "$SERVER_PID" 10 || verdict=1
	local what made peak
	for what in streams graphs; do
		made=$(grep -E '^[0-9]+ CUDA_ERROR_OUT_OF_MEMORY 200$' \
			"$OUT/limits-$what.log" | cut -d' ' -f1)
		if [[ -z $made ]] || ((made > 50)); then
			bad "--max-handles 50: $what were not bounded, or a retry after the refusal succeeded:"
			show "$OUT/limits-$what.log"
			verdict=1
		elif [[ ! -s $OUT/limits-peak ]]; then
			ok "--max-handles 50: $made $what, then 200 more refused (no peak reported: not the stand-in)"
		else
			peak=$(sort -k2 -n "$OUT/limits-peak" | tail -1 | cut -d' ' -f2)
			if ((peak <= made + 3)); then
				ok "--max-handles 50: $made $what, 200 more refused, the driver held at most $peak objects"
			else
				bad "--max-handles 50: refused $what were left alive: the driver held $peak objects for $made $what"
				verdict=1
			fi
		fi
	done

	run_logged limits-badsize 10 "${SERVER[@]}" -n --max-memory 64Q
	if (($? == 2)) && grep -q "is not a size" "$OUT/limits-badsize.log"; then
		ok "oncudad --max-memory 64Q exits 2 and says why"
	else
		bad "oncudad --max-memory 64Q did not refuse it:"
		show "$OUT/limits-badsize.log"
		verdict=1
	fi
	return $verdict
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
	# shellcheck source=tests/lib.sh
	. tests/lib.sh
	standalone fuzz step_limits step_fuzz -- "$@"
fi
