#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# fastpath.sh TREE OUT
#
# Build tests/fastpath/fastpath.o in the configured build directory OUT
# and compare each allocator with its _nofail helper in the disassembly:
# "hot" is the instructions up to the first ret (gcc lays the unlikely
# retry call out after it), then all instructions, conditional branches,
# tests and calls of each function, and the difference of the hot paths.  The success path of a helper may add one test and one
# conditional branch; everything else must be in the out-of-line retry.

set -eu
. "$(dirname "$0")/lib.sh"

tree=$(realpath -m "${1:?usage: fastpath.sh TREE OUT}")
out=$(realpath -m "${2:?usage: fastpath.sh TREE OUT}")
export CCACHE_BASEDIR=$NOFAIL_BUILD CCACHE_NOHASHDIR=1
mapfile -t opts < <(nofail_make_options)
obj=nofail/tests/fastpath/fastpath.o
make -s -C "$tree" O="$out" ARCH=x86_64 "${opts[@]}" "$obj"
objdump -d --no-show-raw-insn "$out/$obj" >"$out/${obj%.o}.dis"

awk '
/^[0-9a-f]+ <fp_[a-z_0-9]+>:$/ {
	fn = $2; gsub(/[<>:]/, "", fn); order[++n] = fn; next
}
fn != "" && /^ +[0-9a-f]+:\t/ {
	split($0, f, "\t"); op = f[2]; sub(/ .*/, "", op)
	if (op == "int3" || op == "nop" || op ~ /^nop/ || op ~ /^xchg/) next
	insns[fn]++
	if (!done[fn]) hot[fn]++
	if (op ~ /^ret/) done[fn] = 1
	if (op ~ /^j/ && op != "jmp") jcc[fn]++
	if (op ~ /^call/) calls[fn]++
	if (op ~ /^test/ || op ~ /^cmp/) tests[fn]++
}
/^$/ { fn = "" }
END {
	printf "%-14s %24s %24s  %s\n", "", "allocator", "_nofail helper", "delta"
	printf "%-14s %24s %24s\n", "", "hot/insn/jcc/test/call", "hot/insn/jcc/test/call"
	for (i = 1; i <= n; i++) {
		a = order[i]
		if (a ~ /_nofail$/) continue
		b = a "_nofail"
		printf "%-14s %24s %24s  hot path %+d insn (%+d jcc, %+d test)\n", substr(a, 4),
			sprintf("%d/%d/%d/%d/%d", hot[a], insns[a], jcc[a], tests[a], calls[a]),
			sprintf("%d/%d/%d/%d/%d", hot[b], insns[b], jcc[b], tests[b], calls[b]),
			hot[b] - hot[a], jcc[b] - jcc[a], tests[b] - tests[a]
	}
}' "$out/${obj%.o}.dis"
echo "disassembly: $out/${obj%.o}.dis"
