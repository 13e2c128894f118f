# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
#
# Survey mode (nofail.survey=P1,P2,...; sourced by /init).

# survey NAME DEV TYPE FSCK...: one workload round with failslab on every
# slab request of the workload's process at $SURVEY_P percent, then what
# became of the file system, as one SURVEY line.  Whatever fails is
# counted and the survey goes on; run_target cleans up after it.
survey() {
	name=$1 dev=$2 type=$3 mnt=/mnt/$1
	shift 3
	failslab_arm "$SURVEY_P" workload
	workload "$mnt" "$dev" "$type" 1 || true
	injected=$(failslab_injected)
	failslab_reset
	writes=$(grep -cE '^(create|write|fsync) ' "$errlog" || true)
	# The workload remounts: a switch to read-only shows in the log.
	dmesg >/tmp/survey.dmesg
	ro=$(grep -ciE 'forced readonly|read-only' /tmp/survey.dmesg || true)
	withdraw=$(grep -ci 'withdraw' /tmp/survey.dmesg || true)
	errors=$(grep -ciE 'error|abort|corrupt' /tmp/survey.dmesg || true)
	unmount "$mnt"
	fsck=0
	timeout 300 "$@" >/tmp/fsck.log 2>&1 || fsck=1
	mismatch=unmountable
	if timeout 120 mount -t "$type" "$dev" "$mnt" 2>/dev/null; then
		mismatch=$(nofail-workload verify "$mnt" "$list" | sed -n 's/^verified .* mismatches //p')
		unmount "$mnt"
	fi
	echo "SURVEY $name p=$SURVEY_P ops=$ops failed=$failed write_failed=$writes enomem=$enomem injected=$injected readonly=$ro withdraw=$withdraw kernel_errors=$errors fsck_failed=$fsck checksum_mismatch=$mismatch"
}
