#!/usr/bin/env python3
"""A device's life under `scrolldir monitor`, against the real kernel (see run-live-tests.sh and
README.md): hot-plugging, named nodes that come and go, a second device, the idle cost, gesture
timeouts, keyboard-only discovery (boot `hotplug`, guest/hotplug.sh), lost events and the udev
rule (boot `overflow`, guest/overflow.sh).

  lifecycle_checks.py events BOOT               print the host's event script for BOOT
  lifecycle_checks.py check BOOT DIR RC [SCENARIO...]
                                                judge a finished boot: DIR is the rig's output
                                                directory, RC its exit status; only the named
                                                scenarios (default: all of the boot's)

Scenarios of boot `hotplug`: hotplug, named-wait, second-device, idle-cpu, gesture-timeout,
keyboard-discovery; of boot `overflow`: syn-dropped, udev-rule. Prints `PASS scenario/check` or
`FAIL scenario/check: why` per check and `figures, …` lines; exits 1 if any check failed.
Standard library only (and the evemu reader and kernel model of recordings.py and kernel_model.py).
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from evdev_codes import (ABS_MT_POSITION_Y, ABS_MT_SLOT, ABS_Y, EV_ABS, EV_KEY, EV_REL, EV_SYN,  # noqa: E402
                         REL_WHEEL, SYN_DROPPED, SYN_REPORT)
from kernel_model import events_per_packet  # noqa: E402
from live_checks import KEYS, NOTCH, STATUS_KEYS, compare_records, rig_status, short  # noqa: E402
from live_common import Checker as ScenarioChecker, parse_jsonl, read  # noqa: E402
from recordings import RECORDINGS, read_evemu  # noqa: E402

BOOTS = {
    "hotplug": ["hotplug", "named-wait", "second-device", "idle-cpu", "gesture-timeout", "keyboard-discovery"],
    "overflow": ["syn-dropped", "udev-rule"],
}
SCENARIO_BOOT = {s: b for b, ss in BOOTS.items() for s in ss}

# What guest/hotplug.sh does, in order (keep the two in step):
USB_NAME = "QEMU QEMU USB Mouse: wheel, hi-res wheel"          # streaming reason of the USB mouse
PS2_NAME = "ImExPS/2 Generic Explorer Mouse: wheel, horizontal wheel"
KEYBOARD_MOUSE = "wheel-logitech-ultrathin-touch-mouse.evemu"  # declares keyboard keys
PHASE1 = ["down", "down", "down", "up"]                        # m1, then unplugged
PHASE2 = ["up", "up", "down"]                                  # m2: offsets from 0 again
BURSTS = [("down", 3), ("up", 2)]                              # wheel DIR N 0.15: one gesture each
PS2_BEFORE = ["right"]                                         # PS/2, while m2 is still there
PS2_AFTER = ["down", "left"]                                   # PS/2, after m2 was unplugged
GESTURE_KEYS = ["event", "device", "source", "axis", "direction", "start", "duration", "distance",
                "unit", "events"]
IDLE_TIMEOUT = 0.5                                             # --idle-timeout default (s)
IDLE_WINDOW = 10.0                                             # s without input in step 4

# What guest/overflow.sh does (keep in step):
WHEEL_RECORDING = "wheel-ibm-scrollpoint-stick-relz.evemu"
PAD_RECORDING = "touchpad-synaptics-ps2-2fg-vert-scroll.evemu"
WHEEL_PRE, WHEEL_FLOOD, WHEEL_POST = (-1, 3), (-1, 5000), (1, 2)   # (REL_WHEEL value, frames)
PAD_LAND, PAD_PRE = 1700, [1852, 2004, 2156]                  # y of both fingers (x 2500, 3500)
PAD_FLOOD = (3000, 3000, 3300, 1800)                          # frames alternating ya/yb, then yend
PAD_POST = [1952, 2104, 2256]
PAD_UNITS_PER_MM = (4448 - 1408) // 50                        # no resolution: libinput's 50 mm height, whole units/mm
JITTER = 0.25                                                 # TwoFingerScroll.jitterMargin (mm)


class Checker:
    """PASS/FAIL lines for the scenarios asked for (a live_common.Checker each); checks of other
    scenarios are not printed."""

    def __init__(self, wanted):
        self.scenarios = {scenario: ScenarioChecker(scenario) for scenario in wanted}

    @property
    def failed(self):
        return sum(c.failed for c in self.scenarios.values())

    def check(self, scenario, name, ok, why=""):
        c = self.scenarios.get(scenario)
        return c.check(name, ok, why) if c else ok

    def info(self, scenario, text):
        if scenario in self.scenarios:
            self.scenarios[scenario].info(text)


def lines_of(d, name):
    return (read(os.path.join(d, name), "") or "")


def jsonl(d, name):
    recs, other = parse_jsonl(lines_of(d, name))
    return recs, other


def status(device, state, reason):
    return {"event": "status", "device": device, "state": state, "reason": reason}


def scrolls(steps, device, start=(0, 0)):
    """Exact wheel records (without time) for notches `steps`, from offset `start`."""
    x, y = start
    out = []
    for step in steps:
        dx, dy = NOTCH[step]
        old = {"x": x, "y": y}
        x, y = x + dx, y + dy
        out.append({"event": "scroll", "device": device, "source": "wheel",
                    "vertical": "Down" if dy > 0 else "Up" if dy < 0 else "None",
                    "horizontal": "Right" if dx > 0 else "Left" if dx < 0 else "None",
                    "old": old, "new": {"x": x, "y": y}, "unit": "v120"})
    return out


def end_of(records):
    n = records[-1]["new"]
    return (n["x"], n["y"])


def without_time(recs):
    return [{k: v for k, v in r.items() if k != "time"} for r in recs]


ORDER = {"scroll": KEYS, "status": STATUS_KEYS, "gesture": GESTURE_KEYS, "gap": ["event", "time", "device"]}


def misordered(recs):
    """Records whose keys are not in the documented order (a stop record ends with "stop")."""
    return [r for r in recs if list(r.keys()) != ORDER.get(r.get("event"), []) + (["stop"] if "stop" in r else [])]


def sequence_check(c, scenario, name, d, file, want, extra=""):
    """The whole JSON stream of `file` equals `want` (ignoring `time`), in order."""
    recs, other = jsonl(d, file)
    diff = compare_records(recs, want)
    c.check(scenario, f"{name}/sequence", diff is None and not other,
            (f"{diff}" if diff else f"non-JSON lines: {short(other)}") + f" ({file}; {extra})")
    bad = misordered(recs)
    c.check(scenario, f"{name}/key-order", not bad, f"keys out of the documented order: {short(bad[:1])}")
    times = [r.get("time") for r in recs if r.get("event") == "scroll"]
    c.check(scenario, f"{name}/times", all(isinstance(t, (int, float)) for t in times) and times == sorted(times),
            f"scroll record times not non-decreasing: {times}")
    return recs


def pids(d):
    out = {}
    for line in lines_of(d, "pids.txt").split():
        k, _, v = line.partition("=")
        out[k] = v
    return out


def proc_samples(text):
    """{pid: {ticks, ctxt, run_ns, syscall}} from `grep -H` over /proc/PID/{stat,task/*/status,
    task/*/schedstat,syscall}."""
    out = {}
    for line in text.splitlines():
        m = re.match(r"^/proc/(\d+)/(.*?):(.*)$", line)
        if not m:
            continue
        pid, path, val = m.groups()
        e = out.setdefault(pid, {"ticks": None, "ctxt": 0, "run_ns": 0, "syscall": None, "threads": 0})
        if path == "stat":
            f = val.rsplit(")", 1)[1].split()   # fields from state (field 3) on
            e["ticks"] = int(f[11]) + int(f[12])  # utime (14) + stime (15), USER_HZ ticks
        elif path.endswith("/status"):
            e["ctxt"] += int(val.split(":")[1])
        elif path.endswith("/schedstat"):
            e["run_ns"] += int(val.split()[0])
            e["threads"] += 1
        elif path == "syscall":
            e["syscall"] = val.strip()
    return out


def poll_timeout(syscall_line):
    """The timeout (ms) of a `poll` the process sleeps in, -1 for none; None if not in poll (7)."""
    f = (syscall_line or "").split()
    if len(f) < 4 or f[0] != "7":
        return None
    v = int(f[3], 16) & 0xFFFFFFFF
    return v - (1 << 32) if v >= 1 << 31 else v


# ---- boot `hotplug` ------------------------------------------------------------------------------

def check_hotplug(d, rc, c):
    out = lines_of(d, "stdout.txt")
    all_s = BOOTS["hotplug"]
    for s in all_s:
        c.check(s, "rig", rc == 0 and re.search(r"\bDONE$", out, re.M) is not None,
                rig_status(d, rc) + f"; guest stdout tail: {short(out[-400:])}")
    node = lines_of(d, "node.txt").strip()
    kb = lines_of(d, "kb.node").strip()
    ps2 = lines_of(d, "ps2.node").strip()

    # The premise: at the start nothing can scroll but the keyboard-mouse.
    devices = lines_of(d, "devices-start.txt")
    lsmod = lines_of(d, "lsmod-start.txt")
    names = re.findall(r'^N: Name="(.*)"$', devices, re.M)
    for s in ("hotplug", "keyboard-discovery"):
        c.check(s, "premise-no-mouse", names == ["AT Translated Set 2 keyboard"]
                and not re.search(r"^psmouse ", lsmod, re.M),
                f"want only the AT keyboard at the start and psmouse not loaded; devices {names}, "
                f"psmouse {'loaded' if re.search(r'^psmouse ', lsmod, re.M) else 'not loaded'}")

    # keyboard-discovery: the only device that can scroll declares keyboard keys.
    s = "keyboard-discovery"
    err = lines_of(d, "kb.stderr")
    c.check(s, "exit-66", lines_of(d, "kb.rc").strip() == "66", f"exit {lines_of(d, 'kb.rc').strip() or 'missing'}, "
            f"want 66; stderr: {short(err)}")
    c.check(s, "message", bool(kb) and kb in err and "--allow-keyboards" in err and "Ultrathin Touch Mouse" in err,
            f"want the skipped node {kb} (Ultrathin Touch Mouse) and --allow-keyboards named; stderr: {short(err)}")
    c.check(s, "stdout-empty", lines_of(d, "kb.stdout") == "", f"stdout: {short(lines_of(d, 'kb.stdout'))}")
    lst = lines_of(d, "kb.list")
    c.check(s, "node-can-scroll", re.search(re.escape(kb) + r"\n  name: +Ultrathin Touch Mouse\n.*\n  scroll: +wheel",
                                            lst) is not None,
            f"`scrolldir list` should show {kb} as a wheel (the keyboard gate, not the capabilities, "
            f"keeps it closed): {short(lst)}")
    dout, derr = lines_of(d, "D.out"), lines_of(d, "D.err")
    c.check(s, "waiting-discovery-skips-it", bool(kb) and kb not in dout and kb not in derr,
            f"the discovering monitor D (--wait, running while the keyboard-mouse existed) mentions {kb}")
    opens, _ = jsonl(d, "kb.opens")
    n_open = sum(1 for r in opens if "open" in r)
    c.check(s, "never-opened", any("ready" in r for r in opens) and n_open == 1,
            f"inotify saw {n_open} open(2)s of {kb} from before `scrolldir --json` to the end of the boot; want "
            "exactly 1, the guest script's own control open (none by the exiting discovery or by D)")
    c.info(s, f"figures, keyboard-discovery: exit {lines_of(d, 'kb.rc').strip()}; opens of {kb} by scrolldir: "
              f"{n_open - 1}; {err.strip()}")

    if not (node and ps2):
        for s2 in all_s:
            c.check(s2, "nodes", False, f"node.txt {node!r}, ps2.node {ps2!r}: the guest script stopped early")
        return

    usb1 = scrolls(PHASE1, node)
    usb2 = scrolls(PHASE2 + [st for st, n in BURSTS for _ in range(n)], node)
    ps2a = scrolls(PS2_BEFORE, ps2)
    ps2b = scrolls(PS2_AFTER, ps2, end_of(ps2a))
    streaming, removed = status(node, "streaming", USB_NAME), status(node, "removed", "device removed")

    # hotplug: discovery --wait, plug, unplug, plug (D.out)
    want_d = ([streaming] + usb1 + [removed, streaming] + usb2
              + [status(ps2, "streaming", PS2_NAME)] + ps2a + [removed] + ps2b)
    sequence_check(c, "hotplug", "discover", d, "D.out", want_d,
                   f"--wait with no mouse; m1 {' '.join(PHASE1)}; unplug; m2 from 0 again")
    c.check("hotplug", "discover/exit-0", lines_of(d, "D.rc").strip() == "0",
            f"exit {lines_of(d, 'D.rc').strip() or 'missing'} after SIGINT; stderr: {short(derr)}")
    c.check("hotplug", "discover/stderr",
            derr.count(f"scrolldir: monitoring {node} ({USB_NAME})") == 2
            and derr.count(f"scrolldir: {node}: removed (device removed)") == 2
            and f"scrolldir: monitoring {ps2} ({PS2_NAME})" in derr and "scrolldir: interrupted: " in derr,
            f"want 2× 'monitoring {node}', 2× removed, 'monitoring {ps2}', the summary; got {short(derr)}")

    # second-device: in the same stream, the PS/2 mouse's records go on after the USB mouse left.
    s = "second-device"
    recs, _ = jsonl(d, "D.out")
    got_ps2 = [r for r in without_time(recs) if r.get("device") == ps2]
    idx_removed = max((i for i, r in enumerate(recs) if r.get("event") == "status" and r.get("device") == node
                       and r.get("state") == "removed"), default=-1)
    after = [r for r in without_time(recs[idx_removed + 1:]) if r.get("event") == "scroll"]
    c.check(s, "ps2-records", compare_records(got_ps2, [status(ps2, "streaming", PS2_NAME)] + ps2a + ps2b) is None,
            f"{compare_records(got_ps2, [status(ps2, 'streaming', PS2_NAME)] + ps2a + ps2b)}")
    c.check(s, "streams-after-removal", after == ps2b,
            f"after '{node} removed' want exactly the PS/2 records {short(ps2b)}, got {short(after)}")
    c.check(s, "no-restart", sum(1 for r in got_ps2 if r.get("event") == "status") == 1,
            f"the PS/2 mouse got a second status record: {short([r for r in got_ps2 if r.get('event') == 'status'])}")

    # named-wait: a named node with --wait before it exists (W), and with --once (O).
    s = "named-wait"
    waiting = status(node, "waiting", "no such device")
    sequence_check(c, s, "named", d, "W.out", [waiting, streaming] + usb1 + [removed, streaming] + usb2 + [removed],
                   "waiting, picked up on plug, removed, picked up again on replug, removed")
    werr = lines_of(d, "W.err")
    c.check(s, "named/exit-0", lines_of(d, "W.rc").strip() == "0", f"exit {lines_of(d, 'W.rc').strip()}; {short(werr)}")
    c.check(s, "named/stderr", f"scrolldir: {node}: waiting (no such device)" in werr
            and werr.count(f"scrolldir: monitoring {node} ") == 2, f"stderr: {short(werr)}")
    sequence_check(c, s, "once", d, "O.out", [waiting, streaming] + usb1 + [removed],
                   "--once: waiting, streaming, records, removed, then exit")
    oerr = lines_of(d, "O.err")
    c.check(s, "once/exit-74", lines_of(d, "O.rc").strip() == "74",
            f"exit {lines_of(d, 'O.rc').strip() or 'missing'} after the unplug, want 74; stderr: {short(oerr)}")
    c.check(s, "once/message", "no devices left" in oerr, f"stderr: {short(oerr)}")

    check_gestures(d, c, node)
    check_idle(d, c)


def check_gestures(d, c, node):
    s = "gesture-timeout"
    gs = [{"event": "gesture", "device": node, "source": "wheel", "axis": "vertical",
           "direction": "Down" if NOTCH[st][1] > 0 else "Up", "distance": 120 * n, "unit": "v120", "events": n}
          for st, n in BURSTS]
    recs, other = jsonl(d, "G.out")
    got = [{k: v for k, v in r.items() if k not in ("time", "start", "duration")} for r in recs]
    want = [status(node, "streaming", USB_NAME)] + gs + [status(node, "removed", "device removed")]
    diff = compare_records(got, want)
    c.check(s, "records", diff is None and not other, f"{diff or short(other)} (G.out, start/duration aside)")
    c.check(s, "exit-0", lines_of(d, "G.rc").strip() == "0", f"exit {lines_of(d, 'G.rc').strip() or 'missing'}")
    gest = [r for r in recs if r.get("event") == "gesture"]
    c.check(s, "key-order", all(list(r.keys()) == GESTURE_KEYS for r in gest),
            f"gesture keys not {GESTURE_KEYS}: {short([list(r.keys()) for r in gest][:1])}")
    # arrival of each gesture line (CLOCK_MONOTONIC, stamped as it came out of the pipe)
    arrivals = []
    for line in lines_of(d, "G.stamped").splitlines():
        t, _, rest = line.partition(" ")
        if '"event":"gesture"' in rest:
            arrivals.append(float(t))
    samples = []
    for line in lines_of(d, "G.syscall").splitlines():
        t, _, rest = line.partition(" ")
        if t.startswith("{"):
            continue
        samples.append((float(t), poll_timeout(rest), rest))
    quiet = re.findall(r"^after-burst (\d+) \S+ gestures=(\d+)$", lines_of(d, "gesture.txt"), re.M)
    figures = []
    for k, (g, (st, n)) in enumerate(zip(gest, BURSTS)):
        start, dur = g.get("start", 0), g.get("duration", 0)
        last = start + dur
        c.check(s, f"gesture{k + 1}/duration", 0 < dur < IDLE_TIMEOUT * (n - 1),
                f"duration {dur} s for {n} notches 0.15 s apart: want 0 < duration < {IDLE_TIMEOUT * (n - 1)}")
        if k >= len(arrivals):
            c.check(s, f"gesture{k + 1}/arrival", False, "no stamped arrival in G.stamped")
            continue
        delay = arrivals[k] - last
        # the timeout fires when expire <= now: never before 0.5 s after the last record; the guest
        # sent nothing more until it had seen the record, so only the poll deadline can have sent it.
        c.check(s, f"gesture{k + 1}/fired-by-timeout", IDLE_TIMEOUT - 0.001 <= delay <= IDLE_TIMEOUT + 1.0,
                f"the gesture record came {delay:.3f} s after its last notch; want {IDLE_TIMEOUT} s (+ up to 1 s "
                f"of scheduling under TCG)")
        nxt = gest[k + 1]["start"] if k + 1 < len(gest) else float("inf")
        c.check(s, f"gesture{k + 1}/before-further-input", arrivals[k] < nxt,
                f"arrived at {arrivals[k]:.3f}, the next input at {nxt:.3f}")
        armed = [tm for t, tm, _ in samples if start < t < arrivals[k] and tm is not None and 0 < tm <= 500]
        c.check(s, f"gesture{k + 1}/poll-deadline-armed", bool(armed),
                f"no sample of /proc/PID/syscall shows poll with a timeout of 1..500 ms between the gesture's "
                f"first record and its arrival: {short([x[2] for x in samples if start < x[0] < arrivals[k]])}")
        settled = [tm for t, tm, _ in samples if arrivals[k] - 0.2 < t < nxt]
        c.check(s, f"gesture{k + 1}/back-to-no-timeout", bool(settled) and settled[-1] == -1,
                f"after the gesture fired, want poll(…, -1); samples: {short(settled)}")
        q = [int(g_) for b, g_ in quiet if int(b) == k + 1]
        c.check(s, f"gesture{k + 1}/exactly-one", q == [k + 1],
                f"gesture records 1.2 s after gesture {k + 1}: {q} (gesture.txt), want {k + 1}")
        figures.append(f"{g.get('direction')} {g.get('distance')} v120 {g.get('events')} events: duration "
                       f"{dur:.3f} s, record {delay * 1000:.0f} ms after the last notch, poll timeouts seen while "
                       f"armed {sorted(set(armed))} ms")
    c.info(s, "figures, gesture-timeout: " + "; ".join(figures))


def check_idle(d, c):
    s = "idle-cpu"
    p = pids(d)
    before = proc_samples(lines_of(d, "idle.before"))
    after = proc_samples(lines_of(d, "idle.after"))
    win = re.findall(r"^window-(start|end) (\S+)$", lines_of(d, "idle.txt"), re.M)
    span = float(win[1][1]) - float(win[0][1]) if len(win) == 2 else 0
    c.check(s, "window", span >= IDLE_WINDOW, f"idle window {span:.2f} s, want >= {IDLE_WINDOW} s")
    figures = []
    for who, what in (("D", "discovery, USB mouse open"), ("W", "named node, open"),
                      ("G", "--gestures, after two gesture timeouts fired")):
        pid = p.get(who)
        b, a = before.get(pid), after.get(pid)
        if not (b and a and b["ticks"] is not None and a["ticks"] is not None):
            c.check(s, f"{who}/sampled", False, f"no /proc samples for {who} (pid {pid})")
            continue
        dt, dc, dr = a["ticks"] - b["ticks"], a["ctxt"] - b["ctxt"], a["run_ns"] - b["run_ns"]
        c.check(s, f"{who}/cpu-ticks-0", dt == 0, f"{who} ({what}) used {dt} ticks of CPU in {span:.1f} s idle")
        c.check(s, f"{who}/no-wakeups", dc == 0 and dr == 0,
                f"{who} ({what}): {dc} context switches, {dr} ns run time in {span:.1f} s idle")
        c.check(s, f"{who}/poll-no-timeout", poll_timeout(b["syscall"]) == -1 and poll_timeout(a["syscall"]) == -1,
                f"{who} sleeps in {b['syscall']!r} / {a['syscall']!r}, want poll(fds, n, -1)")
        figures.append(f"{who} ({what}): ticks {b['ticks']}→{a['ticks']} (+{dt}), context switches "
                       f"{b['ctxt']}→{a['ctxt']} (+{dc}), run time +{dr} ns, {b['threads']} thread(s), "
                       f"poll timeout {poll_timeout(a['syscall'])}")
    c.info(s, f"figures, idle-cpu ({span:.1f} s): " + "; ".join(figures))


# ---- boot `overflow` -------------------------------------------------------------------------

def buffer_size(recording):
    """evdev_compute_buffer_size(): a reader's queue, in events, for the uinput device."""
    dev, _ = read_evemu(os.path.join(RECORDINGS, recording))
    n = max(events_per_packet(dev) * 8, 64)
    size = 1
    while size < n:
        size *= 2
    return size


