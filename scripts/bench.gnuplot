# SPDX-License-Identifier: GPL-2.0
# scripts/bench.sh's plots: each value of a data file ("label value
# target"), with its target.  gnuplot -e "data='...'; out='...'" bench.gnuplot
# gives the ratios of bench.dat; with "title=...; ylabel=...; ymin=...;
# ymax=..." any other rows (the waiting's CPU share).
if (!exists("title")) title = "nofail: instructions per pair, ratio (helper / allocator; series / base)"
if (!exists("ylabel")) ylabel = "ratio"
if (!exists("ymin")) ymin = 0.9
if (!exists("ymax")) ymax = 1.1
set terminal png size 1000,560 noenhanced
set output out
set title title
set style data histograms
set style fill solid 0.6
set boxwidth 0.8
set yrange [ymin:ymax]
set ylabel ylabel
set xtics rotate by -40 font ",9"
set grid ytics
plot data using 2:xtic(1) title "measured", \
     data using 0:3 with steps lw 2 title "target"
