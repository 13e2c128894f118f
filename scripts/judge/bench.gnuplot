# SPDX-License-Identifier: GPL-2.0
# scripts/run/bench.sh's plots, from files of "label value target" rows
# (a target of "-": none).
#
#   gnuplot -e "dir='...'; panels='helpers pages'; out='...'" bench.gnuplot
#
# draws the ratios, a panel per table (DIR/NAME.dat of bench_table.py
# --plots), one above the other, a row per ratio with its label and its
# target, on an axis from xmin to xmax (0.98 to 1.04): a single plot of
# about 40 bars, or bars with rotated labels, could not be read.  With
# "data='...'; title=...; ylabel=...; ymin=...; ymax=..." instead of dir
# and panels, one plot of any rows (the waiting's CPU share).
if (!exists("title")) title = "nofail: ratios measured by make bench (QEMU -icount shift=0)"
if (!exists("ylabel")) ylabel = "ratio"
if (!exists("ymin")) ymin = 0.9
if (!exists("ymax")) ymax = 1.1
if (!exists("panels")) panels = ""
if (!exists("xmin")) xmin = 0.98
if (!exists("xmax")) xmax = 1.04
heading(p) = \
	p eq "helpers" ? "helper / allocator, same boot: instructions per allocate-and-free pair" : \
	p eq "options" ? "CONFIG_NOFAIL_SITES on a helper call (sites/none)" : \
	p eq "pages" ? "page allocator, series / base, same config: instructions per pair; slow: per slow-path entry" : \
	p eq "pages-nodebug" ? "the same without DEBUG_KERNEL, as a distribution builds it" : \
	p eq "others" ? "others' pairs while one __GFP_NOFAIL request waits, over none (series)" : p
n = words(panels)
# Panels: one row per ratio, its label on the left, read across; a
# panel's height follows its rows, so that long tables stay legible.
row_px = 22
head_px = 90
if (n) {
	total = 60
	array rows[n]
	do for [i = 1:n] {
		stats dir . "/" . word(panels, i) . ".dat" using 2 nooutput
		rows[i] = STATS_records
		total = total + rows[i] * row_px + head_px
	}
	set terminal png size 1100, total noenhanced
} else {
	set terminal png size 1000, 560 noenhanced
}
set output out
set datafile missing "-"
if (n) {
	set multiplot title title font ",12"
	set lmargin 52
	set rmargin 4
	set tmargin 2.5
	set xrange [xmin:xmax]
	set xlabel "ratio" offset 0, 0.5
	set grid xtics
	set key at screen 0.98, screen 1 - 10.0 / total right top horizontal
	unset title
	set arrow 1 from 1, graph 0 to 1, graph 1 nohead dt 2 lc rgb "gray40"
	top = 1 - 60.0 / total
	do for [i = 1:n] {
		p = word(panels, i)
		f = dir . "/" . p . ".dat"
		r = rows[i]
		h = (r * row_px + head_px) * 1.0 / total
		set origin 0, top - h
		set size 1, h
		set yrange [r - 0.5:-0.5]
		set ytics font ",9"
		# the heading from the left edge: centred, the long ones ran off
		set label 1 heading(p) at screen 0.01, screen top - 16.0 / total left font ",11"
		# the target first, so that a ratio on it stays visible
		plot f using 3:0 with points pt 5 ps 1.0 lc rgb "red" title "target (none: no mark)", \
		     f using 2:0:ytic(1) with points pt 7 ps 1.3 lc rgb "dark-violet" title "measured"
		unset key
		top = top - h
	}
	unset multiplot
} else {
	set style data histograms
	set style fill solid 0.6
	set boxwidth 0.8
	set yrange [ymin:ymax]
	set ylabel ylabel
	set xtics rotate by -40 font ",9"
	set grid ytics
	set key top right
	set title title
	plot data using 2:xtic(1) title "measured", \
	     data using 0:3 with points pt 5 ps 1.2 lc rgb "red" title "target"
}
