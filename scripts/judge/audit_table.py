#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Table of __GFP_NOFAIL uses per subsystem, from scripts/static/audit.sh --table.

  audit_table.py REPORT USES FILES TREE JSON

REPORT: nofail.cocci report lines (tree-report.txt).  Gives the slab
columns (sites of kinds (a), (b), (c)) and the loops column.
USES: nofail-uses.cocci output (tree-uses.txt): every __GFP_NOFAIL token
coccinelle parsed, and the calls whose arguments contain it.  Each
__GFP_NOFAIL in the code of the scanned files (comments and strings
stripped) that is not a slab call is counted once, by the allocator whose
call contains it: page allocator, vmalloc, mempool, page cache; tokens
feeding a (b) or (c) slab site are not counted again; the rest, and tokens
coccinelle did not parse (macro bodies, unparsed functions), are "other".
Tokens that test or mask the flag (gfp & __GFP_NOFAIL, ~__GFP_NOFAIL) are
not uses, and are counted apart.
"""
import collections
import os
import re
import sys

import json

report, uses, listed, tree, out_json = sys.argv[1:6]

KINDS = [("(a: direct)", "slab direct"), ("(b: variable)", "slab variable"),
         ("(c: parameter)", "slab parameter"),
         ("open-coded retry loop", "loops")]
COLS = ["slab direct", "slab variable", "slab parameter", "page allocator",
        "vmalloc", "mempool", "page cache", "other", "loops"]
ALLOC = [  # first match wins
    ("slab", r"k[mz]alloc\w*|kcalloc\w*|kmem_cache_\w*alloc\w*|krealloc\w*"),
    ("page cache", r"find_or_create_page|grab_cache_page\w*|"
                   r"__filemap_get_folio|filemap_grab_folio|pagecache_get_page|"
                   r"filemap_alloc_folio\w*|read_cache_page_gfp|"
                   r"read_cache_folio|read_mapping_\w+|find_get_page_flags"),
    ("mempool", r"mempool_alloc\w*"),
    ("vmalloc", r"v[mz]alloc\w*|__vmalloc\w*|kv[mz]alloc\w*|kvcalloc\w*|"
                r"kvrealloc\w*"),
    ("page allocator", r"alloc_pages\w*|__alloc_pages\w*|alloc_page\w*|"
                       r"__get_free_pages?|get_zeroed_page|folio_alloc\w*|"
                       r"__folio_alloc\w*|vma_alloc_folio\w*"),
]


def subsystem(path):
    parts = path.split("/")
    if parts[0] in ("fs", "drivers") and len(parts) > 2:
        return "/".join(parts[:2])
    return parts[0] if len(parts) > 1 else "(top)"


def kind_of(func):
    for kind, rx in ALLOC:
        if re.fullmatch(rx, func):
            return kind
    return None


def strip(text):
    """Comments and string literals blanked, offsets kept."""
    blank = lambda m: re.sub(r"[^\n]", " ", m.group(0))
    return re.sub(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|'
                  r"'(?:\\.|[^'\\\n])*'", blank, text, flags=re.S)


def masked(before):
    before = before.rstrip()
    return before.endswith("~") or (before.endswith("&") and
                                    not before.endswith("&&"))


def is_test(text, i):
    """gfp & __GFP_NOFAIL, ~__GFP_NOFAIL, or in a (...) group after & or ~."""
    if masked(text[:i].rstrip().rstrip("(")):
        return True
    depth = 0
    for j in range(i - 1, max(i - 400, 0), -1):
        c = text[j]
        if c == ")":
            depth += 1
        elif c == "(":
            if depth == 0:
                return masked(text[:j])
            depth -= 1
        elif c in ";{}":
            break
    return False


table = collections.defaultdict(collections.Counter)
nofail_src = set()		# (file, line) of tokens behind (b) and (c)
patch_mode = collections.Counter()	# what patch mode does with (a)
for line in open(report):
    m = re.match(r"(.*?):(\d+):\d+-\d+: (.*)", line)
    if not m:
        continue
    path = os.path.relpath(m.group(1), tree) if m.group(1).startswith("/") \
        else m.group(1)
    for tag, col in KINDS:
        if tag in m.group(3):
            table[subsystem(path)][col] += 1
    if "(a: direct)" in m.group(3):
        patch_mode["rewrites" if "patch mode rewrites it" in m.group(3) else
                   "run-time size" if "not known at build time" in m.group(3) else
                   "other flags or no helper"] += 1
    s = re.search(r"set at line (\d+)", m.group(3))
    if s:
        nofail_src.add((path, int(s.group(1))))

parsed = set()			# (file, line, col) coccinelle saw
calls = collections.defaultdict(set)
for line in open(uses):
    f = line.split()
    if len(f) < 2:
        continue
    path, ln, col = f[1].rsplit(":", 2)
    key = (path, int(ln), int(col))
    if f[0] == "TOK":
        parsed.add(key)
    elif f[0] == "IN":
        calls[key].add(f[2])

files = [l.strip() for l in open(listed) if l.strip()]

tests = unparsed = 0
for path in files:
    try:
        text = strip(open(os.path.join(tree, path), errors="replace").read())
    except OSError:
        continue
    starts = [0] + [m.end() for m in re.finditer("\n", text)]
    for m in re.finditer(r"\b__GFP_NOFAIL\b", text):
        if is_test(text, m.start()):
            tests += 1
            continue
        ln = next(i for i in range(len(starts) - 1, -1, -1)
                  if starts[i] <= m.start())
        key = (path, ln + 1, m.start() - starts[ln])
        kinds = {kind_of(f) for f in calls.get(key, ())} - {None}
        kind = next((k for k, _ in ALLOC if k in kinds), None)
        if kind == "slab" or (path, ln + 1) in nofail_src:
            continue		# counted as a slab site
        if key not in parsed:
            unparsed += 1
        table[subsystem(path)][kind or "other"] += 1

rows = sorted(table, key=lambda s: (-sum(table[s].values()), s))
w = max(len(r) for r in rows + ["subsystem"])
hdr = ["direct", "var", "param", "page", "vmalloc", "mempool", "pgcache",
       "other", "loops", "total"]
print("%-*s %s" % (w, "subsystem", " ".join("%7s" % h for h in hdr)))
tot = collections.Counter()
for r in rows:
    vals = [table[r][c] for c in COLS]
    tot.update(table[r])
    print("%-*s %s" % (w, r, " ".join("%7d" % v for v in vals + [sum(vals)])))
vals = [tot[c] for c in COLS]
print("%-*s %s" % (w, "TOTAL", " ".join("%7d" % v for v in vals + [sum(vals)])))
print("\ndirect/var/param: slab sites (a)/(b)/(c) from the report; page .. "
      "other: __GFP_NOFAIL tokens\nin non-slab calls (other: gfp variables, "
      "other functions, macros; %d of them not\nparsed by coccinelle); "
      "loops: open-coded retry loops.  Not counted: %d tests/masks\n"
      "(gfp & __GFP_NOFAIL, ~__GFP_NOFAIL).  %d files scanned." %
      (unparsed, tests, len(files)))
print("Patch mode rewrites %d of the %d direct slab sites; %d have a run-time "
      "size, %d other\nflags or no helper (reported only)." %
      (patch_mode["rewrites"], sum(patch_mode.values()), patch_mode["run-time size"],
       patch_mode["other flags or no helper"]))
with open(out_json, "w") as f:
    json.dump({"columns": COLS, "files_scanned": len(files),
               "tests_and_masks": tests, "unparsed": unparsed,
               "subsystems": {r: {c: table[r][c] for c in COLS} for r in rows},
               "total": {c: tot[c] for c in COLS},
               "patch_mode": dict(patch_mode)}, f, indent=1)
    f.write("\n")
