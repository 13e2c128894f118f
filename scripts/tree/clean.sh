#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# clean.sh PATH...
#
# Remove build output, each PATH only when the bench made it (lib.sh's
# nofail_rm): "make clean BUILD=~" stops, it does not empty a home.

set -eu
. "$(dirname "$0")/../lib.sh"

for p in "$@"; do
	[ -e "$p" ] || continue
	progress "clean: $p"
	nofail_rm "$p"
done