def evdev_queue(events, bufsize):
    """What a reader that read nothing meanwhile then gets: __pass_event() and
    evdev_fetch_next_event() of drivers/input/evdev.c (6.1). events: (type, code, value)."""
    buf = [None] * bufsize
    head = tail = packet_head = 0
    mask = bufsize - 1
    for ev in events:
        buf[head] = ev
        head = (head + 1) & mask
        if head == tail:   # full: keep SYN_DROPPED and the newest event
            tail = (head - 2) & mask
            buf[tail] = (EV_SYN, SYN_DROPPED, 0)
            packet_head = tail
        if ev[:2] == (EV_SYN, SYN_REPORT):
            packet_head = head
    out, i = [], tail
    while i != packet_head:
        out.append(buf[i])
        i = (i + 1) & mask
    return out


def pad_frame(y):
    """The events the kernel passes on for guest/evdev_tool.py's touch frame at y, when the other
    slot was the last one (every flood frame changes both slots' y)."""
    return [(EV_ABS, ABS_MT_SLOT, 0), (EV_ABS, ABS_MT_POSITION_Y, y), (EV_ABS, ABS_MT_SLOT, 1),
            (EV_ABS, ABS_MT_POSITION_Y, y), (EV_ABS, ABS_Y, y), (EV_SYN, SYN_REPORT, 0)]


