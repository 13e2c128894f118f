# SPDX-License-Identifier: GPL-2.0
#
# The nofail bench.  "make" builds the patched tree, boots it and runs the
# KUnit suites; "make check" runs every test.  "make help" lists the rest.
# Everything it writes goes to build/ (ignored by git).

BUILD	?= $(CURDIR)/build
TREE	?= $(BUILD)/linux
SCRIPTS	:= $(CURDIR)/scripts
export BUILD TREE

.DEFAULT_GOAL := all
.PHONY: all help setup tree tree-reset patches kunit module boot survey mutants report check lint audit fastpath clean distclean

all: kunit boot report ## tree, series, build, boot, KUnit, and a report

help: ## list the targets
	@echo 'The nofail bench: targets'
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | expand -t 14 | sed 's/^/  /'
	@echo
	@echo 'Variables: BUILD=$(BUILD)  TREE=$(TREE)  JOBS=<n>'

setup: ## install the Debian packages the bench needs
	@$(SCRIPTS)/setup.sh

tree: setup ## unpack the pinned tree and apply patches/ (build/linux)
	@$(SCRIPTS)/tree.sh $(TREE)

tree-reset: setup ## drop the tree's own commits and apply patches/ again
	@$(SCRIPTS)/tree.sh $(TREE) --fresh

patches: ## regenerate patches/ from the commits in the tree
	@$(SCRIPTS)/format-patches.sh $(TREE)

kunit: tree ## build the tree with the bench config, boot it, run KUnit
	@$(SCRIPTS)/kunit.sh $(TREE) $(BUILD)/kunit

module: kunit ## build the torture module against that kernel (build/boot/module)
	@$(SCRIPTS)/module.sh $(TREE) $(BUILD)/kunit $(BUILD)/boot/module

boot: kunit ## boot test: torture module, file systems under aimed failslab
	@$(SCRIPTS)/boot-test.sh $(TREE) $(BUILD)/kunit $(BUILD)/boot

survey: kunit ## unaimed failslab, base vs series, and a negative control (not a test)
	@$(SCRIPTS)/survey.sh $(TREE) $(BUILD)/kunit $(BUILD)/survey

mutants: kunit ## break each tested behaviour once: the suites must catch it (not a test)
	@$(SCRIPTS)/mutants.sh $(TREE) $(BUILD)/kunit

audit: tree ## Coccinelle: slab allocations that still get __GFP_NOFAIL
	@$(SCRIPTS)/slab-nofail.sh $(TREE) drivers/md/dm-region-hash.c fs/btrfs fs/gfs2 fs/jbd2 fs/reiserfs

fastpath: kunit ## compare each allocator with its _nofail helper in the disassembly
	@$(SCRIPTS)/fastpath.sh $(TREE) $(BUILD)/kunit

report: ## print the report of the last run
	@$(SCRIPTS)/report.sh $(BUILD)/kunit

check: setup ## every test: checkpatch, apply, audit, KUnit, boot test, bisect, misuse
	@$(SCRIPTS)/check.sh

lint: ## fast static checks (under 60 s once the tree exists)
	@$(SCRIPTS)/lint.sh $(TREE)

clean: ## remove build output, keep the tree and the ccache
	rm -rf $(BUILD)/kunit $(BUILD)/check

distclean: ## remove build/ entirely
	rm -rf $(BUILD)
