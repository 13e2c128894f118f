#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# checkpatch.sh TREE PATCH...: the tree's checkpatch.pl --strict; any
# error, warning or check fails.
#
# One type is ignored: OBSOLETE, "marked as 'obsolete' in the MAINTAINERS
# hierarchy", which every change to fs/reiserfs gets (reiserfs is removed
# in 6.13).  The series converts reiserfs on purpose; the cover letter
# says so.

set -eu
tree=${1:?usage: checkpatch.sh TREE PATCH...}
shift
rc=0
for p in "$@"; do
	(cd "$tree" && ./scripts/checkpatch.pl --strict --ignore OBSOLETE "$p") || rc=1
done
exit $rc