def raw_reads(d, name):
    """The plain reader's reads, each a list of (type, code, value)."""
    recs, _ = jsonl(d, f"{name}.raw")
    return [[tuple(e[1:]) for e in x["events"]] for x in recs if "events" in x]


def libevdev_log(d, name):
    recs, _ = jsonl(d, f"{name}.libevdev")
    return [r for r in recs if "k" in r]


def frames_of(events):
    """Frames (lists of (code name, value)) from libevdev observer records of kind "event"."""
    frames, cur = [], []
    for e in events:
        if e["code"] == "SYN_REPORT":
            frames.append(cur)
            cur = []
        else:
            cur.append((e["code"], e["value"]))
    return frames


def finger_records(device, moves):
    """Exact finger records for (old_y, new_y) mm pairs, x staying 0."""
    return [{"event": "scroll", "device": device, "source": "finger", "vertical": "Down" if b > a else "Up",
             "horizontal": "None", "old": {"x": 0.0, "y": round(a, 3)}, "new": {"x": 0.0, "y": round(b, 3)},
             "unit": "mm"} for a, b in moves]


def pad_offsets(start, baseline, ys):
    """TwoFingerScroll over frames at ys from `baseline` (y units), both fingers moving alike: the first
    frame's move is its motion less the 0.25 mm hysteresis (the anchor trails by the margin), each
    further one its full motion (AxisLock: vertical only). Offsets from `start` (mm)."""
    out, pos, prev = [], start, baseline
    for i, y in enumerate(ys):
        step = (y - prev) / PAD_UNITS_PER_MM - (JITTER if i == 0 else 0)
        out.append((pos, pos + step))
        pos, prev = pos + step, y
    return out


