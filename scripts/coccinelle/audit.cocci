// SPDX-License-Identifier: GPL-2.0
/// Find slab allocations that still get __GFP_NOFAIL: in the flags
/// argument itself, through a local gfp variable, or through a gfp
/// parameter of the enclosing function (joined across files by
/// scripts/audit.sh from the PARAM and CALL lines).
///
/// Output, one line per finding:
///   SITE file:line function allocator
///   PARAM function index file:line allocator
///   CALL function index file:line
//
// Confidence: High for SITE; PARAM/CALL need the join.
// Options: --no-includes --include-headers

virtual report

@initialize:python@
@@
def out(*a):
    print(" ".join(str(x) for x in a))

// 1. __GFP_NOFAIL in the flags argument.
@nofail_arg@
expression S, N;
position p;
identifier alloc = {kmalloc, kzalloc, kmem_cache_alloc, kmem_cache_zalloc,
		    kmalloc_node, kzalloc_node, kmem_cache_alloc_node,
		    kmem_cache_alloc_lru, krealloc};
identifier alloc2 = {kcalloc, kmalloc_array, kcalloc_node, kmalloc_array_node,
		     krealloc_array};
@@
(
 alloc@p(S, <+... __GFP_NOFAIL ...+>, ...)
|
 alloc2@p(N, S, <+... __GFP_NOFAIL ...+>, ...)
)

@script:python depends on nofail_arg@
p << nofail_arg.p;
@@
out("SITE", "%s:%s" % (p[0].file, p[0].line), p[0].current_element, "direct")

// 2. A local gfp variable that has __GFP_NOFAIL in it somewhere.
@nofail_var exists@
identifier g, fn;
expression S, N;
position p;
identifier alloc = {kmalloc, kzalloc, kmem_cache_alloc, kmem_cache_zalloc,
		    kmalloc_node, kzalloc_node, kmem_cache_alloc_node,
		    kmem_cache_alloc_lru, krealloc};
identifier alloc2 = {kcalloc, kmalloc_array, kcalloc_node, kmalloc_array_node,
		     krealloc_array};
@@
fn(...) {
 ... when any
(
 gfp_t g = <+... __GFP_NOFAIL ...+>;
|
 g |= <+... __GFP_NOFAIL ...+>
|
 g = <+... __GFP_NOFAIL ...+>
)
 ... when any
(
 alloc@p(S, <+... g ...+>, ...)
|
 alloc2@p(N, S, <+... g ...+>, ...)
)
 ... when any
}

@script:python depends on nofail_var@
p << nofail_var.p;
@@
out("SITE", "%s:%s" % (p[0].file, p[0].line), p[0].current_element, "variable")

// 3. A gfp parameter that reaches a slab allocation...
@gfp_param exists@
identifier fn, g;
type T;
expression S, N;
position p;
identifier alloc = {kmalloc, kzalloc, kmem_cache_alloc, kmem_cache_zalloc,
		    kmalloc_node, kzalloc_node, kmem_cache_alloc_node,
		    kmem_cache_alloc_lru, krealloc};
identifier alloc2 = {kcalloc, kmalloc_array, kcalloc_node, kmalloc_array_node,
		     krealloc_array};
@@
T fn(..., gfp_t g, ...) {
 ... when any
(
 alloc@p(S, <+... g ...+>, ...)
|
 alloc2@p(N, S, <+... g ...+>, ...)
)
 ... when any
}

@script:python depends on gfp_param@
fn << gfp_param.fn;
p << gfp_param.p;
@@
out("PARAM", fn, "%s:%s" % (p[0].file, p[0].line))

// ...and the calls that pass __GFP_NOFAIL in some argument.
@nofail_call@
identifier fn;
position p;
@@
fn@p(..., <+... __GFP_NOFAIL ...+>, ...)

@script:python depends on nofail_call@
fn << nofail_call.fn;
p << nofail_call.p;
@@
out("CALL", fn, "%s:%s" % (p[0].file, p[0].line))
