// SPDX-License-Identifier: GPL-2.0
// For scripts/judge/audit_table.py, not a kernel script: every __GFP_NOFAIL
// token Coccinelle sees, and each call whose arguments contain it.
//   TOK file:line:col
//   IN file:line:col function
// Options: --no-includes --include-headers
virtual report

@tok@
position q;
@@
__GFP_NOFAIL@q

@script:python@
q << tok.q;
@@
print("TOK %s:%s:%s" % (q[0].file, q[0].line, q[0].column))

@incall@
identifier f;
position q;
@@
f(..., <+... __GFP_NOFAIL@q ...+>, ...)

@script:python@
q << incall.q;
f << incall.f;
@@
print("IN %s:%s:%s %s" % (q[0].file, q[0].line, q[0].column, f))
