# SPDX-License-Identifier: GPL-2.0
# Sphinx configuration of the bench's own documentation (make docs-bench,
# and make check's docs step, with warnings as errors).  Debian's
# python3-sphinx, installed by make setup; no extension from elsewhere.
project = "nofail"
copyright = "the nofail developers"
master_doc = "index"
exclude_patterns = []
html_theme = "alabaster"
highlight_language = "none"
