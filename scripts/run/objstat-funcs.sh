#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# objstat-funcs.sh OBJ FUNC...
#
# For each function FUNC of the object OBJ (and its .cold part, if gcc
# split one off): instructions, conditional branches, and tests of the
# __GFP_NOFAIL bit (bit 15 of gfp_t: an immediate 0x8000, or bt/shift by
# 15).  Prints "FUNC insns jcc nofail-tests", one line each.

set -eu
obj=${1:?usage: objstat-funcs.sh OBJ FUNC...}
shift
objdump -d --no-show-raw-insn "$obj" | awk -v want="$*" '
BEGIN { n = split(want, w, " "); for (i = 1; i <= n; i++) wanted[w[i]] = 1 }
/^[0-9a-f]+ <[^>]+>:$/ {
	fn = $2; gsub(/[<>:]/, "", fn); base = fn
	while (sub(/\.(cold|constprop|isra|part)(\.[0-9]+)?$/, "", base)) ;
	cur = (base in wanted) ? base : ""; next
}
cur != "" && /^ +[0-9a-f]+:\t/ {
	split($0, f, "\t"); op = f[2]; sub(/ .*/, "", op)
	if (op ~ /^(int3|nop|nopl|nopw|xchg|endbr64)$/) next
	insns[cur]++
	if (op ~ /^j/ && op != "jmp") jcc[cur]++
	if (f[2] ~ /\$0x8000,/ || f[2] ~ /^(bt|shr|sar|shl)[a-z]* +\$0xf,/ ||
	    f[2] ~ /^test[b]? +\$0x80,%[abcd]h$/) bit[cur]++
}
END {
	for (i = 1; i <= n; i++)
		printf "%s %d %d %d\n", w[i], insns[w[i]], jcc[w[i]], bit[w[i]]
}'
