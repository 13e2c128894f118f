#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""interrupt.py SCRATCH KBUILD: no QEMU outlives the script that started it.

Starts scripts/run/kunit-rerun.sh (a short boot of the kernel in KBUILD)
twice, in a session of its own as a terminal would, and once QEMU runs:
 - ctrl-c: SIGINT to the script's process group, as a terminal's ^C;
 - sigterm: SIGTERM to the script's process alone, as a CI that kills a
   job does;
and, since that boot may end by itself within seconds, a script that
runs a command of 300 s through lib.sh's nofail_group, as every QEMU
runs:
 - sigkill: SIGKILL to the script's process alone, which no trap sees:
   the group's watchdog must end the command.
The script must exit within 30 s, and within 10 s more no process may be
left whose command line names the scratch directory.  Prints "SAFETY 0|1 <case>".

interrupt.py --check SCRATCH (make killcheck; not in make check, which it
runs): the same for the whole of make check, in a clone of this
repository's HEAD in SCRATCH, run four times, each stopped once its
first QEMU runs: ^C to make's process group; SIGTERM to check.sh alone;
SIGKILL to check.sh alone; SIGKILL to make alone.  No process whose command line names the
clone may be left, QEMU, the lanes and make included.
"""

import os
import signal
import subprocess
import sys
import time

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def left_behind(tag):
    """Processes whose command line names tag."""
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmd = f.read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if tag in cmd:
            found.append(f"{pid}: {cmd[:160]}")
    return found


def running(tag, marker, limit):
    end = time.time() + limit
    while time.time() < end:
        if any(marker in p for p in left_behind(tag)):
            return True
        time.sleep(0.5)
    return False


def run(name, scratch, cmd, marker, send, tag=None, limit=120):
    """cmd(out): the command line; marker: what its long-running child's
    command line holds, with tag (default: out, the case's directory),
    within limit seconds."""
    out = os.path.join(scratch, name)
    tag = tag or out
    log = open(os.path.join(scratch, name + ".log"), "w")
    proc = subprocess.Popen(cmd(out), stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    why = ""
    if not running(tag, marker, limit):
        why = f"{marker} never started"
    else:
        time.sleep(1)
        if not any(marker in p for p in left_behind(tag)):
            why = f"{marker} ended before the signal: the case proves nothing"
        send(proc)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            why = "the script did not exit within 30 s"
    end = time.time() + 10
    left = left_behind(tag)
    while left and time.time() < end:
        time.sleep(0.5)
        left = left_behind(tag)
    if left:
        why = "left behind: " + "; ".join(left)
    for pid in left:
        try:
            os.kill(int(pid.split(":")[0]), signal.SIGKILL)
        except OSError:
            pass
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    if why:
        print(f"{name}: {why}", file=sys.stderr)
    print(f"SAFETY {1 if why else 0} interrupt-{name}", flush=True)
    return not why


def parent(pid):
    with open(f"/proc/{pid}/stat") as f:
        return int(f.read().rsplit(")", 1)[1].split()[1])


def signal_one(tag, what, sig):
    """Send sig to the process whose command line holds tag and what, the
    first of them: not one of its subshells, which have the same line."""
    pids = {int(p.split(":")[0]) for p in left_behind(tag) if what in p}
    for pid in pids:
        try:
            if parent(pid) not in pids:
                os.kill(pid, sig)
                return
        except OSError:
            continue
    raise RuntimeError(f"no {what} to signal")


def check_cases(scratch):
    """make check in a clone, stopped four ways once QEMU runs."""
    repo = os.path.join(scratch, "repo")
    if not os.path.isdir(repo):
        subprocess.run(["git", "clone", "-q", TOP, repo], check=True)
    # the clone's own build/, not the one make killcheck exports
    for var in ("BUILD", "TREE", "NOFAIL_BUILD", "MAKEFLAGS", "MFLAGS", "MAKELEVEL"):
        os.environ.pop(var, None)
    # the clone's tree from this repository's, not from the tarball
    if os.path.isdir(os.path.join(TOP, "build/linux/.git")):
        os.environ.setdefault("NOFAIL_BASE_FROM", os.path.join(TOP, "build/linux"))
    print("SAFETY 1..4", flush=True)

    def check(out):
        return ["make", "-C", repo, "check"]

    def term(sig):
        return lambda p: signal_one(repo, "scripts/run/check.sh", sig)

    # a cold kernel build comes before the first QEMU
    limit = 3600
    ok = run("check-ctrl-c", scratch, check, "qemu-system",
             lambda p: os.killpg(p.pid, signal.SIGINT), tag=repo, limit=limit)
    ok &= run("check-sigterm", scratch, check, "qemu-system", term(signal.SIGTERM),
              tag=repo, limit=limit)
    ok &= run("check-sigkill", scratch, check, "qemu-system", term(signal.SIGKILL),
              tag=repo, limit=limit)
    ok &= run("check-sigkill-make", scratch, check, "qemu-system",
              lambda p: p.send_signal(signal.SIGKILL), tag=repo, limit=limit)
    return ok


def main():
    if sys.argv[1] == "--check":
        sys.exit(0 if check_cases(sys.argv[2]) else 1)
    scratch, kbuild = sys.argv[1], sys.argv[2]
    os.makedirs(scratch, exist_ok=True)
    print("SAFETY 1..3", flush=True)

    def rerun(out):
        return [os.path.join(TOP, "scripts/run/kunit-rerun.sh"), kbuild, out]

    def group(out):
        os.makedirs(out, exist_ok=True)
        return ["bash", "-c", '. "$0/scripts/lib.sh"; nofail_group "$1/log" 600 sh -c \'sleep 300; : "$0"\' "$1"',
                TOP, out]

    run("ctrl-c", scratch, rerun, "qemu-system", lambda p: os.killpg(p.pid, signal.SIGINT))
    run("sigterm", scratch, rerun, "qemu-system", lambda p: p.send_signal(signal.SIGTERM))
    run("sigkill", scratch, group, "sleep 300", lambda p: p.send_signal(signal.SIGKILL))


if __name__ == "__main__":
    main()
