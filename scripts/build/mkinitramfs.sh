#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# mkinitramfs.sh OUT.cpio [MODULE.ko AIMS]
# mkinitramfs.sh --mini OUT.cpio INIT "APPLET..." [FILE...]
#
# The bench's one initramfs builder.  Every initramfs is made only of
# files of this machine's Debian packages (scripts/tree/setup.sh
# installs them) and the project's own, with busybox-static for a shell,
# as uncompressed newc (the kernel needs no decompressor for it), with
# fixed owners and dates, so that the archive is the same from run to run
# on the same packages.
#
# The boot test's: busybox with the applets tests/boot/init uses, the
# mkfs and fsck tools of each file system and dmsetup, each with the
# shared libraries ldd lists, tests/boot/init as /init with its lib/ and
# target/ files, and the workload (tests/boot/workload.c, built static
# here).  MODULE.ko (scripts/build/module.sh; "" for none) goes to
# /lib/nofail/ and AIMS (scripts/build/aims.sh) to /etc/nofail/aims.
#
# --mini: the small one of the KUnit rerun and the benchmarks: busybox
# with the APPLETs, INIT as /init, each FILE at the top.
set -eu
. "$(dirname "$0")/../lib.sh"

usage="usage: mkinitramfs.sh OUT.cpio [MODULE.ko AIMS] | --mini OUT.cpio INIT \"APPLET...\" [FILE...]"

# root ROOT APPLET...: a fresh ROOT with busybox and a link per APPLET
root() {
	local dir=$1 a

	shift
	[ -x /bin/busybox ] || die "mkinitramfs: no /bin/busybox (run make setup)"
	nofail_rm "$dir"
	mkdir -p "$dir"/{bin,proc,sys,dev}
	cp /bin/busybox "$dir/bin/busybox"
	for a in "$@"; do
		ln -s busybox "$dir/bin/$a"
	done
}

# pack ROOT OUT: ROOT as a newc archive OUT, fixed owners and dates
pack() {
	find "$1" -exec touch -h -d "$GIT_COMMITTER_DATE" {} +
	(cd "$1" && find . | LC_ALL=C sort |
		cpio --quiet -o -H newc -R 0:0 --reproducible) >"$2"
}

if [ "${1:-}" = --mini ]; then
	out=$(realpath -m "${2:?$usage}")
	init=${3:?$usage}
	read -ra applets <<<"${4:?$usage}"
	shift 4
	root "$out.d" "${applets[@]}"
	[ $# = 0 ] || cp "$@" "$out.d/"
	install -m 755 "$init" "$out.d/init"
	pack "$out.d" "$out"
	exit 0
fi

out=$(realpath -m "${1:?$usage}")
module=${2:-}
aims=${3:-}
dir=$out.d
applets=(sh mount umount losetup mkdir cat sync md5sum grep sed echo printf
	sleep seq truncate blockdev rm tail wc tr dmesg reboot insmod rmmod stat
	cut sort timeout awk head uniq killall rmdir pidof ps)
tools=(mke2fs e2fsck mkfs.btrfs btrfs mkfs.gfs2 fsck.gfs2 mkreiserfs
	reiserfsck dmsetup)

progress "mkinitramfs: $out"
root "$dir" "${applets[@]}"
mkdir -p "$dir"/{sbin,etc,tmp,mnt}

# A tool and every library ldd names, at the path ldd names (the loader
# at /lib64, the rest at /lib/x86_64-linux-gnu).
for t in "${tools[@]}"; do
	bin=$(PATH=/usr/sbin:/usr/bin:/sbin:/bin command -v "$t") ||
		die "mkinitramfs: no $t (run scripts/tree/setup.sh)"
	cp -L "$bin" "$dir/sbin/$t"
	for lib in $(ldd "$bin" | grep -o '/[^ ]*'); do
		mkdir -p "$dir$(dirname "$lib")"
		cp -L "$lib" "$dir$lib"
	done
done
ln -s mke2fs "$dir/sbin/mkfs.ext4"
# mke2fs's defaults for ext4, and the mount table e2fsck and btrfs check
# read to refuse a mounted device.
cp /etc/mke2fs.conf "$dir/etc/"
ln -s /proc/self/mounts "$dir/etc/mtab"
install -m 755 "$NOFAIL_TOP/tests/boot/init" "$dir/init"
for f in "$NOFAIL_TOP"/tests/boot/lib/*.sh "$NOFAIL_TOP"/tests/boot/target/*.sh; do
	install -D -m 644 "$f" "$dir/lib/nofail/boot/${f#"$NOFAIL_TOP"/tests/boot/}"
done
install -D -m 644 "$NOFAIL_TOP/tests/boot/targets" "$dir/etc/nofail/targets"
# The workload, the project's own, static against Debian's libc6-dev.
# Its main() bounds the lengths that gcc's truncation warning guesses at.
gcc -static -O2 -Wall -Wextra -Werror -Wno-format-truncation -o "$dir/bin/nofail-workload" \
	"$NOFAIL_TOP/tests/boot/workload.c" || die "mkinitramfs: tests/boot/workload.c does not build"
gcc -static -O2 -Wall -Wextra -Werror -o "$dir/bin/nofail-hog" "$NOFAIL_TOP/tests/boot/hog.c" ||
	die "mkinitramfs: tests/boot/hog.c does not build"
[ -z "$module" ] || install -D -m 644 "$module" "$dir/lib/nofail/$(basename "$module")"
[ -z "$aims" ] || install -D -m 644 "$aims" "$dir/etc/nofail/aims"

pack "$dir" "$out"
progress "mkinitramfs: $(find "$dir" -type f | wc -l) files, $(du -h "$out" | cut -f1)"
