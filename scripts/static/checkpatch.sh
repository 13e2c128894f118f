#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# checkpatch.sh TREE PATCH...: the tree's checkpatch.pl --strict; any
# error, warning or check fails.
#
# Two types are ignored.  OBSOLETE, "marked as 'obsolete' in the
# MAINTAINERS hierarchy", which every change to fs/reiserfs gets
# (reiserfs is removed in 6.13): the series converts reiserfs on purpose;
# the cover letter says so.  UNKNOWN_COMMIT_ID: the bench's tree is
# Debian's tarball committed once, without upstream history, so no
# upstream commit a message cites can be found in it; the citations
# themselves are still checked for their style (GIT_COMMIT_ID), and in a
# kernel git tree checkpatch finds them.
#
# Debian's python3 first in PATH: checkpatch runs scripts/spdxcheck.py on
# each new SPDX line, which needs ply and GitPython (python3-ply,
# python3-git, installed by make setup), not a python3 of the user's.

set -eu
tree=${1:?usage: checkpatch.sh TREE PATCH...}
shift
rc=0
for p in "$@"; do
	(cd "$tree" && PATH=/usr/bin:/bin:$PATH ./scripts/checkpatch.pl --strict --ignore OBSOLETE,UNKNOWN_COMMIT_ID "$p") || rc=1
done
exit $rc
