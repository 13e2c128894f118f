# SPDX-License-Identifier: GPL-2.0
#
# Shared settings and helpers for the bench scripts.  Sourced, not run.

NOFAIL_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
NOFAIL_BUILD=${NOFAIL_BUILD:-$NOFAIL_TOP/build}
NOFAIL_SRC_VERSION=${NOFAIL_SRC_VERSION:-6.12.118-1~deb12u1}
NOFAIL_SRC_TARBALL=/usr/src/linux-source-6.12.tar.xz
JOBS=${JOBS:-$(nproc)}

# Fixed identity and dates make the base commit id reproducible, so the
# base-commit: trailer of the series means the same thing everywhere.
NOFAIL_GIT_IDENT=(-c user.name="nofail bench" -c user.email="nofail@localhost")
export GIT_AUTHOR_DATE="2025-01-01T00:00:00Z" GIT_COMMITTER_DATE="2025-01-01T00:00:00Z"

progress() { printf '==> %s\n' "$*" >&2; }
warn() { printf 'WARNING: %s\n' "$*" >&2; }
die() { printf 'ERROR: %s\n' "$*" >&2; exit 1; }

# The make options of every kernel build: ccache, and the graft (nofail/
# as a directory of the build, for the objects of tests/).  One per line,
# as "make" takes them.
nofail_make_options() {
	printf '%s\n' "CC=/usr/lib/ccache/gcc" "drivers-m=nofail/"
}

# nofail_qemu KERNEL INITRD EXTRA_APPEND LOG: boot KERNEL with INITRD under
# QEMU (x86_64, 2 CPUs, 2 GiB, software emulation: KVM does not work on
# the bench machines), console to LOG and stdout.  The guest ends QEMU by
# rebooting (-no-reboot); a guest that hangs is killed after 20 minutes
# (exit 124).  slab_nomerge keeps slab caches apart for failslab's
# cache-filter, nokaslr keeps System.map's addresses for its stack filter.
# Returns QEMU's exit status.
nofail_qemu() {
	timeout -k 10 1200 qemu-system-x86_64 -nodefaults -nographic -serial stdio \
		-no-reboot -m 2048 -smp 2 -bios qboot.rom \
		-kernel "$1" -initrd "$2" \
		-append "console=ttyS0 kunit.enable=0 panic=-1 printk.time=1 printk.devkmsg=on slab_nomerge nokaslr $3" \
		</dev/null 2>&1 | tee "$4"
	return "${PIPESTATUS[0]}"
}

# nofail_series_hash DIR: the hash of the series in DIR (its series file
# and the patches it names), kept in a tree's .git/nofail-applied stamp
# with the commit it was applied as.
nofail_series_hash() {
	(cd "$1" && cat series $(grep -v '^#' series)) | sha1sum | cut -d' ' -f1
}
