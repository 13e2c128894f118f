# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
#
# The torture module's targets' shared steps (sourced by /init).

MODULE=/lib/nofail/nofail_torture.ko

# verdict: the torture module's last line, waiting for it up to 120 s.
verdict() {
	for _ in $(seq 1 120); do
		v=$(dmesg | grep -E 'nofail_torture: --- End of test: (SUCCESS|FAILURE):' | tail -n 1)
		[ -n "$v" ] && { echo "${v#*End of test: }"; return 0; }
		sleep 1
	done
	echo "no verdict"
}

# field LINE NAME: the number after NAME in a statistics line.
field() {
	echo "$1" | sed -n "s/.* $2 \([0-9]*\).*/\1/p"
}

# torture_run NAME PARAM...: load the module with those parameters and
# failslab reset, wait for its verdict, unload it.  Sets v to the verdict
# ("SUCCESS: ..." or "FAILURE: ...") and prints it with its figures.
# The module's lines of /proc/nofailinfo before the unload go to
# /tmp/NAME.sites.
torture_run() {
	name=$1
	shift
	failslab_reset
	dmesg -c >/dev/null
	insmod $MODULE "$@"
	v=$(verdict)
	# its call sites, as /proc/nofailinfo lists them while it is loaded
	sites_list | grep -F ' [nofail_torture] ' >"/tmp/$name.sites" || true
	rmmod nofail_torture
	say "$name: $v"
	say "figures $name calls=$(field "$v" calls) injected=$(field "$v" injected) null=$(field "$v" null)"
}