def check_overflow_device(d, c, name, recording, flood_events, pre_frames, post_frames, want_records,
                          want_sync, how):
    s = "syn-dropped"
    node = lines_of(d, f"{name}.node").strip()
    recs, other = jsonl(d, f"{name}.out")
    got = without_time(recs)
    diff = compare_records(got, want_records(node))
    c.check(s, f"{name}/records", diff is None and not other, f"{diff or short(other)} ({name}.out; {how})")
    gaps = [r for r in recs if r.get("event") == "gap"]
    c.check(s, f"{name}/one-gap", len(gaps) == 1 and gaps[0].get("device") == node,
            f"want exactly one gap record for {node}, got {short(gaps)}")
    c.check(s, f"{name}/exit-0", lines_of(d, f"{name}.rc").strip() == "0",
            f"exit {lines_of(d, f'{name}.rc').strip() or 'missing'}; {short(lines_of(d, f'{name}.err'))}")

    # the kernel: the plain reader read everything before the stop, then SYN_DROPPED and the tail of the flood
    bufsize = buffer_size(recording)
    reads = raw_reads(d, name)
    flat = [e for r in reads for e in r]
    drop_reads = [i for i, r in enumerate(reads) if (EV_SYN, SYN_DROPPED, 0) in r]
    kept = evdev_queue(flood_events, bufsize)
    ok = len(drop_reads) == 1 and flat.count((EV_SYN, SYN_DROPPED, 0)) == 1
    got_kept = reads[drop_reads[0]] if ok else []
    c.check(s, f"{name}/kernel-queue-as-modelled", ok and got_kept == kept
            and [e for r in reads[:drop_reads[0]] for e in r] == [e for f in pre_frames for e in f],
            f"the plain reader, stopped during the flood, should read the pre-flood frames, then (one read) "
            f"SYN_DROPPED + the {len(kept) - 1} newest events of the {len(flood_events)}-event flood "
            f"(evdev_queue with a {bufsize}-event buffer); got reads of {[len(r) for r in reads]} events, "
            f"the SYN_DROPPED read starts {short(got_kept[:6])}")
    c.check(s, f"{name}/kernel-post-frames", ok and [e for r in reads[drop_reads[0] + 1:] for e in r]
            == [e for f in post_frames for e in f],
            "after the overflow read, the plain reader should get exactly the post-flood frames")

    # libevdev: SYN_DROPPED, its resync, and nothing of what the kernel had kept
    log = libevdev_log(d, name)
    kinds = [r["k"] for r in log]
    i_drop = kinds.index("dropped") if "dropped" in kinds else -1
    i_end = kinds.index("sync-end") if "sync-end" in kinds else -1
    before = [r for r in log[:i_drop] if r["k"] == "event"]
    sync = [(r["code"], r["value"]) for r in log[i_drop + 1:i_end] if r["k"] == "sync"] if i_drop >= 0 else None
    after = [r for r in log[i_end + 1:] if r["k"] == "event"] if i_end >= 0 else []
    c.check(s, f"{name}/libevdev-one-drop", kinds.count("dropped") == 1 and i_drop < i_end
            and before and before[-1]["code"] == "SYN_DROPPED",
            f"want one SYN_DROPPED from libevdev followed by its resync; kinds {short(kinds)}")
    c.check(s, f"{name}/libevdev-resync", sync == want_sync,
            f"libevdev's resync events: {sync}, want {want_sync}")
    post_libevdev = frames_of(after)
    c.check(s, f"{name}/libevdev-discards-queue", len(post_libevdev) == len(post_frames),
            f"after the resync libevdev should hand on only the {len(post_frames)} post-flood frames (its "
            f"drain_events() discards what the kernel kept), got {len(post_libevdev)} frames: {short(post_libevdev[:4])}")
    c.info(s, f"figures, syn-dropped, {name}: kernel buffer {bufsize} events; flood {len(flood_events)} events "
              f"while stopped; the plain reader then got SYN_DROPPED + {len(got_kept) - 1} events "
              f"({sum(1 for e in got_kept if e[:2] == (EV_SYN, SYN_REPORT))} SYN_REPORTs); libevdev: SYN_DROPPED, "
              f"resync {sync}, the kept events discarded, then {len(post_libevdev)} post-flood frames; "
              f"scrolldir: {len(gaps)} gap, records {[(r['old']['y'], r['new']['y']) for r in recs if r.get('event') == 'scroll']}")


