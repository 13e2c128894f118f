#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# fastpath.sh TREE OUT
#
# Build tests/fastpath/fastpath.o in the configured build directory OUT
# and compare each allocator with its _nofail helper in the disassembly:
# "hot" counts the instructions from the entry to the first return (a ret,
# or the jmp to __x86_return_thunk), which is the success path: gcc lays
# the unlikely retry call out after it.  "all" counts the whole function.  The success path of a helper may add one test and one
# conditional branch; everything else must be in the out-of-line retry.

set -eu
. "$(dirname "$0")/../lib.sh"

tree=$(realpath -m "${1:?usage: fastpath.sh TREE OUT}")
out=$(realpath -m "${2:?usage: fastpath.sh TREE OUT}")
mapfile -t opts < <(nofail_make_options)
obj=nofail/tests/fastpath/fastpath.o
make -s -C "$tree" O="$out" ARCH=x86_64 "${opts[@]}" "$obj"
objdump -dr --no-show-raw-insn "$out/$obj" >"$out/${obj%.o}.dis"

awk '
/^[0-9a-f]+ <fp_[a-z_0-9]+>:$/ {
	fn = $2; gsub(/[<>:]/, "", fn); order[++n] = fn; last = ""; next
}
fn != "" && /R_X86_64_PLT32[ \t]+__x86_return_thunk/ {
	# the jmp just counted is a return (-mfunction-return=thunk-extern)
	if (last == "jmp" && !done[fn]) done[fn] = 1
	next
}
fn != "" && /^ +[0-9a-f]+:\t/ {
	split($0, f, "\t"); op = f[2]; sub(/ .*/, "", op)
	if (op ~ /^(int3|nop|nopl|nopw|endbr64)$/) next
	if (done[fn] == 1) done[fn] = 2
	insns[fn]++
	if (!done[fn]) hot[fn]++
	if (op ~ /^ret/) done[fn] = 2
	if (op ~ /^j/ && op != "jmp") jcc[fn]++
	if (op ~ /^(test|cmp)/) tests[fn]++
	last = op
}
/^$/ { fn = "" }
END {
	printf "%-13s %-16s %-16s %s\n", "", "allocator", "_nofail helper", "success path"
	printf "%-13s %-16s %-16s\n", "function", "hot/all insns", "hot/all insns"
	for (i = 1; i <= n; i++) {
		a = order[i]
		if (a ~ /_nofail$/) continue
		b = a "_nofail"
		printf "%-13s %-16s %-16s %+d insns, %+d test, %+d jcc\n", substr(a, 4),
			hot[a] "/" insns[a], hot[b] "/" insns[b],
			hot[b] - hot[a], tests[b] - tests[a], jcc[b] - jcc[a]
	}
}' "$out/${obj%.o}.dis"
echo "disassembly: $out/${obj%.o}.dis"
