# SPDX-License-Identifier: GPL-2.0
# scripts/bench.sh's plot: each ratio of bench.dat ("label ratio target"),
# with its target.  gnuplot -e "data='...'; out='...'" bench.gnuplot
set terminal png size 1000,560 noenhanced
set output out
set title "nofail: instructions per pair, ratio (helper / allocator; series / base)"
set style data histograms
set style fill solid 0.6
set boxwidth 0.8
set yrange [0.9:1.1]
set ylabel "ratio"
set xtics rotate by -40 font ",9"
set grid ytics
plot data using 2:xtic(1) title "measured", \
     data using 0:3 with steps lw 2 title "target"
