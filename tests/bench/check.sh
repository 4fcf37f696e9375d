# shellcheck shell=bash
# tests/bench/check.sh: the benchmark (bench/run.sh, what make bench runs)
# on the CPU stand-in, as a step for tests/run.sh (source this file, then
# run step_bench), or on its own:
#
#   bash tests/bench/check.sh
#
# The stand-in's figures mean nothing; what is tested is the benchmark
# itself: that it runs to the end, that its report has every case (the
# RPC null call's in the table of a synchronous call's layers too), the
# Python applications (which need a GPU) as skipped with the reason in
# their rows and in the targets table, and, as root with iproute2's ip,
# the run across a veth pair between two network namespaces (--netem):
# its figures in the report, then either the netem run's figures or the
# command that could not add netem, and no namespace left behind.
# On a real driver the step is skipped: make bench is the benchmark there.
# Uses tests/lib.sh and run.sh's OUT.

bench_expect() {
	if grep -Fq -- "$2" "$OUT/bench/results.md"; then
		ok "$1"
	else
		bad "$1: results.md has no line with: $2"
		return 1
	fi
}

step_bench() {
	local verdict=0 netem=() prefix app
	if [[ ${driver:-fake} != fake ]]; then
		echo "    skipped: on a GPU the benchmark is make bench"
		return 77
	fi
	if (($(id -u) == 0)) && command -v ip >/dev/null; then
		netem=(--netem)
	fi
	if ! timeout -k 5 300 bash bench/run.sh --driver fake --quick --out "$OUT/bench" \
		"${netem[@]}" >"$OUT/bench.log" 2>&1; then
		bad "bash bench/run.sh --driver fake --quick ${netem[*]} failed:"
		show "$OUT/bench.log"
		return 1
	fi
	ok "bench/run.sh --driver fake --quick ${netem[*]} ran to the end"
	bench_expect "the SGEMM loop has its target" \
		"| application case (SGEMM loop) over TCP ≤ 1.10x native (issue 4) | " || verdict=1
	bench_expect "the graph replay has issue 16's target on the same host" \
		"| application case (100-kernel graph replay) on the same-host path ≤ 1.05x native (issue 16) | " ||
		verdict=1
	bench_expect "the async launch has issue 16's target" \
		"| async cuLaunchKernel over TCP ≤ 1.2x native per launch (issue 16) | " || verdict=1
	for app in "Triton vector add" "torch.compile MLP" "GPT-2 decoding"; do
		bench_expect "$app: skipped, with the reason, in the targets" \
			"| application case ($app) over TCP ≤ 1.15x native (issue 16) | skipped: the CPU stand-in has no kernels for PyTorch" ||
			verdict=1
		bench_expect "$app: skipped on the same-host path too" \
			"| application case ($app) on the same-host path ≤ 1.05x native (issue 16) | skipped: " ||
			verdict=1
	done
	# A figure, not "failed", in each column the run has.
	if grep -Eq '^\| ONC RPC null procedure on the client.s connection \(bench/rpcnull\)( \| [0-9.]+ µs){4} \|$' \
		"$OUT/bench/results.md"; then
		ok "the RPC null call has its figures in the layer table"
	else
		bad "results.md's layer table has no figures of the RPC null call:"
		grep -F 'bench/rpcnull)' "$OUT/bench/results.md" | sed 's/^/    | /'
		verdict=1
	fi
	for prefix in torch triton compile decode; do
		[[ $(<"$OUT/bench/${prefix}_oncuda.tsv") == skip$'\t'* ]] ||
			{ bad "${prefix}_oncuda.tsv is not a skip"; verdict=1; }
	done
	# A data connection's frames alone (bench/tlsbulk), each end's CPU a GB.
	bench_expect "the sealed frames alone are in the report" \
		"A data connection's frames alone (bench/tlsbulk): a copy's 4 MiB frames over 2 loopback connections" ||
		verdict=1
	if grep -Eq '^\| receiving end, CPU a GB \| [0-9.]+ CPU-s/GB \| [0-9.]+ CPU-s/GB \| [0-9.]+x \|$' \
		"$OUT/bench/results.md"; then
		ok "the TLS channel's CPU a GB has its figures, in clear and inside TLS"
	else
		bad "results.md has no figures of the TLS channel's CPU a GB:"
		grep -F 'CPU a GB' "$OUT/bench/results.md" | sed 's/^/    | /'
		verdict=1
	fi
	if ((${#netem[@]} == 0)); then
		bench_expect "no veth run without --netem, and why" \
			"Skipped: not asked for: bash bench/run.sh --netem" || verdict=1
		return $verdict
	fi
	if grep -q '^result' "$OUT/bench/netns.tsv"; then
		ok "drvbench ran through oncuda across the veth pair"
		bench_expect "the veth run is in the report" \
			"| oncuda TCP loopback | oncuda TCP across veth |" || verdict=1
	else
		bad "no figures from the run across the veth pair:"
		show "$OUT/bench/netns.tsv"
		verdict=1
	fi
	if grep -q '^result' "$OUT/bench/netem.tsv"; then
		ok "drvbench ran across the veth pair with netem"
	else
		bench_expect "without netem, the report names the command that failed" \
			"With netem: skipped: \`" || verdict=1
	fi
	if ip netns list 2>/dev/null | grep -q '^oncudabench'; then
		bad "bench/run.sh left network namespaces behind: $(ip netns list | grep '^oncudabench' | tr '\n' ' ')"
		verdict=1
	fi
	return $verdict
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
	cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
	# shellcheck source=tests/lib.sh
	. tests/lib.sh
	standalone bench step_bench -- "$@"
fi
