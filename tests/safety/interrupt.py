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


def run(name, scratch, cmd, marker, send):
    """cmd(out): the command line; marker: what its long-running child's
    command line holds (with out)."""
    out = os.path.join(scratch, name)
    log = open(os.path.join(scratch, name + ".log"), "w")
    proc = subprocess.Popen(cmd(out), stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    why = ""
    if not running(out, marker, 120):
        why = f"{marker} never started"
    else:
        time.sleep(1)
        if not any(marker in p for p in left_behind(out)):
            why = f"{marker} ended before the signal: the case proves nothing"
        send(proc)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            why = "the script did not exit within 30 s"
    end = time.time() + 10
    left = left_behind(out)
    while left and time.time() < end:
        time.sleep(0.5)
        left = left_behind(out)
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
    print(f"SAFETY {1 if why else 0} interrupt-{name}")


def main():
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
