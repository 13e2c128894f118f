#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Install the Debian packages the bench needs, once.  Every other step
# calls this first; it is quiet and fast when everything is present.
#
# The kernel source is pinned: linux-source-6.12 at $NOFAIL_SRC_VERSION.
# If the archive no longer serves that version, the newest one is taken,
# a warning says so, and the series is later applied with "git am --3way".

set -eu
. "$(dirname "$0")/../lib.sh"

pkgs=(
	# kernel build
	build-essential bc bison flex libelf-dev libssl-dev dwarves
	cpio kmod rsync xz-utils python3 python3-ply python3-git perl git ccache
	# make check's lanes (pgrep)
	procps
	# boot
	qemu-system-x86
	# the boot test's guest (scripts/build/mkinitramfs.sh copies their files)
	busybox-static e2fsprogs btrfs-progs reiserfsprogs gfs2-utils dmsetup
	# make fstests: fstests' build dependencies (its README), and the
	# tools its tests call in the guest, which runs on the host's root
	autoconf automake libtool-bin pkg-config uuid-dev xfslibs-dev libacl1-dev
	libattr1-dev libaio-dev libgdbm-dev liburing-dev libcap-dev
	xfsprogs attr acl quota fio gawk psmisc bc dbench
	# checks; make htmldocs (scripts/static/docs.sh)
	coccinelle shellcheck python3-sphinx
	# make bench: the plots
	gnuplot-nox
)

missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed' ||
		missing+=("$p")
done

want_src="linux-source-6.12=$NOFAIL_SRC_VERSION"
have_src=$(dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null || true)
[ "$have_src" = "$NOFAIL_SRC_VERSION" ] && want_src=

[ ${#missing[@]} -eq 0 ] && [ -z "$want_src" ] && exit 0

as_root=
[ "$(id -u)" -eq 0 ] || as_root=sudo
export DEBIAN_FRONTEND=noninteractive

progress "setup: apt-get update"
$as_root apt-get update -qq >/dev/null

if [ -n "$want_src" ]; then
	if ! apt-cache madison linux-source-6.12 | grep -q " $NOFAIL_SRC_VERSION "; then
		newest=$(apt-cache madison linux-source-6.12 | awk 'NR==1 {print $3}')
		[ -n "$newest" ] || die "setup: linux-source-6.12 is not served by any configured archive"
		warn "setup: linux-source-6.12=$NOFAIL_SRC_VERSION is no longer served;"
		warn "setup: using $newest instead, the series will be applied with git am --3way"
		want_src="linux-source-6.12=$newest"
	fi
	missing+=("$want_src")
fi

progress "setup: apt-get install ${missing[*]}"
$as_root apt-get install -y -qq --no-install-recommends --allow-downgrades "${missing[@]}" >/dev/null ||
	die "setup: apt-get install failed for: ${missing[*]}"
