# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=dash
#
# The file system targets' shared steps (sourced by /init).

# attach NAME MB: a sparse file of MB megabytes on the first free loop
# device; prints the device.
attach() {
	truncate -s "$2M" "/tmp/$1.img"
	dev=$(losetup -f)
	losetup "$dev" "/tmp/$1.img"
	echo "$dev"
}

# detach NAME DEV: the loop device and its file, to give the memory back.
detach() {
	losetup -d "$2"
	rm "/tmp/$1.img"
}

# workload MNT DEV TYPE ROUND: one round of /bin/nofail-workload
# (tests/boot/workload.c), which sets its own make-it-fail: create,
# write and fsync files, rename them over their names, unlink a third,
# write a larger file, fill a directory and remove it, and remount.  The
# files it kept go to $list, its failed operations to $errlog.  Sets ops,
# failed and enomem.
workload() {
	ops=- failed=- enomem=-
	in_group nofail-workload run "$1" "$4" "$2" "$3" "$list" </dev/null >/tmp/workload.out 2>&1
	rc=$?
	read -r _ ops _ failed _ enomem </tmp/workload.out || true
	sed -n '2s/^fsync_us//p' /tmp/workload.out >/tmp/fsync.us
	tail -n +3 /tmp/workload.out >>"$errlog"
	return $rc
}

# in_group CMD...: CMD, in the memory cgroup $GROUP when there is one.
in_group() {
	if [ -n "${GROUP:-}" ]; then
		sh -c 'echo $$ >"$0/cgroup.procs" && exec "$@"' "$GROUP" "$@"
	else
		"$@"
	fi
}

# readonly MNT: the file system went read-only behind our back.
is_readonly() {
	grep " $1 " /proc/mounts | grep -qE ' (ro|ro,[^ ]*) '
}

# exercise NAME DEV TYPE FSCK...: mkfs is done.  Mount, run the workload
# once per aim of NAME in /etc/nofail/aims (or, surveying, once at
# $SURVEY_P percent, unaimed), then check: no failed operation, failures
# injected, not read-only, fsck clean, every kept file reads back as
# written, a first-failure report from a site of the subsystem.
exercise() {
	name=$1 dev=$2 type=$3 mnt=/mnt/$1
	shift 3
	list=/tmp/$name.files errlog=/tmp/$name.errors
	: >"$list"
	: >"$errlog"
	mkdir -p "$mnt"
	mount -t "$type" "$dev" "$mnt"
	dmesg -c >/dev/null
	round=0
	if [ -n "$SURVEY_P" ]; then
		survey "$name" "$dev" "$type" "$@"
		return
	fi
	if [ -n "$PRESSURE" ]; then
		pressure "$name" "$dev" "$type" "$@"
		return
	fi
	grep "^$name " /etc/nofail/aims >/tmp/aims
	[ -s /tmp/aims ] || { echo "no aims for $name"; return 1; }
	path=$(site_path "$name")
	case $path in
	"" | -) echo "$name has no SITES in /etc/nofail/targets"; return 1 ;;
	esac
	sites_list >/tmp/sites.start
	ops_all=0 failed_all=0 enomem_all=0 injected_all=0
	while read -r _ tasks percent kind args; do
		round=$((round + 1))
		sites_list >/tmp/sites.before
		aim_round "$tasks" "$percent" "$kind" $args
		ops_all=$((ops_all + ops))
		failed_all=$((failed_all + failed))
		enomem_all=$((enomem_all + enomem))
		injected_all=$((injected_all + injected))
		[ "$failed" = 0 ] || { cat "$errlog"; echo "$failed workload operations failed"; return 1; }
		[ "$injected" -gt 0 ] || { echo "nothing injected: the aim at $args missed"; return 1; }
		# The workload remounts: a switch before that shows in the log.
		! is_readonly "$mnt" && ! dmesg | grep -qiE 'forced readonly|read-only|withdraw' ||
			{ echo "$name went read-only or withdrew"; return 1; }
	done </tmp/aims
	finish "$name" "$dev" "$type" "$@"
	# Per site of the subsystem, from /proc/nofailinfo: every failure was
	# retried and returned, whatever failed it.
	sites_list >/tmp/sites.end
	sites_delta /tmp/sites.start /tmp/sites.end "$path" >/tmp/sites.run
	[ -s /tmp/sites.run ] || { echo "no _nofail call site under $path in /proc/nofailinfo"; return 1; }
	while read -r line; do say "$name: counted $line"; done </tmp/sites.run
	sites_check /tmp/sites.run
	# The helpers' first-failure reports: once per call site and boot.
	dmesg | sed -n 's/.*nofail: \(.*\): first allocation failure here.*/\1/p' |
		sort -u >/tmp/sites
	while read -r site; do say "$name: site $site"; done </tmp/sites
	sites=$(grep -c " at .*$path" /tmp/sites || true)
	retried=$(awk '{ n += $6 } END { print n + 0 }' /tmp/sites.run)
	# fsck=clean: finish stops the target when the checker complains.
	say "figures $name ops=$ops_all failed=$failed_all enomem=$enomem_all injected=$injected_all sites=$sites retried=$retried files=$(wc -l <"$list") fsck=clean"
	[ "$sites" -gt 0 ] || { echo "no first-failure report from a site in $path"; return 1; }
}

# aim_round TASKS PERCENT KIND ARGS...: one workload round under one aim
# of tests/boot/aims (failslab, aimed by KIND at ARGS); sets ops, failed,
# enomem and injected, and says how many of the injected failures were
# first attempts of the helpers at the subsystem's sites (the rest failed
# other allocations: dm's mempool, for one).
aim_round() {
	tasks=$1 percent=$2 kind=$3
	shift 3
	aim "$kind" "$@"
	failslab_arm "$percent" "$tasks"
	workload "$mnt" "$dev" "$type" $round
	injected=$(failslab_injected)
	failslab_reset
	sites_list >/tmp/sites.after
	sites_delta /tmp/sites.before /tmp/sites.after "$path" >/tmp/sites.round
	helper=$(awk '{ n += $4 } END { print n + 0 }' /tmp/sites.round)
	say "$name: aim $kind $(echo "$*" | sed 's/ 0x.*//') at $percent%: ops $ops failed $failed injected $injected helper $helper other $((injected - helper))"
}

# site_path NAME: where the converted sites a target reaches are, its
# SITES column in /etc/nofail/targets (tests/boot/targets).
site_path() {
	awk -v name="$1" '!/^#/ && $1 == name { print $3 }' /etc/nofail/targets
}

# finish NAME DEV TYPE FSCK...: unmount, fsck, mount, verify, unmount.
finish() {
	name=$1 dev=$2 type=$3 mnt=/mnt/$1
	shift 3
	umount "$mnt"
	# every fsck with a limit: a checker that hangs fails its target
	timeout 300 "$@"
	mount -t "$type" "$dev" "$mnt"
	nofail-workload verify "$mnt" "$list"
	umount "$mnt"
}
