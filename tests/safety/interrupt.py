#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""interrupt.py SCRATCH KBUILD: no QEMU outlives the script that started it.

Starts scripts/kunit-rerun.sh (a short boot of the kernel in KBUILD)
twice, in a session of its own as a terminal would, and once QEMU runs:
 - ctrl-c: SIGINT to the script's process group, as a terminal's ^C;
 - sigterm: SIGTERM to the script's process alone, as a CI that kills a
   job does.
The script must exit within 30 s, and no process may be left whose
command line names the scratch directory.  Prints "SAFETY 0|1 <case>".
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


def qemu_running(tag, limit):
    end = time.time() + limit
    while time.time() < end:
        if any("qemu-system" in p for p in left_behind(tag)):
            return True
        time.sleep(0.5)
    return False


def run(name, scratch, kbuild, send):
    out = os.path.join(scratch, name)
    log = open(os.path.join(scratch, name + ".log"), "w")
    proc = subprocess.Popen([os.path.join(TOP, "scripts/kunit-rerun.sh"), kbuild, out],
                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    why = ""
    if not qemu_running(out, 120):
        why = "QEMU never started"
    else:
        time.sleep(1)
        if not any("qemu-system" in p for p in left_behind(out)):
            why = "QEMU ended before the signal: the case proves nothing"
        send(proc)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            why = "the script did not exit within 30 s"
    time.sleep(2)
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
    print("SAFETY 1..2", flush=True)
    run("ctrl-c", scratch, kbuild, lambda p: os.killpg(p.pid, signal.SIGINT))
    run("sigterm", scratch, kbuild, lambda p: p.send_signal(signal.SIGTERM))


if __name__ == "__main__":
    main()