def check_overflow(d, rc, c):
    out = lines_of(d, "stdout.txt")
    for s in BOOTS["overflow"]:
        c.check(s, "rig", rc == 0 and re.search(r"\bDONE$", out, re.M) is not None,
                rig_status(d, rc) + f"; guest stdout tail: {short(out[-400:])}")

    # the wheel: 3 Down, gap, 2 Up; the flood's frames (and those the kernel kept) move nothing
    wv, wn = WHEEL_PRE
    pv, pn = WHEEL_POST
    def wframe(v):
        return [(EV_REL, REL_WHEEL, v), (EV_SYN, SYN_REPORT, 0)]

    def wheel_records(node):
        a = scrolls(["down" if wv < 0 else "up"] * wn, node)
        b = scrolls(["up" if pv > 0 else "down"] * pn, node, end_of(a))
        return ([status(node, "streaming", "HID 04b3:3103: wheel")] + a + [{"event": "gap", "device": node}] + b)
    check_overflow_device(d, c, "wheel", WHEEL_RECORDING, [e for _ in range(WHEEL_FLOOD[1]) for e in wframe(WHEEL_FLOOD[0])],
                          [wframe(wv)] * wn, [wframe(pv)] * pn, wheel_records, [],
                          "3 × REL_WHEEL -1, stopped: 5000 × REL_WHEEL -1, resumed: 2 × REL_WHEEL +1")

    # the touchpad: the resync position (1800, 5.9 mm above the last one) is a new baseline
    n, ya, yb, yend = PAD_FLOOD
    flood = [e for i in range(n) for e in pad_frame(ya if i % 2 == 0 else yb)] + pad_frame(yend)
    pre_moves = pad_offsets(0.0, PAD_LAND, PAD_PRE)
    post_moves = pad_offsets(pre_moves[-1][1], yend, PAD_POST)

    def pad_records(node):
        end = round(post_moves[-1][1], 3)
        return ([status(node, "streaming", "SynPS/2 Synaptics TouchPad: two-finger scroll")]
                + finger_records(node, pre_moves) + [{"event": "gap", "device": node}]
                + finger_records(node, post_moves)
                + [{"event": "scroll", "device": node, "source": "finger", "vertical": "None", "horizontal": "None",
                    "old": {"x": 0.0, "y": end}, "new": {"x": 0.0, "y": end}, "unit": "mm", "stop": True}])
    land = [(EV_ABS, 0x39, 100), (EV_ABS, 0x35, 2500), (EV_ABS, ABS_MT_POSITION_Y, PAD_LAND), (EV_ABS, ABS_MT_SLOT, 1),
            (EV_ABS, 0x39, 101), (EV_ABS, 0x35, 3500), (EV_ABS, ABS_MT_POSITION_Y, PAD_LAND), (EV_KEY, 0x14a, 1),
            (EV_KEY, 0x14d, 1), (EV_ABS, 0x00, 2500), (EV_ABS, ABS_Y, PAD_LAND), (EV_SYN, SYN_REPORT, 0)]
    lift = [(EV_ABS, ABS_MT_SLOT, 0), (EV_ABS, 0x39, -1), (EV_ABS, ABS_MT_SLOT, 1), (EV_ABS, 0x39, -1),
            (EV_KEY, 0x14a, 0), (EV_KEY, 0x14d, 0), (EV_SYN, SYN_REPORT, 0)]
    check_overflow_device(d, c, "touch", PAD_RECORDING, flood, [land] + [pad_frame(y) for y in PAD_PRE],
                          [pad_frame(y) for y in PAD_POST] + [lift], pad_records,
                          [("ABS_Y", yend), ("ABS_MT_SLOT", 0), ("ABS_MT_POSITION_Y", yend), ("ABS_MT_SLOT", 1),
                           ("ABS_MT_POSITION_Y", yend), ("SYN_REPORT", 0)],
                          f"fingers at y {PAD_LAND}→{PAD_PRE}, stopped: {n} frames {ya}/{yb} and one at {yend}, "
                          f"resumed: {PAD_POST}, lift")
    recs, _ = jsonl(d, "touch.out")
    moves = [r["new"]["y"] - r["old"]["y"] for r in recs if r.get("event") == "scroll"]
    # No move beyond one frame's motion (152 units), give or take the offsets' rounding to 0.001 mm.
    frame_mm = (PAD_PRE[1] - PAD_PRE[0]) / PAD_UNITS_PER_MM
    c.check("syn-dropped", "touch/no-jump-across-gap", all(0 <= m <= frame_mm + 0.0011 for m in moves),
            f"finger moves {moves} mm: the resync position ({(yend - PAD_PRE[-1]) / PAD_UNITS_PER_MM:+.2f} mm from "
            "the last one before the flood) must not show as a move")

    check_udev(d, c)


