#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# fstests.sh TREE KERNEL_BUILD_DIR OUT
#     (T=ext4,... MODE=series,... FSTESTS=<checkout> FSTESTS_TESTS="generic/001 ...")
#
# fstests, the file systems' own regression suite, unmodified, on the
# converted file systems: ext4 (jbd2), btrfs, gfs2 (lock_nolock),
# reiserfs, and ext4 on dm-mirror devices (dm-region-hash), the names of
# tests/fstests/cells.  Each cell is a file system and a mode:
#
#   base         the kernel without the series (nofail-base, the same config)
#   series       the series kernel of KERNEL_BUILD_DIR
#   inject       the series, failslab aimed at the file system's converted
#                sites as the boot test aims it (tests/boot/aims, its
#                first line for the file system), every failure counted
#                per site from /proc/nofailinfo
#   base-inject  the base under the same aim: the control
#
# fstests runs in a guest whose root is the host's, shared read-only
# over virtio-9p (-fsdev ... readonly=on,multidevs=remap: without
# multidevs=remap the guest saw the host's /proc), so that fstests and
# every tool it calls are the host's Debian packages; its /init is
# tests/fstests/guest-init.  TEST_DEV and SCRATCH_DEV are virtio disks
# backed by sparse files of the cell's folder, removed when the cell
# ends.  The tests: fstests' quick group less tests/fstests/exclude, or
# FSTESTS_TESTS.  fstests itself: FSTESTS (a checkout that is built), or
# the pinned release of FSTESTS_RELEASES (reiserfs: the last one that
# has it), unpacked and built once in build/fstests-src.
#
# Each cell's results stay in OUT/FS/MODE (check.log, results/ with
# fstests' xunit result.xml, the .out.bad and .full of each failed test,
# console.log, cell.json), so the matrix can be completed in parts.  The
# judge (scripts/judge/fstests_results.py) prints each cell's KTAP and
# the table of every cell, with the tests whose outcome differs from the
# base's and the cells still missing; exits 1 when a cell run here
# failed: fstests did not finish, the kernel said something bad that
# the base did not say in the same test, an outcome differs from the
# base's, or an aimed run injected nothing.

set -eu
. "$(dirname "$0")/../lib.sh"

usage="usage: fstests.sh TREE KERNEL_BUILD_DIR OUT"
tree=$(realpath -m "${1:?$usage}")
build=$(realpath -m "${2:?$usage}")
out=$(realpath -m "${3:?$usage}")
cells_file=$NOFAIL_TOP/tests/fstests/cells
# The release tarballs: FSTESTS_RELEASES, or ../shared/fstests beside
# the bench, or beside the repository a clone was made from (a CI clone
# elsewhere, whose origin is the project's folder)
releases=${FSTESTS_RELEASES:-}
if [ -z "$releases" ]; then
	origin=$(git -C "$NOFAIL_TOP" remote get-url origin 2>/dev/null || true)
	for d in "$NOFAIL_TOP/../shared/fstests" "${origin:+$origin/../shared/fstests}"; do
		[ -n "$d" ] && [ -d "$d" ] && { releases=$d; break; }
	done
	releases=${releases:-$NOFAIL_TOP/../shared/fstests}
fi
releases=$(realpath -m "$releases")
# the releases built, for every OUT (make fstests and make check's smoke)
src=$NOFAIL_BUILD/fstests-src
# in this order: each cell's reference runs before it (series and
# base-inject are compared with base, inject with base-inject)
modes_all="base base-inject series inject"

