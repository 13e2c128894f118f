#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# mutants.sh TREE OUT [NAME...]
#
# Show that the KUnit suites can fail: for each mutant below, break one
# thing in TREE (a copy of the file is kept and put back), run the suites
# through scripts/kernel.sh and kunit.sh into OUT, and check that the named test cases
# fail.  One line per mutant: "MUTANT 0 name"
# when it was caught as expected, "MUTANT 1 name" when not.  Each mutant
# rebuilds one file of the kernel (about a minute); the tree is restored
# and rebuilt at the end, whatever happens.
#
# Not part of "make check": it builds the kernel once per mutant.  With
# NAMEs, only those mutants run.

set -u
. "$(dirname "$0")/lib.sh"

tree=$(realpath -m "${1:?usage: mutants.sh TREE OUT [NAME...]}")
out=$(realpath -m "${2:?usage: mutants.sh TREE OUT [NAME...]}")
shift 2
only=" $* "
saved=$(mktemp -d)
restore() {
	local f
	for f in "$saved"/*; do
		[ -e "$f" ] || continue
		cp "$f" "$tree/$(basename "$f" | tr % /)"
	done
	rm -rf "$saved"
	nofail_reap
}
trap restore EXIT

# mutate FILE OLD NEW: replace the first OLD by NEW in TREE/FILE; fails,
# and leaves the file as it was, when OLD is not there
mutate() {
	cp "$tree/$1" "$saved/${1//\//%}"
	python3 "$NOFAIL_TOP/scripts/mutate.py" "$tree/$1" "$2" "$3"
}

# The mutants, fields separated by @: name, file, old text, new text, the
# test cases that must fail (comma-separated).  first-attempt-may-loop
# puts back the first attempt of series v3 (no __GFP_NORETRY); it and
# success-retried change include/linux/slab.h, so each rebuilds nearly
# the whole kernel (16 min here): they come last.
# fail-page-alloc-fails-nofail takes 6.12's exemption out of
# fail_page_alloc, which test_nofail_not_injected holds the series to.
mutants=(
	"retry-drops-zero@mm/slab_common.c@(bytes, flags | __GFP_NOFAIL,@(bytes, (flags & ~__GFP_ZERO) | __GFP_NOFAIL,@test_injected_failure"
	"retry-without-nofail@mm/slab_common.c@(bytes, flags | __GFP_NOFAIL,@(bytes, flags,@test_injected_failure"
	"report-every-time@mm/slab_common.c@test_and_set_bit(NOFAIL_SITE_REPORTED, &site->flags))@!site)@test_site_failures"
	"misuse-warns-every-time@mm/slab_common.c@if (test_and_set_bit(NOFAIL_SITE_MISUSED, &site->flags))@if (0)@test_misuse"
	"warning-at-nopage@mm/page_alloc.c@\tif (unlikely(nofail))\n\t\t__alloc_pages_nofail_check(gfp_mask, order);@\tif (0)\n\t\t__alloc_pages_nofail_check(gfp_mask, order);@test_order2_warns_on_entry"
	"retry-charges-itself@mm/slab_common.c@p = kmalloc_node_track_caller_noprof(bytes, flags | __GFP_NOFAIL,\n\t\t\t\t\t     NUMA_NO_NODE, caller);@p = kmalloc_node_track_caller(bytes, flags | __GFP_NOFAIL,\n\t\t\t\t\t     NUMA_NO_NODE);@test_profiling_charges_caller"
	"retry-own-bucket@mm/slab_common.c@p = kmalloc_node_track_caller_noprof(bytes, flags | __GFP_NOFAIL,\n\t\t\t\t\t     NUMA_NO_NODE, caller);@p = kmalloc_node_track_caller_noprof(bytes, flags | __GFP_NOFAIL,\n\t\t\t\t\t     NUMA_NO_NODE, _RET_IP_);@test_one_bucket"
	"misuse-returns-null@mm/slab_common.c@\tnofail_report_misuse(site, n, size, flags);\n\tif (check_mul_overflow(n, size, &bytes))@\tnofail_report_misuse(site, n, size, flags);\n\tif (1)@test_misuse"
	"misuse-cache-returns-null@mm/slab_common.c@\treturn kmem_cache_alloc_noprof(s, nofail_gfp(flags));@\treturn NULL;@test_misuse"
	"misuse-tries-first@mm/slab_common.c@\treturn kmalloc_node_track_caller_noprof(bytes, nofail_gfp(flags),@\treturn kmalloc_node_track_caller_noprof(bytes, (flags | __GFP_NOWARN) & ~__GFP_NOFAIL,\n\t\t\t\t\t\tNUMA_NO_NODE, caller) ?:\n\t       kmalloc_node_track_caller_noprof(bytes, nofail_gfp(flags),@test_misuse"
	"no-watermarks@mm/page_alloc.c@\tif (unlikely(gfp_mask & __GFP_NOFAIL)) {\n\t\tpage = __alloc_pages_nofail_oom(@\tif (0) {\n\t\tpage = __alloc_pages_nofail_oom(@test_no_watermarks"
	"no-min-reserve@mm/page_alloc.c@\tif (unlikely(nofail)) {\n\t\t/*\n\t\t * Lacking@\tif (0) {\n\t\t/*\n\t\t * Lacking@test_min_reserve"
	"retry-not-counted@mm/nofail_sites.c@\tatomic_long_inc(&site->retried);@\t;@test_site_counts"
	"site-line-unnamed@mm/nofail_sites.c@\tcodetag_to_text(out, &site->ct);@\t;@test_site_listed"
	"no-retried-event@mm/nofail_sites.c@\ttrace_nofail_retried(site, bytes, flags, wait);@\t;@test_site_tracepoints"
	"max-wait-not-kept@mm/nofail_sites.c@\twhile (wait > max && !atomic64_try_cmpxchg(&site->max_wait_ns, &max, wait))\n\t\t;@\t;@test_site_tracepoints"
	"max-wait-last@mm/nofail_sites.c@\twhile (wait > max && !atomic64_try_cmpxchg(&site->max_wait_ns, &max, wait))\n\t\t;@\tatomic64_set(&site->max_wait_ns, wait);@test_site_tracepoints"
	"wait-burns-cpu@mm/page_alloc.c@\tif (!nofail_may_wait()) {\n\t\tcond_resched();\n\t\treturn NULL;@\tif (1) {\n\t\tcond_resched();\n\t\treturn NULL;@test_waiters_sleep"
	"no-wake@mm/page_alloc.c@\t\t__wake_up(&nofail_waitq, TASK_NORMAL, 1, zone);@\t\t;@test_waiters_sleep"
	"no-freed-mark@mm/page_alloc.c@\t\tset_bit(ZONE_NOFAIL_FREED, &zone->flags);@\t\t;@test_waiters_sleep"
	"no-baton@mm/page_alloc.c@\tdrain_pages_zone(raw_smp_processor_id(), zone);\n\t__nofail_wake(zone);@\t;@test_waiters_sleep"
	"pcp-kept@mm/page_alloc.c@\t\t\t__zone_set_pageset_high_and_batch(zone, 0, 0, 1);@\t\t\t;@test_waiters_sleep"
	"pcp-not-restored@mm/page_alloc.c@\t\telse\n\t\t\t__zone_set_pageset_high_and_batch(zone, zone->pageset_high_min,@\t\telse if (0)\n\t\t\t__zone_set_pageset_high_and_batch(zone, zone->pageset_high_min,@test_waiters_sleep"
	"fail-page-alloc-fails-nofail@mm/fail_page_alloc.c@\tif (gfp_mask & __GFP_NOFAIL)\n\t\treturn false;@\tif (0)\n\t\treturn false;@test_nofail_not_injected"
	"first-attempt-may-loop@include/linux/slab.h@#define NOFAIL_FIRST_GFP\t(__GFP_NORETRY | __GFP_NOWARN)@#define NOFAIL_FIRST_GFP\t(__GFP_NOWARN)@test_helper_shortage"
	"success-retried@include/linux/slab.h@\tif (likely(p))\n\t\treturn p;\n\treturn nofail_kmalloc_retry_noprof(site, 1,@\tif (0)\n\t\treturn p;\n\treturn nofail_kmalloc_retry_noprof(site, 1,@test_site_quiet,test_no_failure"
)

run() {	# run NAME EXPECTED...: the suites; EXPECTED must fail, the rest pass
	local name=$1 expected=$2 fails t
	{ "$NOFAIL_TOP/scripts/kernel.sh" "$tree" "$out" && "$NOFAIL_TOP/scripts/kunit.sh" "$tree" "$out"; } \
		>"$out/mutant-$name.log" 2>&1
	fails=$(python3 "$NOFAIL_TOP/scripts/kunit_results.py" "$out/results.json" 2>/dev/null |
		awk '$1 != "PASS" { print $2 }' | sed 's|^[^/]*/||; s|/.*||' | sort -u | tr '\n' ' ')
	echo "# $name: failed: ${fails:-nothing}"
	[ -n "$expected" ] || { [ -z "$fails" ]; return; }
	for t in ${expected//,/ }; do
		case " $fails" in *" $t "*) ;; *) return 1 ;; esac
	done
}

nofail_outdir "$out"
for m in "${mutants[@]}"; do
	IFS='@' read -r name file old new expect <<<"$m"
	[ "$only" = "  " ] || [[ $only == *" $name "* ]] || continue
	# \n and \t in the fields are a newline and a tab
	progress "mutants: $name ($file)"
	if mutate "$file" "$(printf '%b' "$old")" "$(printf '%b' "$new")"; then
		run "$name" "$expect"
		echo "MUTANT $? $name"
	else
		# the series changed under the mutant: say so, and go on to the
		# rebuild of the restored tree
		echo "# $name: its text is not in $file any more"
		echo "MUTANT 1 $name"
	fi
	restore
	saved=$(mktemp -d)
done
progress "mutants: the tree restored; rebuilding it"
run none ""
echo "MUTANT $? none (the restored tree passes)"
