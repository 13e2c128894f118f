# SPDX-License-Identifier: GPL-2.0
# scripts/bench.sh's plots, from files of "label value target" rows
# (a target of "-": none).
#
#   gnuplot -e "dir='...'; panels='helpers pages'; out='...'" bench.gnuplot
#
# draws the ratios, a panel per table (DIR/NAME.dat of bench-table.py
# --plots), one above the other: a single plot of about 40 bars could
# not be read.  With "data='...'; title=...; ylabel=...; ymin=...;
# ymax=..." instead of dir and panels, one plot of any rows (the
# waiting's CPU share).
if (!exists("title")) title = "nofail: ratios measured by make bench (QEMU -icount shift=0)"
if (!exists("ylabel")) ylabel = "ratio"
if (!exists("ymin")) ymin = 0.9
if (!exists("ymax")) ymax = 1.1
if (!exists("panels")) panels = ""
heading(p) = \
	p eq "helpers" ? "helper / allocator, same boot: instructions per allocate-and-free pair" : \
	p eq "options" ? "each option on a helper call: CONFIG_NOFAIL_SITES (sites/none), CONFIG_FAIL_NOFAIL (inject/sites)" : \
	p eq "pages" ? "page allocator, series / base, same config: instructions per pair; slow: per slow-path entry" : \
	p eq "pages-nodebug" ? "the same without DEBUG_KERNEL, as a distribution builds it" : p
n = words(panels)
set terminal png size 1000, (n ? 480 * n : 560) noenhanced
set output out
set datafile missing "-"
set style data histograms
set style fill solid 0.6
set boxwidth 0.8
set yrange [ymin:ymax]
set ylabel ylabel
set xtics rotate by -40 font ",9"
set grid ytics
set key top right
if (n) {
	set multiplot layout n, 1 title title
	do for [i = 1:n] {
		p = word(panels, i)
		f = dir . "/" . p . ".dat"
		set title heading(p)
		plot f using 2:xtic(1) title "measured", \
		     f using 0:3 with points pt 5 ps 1.2 lc rgb "red" title "target"
	}
	unset multiplot
} else {
	set title title
	plot data using 2:xtic(1) title "measured", \
	     data using 0:3 with points pt 5 ps 1.2 lc rgb "red" title "target"
}
