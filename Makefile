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
.PHONY: all help setup tree tree-reset patches kernel kunit module objstat docs pressure bench wake lockdep sanitizers boot fstests survey mutants report check killcheck recheck lint audit fastpath clean distclean

# The report is printed also when a step failed: that is when it matters.
all: kernel ## tree, series, build, KUnit, boot test, and a report
	@rc=0; \
	$(SCRIPTS)/run/kunit.sh $(TREE) $(BUILD)/kunit || rc=1; \
	$(SCRIPTS)/run/boot-test.sh $(TREE) $(BUILD)/kunit $(BUILD)/boot || rc=1; \
	$(SCRIPTS)/run/report.sh $(BUILD)/kunit; \
	exit $$rc

help: ## list the targets
	@echo 'The nofail bench: targets'
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | expand -t 14 | sed 's/^/  /'
	@echo
	@echo 'Options (scripts/options; make check unsets those that narrow a run):'
	@sed -e '/^#/d' -e '/^[[:space:]]*$$/d' $(SCRIPTS)/options | \
		awk -F' [|] ' '$$2 != "internal" { printf "  %-20s %s (default: %s)\n", $$1, $$4, $$3 }'

setup: ## install the Debian packages the bench needs
	@$(SCRIPTS)/tree/setup.sh

tree: setup ## unpack the pinned tree and apply patches/ (build/linux)
	@$(SCRIPTS)/tree/tree.sh $(TREE)

tree-reset: setup ## drop the tree's own commits and apply patches/ again
	@$(SCRIPTS)/tree/tree.sh $(TREE) --fresh

patches: ## regenerate patches/ from the commits in the tree (ALLOW_FEWER=1 to drop patches)
	@$(SCRIPTS)/tree/format-patches.sh $(TREE)

kernel: tree ## build the tree with the bench config (build/kunit)
	@$(SCRIPTS)/build/kernel.sh $(TREE) $(BUILD)/kunit

kunit: kernel ## boot that kernel under QEMU and run the KUnit suites
	@$(SCRIPTS)/run/kunit.sh $(TREE) $(BUILD)/kunit

module: kernel ## build the torture module against that kernel (build/boot/module)
	@$(SCRIPTS)/build/module.sh $(TREE) $(BUILD)/kunit $(BUILD)/boot/module

boot: kernel ## boot test: torture module, file systems under aimed failslab (T=gfs2,... for some)
	@$(SCRIPTS)/run/boot-test.sh $(TREE) $(BUILD)/kunit $(BUILD)/boot

fstests: kernel ## fstests on the converted file systems: base, series, aimed failslab (T=ext4,... MODE=series,...; build/fstests)
	@$(SCRIPTS)/run/fstests.sh $(TREE) $(BUILD)/kunit $(BUILD)/fstests

pressure: kernel ## real memory shortage, base and series side by side (not a test; builds the base)
	@$(SCRIPTS)/run/pressure.sh $(TREE) $(BUILD)/kunit $(BUILD)/pressure

bench: kernel ## the cost in instructions: helpers vs allocators, page allocator base vs series; table, JSON, plot (build/bench)
	@$(SCRIPTS)/run/bench.sh $(TREE) $(BUILD)/kunit $(BUILD)/bench

survey: kernel ## unaimed failslab, base vs series, and a negative control (not a test)
	@$(SCRIPTS)/run/survey.sh $(TREE) $(BUILD)/kunit $(BUILD)/survey

mutants: kernel ## break each tested behaviour once: the suites must catch it (not a test)
	@$(SCRIPTS)/run/mutants.sh $(TREE) $(BUILD)/kunit

audit: tree ## Coccinelle, whole tree: the must-succeed sites left, per subsystem and allocator (build/audit)
	@$(SCRIPTS)/static/audit.sh --table $(TREE) $(BUILD)/audit

fastpath: kernel ## compare each allocator with its _nofail helper in the disassembly
	@$(SCRIPTS)/run/fastpath.sh $(TREE) $(BUILD)/kunit

wake: kernel ## __GFP_NOFAIL requests waiting for pages: CPU and wake latency, base vs series (build/wake)
	@$(SCRIPTS)/run/wake.sh $(TREE) $(BUILD)/kunit $(BUILD)/wake

lockdep: kernel ## the kernel with lockdep and the hung-task detector, made to wait: KUnit, wait-wake, boot test (build/lockdep, not a test)
	@$(SCRIPTS)/run/lockdep.sh $(TREE) $(BUILD)/kunit $(BUILD)/lockdep

sanitizers: kernel ## KASAN and KCSAN kernels made to wait: KUnit, wait-wake, memory and CPU hotplug, boot test (build/sanitizers, not a test; SAN=kasan for one)
	@$(SCRIPTS)/run/sanitizers.sh $(TREE) $(BUILD)/kunit $(BUILD)/sanitizers $(SAN)

objstat: kernel ## the page allocator's functions before and after patch 4, from the objects
	@$(SCRIPTS)/run/objstat.sh $(TREE) $(BUILD)/kunit $(BUILD)/objstat

docs: tree ## kernel-doc of the touched files, and make htmldocs SPHINXDIRS=core-api (build/docs)
	@$(SCRIPTS)/static/docs.sh $(TREE) $(BUILD)/docs

report: ## print the report of the last run, make's or make check's
	@$(SCRIPTS)/run/report.sh

check: setup ## every test (a static check that passed with the same inputs is given again; NOFAIL_CACHE=0 runs all)
	@$(SCRIPTS)/run/check.sh

killcheck: setup ## make check in a clone, stopped four ways once QEMU runs: nothing of it may be left (not a part of check)
	@scratch=$$(mktemp -d /tmp/nofail-killcheck.XXXXXX) && \
	python3 tests/safety/interrupt.py --check "$$scratch"; rc=$$?; rm -rf -- "$$scratch"; exit $$rc

recheck: ## judge again the consoles an earlier make check kept (DIR=build/check), without QEMU
	@$(SCRIPTS)/run/recheck.sh $(DIR)

lint: ## fast static checks (under 60 s once the tree exists)
	@$(SCRIPTS)/static/lint.sh $(TREE)

clean: ## remove build output (every folder of build/ but the tree), keep the tree and the ccache
	@$(SCRIPTS)/tree/clean.sh $(filter-out $(abspath $(TREE)),$(abspath $(wildcard $(BUILD)/*)))

distclean: ## remove build/ entirely
	@$(SCRIPTS)/tree/clean.sh $(BUILD)
