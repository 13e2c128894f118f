#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# mkinitramfs.sh OUT.cpio [MODULE.ko AIMS]
#
# The boot test's initramfs, made only of files of this machine's Debian
# packages (scripts/tree/setup.sh installs them): busybox-static with the
# applets tests/boot/init uses, the mkfs and fsck tools of each file
# system and dmsetup, each with the shared libraries ldd lists,
# tests/boot/init as /init with its lib/ and target/ files, and the workload (tests/boot/workload.c,
# built static here).  MODULE.ko (scripts/build/module.sh; "" for none) goes
# to /lib/nofail/ and AIMS (scripts/build/aims.sh) to /etc/nofail/aims.
# Uncompressed newc: the kernel needs no
# decompressor for it.  Fixed owners and dates keep the archive the same
# from run to run on the same packages.

set -eu
. "$(dirname "$0")/../lib.sh"

out=$(realpath -m "${1:?usage: mkinitramfs.sh OUT.cpio [MODULE.ko AIMS]}")
module=${2:-}
aims=${3:-}
root=$out.d
applets=(sh mount umount losetup mkdir cat sync md5sum grep sed echo printf
	sleep seq truncate blockdev rm tail wc tr dmesg reboot insmod rmmod stat
	cut sort timeout awk head uniq killall rmdir pidof ps)
tools=(mke2fs e2fsck mkfs.btrfs btrfs mkfs.gfs2 fsck.gfs2 mkreiserfs
	reiserfsck dmsetup)

progress "mkinitramfs: $out"
nofail_rm "$root"
mkdir -p "$root"/{bin,sbin,etc,proc,sys,dev,tmp,mnt}
cp /bin/busybox "$root/bin/busybox"
for a in "${applets[@]}"; do
	ln -s busybox "$root/bin/$a"
done

# A tool and every library ldd names, at the path ldd names (the loader
# at /lib64, the rest at /lib/x86_64-linux-gnu).
for t in "${tools[@]}"; do
	bin=$(PATH=/usr/sbin:/usr/bin:/sbin:/bin command -v "$t") ||
		die "mkinitramfs: no $t (run scripts/tree/setup.sh)"
	cp -L "$bin" "$root/sbin/$t"
	for lib in $(ldd "$bin" | grep -o '/[^ ]*'); do
		mkdir -p "$root$(dirname "$lib")"
		cp -L "$lib" "$root$lib"
	done
done
ln -s mke2fs "$root/sbin/mkfs.ext4"
# mke2fs's defaults for ext4, and the mount table e2fsck and btrfs check
# read to refuse a mounted device.
cp /etc/mke2fs.conf "$root/etc/"
ln -s /proc/self/mounts "$root/etc/mtab"
install -m 755 "$NOFAIL_TOP/tests/boot/init" "$root/init"
for f in "$NOFAIL_TOP"/tests/boot/lib/*.sh "$NOFAIL_TOP"/tests/boot/target/*.sh; do
	install -D -m 644 "$f" "$root/lib/nofail/boot/${f#"$NOFAIL_TOP"/tests/boot/}"
done
install -D -m 644 "$NOFAIL_TOP/tests/boot/targets" "$root/etc/nofail/targets"
# The workload, the project's own, static against Debian's libc6-dev.
# Its main() bounds the lengths that gcc's truncation warning guesses at.
gcc -static -O2 -Wall -Wextra -Werror -Wno-format-truncation -o "$root/bin/nofail-workload" \
	"$NOFAIL_TOP/tests/boot/workload.c" || die "mkinitramfs: tests/boot/workload.c does not build"
gcc -static -O2 -Wall -Wextra -Werror -o "$root/bin/nofail-hog" "$NOFAIL_TOP/tests/boot/hog.c" ||
	die "mkinitramfs: tests/boot/hog.c does not build"
[ -z "$module" ] || install -D -m 644 "$module" "$root/lib/nofail/$(basename "$module")"
[ -z "$aims" ] || install -D -m 644 "$aims" "$root/etc/nofail/aims"

find "$root" -exec touch -h -d "$GIT_COMMITTER_DATE" {} +
(cd "$root" && find . | LC_ALL=C sort |
	cpio --quiet -o -H newc -R 0:0 --reproducible) >"$out"
progress "mkinitramfs: $(find "$root" -type f | wc -l) files, $(du -h "$out" | cut -f1)"
