#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""page-alloc-cost-table.py BASE.LOG SERIES.LOG: instructions per
alloc_pages()/__free_pages() pair, base and series and their ratio, from
the consoles of scripts/page-alloc-cost.sh's two boots."""

import re, sys

def read(path):
    res = {}
    for line in open(path, errors="replace"):
        m = re.search(r"page_alloc_cost: (\S+) order (\d+): (\d+) pairs (\d+) ns", line)
        if m:
            res[(m[1], int(m[2]))] = int(m[4]) / int(m[3])
    return res

base, series = read(sys.argv[1]), read(sys.argv[2])
print("instructions per alloc_pages()/__free_pages() pair (QEMU -icount shift=0)")
print(f"{'gfp':<26}{'order':>6}{'base':>10}{'series':>10}{'series/base':>13}")
for key in sorted(base):
    b, s = base[key], series.get(key, float("nan"))
    print(f"{key[0]:<26}{key[1]:>6}{b:>10.1f}{s:>10.1f}{s / b:>13.4f}")