def udev_props(text):
    props = dict(re.findall(r"^E: ([A-Z_]+)=(.*)$", text, re.M))
    tags = set(filter(None, props.get("TAGS", "").split(":"))) | set(filter(None, props.get("CURRENT_TAGS", "").split(":")))
    return props, tags


def check_udev(d, c):
    s = "udev-rule"
    u = os.path.join(d, "udev")
    cases = [  # file, what, want uaccess, properties that must be 1
        ("before.mouse.txt", "USB mouse, before the rule", False, ["ID_INPUT_MOUSE"]),
        ("before.keyboard.txt", "AT keyboard, before the rule", False, ["ID_INPUT_KEYBOARD"]),
        ("after.mouse.txt", "USB mouse, after install + reload + trigger", True, ["ID_INPUT_MOUSE"]),
        ("after.keyboard.txt", "AT keyboard, after install + reload + trigger", False, ["ID_INPUT_KEYBOARD"]),
        ("wheel.txt", "uinput wheel mouse, added with the rule in place", True, ["ID_INPUT_MOUSE"]),
        ("touchpad.txt", "uinput touchpad, added with the rule in place", True, ["ID_INPUT_TOUCHPAD"]),
        ("kbmouse.txt", "uinput mouse that declares keyboard keys", False, ["ID_INPUT_MOUSE", "ID_INPUT_KEYBOARD"]),
    ]
    figures = []
    for f, what, want, need in cases:
        text = read(os.path.join(u, f), "") or ""
        props, tags = udev_props(text)
        ok = bool(text) and all(props.get(p) == "1" for p in need) and (("uaccess" in tags) == want)
        c.check(s, f"{f[:-4]}/{'uaccess' if want else 'no-uaccess'}", ok,
                f"{what}: want {'' if want else 'no '}TAG uaccess and {', '.join(p + '=1' for p in need)}; "
                f"udevadm info: N={re.findall(r'^N: (.*)$', text, re.M)} tags {sorted(tags)} "
                f"{ {k: v for k, v in props.items() if k.startswith('ID_INPUT')} }")
        figures.append(f"{f[:-4]} {':'.join(sorted(tags)) or '-'}")
    for f in ("reload.err", "trigger.err"):
        text = (read(os.path.join(u, f), "") or "").strip()
        c.check(s, f"{f[:-4]}-quiet", text == "", f"udevadm {f[:-4]} said: {short(text)}")
    c.info(s, "figures, udev-rule tags: " + "; ".join(figures))


def main(argv):
    if len(argv) == 2 and argv[0] == "events" and argv[1] in BOOTS:
        # the guest script asks for each QMP action itself (REQ lines; see vm/qmp-inject.py)
        sys.stdout.write(f"# {argv[1]}: generated by lifecycle_checks.py\nserve 120\n")
        return 0
    if len(argv) >= 4 and argv[0] == "check" and argv[1] in BOOTS:
        boot, d, rc = argv[1], argv[2], int(argv[3])
        wanted = argv[4:] or BOOTS[boot]
        bad = [s for s in wanted if SCENARIO_BOOT.get(s) != boot]
        if bad:
            sys.stderr.write(f"not scenarios of boot {boot}: {bad}\n")
            return 64
        c = Checker(wanted)
        (check_hotplug if boot == "hotplug" else check_overflow)(d, rc, c)
        return 1 if c.failed else 0
    sys.stderr.write(__doc__)
    return 64


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
