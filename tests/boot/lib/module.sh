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
