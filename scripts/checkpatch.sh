#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# checkpatch.sh TREE PATCH...: the tree's checkpatch.pl --strict; any
# error, warning or check fails.

set -eu
tree=${1:?usage: checkpatch.sh TREE PATCH...}
shift
rc=0
for p in "$@"; do
	(cd "$tree" && ./scripts/checkpatch.pl --strict "$p") || rc=1
done
exit $rc
