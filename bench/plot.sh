#!/bin/bash
# bench/plot.sh: draws DIR/bandwidth.png, copy bandwidth against size,
# native and oncuda, both directions, pageable and pinned, with the stream
# ceilings of the transports, from DIR/bandwidth.tsv (bench/report.py
# writes it).
#
#   bash bench/plot.sh DIR
#
# bench/run.sh calls it when gnuplot is installed; where it is not (the GPU
# machine), run it later on any machine with gnuplot (Debian: apt-get
# install gnuplot-nox) on the directory the run wrote.
set -u -o pipefail

(($# == 1)) || { echo "usage: bash bench/plot.sh DIR" >&2; exit 2; }
data=$1/bandwidth.tsv
png=$1/bandwidth.png
[[ -r $data ]] || { echo "bench/plot.sh: no $data: run bench/run.sh first" >&2; exit 1; }
command -v gnuplot >/dev/null ||
	{ echo "bench/plot.sh: gnuplot is not installed (Debian: apt-get install gnuplot-nox)" >&2; exit 1; }

title="Copy bandwidth: native, oncuda over TCP, oncuda on the same host"
# report.py marks a run on the CPU stand-in in the data's first line.
grep -q 'MEANINGLESS' "$data" && title="$title (CPU STAND-IN: MEANINGLESS)"

# Columns of bandwidth.tsv, found by the names line 2 gives them (1 is the
# size in bytes; same-host columns hold "-" when that path was not run):
# report.py adds columns as the benchmark grows, so no number is assumed.
col() {
	local n
	n=$(awk -F'\t' -v name="$1" 'NR == 2 { for (i = 1; i <= NF; i++)
		if ($i == name) print i }' "$data")
	[[ -n $n ]] || { echo "bench/plot.sh: $data has no column $1" >&2; exit 1; }
	echo "$n"
}
for name in native_htod_pageable oncuda_htod_pageable native_dtoh_pageable \
	oncuda_dtoh_pageable native_htod_pinned oncuda_htod_pinned \
	native_dtoh_pinned oncuda_dtoh_pinned tcp_stream unix_stream \
	local_htod_pageable local_dtoh_pageable local_htod_pinned local_dtoh_pinned; do
	printf -v "c_$name" '%s' "$(col "$name")" || exit 1
done
gnuplot <<EOF
set terminal pngcairo size 1400,600 font ",11"
set output "$png"
set datafile separator "\t"
set datafile missing "-"
set logscale x 2
set logscale y 10
set grid
set key bottom right
set xlabel "copy size"
set ylabel "GB/s (10^9 bytes/s)"
set xtics ("4K" 4096, "16K" 16384, "64K" 65536, "256K" 262144, "1M" 1048576, \
	"4M" 4194304, "16M" 16777216, "64M" 67108864, "256M" 268435456, "1G" 1073741824)
set style line 1 lc rgb "#1f77b4" lw 2 pt 7
set style line 2 lc rgb "#1f77b4" lw 2 pt 6 dt 2
set style line 3 lc rgb "#d62728" lw 2 pt 5
set style line 4 lc rgb "#d62728" lw 2 pt 4 dt 2
set style line 5 lc rgb "#555555" lw 1 dt 3
set style line 6 lc rgb "#999999" lw 1 dt 4
set style line 7 lc rgb "#2ca02c" lw 2 pt 9 dt 3
set style line 8 lc rgb "#ff7f0e" lw 2 pt 8 dt 3
set multiplot layout 1,2 title "$title"
set title "host to device"
plot "$data" skip 2 using 1:${c_native_htod_pageable} with linespoints ls 1 title "native, pageable", \
     "" skip 2 using 1:${c_oncuda_htod_pageable} with linespoints ls 2 title "oncuda, pageable", \
     "" skip 2 using 1:${c_native_htod_pinned} with linespoints ls 3 title "native, pinned", \
     "" skip 2 using 1:${c_oncuda_htod_pinned} with linespoints ls 4 title "oncuda, pinned", \
     "" skip 2 using 1:${c_local_htod_pageable} with linespoints ls 7 title "oncuda same-host, pageable", \
     "" skip 2 using 1:${c_local_htod_pinned} with linespoints ls 8 title "oncuda same-host, pinned", \
     "" skip 2 using 1:${c_tcp_stream} with lines ls 5 title "one TCP stream", \
     "" skip 2 using 1:${c_unix_stream} with lines ls 6 title "one unix-socket stream"
set title "device to host"
plot "$data" skip 2 using 1:${c_native_dtoh_pageable} with linespoints ls 1 title "native, pageable", \
     "" skip 2 using 1:${c_oncuda_dtoh_pageable} with linespoints ls 2 title "oncuda, pageable", \
     "" skip 2 using 1:${c_native_dtoh_pinned} with linespoints ls 3 title "native, pinned", \
     "" skip 2 using 1:${c_oncuda_dtoh_pinned} with linespoints ls 4 title "oncuda, pinned", \
     "" skip 2 using 1:${c_local_dtoh_pageable} with linespoints ls 7 title "oncuda same-host, pageable", \
     "" skip 2 using 1:${c_local_dtoh_pinned} with linespoints ls 8 title "oncuda same-host, pinned", \
     "" skip 2 using 1:${c_tcp_stream} with lines ls 5 title "one TCP stream", \
     "" skip 2 using 1:${c_unix_stream} with lines ls 6 title "one unix-socket stream"
unset multiplot
EOF
status=$?
((status == 0)) || { echo "bench/plot.sh: gnuplot failed (status $status)" >&2; exit 1; }
echo "wrote $png"