all_fs=$(sed -e '/^#/d' -e '/^[[:space:]]*$/d' "$cells_file" | awk '{ print $1 }')
fss=$(echo $all_fs)
if [ -n "${T:-}" ]; then
	for f in ${T//,/ }; do
		grep -qx -- "$f" <<<"$all_fs" ||
			die "fstests: T names '$f', which is not a file system of tests/fstests/cells: $(echo $all_fs)"
	done
	fss=${T//,/ }
fi
modes=$modes_all
if [ -n "${MODE:-}" ]; then
	for m in ${MODE//,/ }; do
		case " $modes_all " in *" $m "*) ;; *) die "fstests: MODE names '$m'; the modes are: $modes_all" ;; esac
	done
	modes=${MODE//,/ }
fi
[ -f "$build/arch/x86/boot/bzImage" ] || die "fstests: no $build/arch/x86/boot/bzImage (build the kernel first)"
for o in CONFIG_9P_FS CONFIG_VIRTIO_BLK CONFIG_QUOTA; do
	grep -q "^$o=y" "$build/.config" ||
		die "fstests: $build/.config has no $o=y (configs/bench.config has it: make kernel)"
done
nofail_outdir "$out"

# fstests_dir RELEASE: a built fstests, FSTESTS or RELEASE (a tag of
# FSTESTS_RELEASES) unpacked and built in OUT/src
fstests_dir() {
	local tag=$1 tarball dir stamp

	if [ -n "${FSTESTS:-}" ]; then
		[ -x "$FSTESTS/check" ] && [ -x "$FSTESTS/ltp/fsstress" ] ||
			die "fstests: FSTESTS=$FSTESTS is not a built fstests checkout (no check or ltp/fsstress: run make there)"
		realpath "$FSTESTS"
		return
	fi
	tarball=$releases/fstests-$tag.tar.xz
	[ -f "$tarball" ] ||
		die "fstests: no $tarball: set FSTESTS to a built checkout of fstests, or FSTESTS_RELEASES to a folder with the release tarballs"
	dir=$src/fstests-$tag
	stamp=$src/fstests-$tag.built
	nofail_outdir "$src"
	# one build at a time: make check's smoke and make fstests share it
	exec 9>"$src/.lock"
	flock 9
	if [ "$(cat "$stamp" 2>/dev/null)" != "$(sha1sum <"$tarball")" ]; then
		progress "fstests: unpack and build $tag in $dir (about 90 s on 2 CPUs)"
		nofail_rm "$dir"
		tar -C "$src" -xJf "$tarball"
		[ -d "$dir" ] || die "fstests: $tarball has no top folder fstests-$tag/"
		# ccache, as for the kernel: 89 s cold, 78 s warm (configure
		# is most of it)
		CC=/usr/lib/ccache/gcc make -C "$dir" -j"$JOBS" >"$src/build-$tag.log" 2>&1 ||
			die "fstests: building $tag failed, see $src/build-$tag.log"
		sha1sum <"$tarball" >"$stamp"
	fi
	exec 9>&-
	echo "$dir"
}

# The kernels: the series, and the base only when a mode needs it
need_base=
case " $modes " in *" base"*) need_base=1 ;; esac
if [ -n "$need_base" ]; then
	nofail_base_kernel "$tree" "$build"
	grep -q '^CONFIG_9P_FS=y' "$NOFAIL_BASE_KERNEL/.config" ||
		die "fstests: the base kernel's config $NOFAIL_BASE_KERNEL/.config has no 9p"
fi

# The disks of the cell running: removed however the script ends
disks=
trap '[ -z "$disks" ] || rm -rf -- "$disks"; nofail_reap' EXIT

# cell FS MODE: one run of fstests; its folder OUT/FS/MODE.  Returns 2,
# running nothing, for a file system that has no budget yet.
cell() {
	local fs=$1 mode=$2 dir=$out/$1/$2 kbuild=$build release fstyp layout aim='' sites fst what
	local ndisks=2 d args rc start

	read -r _ fstyp layout release sites < <(awk -v f="$fs" '$1 == f' "$cells_file")
	case $mode in base | base-inject) kbuild=$NOFAIL_BASE_KERNEL ;; esac
	# the whole quick group takes hours under emulation: only a
	# measuring run for tests/fstests/budget.py runs it
	if [ -z "${FSTESTS_TESTS:-}" ] && [ "${FSTESTS_MEASURE:-}" != 1 ] &&
	   ! awk -v f="$fstyp" -v c="$fs" '$1 == f || $1 == c { found = 1 } END { exit !found }' \
		"$NOFAIL_TOP/tests/fstests/exclude"; then
		warn "fstests: $fs, $mode: tests/fstests/exclude has no budget for $fs ($fstyp) yet: its whole quick group would run for hours; run it once with FSTESTS_MEASURE=1 and make the exclusions with tests/fstests/budget.py (Documentation/testing.rst), or name tests with FSTESTS_TESTS"
		return 2
	fi
	nofail_outdir "$out/$fs"
	# one run of a cell at a time: a second would wipe the first's files
	exec 8>"$out/$fs/.$mode.lock"
	flock -n 8 || die "fstests: another make fstests runs the cell $fs/$mode ($out/$fs/.$mode.lock)"
	nofail_outdir "$dir"
	# what the judge reads: never an earlier run's
	find "$dir" -mindepth 1 -maxdepth 1 ! -name disks -exec rm -rf -- {} +
	nofail_rm "$dir/disks"
	echo "$fs $mode" >"$dir/cell"
	# make check's smoke: every test named must pass
	[ "${NOFAIL_FSTESTS_ALL_PASS:-}" != 1 ] || echo "${FSTESTS_TESTS:-}" >"$dir/all-pass"
	if [ "${mode#*inject}" != "$mode" ]; then
		"$NOFAIL_TOP/scripts/build/aims.sh" "$kbuild/System.map" "$NOFAIL_TOP/tests/boot/aims" "$dir/aims"
		aim=$(awk -v t="$fs" '$1 == t { $1 = ""; sub(/^ /, ""); print; exit }' "$dir/aims")
		[ -n "$aim" ] || die "fstests: tests/boot/aims has no aim for $fs"
	fi
	fst=$(fstests_dir "$release")
	args=${FSTESTS_TESTS:-}
	if [ -z "$args" ]; then
		awk -v f="$fstyp" -v c="$fs" '$1 == f || $1 == c || $1 == "all" { print $2 }' \
			"$NOFAIL_TOP/tests/fstests/exclude" >"$dir/exclude"
		[ "${FSTESTS_MEASURE:-}" != 1 ] || : >"$dir/exclude"
		# the quick group less the exclusions, by name: check's own -E
		# matches each test against each exclusion in bash, which took
		# about a second per test under emulation
		for d in generic "$fstyp"; do
			[ ! -f "$fst/tests/$d/group.list" ] ||
				awk -v d="$d" '!/^#/ { for (i = 2; i <= NF; i++) if ($i == "quick") { print d "/" $1; break } }' \
					"$fst/tests/$d/group.list"
		done | grep -vxF -f "$dir/exclude" >"$dir/tests" || true
		[ -s "$dir/tests" ] || die "fstests: $fs: no test of the quick group is left (is $fst built?)"
		args=$(xargs <"$dir/tests")
	fi
	cat >"$dir/guest.conf" <<-EOF
		NOFAIL_TOP='$NOFAIL_TOP'
		FSTESTS='$fst'
		FSTYP=$fstyp
		LAYOUT=$layout
		CHECK_ARGS='$args'
		AIM='$aim'
		SITES='$sites'
		KCONFIG='$kbuild/.config'
	EOF
	[ "$layout" = mirror ] && ndisks=4
	mkdir -p "$dir/disks"
	disks=$dir/disks
	# -cpu max: RDRAND, so that the guest's random pool is ready at
	# once (mkfs and fstests ask for random bytes: with qemu64 the first
	# ask waited 13 s)
	NOFAIL_QEMU_DEVICES=(
		-cpu max
		-fsdev "local,id=root,path=/,security_model=none,readonly=on,multidevs=remap"
		-device "virtio-9p-pci,fsdev=root,mount_tag=/dev/root"
		-fsdev "local,id=out,path=$dir,security_model=none,multidevs=remap"
		-device "virtio-9p-pci,fsdev=out,mount_tag=nofail-out"
	)
	for d in $(seq 1 $ndisks); do
		# sparse: what the guest writes, 8 GiB at most
		truncate -s 8G "$dir/disks/$d.img"
		NOFAIL_QEMU_DEVICES+=(-drive "file=$dir/disks/$d.img,if=virtio,format=raw,cache=unsafe")
	done
	what="the quick group less tests/fstests/exclude ($(wc -w <<<"$args") tests)"
	[ -z "${FSTESTS_TESTS:-}" ] || what="$(wc -w <<<"$FSTESTS_TESTS") tests of FSTESTS_TESTS"
	progress "fstests: $fs, $mode: $what on $(basename "$(dirname "$kbuild")")/$(basename "$kbuild") (up to ${FSTESTS_TIMEOUT:-3600} s)"
	start=$(date +%s)
	set +e
	NOFAIL_QEMU_MEM=${NOFAIL_QEMU_MEM:-2048} nofail_qemu "$kbuild/arch/x86/boot/bzImage" "" \
		"root=/dev/root rootfstype=9p rootflags=trans=virtio,version=9p2000.L,msize=262144,cache=loose ro init=$NOFAIL_TOP/tests/fstests/guest-init" \
		"$dir/console.log" "${FSTESTS_TIMEOUT:-3600}" >/dev/null
	rc=$?
	set -e
	nofail_rm "$dir/disks"
	disks=
	echo "$rc" >"$dir/qemu-rc"
	echo $(($(date +%s) - start)) >"$dir/seconds"
	git -C "$(dirname "$kbuild")/linux" rev-parse --short HEAD >"$dir/commit" 2>/dev/null ||
		git -C "$tree" rev-parse --short HEAD >"$dir/commit"
	progress "fstests: $fs, $mode: QEMU exit $rc after $(cat "$dir/seconds") s"
}

rc=0
for fs in $fss; do
	for mode in $modes; do
		# a file system without a budget is left for later: the table
		# lists its cells as missing
		cell "$fs" "$mode" && crc=0 || crc=$?
		[ "$crc" = 0 ] || { rc=1; continue; }
		"$NOFAIL_TOP/scripts/judge/judge.sh" fstests "$out/$fs/$mode" || rc=1
	done
done
python3 "$NOFAIL_TOP/scripts/judge/fstests_results.py" table "$out" >"$out/table.txt" || rc=1
cat "$out/table.txt"
exit "$rc"
