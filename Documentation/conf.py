# SPDX-License-Identifier: GPL-2.0
# Sphinx configuration of the bench's own documentation (scripts/static/docs.sh:
# make docs, make lint and make check, with warnings as errors).  Debian's
# python3-sphinx, installed by make setup; no extension from elsewhere.
project = "nofail"
copyright = "the nofail developers"
master_doc = "index"
exclude_patterns = []
html_theme = "alabaster"
highlight_language = "none"
