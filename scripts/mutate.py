#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""mutate.py FILE OLD NEW: replace the first OLD by NEW in FILE; exit 1
when FILE has no OLD.  For scripts/mutants.sh."""

import sys
path, old, new = sys.argv[1:]
s = open(path).read()
if old not in s:
    sys.exit(1)
open(path, 'w').write(s.replace(old, new, 1))
