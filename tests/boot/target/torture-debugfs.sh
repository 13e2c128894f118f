# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
#
# Boot target torture-debugfs: one request at a time through debugfs, bad ones refused.
# Sourced by /init in a "set -e" subshell: the first failing command
# fails the target; /init cleans up after it.

# write_einval STRING: writing it to the alloc file is refused.
write_einval() {
	# busybox printf says nothing when its write fails; echo does.
	out=$( (echo -n "$1" >$D/alloc) 2>&1) && { echo "accepted: '$1'"; return 1; }
	case $out in *"Invalid argument"*) ;; *) echo "'$1': $out"; return 1 ;; esac
}

failslab_reset
# bad parameters: refused, each named, the valid torture types listed
! insmod $MODULE torture_type=bogus 2>/dev/null
dmesg | grep -q "invalid torture_type 'bogus'; valid types are: nofail busted"
! insmod $MODULE nthreads=99 duration=0 2>/dev/null
dmesg | grep -q 'invalid nthreads: '
dmesg | grep -q 'invalid duration: '
# No threads: the files only.
insmod $MODULE inject=0 nthreads=0
D=/sys/kernel/debug/nofail_torture
# two commands: set -e does not stop at the first of an && list
[ "$(stat -c %a $D/stats)" = 400 ]
[ "$(stat -c %a $D/alloc)" = 600 ]
for req in "kmalloc_nofail 100" "kzalloc_nofail 4096 GFP_NOFS fail=3" \
	"kmalloc_array_nofail 16x64 GFP_NOIO" "kcalloc_nofail 3x8 fail=100" \
	"kmem_cache_alloc_nofail 192" "kmem_cache_zalloc_nofail 1 GFP_KERNEL fail=1"; do
	echo "$req" >$D/alloc
	say "torture-debugfs: $req -> $(cat $D/alloc)"
	grep -q ': ok, ' $D/alloc
	# however many failures failslab is armed for, a helper's first
	# attempt takes one: its __GFP_NOFAIL attempt is never failed
	case $req in
	*fail=*) grep -q " 1 failures injected" $D/alloc ;;
	*) grep -q " 0 failures injected" $D/alloc ;;
	esac
done
for bad in " " "bogus 10" "kmalloc_nofail" "kmalloc_nofail 0" \
	"kmalloc_nofail -1" "kmalloc_nofail 4294967296" \
	"kmalloc_nofail 99999999999999999999" "kmalloc_nofail 8193" \
	"kmalloc_nofail 10x10" "kcalloc_nofail 65536x65536" \
	"kcalloc_nofail 4294967295x2" "kmem_cache_alloc_nofail 193" \
	"kmalloc_nofail 16 GFP_ATOMIC" "kmalloc_nofail 16 GFP_NOWAIT" \
	"kmalloc_nofail 16 fail=101" "kmalloc_nofail 16 fail=-1" \
	"kmalloc_nofail 16 GFP_KERNEL junk" "kmalloc_nofail  16" \
	"$(printf 'kmalloc_nofail 16 %0100d' 0)"; do
	write_einval "$bad"
done
grep -q '^calls ' $D/stats
rmmod nofail_torture
