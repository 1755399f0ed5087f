#!/usr/bin/env python3
"""The uinput scenarios of scrolldir's live tests (see run-live-tests.sh and README.md).

Real recordings from Tests/Fixtures/recordings are turned back into devices in the guest
(evemu-device, i.e. uinput), replayed into them with their recorded timing (evemu-play), and
watched on the device's node by `scrolldir monitor --json`, by evemu-record (what the kernel
delivered) and, for the libinput scenario, by `libinput debug-events --device NODE`
(guest/uinput-play.sh). The host then judges:

  live-replay  live records == `scrolldir replay --json` of the same file, ignoring `time` and
               `device`. Also: the kernel's stream (the evemu-record capture) is exactly what a model
               of the kernel's input core and libevdev makes of the recording (kernel_model below),
               and the live records equal an offline replay of that capture. Live records may
               differ from the offline replay only where the kernel defuzzed the position axes
               (then the strokes must be the same), or if listed in KERNEL_DIFFERENCES with the
               reason (none is).
  libinput     per recording, scrolldir's and libinput's scroll directions, frame by frame (see
               agreement()); the collapsed stroke sequences and the share of agreeing frames are
               printed, and EXPECTED_AGREEMENT says what is asserted for each recording.

Usable on its own:
  uinput_checks.py plan DIR [LANES]          write DIR/plan.txt (+ converted .yml recordings)
  uinput_checks.py check SCENARIO DIR RC BIN judge a finished run (SCENARIO: live-replay, libinput)
  uinput_checks.py model FILE [CAPTURE]      print what the kernel changes in FILE's events
Standard library, plus python3-yaml for converting libinput-record (.yml) recordings.
"""
import collections
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
RECORDINGS = os.path.join(ROOT, "Tests", "Fixtures", "recordings")

EV_SYN, EV_KEY, EV_REL, EV_ABS, EV_MSC, EV_SW = 0x00, 0x01, 0x02, 0x03, 0x04, 0x05
EV_LED, EV_SND, EV_REP, EV_FF = 0x11, 0x12, 0x14, 0x15
SYN_REPORT, SYN_CONFIG, SYN_MT_REPORT, SYN_DROPPED = 0, 1, 2, 3
ABS_MT_SLOT, ABS_MT_FIRST, ABS_MT_LAST = 0x2F, 0x30, 0x3D
ABS_MT_POSITION_X, ABS_MT_TRACKING_ID = 0x35, 0x39
INPUT_PROP_SEMI_MT, INPUT_PROP_DIRECT = 3, 1

ABS_NAMES = {0x00: "ABS_X", 0x01: "ABS_Y", 0x18: "ABS_PRESSURE", 0x1C: "ABS_TOOL_WIDTH",
             0x2F: "ABS_MT_SLOT", 0x30: "ABS_MT_TOUCH_MAJOR", 0x31: "ABS_MT_TOUCH_MINOR",
             0x32: "ABS_MT_WIDTH_MAJOR", 0x33: "ABS_MT_WIDTH_MINOR", 0x34: "ABS_MT_ORIENTATION",
             0x35: "ABS_MT_POSITION_X", 0x36: "ABS_MT_POSITION_Y", 0x37: "ABS_MT_TOOL_TYPE",
             0x39: "ABS_MT_TRACKING_ID", 0x3A: "ABS_MT_PRESSURE", 0x3B: "ABS_MT_DISTANCE"}
TYPE_NAMES = {0: "EV_SYN", 1: "EV_KEY", 2: "EV_REL", 3: "EV_ABS", 4: "EV_MSC", 5: "EV_SW"}


def code_name(t, c):
    if t == EV_ABS and c in ABS_NAMES:
        return ABS_NAMES[c]
    if t == EV_SYN:
        return {0: "SYN_REPORT", 1: "SYN_CONFIG", 2: "SYN_MT_REPORT", 3: "SYN_DROPPED"}.get(c, f"SYN_{c}")
    return f"{TYPE_NAMES.get(t, f'EV_{t:#x}')}/{c:#x}"


# ---- recordings --------------------------------------------------------------------------------

class Device:
    """A device description: name, id, properties, codes per type, absinfo per ABS code."""

    def __init__(self):
        self.name = None
        self.ident = (0, 0, 0, 0)
        self.props = set()
        self.codes = collections.defaultdict(set)   # type -> codes (evemu's type-0 mask: SYN codes)
        self.absinfo = {}                           # code -> [min, max, fuzz, flat, res]
        self.complete = {"N": False, "I": False, "B": False}

    def types(self):
        """The event types: those with at least one code (evemu-device enables no others)."""
        return {t for t, codes in self.codes.items() if codes} | {EV_SYN}

    def has(self, t, c):
        return c in self.codes.get(t, ())

    def creatable(self):
        return all(self.complete.values())


def _bits(hexbytes, offset):
    out = set()
    for i, b in enumerate(hexbytes):
        v = int(b, 16)
        for bit in range(8):
            if v & (1 << bit):
                out.add((offset + i) * 8 + bit)
    return out


def read_evemu(path):
    """(Device, events) of an evemu file; events are (usec, type, code, value)."""
    dev = Device()
    events = []
    boffset = collections.Counter()
    poffset = 0
    with open(path, errors="replace") as f:
        for line in f:
            line = line.split("#", 1)[0].rstrip() if not line.startswith("N:") else line.rstrip("\n")
            if not line:
                continue
            tag, _, rest = line.partition(":")
            fields = rest.split()
            if tag == "N":
                dev.name = rest.strip()
                dev.complete["N"] = True
            elif tag == "I":
                dev.ident = tuple(int(x, 16) for x in fields[:4])
                dev.complete["I"] = True
            elif tag == "P":
                dev.props |= _bits(fields, poffset)
                poffset += len(fields)
            elif tag == "B":
                t = int(fields[0], 16)
                dev.codes[t] |= _bits(fields[1:], boffset[t])
                boffset[t] += len(fields) - 1
                dev.complete["B"] = True
            elif tag == "A":
                code = int(fields[0], 16)
                vals = [int(x) for x in fields[1:]] + [0, 0, 0, 0, 0]
                dev.absinfo[code] = vals[:5]
            elif tag == "E":
                sec, _, usec = fields[0].partition(".")
                events.append((int(sec) * 1000000 + int(usec.ljust(6, "0")[:6]),
                               int(fields[1], 16), int(fields[2], 16), int(fields[3])))
    return dev, events


def read_libinput_yml(path):
    """(Device, events) of a libinput-record file's first device (Device.creatable() is False
    for a fragment without a device header)."""
    import yaml  # python3-yaml
    with open(path) as f:
        doc = yaml.safe_load(f)
    dev = Device()
    events = []
    devices = doc.get("devices") or []
    if devices and isinstance(devices[0].get("evdev"), dict):
        ev = devices[0]["evdev"]
        dev.name = ev.get("name")
        dev.ident = tuple(ev.get("id", [0, 0, 0, 0]))
        for t, codes in (ev.get("codes") or {}).items():
            dev.codes[int(t)] = set(int(c) for c in codes)
        dev.absinfo = {int(c): list(v) + [0] * (5 - len(v)) for c, v in (ev.get("absinfo") or {}).items()}
        dev.props = set(ev.get("properties") or [])
        dev.complete = {"N": dev.name is not None, "I": "id" in ev, "B": bool(dev.codes)}
    frames = (devices[0].get("events") if devices else None) or doc.get("events") or []
    for frame in frames:
        for sec, usec, t, c, v in (frame.get("evdev") or []):
            events.append((sec * 1000000 + usec, t, c, v))
    return dev, events


def read_recording(path):
    return read_libinput_yml(path) if path.endswith(".yml") else read_evemu(path)


def write_evemu(dev, events, path, comment):
    """Writes an evemu file (format 1.3) that evemu-device can create and evemu-play can replay."""
    sizes = {EV_SYN: 8, EV_KEY: 96, EV_REL: 8, EV_ABS: 8, EV_MSC: 8, EV_SW: 8, EV_LED: 8, EV_SND: 8,
             EV_REP: 8, EV_FF: 16}
    lines = ["# EVEMU 1.3"] + [f"# {c}" for c in comment.splitlines()]
    lines.append(f"N: {dev.name}")
    lines.append("I: " + " ".join(f"{x:04x}" for x in dev.ident))
    pbytes = [0] * 8
    for p in dev.props:
        pbytes[p // 8] |= 1 << (p % 8)
    lines.append("P: " + " ".join(f"{b:02x}" for b in pbytes))
    for t in sorted(dev.types()):
        codes = dev.codes[t]
        size = max(sizes.get(t, 8), (max(codes, default=0) // 64 + 1) * 8)
        mask = [0] * size
        for c in codes:
            mask[c // 8] |= 1 << (c % 8)
        for i in range(0, size, 8):
            lines.append(f"B: {t:02x} " + " ".join(f"{b:02x}" for b in mask[i:i + 8]))
    for c in sorted(dev.absinfo):
        mn, mx, fuzz, flat, res = dev.absinfo[c]
        lines.append(f"A: {c:02x} {mn} {mx} {fuzz} {flat} {res}")
    for us, t, c, v in events:
        lines.append(f"E: {us // 1000000}.{us % 1000000:06d} {t:04x} {c:04x} {v}")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


# Pauses longer than this are shortened to it for playing: only idle time goes, and no libinput
# timer that matters here is near it (tap 180 ms, hold 180 ms, wheel 500 ms, DWT 200-500 ms). It
# turns the Huion recording's 88 s pause (frames the author left out) into 2 s.
MAX_GAP_US = 2000000


def compress_gaps(events):
    """{event index: µs to subtract} that shortens every pause between events to MAX_GAP_US."""
    shift, total, prev = {}, 0, None
    for i, (us, *_rest) in enumerate(events):
        if prev is not None and us - prev > MAX_GAP_US:
            total += us - prev - MAX_GAP_US
        prev = us
        if total:
            shift[i] = total
    return shift


def retime_evemu(src, dst, shift):
    """Copies an evemu file byte for byte except the E: lines' times (description untouched, so
    evemu-device creates exactly the same device)."""
    i = 0
    note = (f"# retimed copy of {os.path.basename(src)} by uinput_checks.py: pauses over "
            f"{MAX_GAP_US / 1e6:g} s shortened to it\n")
    with open(src, errors="replace") as f, open(dst, "w") as out:
        for n, line in enumerate(f):
            if n == 0 and not line.startswith("# EVEMU"):
                out.write(note)
                note = ""
            if line.startswith("E:"):
                fields = line.split()
                sec, _, usec = fields[1].partition(".")
                us = int(sec) * 1000000 + int(usec.ljust(6, "0")[:6]) - shift.get(i, 0)
                line = line.replace(fields[1], f"{us // 1000000}.{us % 1000000:06d}", 1)
                i += 1
            out.write(line)
            if n == 0 and note:
                out.write(note)


def kind_of(name):
    for prefix, kind in (("hires-wheel-", "wheel"), ("wheel-", "wheel"), ("touchpad-", "touchpad"),
                         ("trackpoint-", "trackpoint"), ("other-", "other")):
        if name.startswith(prefix):
            return kind
    return "other"


def catalogue():
    """Every recording: name, kind, path, whether it is played (and why not)."""
    out = []
    for fn in sorted(os.listdir(RECORDINGS)):
        path = os.path.join(RECORDINGS, fn)
        name, ext = os.path.splitext(fn)
        if ext not in (".evemu", ".yml"):
            continue
        entry = {"name": name, "kind": kind_of(name), "path": path, "format": ext[1:]}
        try:
            dev, events = read_recording(path)
        except Exception as e:  # e.g. the tab-indented YAML, which is not YAML
            entry["skip"] = f"not readable as {ext[1:]} ({type(e).__name__})"
            out.append(entry)
            continue
        entry["duration"] = (events[-1][0] - events[0][0]) / 1e6 if events else 0.0
        if not dev.creatable():
            entry["skip"] = "no device description (N:/I:/B: lines or a libinput-record device header)"
        elif entry["kind"] == "trackpoint":
            entry["skip"] = "a trackpoint, not a wheel or touchpad recording (kept out for time)"
        out.append(entry)
    return out


def plan(outdir, lanes=3):
    """Chooses the played recordings, converts .yml ones to evemu, balances them over lanes."""
    os.makedirs(os.path.join(outdir, "converted"), exist_ok=True)
    cat = catalogue()
    played = []
    for e in cat:
        if "skip" in e:
            continue
        dev, events = read_recording(e["path"])
        shift = compress_gaps(events)
        conv = os.path.join(outdir, "converted", e["name"] + ".evemu")
        if e["format"] == "yml":
            write_evemu(dev, [(us - shift.get(i, 0), t, c, v) for i, (us, t, c, v) in enumerate(events)], conv,
                        f"converted by uinput_checks.py from {os.path.basename(e['path'])}"
                        + (f"; pauses over {MAX_GAP_US / 1e6:g} s shortened to it" if shift else ""))
            e["play"] = conv
        elif shift:
            retime_evemu(e["path"], conv, shift)
            e["play"] = conv
        else:
            e["play"] = e["path"]
        if shift:
            e["shortened"] = round(max(shift.values()) / 1e6, 3)
        e["duration"] -= max(shift.values(), default=0) / 1e6
        played.append(e)
    load = [0.0] * lanes
    for e in sorted(played, key=lambda e: -e["duration"]):
        lane = load.index(min(load))
        e["lane"] = lane
        load[lane] += e["duration"] + 3.0   # + device creation, start-up and quiescence
    with open(os.path.join(outdir, "plan.txt"), "w") as f:
        for e in sorted(played, key=lambda e: (e["lane"], -e["duration"])):
            f.write(f"{e['lane']} {e['name']} {e['play']}\n")
    with open(os.path.join(outdir, "catalogue.json"), "w") as f:
        json.dump(cat, f, indent=1)
    return cat


# ---- the kernel's part -------------------------------------------------------------------------

def _defuzz(value, old, fuzz):
    """input_defuzz_abs_event() of drivers/input/input.c (C integer division)."""
    def cdiv(a, b):
        q = abs(a) // abs(b)
        return q if (a >= 0) == (b >= 0) else -q
    if fuzz:
        if old - fuzz // 2 < value < old + fuzz // 2:
            return old
        if old - fuzz < value < old + fuzz:
            return cdiv(old * 3 + value, 4)
        if old - fuzz * 2 < value < old + fuzz * 2:
            return cdiv(old + value, 2)
    return value


def _events_per_packet(dev):
    """input_estimate_events_per_packet(), or uinput's 60 for protocol-A devices."""
    absbits = dev.codes[EV_ABS]
    if ABS_MT_SLOT in absbits:
        mt_slots = dev.absinfo.get(ABS_MT_SLOT, [0, 0])[1] + 1
    elif ABS_MT_POSITION_X in absbits:
        return 60   # uinput_create_device(): input_set_events_per_packet(dev, 60)
    else:
        mt_slots = 0
    events = mt_slots + 1
    for c in absbits:
        events += mt_slots if (c == ABS_MT_SLOT or ABS_MT_FIRST <= c <= ABS_MT_LAST) else 1
    events += len(dev.codes[EV_REL])
    return events + 7


def kernel_model(dev, events):
    """What a reader of the uinput device's node gets when `events` are written into it.

    dev is the uinput device as created (the capture's description: evemu-device does not pass
    every field on, e.g. fuzz). Models, for Linux 6.1: is_event_supported() and
    input_get_disposition() / input_handle_abs_event() / input_handle_event() of
    drivers/input/input.c (undeclared types and codes dropped; EV_KEY/EV_SW only on a state
    change, EV_REL only when non-zero, EV_ABS defuzzed and only when the value changes, per slot
    for ABS_MT_*; ABS_MT_SLOT from the writer is swallowed and re-emitted by the core before the next
    MT value of another slot; SYN_DROPPED and unknown SYN codes dropped; a frame is passed on only if
    it holds more than its SYN_REPORT; a frame longer than max_vals is cut by an inserted
    SYN_REPORT), then libevdev's sanitize_event() (the reader side: scrolldir and evemu-record both
    read through libevdev, which drops a tracking ID that does not go N -> -1 or -1 -> N).
    Returns (delivered, changes): delivered is [(type, code, value)], changes a Counter of
    human-readable reasons.
    """
    types = dev.types()
    absv = {c: 0 for c in dev.absinfo}
    keys = set()
    nslots = dev.absinfo[ABS_MT_SLOT][1] + 1 if dev.has(EV_ABS, ABS_MT_SLOT) else 0
    slots = [dict() for _ in range(nslots)]
    for s in slots:
        s[ABS_MT_TRACKING_ID] = -1
    mt_slot = 0
    max_vals = _events_per_packet(dev) + 2
    vals, kernel_out, changes = [], [], collections.Counter()
    in_slots = out_slots = 0

    for _, t, c, v in events:
        if t == EV_ABS and c == ABS_MT_SLOT:
            in_slots += 1
        if t not in types or (t != EV_SYN and c not in dev.codes[t]):
            changes[f"undeclared {code_name(t, c)} dropped"] += 1
            continue
        pass_it, flush, slot_first = False, False, False
        if t == EV_SYN:
            if c == SYN_REPORT:
                pass_it, flush = True, True
            elif c in (SYN_CONFIG, SYN_MT_REPORT):
                pass_it = True
            else:
                changes[f"{code_name(t, c)} dropped (the input core passes no such SYN event on)"] += 1
        elif t in (EV_KEY, EV_SW):
            if t == EV_KEY and v == 2:
                pass_it = True
            elif (c in keys) != bool(v):
                keys.symmetric_difference_update({c})
                pass_it = True
            else:
                changes[f"repeated {'key' if t == EV_KEY else 'switch'} state dropped"] += 1
        elif t == EV_REL:
            if v != 0:
                pass_it = True
            else:
                changes["zero EV_REL dropped"] += 1
        elif t == EV_ABS:
            if c == ABS_MT_SLOT:
                if nslots and 0 <= v < nslots:
                    mt_slot = v
                continue   # staged; re-emitted before the next MT value if needed
            is_mt = ABS_MT_FIRST <= c <= ABS_MT_LAST
            if not is_mt or nslots:
                store = slots[mt_slot] if is_mt else absv
                old = store.get(c, 0)
                nv = _defuzz(v, old, dev.absinfo.get(c, [0, 0, 0])[2])
                if nv != v:
                    changes[f"{code_name(t, c)} defuzzed"] += 1
                if nv == old:
                    changes[f"repeated {code_name(t, c)} value dropped"] += 1
                    continue
                store[c] = nv
                v = nv
            pass_it = True
            if is_mt and nslots and mt_slot != absv.get(ABS_MT_SLOT, 0):
                absv[ABS_MT_SLOT] = mt_slot
                slot_first = True
        elif t == EV_MSC:
            pass_it = True
        else:
            pass_it = True
        if pass_it:
            if slot_first:
                vals.append((EV_ABS, ABS_MT_SLOT, mt_slot))
                out_slots += 1
            vals.append((t, c, v))
        if flush:
            if len(vals) >= 2:
                kernel_out.extend(vals)
            else:
                changes["empty frame (SYN_REPORT only) dropped"] += 1
            vals = []
        elif len(vals) >= max_vals - 2:
            vals.append((EV_SYN, SYN_REPORT, 0))
            kernel_out.extend(vals)
            changes["overlong frame cut by an inserted SYN_REPORT"] += 1
            vals = []
    if in_slots != out_slots:
        changes[f"ABS_MT_SLOT events: {in_slots} written, {out_slots} passed on "
                "(the core re-emits a slot change only before an MT value)"] += 1

    # libevdev (reader side): sanitize_event() for tracking IDs.
    delivered = []
    cur, ids = 0, [-1] * nslots
    for t, c, v in kernel_out:
        if t == EV_ABS and c == ABS_MT_SLOT and nslots:
            cur = min(max(v, 0), nslots - 1)
        elif t == EV_ABS and c == ABS_MT_TRACKING_ID and nslots:
            if (v == -1) == (ids[cur] == -1):
                changes["libevdev: tracking ID that is not N -> -1 or -1 -> N dropped"] += 1
                continue
            ids[cur] = v
        delivered.append((t, c, v))
    return delivered, changes


def stream(events):
    return [(t, c, v) for _, t, c, v in events]


def without_autorepeat(delivered):
    """The stream without autorepeat, and the number of autorepeat events removed.

    A device that declares EV_REP gets the input core's soft repeat (250 ms delay, 33 ms period;
    input_register_device() -> input_enable_softrepeat()): while a key or button is held, the
    repeat timer (input_repeat_key()) feeds [EV_KEY code 2, SYN_REPORT 1] through
    input_handle_event(), so it lands wherever the writer is: between frames as a frame of its
    own, or inside a frame being written, which it then cuts in two. How many there are depends
    on the live timing. A recording made on a real device holds such events too, and evemu-play
    writes them into the device, where they pass as well. So the comparison with the model leaves
    out every EV_KEY value 2 and every SYN_REPORT value 1, on both sides.
    """
    out = [ev for ev in delivered
           if not (ev[0] == EV_KEY and ev[2] == 2) and ev != (EV_SYN, SYN_REPORT, 1)]
    return out, sum(1 for ev in delivered if ev[0] == EV_KEY and ev[2] == 2)


# ---- scrolldir offline -------------------------------------------------------------------------

def replay(bin_path, path):
    """Records of `scrolldir replay --json path` (or an error string)."""
    p = subprocess.run([bin_path, "replay", "--json", path], capture_output=True, text=True, timeout=120)
    if p.returncode != 0:
        return f"exit {p.returncode}: {p.stderr.strip()[:300]}"
    return [json.loads(line) for line in p.stdout.splitlines() if line.strip()]


def strip(records):
    return [{k: v for k, v in r.items() if k not in ("time", "device")} for r in records]


def parse_live(text):
    recs, other = [], []
    for line in (text or "").splitlines():
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
            (recs if isinstance(obj, dict) else other).append(obj if isinstance(obj, dict) else line)
        except ValueError:
            other.append(line)
    return recs, other


def first_difference(got, want):
    for i, (g, w) in enumerate(zip(got, want)):
        if g != w:
            return f"record {i + 1}: live {json.dumps(g)} vs offline {json.dumps(w)}"
    if len(got) != len(want):
        return f"{len(got)} live records vs {len(want)} offline"
    return None


# ---- libinput ----------------------------------------------------------------------------------

LI_SCROLL = re.compile(r"^[-\s]?(event\d+)\s+POINTER_SCROLL_(WHEEL|FINGER|CONTINUOUS)\s+([+-]?\d+\.\d+)s\s+"
                       r"vert (-?\d+\.\d+)/(-?\d+\.\d+)(\*?) horiz (-?\d+\.\d+)/(-?\d+\.\d+)(\*?) \((\w+)\)")


def parse_libinput(text):
    """Scroll events of `libinput debug-events`: dicts with ms (relative), kind, v, h, v_axis,
    h_axis, stop (a 0-valued event with an axis set: libinput's end of a finger/continuous scroll)."""
    out = []
    for line in (text or "").splitlines():
        m = LI_SCROLL.match(line)
        if not m:
            continue
        v, h = float(m.group(4)), float(m.group(7))
        va, ha = m.group(6) == "*", m.group(9) == "*"
        ms = round(float(m.group(3)) * 1000)
        if ms >= 1 << 31:
            # debug-events prints (time − start) / 1000.0 in uint32 ms: an event stamped before the
            # moment it first woke up (the first frame) comes out as +4294967.xxx s.
            ms -= 1 << 32
        out.append({"ms": ms, "kind": m.group(2).lower(), "v": v, "h": h,
                    "v_axis": va, "h_axis": ha, "stop": v == 0 and h == 0})
    return out


def capture_frames(events):
    """Relative times (µs) of the SYN_REPORTs in an evemu-record capture."""
    return [us for us, t, c, _ in events if t == EV_SYN and c == SYN_REPORT]


def _mode(values):
    if not values:
        return None, 0
    value, count = collections.Counter(values).most_common(1)[0]
    return value, count


# How long after the device's first frame libinput debug-events may wake up and start its clock:
# generous for a TCG guest; frames come 7-30 ms apart, so the window holds few candidate offsets.
START_LATENCY_MS = 500


def align(live, li, frames_rel):
    """Places scrolldir records and libinput events on the frames of the kernel capture.

    scrolldir stamps a record with its frame's SYN_REPORT time (µs); the capture has every frame's
    time relative to its first event, so one offset maps every record onto a frame. libinput
    stamps an event with its frame's time in ms (µs / 1000, truncated) and debug-events prints it
    relative to the moment it first woke up, so again one offset (found as the most common
    frame-minus-event difference) maps an event onto its frame. Frames are more than 1 ms apart,
    so the mapping is unambiguous. An event that falls on no frame came from a libinput timer.
    Returns (places of the records, places of the events, notes); a place is (key, ms): key is the
    frame's index, or ("timer", ms) for a timer event, and ms orders everything in time.
    """
    notes = []
    rel = frames_rel
    index_of = {}
    for i, f in enumerate(rel):
        index_of.setdefault(f, i)
    live_us = [round(r["time"] * 1e6) for r in live]
    a, _ = _mode([t - f for t in live_us[:40] for f in rel])
    live_pl = []
    for t in live_us:
        i = index_of.get(t - a)
        live_pl.append((i if i is not None else ("record", t), t / 1000 - (a or 0) / 1000))
    if any(not isinstance(k, int) for k, _ in live_pl):
        notes.append(f"{sum(not isinstance(k, int) for k, _ in live_pl)} scrolldir records on no capture frame")
    li_pl = []
    if li:
        if a is not None:   # exact: absolute ms of every frame
            frame_ms = [(f + a) // 1000 for f in rel]
            # debug-events prints times relative to its clock when its first poll woke up, i.e. the
            # device's first frame plus the wake-up latency (tools/libinput-debug-events.c,
            # start_time). So the offset lies at or shortly after the first frame: among those, the
            # one that puts the most events on frames. (The most common difference over all frames
            # once picked an offset 2 s off on a pad whose frames come at a steady rate.)
            window = [fm - e["ms"] for e in li[:60] for fm in frame_ms
                      if 0 <= fm - e["ms"] - frame_ms[0] <= START_LATENCY_MS]
            s, _ = _mode(window) if window else _mode([fm - e["ms"] for e in li[:60] for fm in frame_ms])
            if window:
                counts = collections.Counter(window)
                top = max(counts.values())
                s = min(d for d, n in counts.items() if n == top)
            by_ms = {}
            for i, fm in enumerate(frame_ms):
                by_ms.setdefault(fm, i)
            for e in li:
                i = by_ms.get(e["ms"] + s)
                li_pl.append((i, rel[i] / 1000) if i is not None else (("timer", e["ms"]), e["ms"] + s - a / 1000))
        else:   # scrolldir said nothing: relative times, within 1 ms
            frame_ms = [f / 1000 for f in rel]
            cands = collections.Counter(round(fm - e["ms"]) for e in li[:60] for fm in frame_ms)
            best = max(cands, key=lambda d: sum(any(abs(fm - e["ms"] - d) <= 1.0 for fm in frame_ms) for e in li))
            for e in li:
                i = min(range(len(frame_ms)), key=lambda i: abs(frame_ms[i] - e["ms"] - best))
                li_pl.append((i, frame_ms[i]) if abs(frame_ms[i] - e["ms"] - best) <= 1.0
                             else (("timer", e["ms"]), e["ms"] + best))
        timers = sum(not isinstance(k, int) for k, _ in li_pl)
        if timers:
            notes.append(f"{timers} libinput event(s) on no frame (from a libinput timer)")
    return live_pl, li_pl, notes


def sign_dir(value, neg, pos):
    return pos if value > 0 else neg if value < 0 else "None"


def collapse(seq):
    out = []
    for d in seq:
        if d != "None" and (not out or out[-1] != d):
            out.append(d)
    return out


def agreement(live, li, frames_rel):
    """Frame-by-frame comparison of scrolldir's records and libinput's scroll events.

    Per frame, scrolldir says (vertical, horizontal) from its record, or stop; libinput says the
    signs of vert/horiz (the same convention: + is down/right), or stop (its 0-valued event). A
    side "scrolls" in a frame when it has a non-stop record/event there with a direction. Figures:
      strokes  per axis, the directions in time order with consecutive equal ones merged (a
               direction change starts a new stroke), for each side;
      share    frames where both scroll with the same (vertical, horizontal), divided by frames
               where at least one scrolls (None when neither ever scrolls); the other frames are
               split into differ (both scroll, directions differ: `opposite` of them with opposite
               signs on an axis, the rest with an axis that only one side moves), sd_only, li_only;
      stops    stop records / 0-valued events of each side, how many fall on the same frame, and
               for each scrolldir stop the signed time (ms) to libinput's nearest stop;
      start    when libinput first scrolls relative to scrolldir's first scroll, in ms and in
               frames of the capture (< 0: earlier; the frames do not depend on timing).
    """
    live_pl, li_pl, notes = align(live, li, frames_rel)
    when = {}
    sd = {}
    for r, (k, ms) in zip(live, live_pl):
        when.setdefault(k, ms)
        e = sd.setdefault(k, {"v": "None", "h": "None", "stop": False})
        if r.get("stop"):
            e["stop"] = True
        else:
            e["v"] = r["vertical"] if r["vertical"] != "None" else e["v"]
            e["h"] = r["horizontal"] if r["horizontal"] != "None" else e["h"]
    lf = {}
    for ev, (k, ms) in zip(li, li_pl):
        when.setdefault(k, ms)
        e = lf.setdefault(k, {"vs": 0.0, "hs": 0.0, "stop": False})
        e["stop"] = e["stop"] or ev["stop"]
        e["vs"] += ev["v"]
        e["hs"] += ev["h"]
    for e in lf.values():
        e["v"], e["h"] = sign_dir(e["vs"], "Up", "Down"), sign_dir(e["hs"], "Left", "Right")

    def scrolls(e):
        return e is not None and (e["v"] != "None" or e["h"] != "None")
    keys = sorted(when, key=lambda k: when[k])
    union = same = differ = opposite = sd_only = li_only = 0
    frames = []
    for k in keys:
        a, b = sd.get(k), lf.get(k)
        sa, sb = scrolls(a), scrolls(b)
        frames.append({"ms": round(when[k], 3), "frame": k if isinstance(k, int) else None,
                       "sd": (f"{a['v']}/{a['h']}" if sa else "") + (" stop" if a and a["stop"] else ""),
                       "li": (f"{b['v']}/{b['h']}" if sb else "") + (" stop" if b and b["stop"] else "")})
        if not (sa or sb):
            continue
        union += 1
        if sa and sb:
            if (a["v"], a["h"]) == (b["v"], b["h"]):
                same += 1
            else:
                differ += 1
                if any(x != "None" and y != "None" and x != y for x, y in ((a["v"], b["v"]), (a["h"], b["h"]))):
                    opposite += 1
        elif sa:
            sd_only += 1
        else:
            li_only += 1
    sd_stops = [k for k in keys if sd.get(k, {}).get("stop")]
    li_stops = [k for k in keys if lf.get(k, {}).get("stop")]
    # For each scrolldir stop, the signed time (ms) to the nearest libinput stop: 0 on the same
    # frame, > 0 when libinput stops later.
    offsets = [round(min((when[j] - when[k] for j in li_stops), key=abs)) if li_stops else None
               for k in sd_stops]
    first = lambda src: next((k for k in keys if scrolls(src.get(k))), None)
    f_sd, f_li = first(sd), first(lf)
    start = round(when[f_li] - when[f_sd]) if f_sd is not None and f_li is not None else None
    start_frames = f_li - f_sd if isinstance(f_sd, int) and isinstance(f_li, int) else None
    seq = lambda src, ax: collapse([src[k][ax] for k in keys if k in src])
    return {
        "sd_records": len(live), "li_events": len(li),
        "union": union, "same": same, "differ": differ, "opposite": opposite, "sd_only": sd_only, "li_only": li_only,
        "share": (same / union) if union else None,
        "strokes": {"sd": {"v": seq(sd, "v"), "h": seq(sd, "h")}, "li": {"v": seq(lf, "v"), "h": seq(lf, "h")}},
        "stops": {"sd": len(sd_stops), "li": len(li_stops), "same_frame": len(set(sd_stops) & set(li_stops)),
                  "offsets_ms": offsets},
        "start_ms": start, "start_frames": start_frames,
        "notes": notes, "frames": frames,
    }


# ---- checks ------------------------------------------------------------------------------------

class Checker:
    def __init__(self, scenario):
        self.scenario = scenario
        self.failed = 0

    def check(self, name, ok, why=""):
        if ok:
            print(f"PASS {self.scenario}/{name}", flush=True)
        else:
            self.failed += 1
            print(f"FAIL {self.scenario}/{name}: {why}", flush=True)
        return ok

    def info(self, text):
        print(f"     {text}", flush=True)


def read(path, default=""):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except FileNotFoundError:
        return default


def load_run(d):
    cat = json.loads(read(os.path.join(d, "catalogue.json"), "[]"))
    return [e for e in cat if "skip" not in e], [e for e in cat if "skip" in e]


NODE_RX = re.compile(r"^/dev/input/event[0-9]+$")


def check_played(c, d, e, stdout):
    """Common checks of one played recording; returns (node, live records) or None."""
    n = e["name"]
    base = os.path.join(d, "rec", n)
    node = read(base + ".node").strip()
    if not c.check(f"{n}/device", NODE_RX.match(node) is not None and f"DONE {n} " in stdout,
                   f"no device or the run did not finish: guest said "
                   f"{[l for l in stdout.splitlines() if n in l][:2]}; evemu-device: {read(base + '.device.err')[:200]}"):
        return None
    c.check(f"{n}/played", read(base + ".play.rc").strip() == "0",
            f"evemu-play exit {read(base + '.play.rc').strip()}: {read(base + '.play.err')[:200]}")
    c.check(f"{n}/monitor-exit-0", read(base + ".live.rc").strip() == "0",
            f"scrolldir monitor exit {read(base + '.live.rc').strip()} after SIGINT; stderr: {read(base + '.live.err')[:300]}")
    recs, other = parse_live(read(base + ".live"))
    c.check(f"{n}/stdout-only-records", not other, f"non-JSON lines: {other[:3]}")
    bad = [r for r in recs if r.get("event") != "scroll" or r.get("device") != node]
    c.check(f"{n}/records-are-scrolls-on-node", not bad,
            f"{len(bad)} records that are not scroll records of {node} (a gap means SYN_DROPPED: the "
            f"reader fell behind): {json.dumps(bad[:2])}")
    return node, recs


# ---- what is asserted ----------------------------------------------------------------------------

# Recordings whose live records may differ from `scrolldir replay` of the file, with the reason.
# None needs an entry: in the uinput boot udevd runs, and libinput's udev rule
# 90-libinput-fuzz-override.rules (libinput-bin, as on any desktop) sets the kernel fuzz of a
# touchpad's position axes to 0 (libinput-fuzz-to-zero), so the kernel passes the recorded
# positions on unchanged, and every other change it makes (kernel_model, printed per recording)
# leaves scrolldir's records as they were. One kernel change does alter records, and is allowed
# wherever it happens: defuzzing of the position axes scrolldir reads (input_defuzz_abs_event, for
# an axis with fuzz > 0, moves values that the recording's own kernel had already filtered). Seen
# without udevd: the Synaptics PS/2 pad (fuzz 8) gave 46 live records against 45 offline, with the
# same strokes. Then the check asserts what stays comparable: same strokes per axis, same stops,
# and live == an offline replay of the kernel's capture.
KERNEL_DIFFERENCES = {}
POSITION_AXES = ("ABS_X", "ABS_Y", "ABS_MT_POSITION_X", "ABS_MT_POSITION_Y")


def record_strokes(records):
    """Collapsed direction sequences per axis, and the number of stops, of scroll records."""
    moves = [r for r in records if not r.get("stop")]
    return ({"v": collapse([r["vertical"] for r in moves]), "h": collapse([r["horizontal"] for r in moves])},
            sum(1 for r in records if r.get("stop")))


# What the libinput scenario asserts for each recording. Every recording played must be listed.
#   sd      "scrolls" (scrolldir monitors it and scrolls), "silent" (monitors it, no record) or
#           "refuses" (exit 66: it cannot scroll, i.e. no wheel and not a touchpad that reports two
#           fingers' positions: semi-MT pads and touchscreens)
#   li      "scrolls", "silent" or "refuses" (libinput does not add the device)
#   same_strokes  the collapsed stroke sequences are identical on both axes
#   li_strokes    libinput's strokes, exactly (libinput 1.22.1 is fixed by Debian 12), as
#                 {"v": [...], "h": [...]}; given only where they held on every run, also with
#                 the host's cores busy (which stretches evemu-play's timing, and libinput's gesture
#                 and axis-lock decisions depend on time): not for the semi-MT pads, whose tiny
#                 bounding-box scrolls come and go (the Cypress press lost its 1-frame Right once)
#   relation      how scrolldir's strokes relate to libinput's when they differ: a function
#                 (sd, li) -> True, and its description
#   share         (min, max) of the share of agreeing frames
#   opposite      most frames allowed where both scroll with opposite signs on an axis (default 0)
#   sd_only       most frames allowed where only scrolldir scrolls (default 0)
#   stops         (scrolldir stops, libinput stops)
#   stop_ms       (min, max) of the time from each scrolldir stop to libinput's nearest (ms)
#   start_frames  (min, max) of how many frames earlier (< 0) libinput first scrolls
#   why           the explanation of every difference (also in README.md)
EXPECTED_AGREEMENT = {
    "wheel-ibm-scrollpoint-stick-relz": dict(
        sd="scrolls", li="scrolls", same_strokes=True, share=(1.0, 1.0), stops=(0, 0),
        why="Frame for frame. libinput reports this stick as POINTER_SCROLL_CONTINUOUS (quirk "
            "ModelLenovoScrollPoint for 04b3:3103, 30-vendor-ibm.quirks), scrolldir as a wheel (REL_WHEEL "
            "x 120); the signs agree in all 51 frames."),
    "wheel-logitech-ultrathin-touch-mouse": dict(
        sd="scrolls", li="scrolls", same_strokes=True, share=(1.0, 1.0), stops=(0, 0),
        why="Frame for frame (REL_WHEEL, no hi-res: both count value x 120)."),
    "touchpad-ite-acer-sw5-2fg-scroll-up": dict(
        sd="scrolls", li="scrolls", same_strokes=True, share=(1.0, 1.0), stops=(1, 1), stop_ms=(0, 0),
        start_frames=(0, 0),
        why="Frame for frame, and both end the scroll in the frame the fingers lift."),
    "touchpad-synaptics-hp8470p-2fg-horiz-flicker": dict(
        sd="scrolls", li="scrolls", same_strokes=True, share=(0.75, 0.75), stops=(1, 1),
        stop_ms=(100, 400), start_frames=(-1, -1),
        why="Start: libinput scrolls one frame earlier. In that frame one finger has moved 5.0 mm "
            "and the other 1.39 mm; libinput's 'one-finger scrolling' rule starts a scroll when one "
            "touch has moved 4 mm while the other has not moved 1.5 mm "
            "(tp_gesture_detect_motion_gestures), scrolldir waits until both have moved 1.5 mm "
            "(TwoFingerScroll.minimumFingerTravel). Stop: the finger count flickers 2 -> 1 -> 2 -> 1 "
            "(frames 7, 9, 10); scrolldir stops at the first change, libinput debounces count "
            "changes (DEFAULT_GESTURE_SWITCH_TIMEOUT, 100 ms, restarted by the flicker) and ends "
            "the scroll from that timer 100 ms after frame 10, 180-230 ms after scrolldir, on no frame."),
    "touchpad-synaptics-ps2-2fg-vert-scroll": dict(
        sd="scrolls", li="scrolls", same_strokes=False,
        li_strokes={"v": ["Down", "Up", "Down", "Up", "Down"], "h": []},
        relation=(lambda sd, li: li["v"] == sd["v"] + ["Down"] and li["h"] == sd["h"],
                  "libinput's strokes = scrolldir's + a last Down"),
        share=(0.78, 0.85), stops=(1, 1), stop_ms=(0, 0), start_frames=(0, 0),
        why="Hysteresis. scrolldir never scrolls where libinput does not and never disagrees in "
            "direction; the 10 frames only libinput scrolls are the slow frames around each turn and "
            "before lift-off, where the two-finger centroid moves 0-0.2 mm per frame, inside "
            "scrolldir's 0.25 mm hysteresis (TwoFingerScroll.jitterMargin); libinput's values there "
            "are 0.09-1.40, against up to 25 mid-stroke. The last two of them, just before the "
            "fingers lift, move down: libinput's extra fifth stroke. Both start in the same frame "
            "and stop in the same frame."),
    "touchpad-apple-bcm5974-typeA-2fg-circles": dict(
        sd="scrolls", li="scrolls", same_strokes=False,
        li_strokes={"v": ["Up", "Down", "Up", "Down", "Up", "Down", "Up", "Down"],
                    "h": ["Left", "Right", "Left", "Right", "Left"]},
        relation=(lambda sd, li: li["v"] == sd["v"] + ["Up", "Down"] and li["h"] == sd["h"],
                  "libinput's vertical strokes = scrolldir's + Up, Down (the four-finger touch); "
                  "horizontal strokes equal"),
        share=(0.70, 0.82), opposite=2, sd_only=4, stops=(1, 2), stop_ms=(0, 0),
        start_frames=(-8, -8),
        why="A protocol-A pad (no slots). libinput reads it as a single-touch pad: one position "
            "(ABS_X/ABS_Y) and the finger count from BTN_TOOL_* (tp_init_slots), and with one slot "
            "it disables gesture detection and scrolls as soon as two fingers are down; scrolldir "
            "follows the centroid of the two ABS_MT contacts. Start: libinput scrolls 8 frames "
            "(70-140 ms) before scrolldir's 1.5 mm rule lets it. Axis lock: in the frames where both "
            "scroll but differ, one side moves an axis the other holds (libinput locks an axis by the "
            "time spent moving along it, tp_gesture_apply_scroll_constraints; scrolldir by the "
            "stroke's path angle, AxisLock); 0-2 frames (233-234) only scrolldir scrolls, where libinput's "
            "constrained delta is 0 as its lock turns; at most 1 frame has opposite signs, at a vertical turn "
            "where the two positions reverse a frame apart. Stop: when the fingers lift, the driver "
            "keeps listing both contacts with ABS_MT_TOUCH_MAJOR 0 while BTN_TOUCH and "
            "BTN_TOOL_DOUBLETAP go to 0; both stop in that frame (scrolldir stopped 1.25 s late until "
            "ContactTracker learned to drop zero-size contacts and honour BTN_TOUCH for protocol A, "
            "a bug this comparison found). Four fingers: at 8.7 s the pad reports four contacts (BTN_TOOL_QUADTAP) "
            "that barely move; libinput emits 5 tiny scroll events (|v| <= 0.93) and a stop, "
            "scrolldir scrolls only with exactly two fingers."),
    "touchpad-alps-glidepoint-2fg-tap": dict(
        sd="refuses", li="scrolls", stops=(0, 1),
        why="Semi-MT (INPUT_PROP_SEMI_MT): the pad reports the bounding box of the fingers, not the "
            "fingers. libinput scrolls with it (7 frames and a stop) although this is a stationary "
            "two-finger tap; scrolldir deliberately does not read two fingers from a semi-MT pad "
            "(TouchpadGeometry.TouchProtocol.readsTwoFingers, whose doc cites this very recording) "
            "and refuses the device."),
    "touchpad-cypress-2fg-press": dict(
        sd="refuses", li="scrolls", stops=(0, 1),
        why="Semi-MT (INPUT_PROP_SEMI_MT) clickpad: a two-finger press, and libinput scrolls "
            "(10-11 frames and a stop) from the bounding box; scrolldir refuses semi-MT pads."),
    "touchpad-alps-glidepoint-right-edge-scroll": dict(
        sd="refuses", li="silent", stops=(0, 0),
        why="Semi-MT: scrolldir refuses it. An edge scroll, and libinput's default scroll method "
            "on a pad that can do two-finger scrolling is two-finger, so libinput does not scroll "
            "either; scrolldir has no edge scrolling."),
    "touchpad-synaptics-scrollbuttons-btn0-btn1": dict(
        sd="refuses", li="silent", stops=(0, 0),
        why="Semi-MT: scrolldir refuses it. The recording presses the pad's scroll buttons "
            "(BTN_0/BTN_1), which libinput does not turn into scrolling either."),
    "touchpad-elantech-samsung700z3a-1fg-motion": dict(
        sd="silent", li="silent", stops=(0, 0), why="One finger moving: neither scrolls."),
    "touchpad-synaptics-t440s-1fg-motion": dict(
        sd="silent", li="silent", stops=(0, 0), why="One finger moving: neither scrolls."),
    "touchpad-synaptics-hp8470p-2fg-vert-seen-as-1fg": dict(
        sd="silent", li="silent", stops=(0, 0),
        why="A two-finger scroll that the pad reported as one finger: neither scrolls."),
    "touchpad-synaptics-hp8470p-edge-scroll-vert": dict(
        sd="silent", li="silent", stops=(0, 0),
        why="One-finger edge scroll: libinput's default on this pad is two-finger scrolling, and "
            "scrolldir has no edge scrolling."),
    "other-apple-magic-mouse-short-touch": dict(
        sd="silent", li="silent", stops=(0, 0),
        why="A short touch on the mouse's surface; no wheel events, no scroll from either."),
    "other-touchscreen-ep0430m09-2fg-drag": dict(
        sd="refuses", li="silent", stops=(0, 0),
        why="A touchscreen (INPUT_PROP_DIRECT): libinput gives touch events, not scrolling, and "
            "scrolldir refuses it (dragging on a screen is direct manipulation)."),
    "other-huion-keydial-k20-dial-ccw": dict(
        sd="scrolls", li="refuses", stops=(0, 0),
        why="libinput 1.22 refuses the device ('kernel bug: device has min == max on ABS_X': the "
            "recording's description declares ABS_X/ABS_Y 0..0); scrolldir scrolls the dial's one "
            "detent Down."),
}


def fmt_strokes(st):
    return "/".join(" ".join(d[0] for d in st[ax]) or "-" for ax in ("v", "h"))


def check_common(c, d, e, stdout):
    """Device, playback and monitor checks shared by both scenarios. Returns (node, rc, scroll
    records, stderr) or None."""
    n = e["name"]
    base = os.path.join(d, "rec", n)
    node = read(base + ".node").strip()
    if not c.check(f"{n}/device", NODE_RX.match(node) is not None and f"DONE {n} " in stdout,
                   "no uinput device, or the run did not finish: guest said "
                   f"{[l for l in stdout.splitlines() if n in l][:2]}; "
                   f"evemu-device: {read(base + '.device.err')[:200]!r}"):
        return None
    c.check(f"{n}/played", read(base + ".play.rc").strip() == "0",
            f"evemu-play exit {read(base + '.play.rc').strip()!r}: {read(base + '.play.err')[:200]!r}")
    rc = read(base + ".live.rc").strip()
    err = read(base + ".live.err")
    recs, other = parse_live(read(base + ".live"))
    if os.path.exists(base + ".keyboard.err"):
        c.info(f"keyboard gate, {n}: plain `monitor` exited {read(base + '.keyboard.rc').strip()} "
               f"({read(base + '.keyboard.err').strip()!r}); compared with `monitor --allow-keyboards`")
    if rc == "66":
        c.check(f"{n}/monitor-refuses-cleanly", "cannot scroll" in err and not recs and not other,
                f"exit 66 but stderr {err[:200]!r}, stdout {len(recs)} records")
    else:
        c.check(f"{n}/monitor-exit-0", rc == "0" and f"monitoring {node} " in err,
                f"scrolldir monitor exit {rc!r} after SIGINT (want 0 and 'monitoring {node}'); "
                f"stderr: {err[:300]!r}")
    c.check(f"{n}/stdout-only-records", not other, f"non-JSON lines on stdout: {other[:3]}")
    gaps = [r for r in recs if r.get("event") == "gap"]
    c.check(f"{n}/no-gap", not gaps, f"{len(gaps)} gap records: the kernel dropped events (SYN_DROPPED) "
            "because scrolldir fell behind; the comparison would be meaningless")
    scrolls = [r for r in recs if r.get("event") == "scroll"]
    alien = [r for r in recs if r.get("event") not in ("scroll", "gap", "status")]
    wrong = [r for r in recs if r.get("device") != node]
    c.check(f"{n}/records-of-node", not alien and not wrong,
            f"records of another kind or device: {json.dumps((alien + wrong)[:2])}")
    return node, rc, scrolls, err


def check_live_replay(d, rc, bin_path):
    c = Checker("live-replay")
    played, skipped = load_run(d)
    stdout = read(os.path.join(d, "stdout.txt"))
    c.check("rig", rc == 0 and "ALL-DONE" in stdout,
            f"rig exit {rc}, guest stdout tail {stdout[-300:]!r}; logs in {d}")
    for e in skipped:
        c.info(f"not played: {e['name']}: {e['skip']}")
    for e in played:
        n = e["name"]
        got = check_common(c, d, e, stdout)
        if got is None:
            continue
        node, _, live, _ = got
        base = os.path.join(d, "rec", n)
        # The kernel's part: what the device's node delivered vs. the model of the input core.
        cap_dev, cap_events = read_evemu(base + ".kernel.evemu")
        orig_dev, orig_events = read_recording(e["path"])
        model, changes = kernel_model(cap_dev, orig_events)
        model, rep_written = without_autorepeat(model)
        delivered, rep_kernel = without_autorepeat(stream(cap_events))
        i = next((i for i, (a, b) in enumerate(zip(delivered, model)) if a != b), min(len(delivered), len(model)))
        c.check(f"{n}/kernel-as-modelled", delivered == model,
                f"the node delivered {len(delivered)} events, the model predicts {len(model)}; first "
                f"difference at event {i}: node {delivered[i:i + 4]}, model {model[i:i + 4]}")
        lost = [f"fuzz {orig_dev.absinfo[k][2]} -> {cap_dev.absinfo[k][2]} on {code_name(EV_ABS, k)}"
                for k in sorted(orig_dev.absinfo) if k in cap_dev.absinfo
                and orig_dev.absinfo[k][2] != cap_dev.absinfo[k][2]]
        what = ", ".join(f"{why} x{k}" for why, k in sorted(changes.items())) or "nothing"
        if rep_kernel or rep_written:
            what += (f"; autorepeat (EV_REP): {rep_written} key-repeat events in the recording, "
                     f"{rep_kernel} delivered (the kernel's own repeat timer runs while a button is held)")
        c.info(f"kernel, {n}: {len(orig_events)} events written, {len(stream(cap_events))} delivered; "
               f"changed: {what}" + (f"; the device's fuzz differs from the description: {', '.join(lost)} "
                                     "(libinput's udev rule zeroes a touchpad's position fuzz)" if lost else ""))
        # scrolldir: live vs. offline.
        offline = replay(bin_path, e["path"])
        of_capture = replay(bin_path, base + ".kernel.evemu")
        if not c.check(f"{n}/offline-replay-runs", isinstance(offline, list) and isinstance(of_capture, list),
                       f"scrolldir replay failed: {offline if isinstance(offline, str) else of_capture}"):
            continue
        offline = strip([r for r in offline if r.get("event") == "scroll"])
        of_capture = strip([r for r in of_capture if r.get("event") == "scroll"])
        got_live = strip(live)
        c.check(f"{n}/live-equals-replay-of-capture", got_live == of_capture,
                f"{first_difference(got_live, of_capture)}: the live pipeline and the replay pipeline "
                "disagree on the very same events")
        defuzzed = [ax for ax in POSITION_AXES if changes.get(f"{ax} defuzzed")]
        if got_live != offline and (n in KERNEL_DIFFERENCES or defuzzed):
            why = KERNEL_DIFFERENCES.get(n) or (
                f"the kernel defuzzed {', '.join(defuzzed)} (fuzz > 0 on the uinput device), moving "
                "positions the recording's own kernel had already filtered")
            c.info(f"kernel difference, {n}: {why}; {len(got_live)} live records vs {len(offline)} offline")
            c.check(f"{n}/live-differs-only-as-the-kernel-changed-it",
                    record_strokes(got_live) == record_strokes(offline),
                    f"strokes/stops live {record_strokes(got_live)} vs offline {record_strokes(offline)}")
        else:
            c.check(f"{n}/live-equals-offline", got_live == offline,
                    f"{first_difference(got_live, offline)} (live vs `scrolldir replay --json "
                    f"{os.path.basename(e['path'])}`, time and device ignored)")
        c.info(f"records, {n}: {len(got_live)} live, {len(offline)} offline")
    return c.failed


def li_refused(text):
    return "DEVICE_ADDED" not in text


def check_libinput(d, rc, bin_path):
    c = Checker("libinput")
    played, skipped = load_run(d)
    stdout = read(os.path.join(d, "stdout.txt"))
    c.check("rig", rc == 0 and "ALL-DONE" in stdout,
            f"rig exit {rc}, guest stdout tail {stdout[-300:]!r}; logs in {d}")
    for e in skipped:
        c.info(f"not played: {e['name']}: {e['skip']}")
    rows = []
    for e in played:
        n = e["name"]
        x = EXPECTED_AGREEMENT.get(n)
        if not c.check(f"{n}/expectation-listed", x is not None,
                       "no entry in EXPECTED_AGREEMENT (uinput_checks.py): say what is asserted and why"):
            continue
        got = check_common(c, d, e, stdout)
        if got is None:
            continue
        node, live_rc, live, _ = got
        base = os.path.join(d, "rec", n)
        li_text = read(base + ".libinput")
        li = parse_libinput(li_text)
        _, cap_events = read_evemu(base + ".kernel.evemu")
        a = agreement(live, li, capture_frames(cap_events))
        sd_state = "refuses" if live_rc == "66" else "scrolls" if a["sd_records"] else "silent"
        li_state = "refuses" if li_refused(li_text) else "scrolls" if any(not ev["stop"] for ev in li) else "silent"
        c.check(f"{n}/scrolldir-{x['sd']}", sd_state == x["sd"], f"scrolldir {sd_state}, want {x['sd']}")
        c.check(f"{n}/libinput-{x['li']}", li_state == x["li"],
                f"libinput {li_state}, want {x['li']}; its output starts {li_text[:200]!r}")
        st = a["strokes"]
        if x.get("same_strokes"):
            c.check(f"{n}/same-strokes", st["sd"] == st["li"],
                    f"scrolldir {fmt_strokes(st['sd'])} vs libinput {fmt_strokes(st['li'])} (vertical/horizontal)")
        if "li_strokes" in x:
            c.check(f"{n}/libinput-strokes", st["li"] == x["li_strokes"],
                    f"libinput {fmt_strokes(st['li'])}, want {fmt_strokes(x['li_strokes'])}")
        if "relation" in x:
            fn, desc = x["relation"]
            c.check(f"{n}/strokes-differ-as-explained", fn(st["sd"], st["li"]),
                    f"want {desc}; scrolldir {fmt_strokes(st['sd'])}, libinput {fmt_strokes(st['li'])}")
        if "share" in x and a["share"] is not None:
            lo, hi = x["share"]
            c.check(f"{n}/share", lo - 1e-9 <= a["share"] <= hi + 1e-9,
                    f"share {a['same']}/{a['union']} = {a['share']:.3f}, want {lo}..{hi}")
        if a["union"]:
            c.check(f"{n}/no-opposite-directions", a["opposite"] <= x.get("opposite", 0),
                    f"{a['opposite']} frames where the two scroll with opposite signs (allowed {x.get('opposite', 0)})")
            if x["li"] == "scrolls" and x["sd"] == "scrolls":
                c.check(f"{n}/scrolldir-only-frames", a["sd_only"] <= x.get("sd_only", 0),
                        f"{a['sd_only']} frames where only scrolldir scrolls (allowed {x.get('sd_only', 0)})")
        got_stops = (a["stops"]["sd"], a["stops"]["li"])
        c.check(f"{n}/stops", got_stops == x["stops"], f"stops (scrolldir, libinput) {got_stops}, want {x['stops']}")
        if "stop_ms" in x:
            lo, hi = x["stop_ms"]
            offs = a["stops"]["offsets_ms"]
            c.check(f"{n}/stop-timing", offs and all(o is not None and lo <= o <= hi for o in offs),
                    f"libinput's stop {offs} ms from scrolldir's, want {lo}..{hi}")
        if "start_frames" in x:
            lo, hi = x["start_frames"]
            c.check(f"{n}/start", a["start_frames"] is not None and lo <= a["start_frames"] <= hi,
                    f"libinput starts {a['start_frames']} frames ({a['start_ms']} ms) from scrolldir, want {lo}..{hi} frames")
        share = "-" if a["share"] is None else f"{a['same']}/{a['union']} = {a['share']:.2f}"
        c.info(f"figures, {n}: share {share} (differ {a['differ']}, opposite {a['opposite']}, "
               f"scrolldir-only {a['sd_only']}, libinput-only {a['li_only']}); strokes v/h scrolldir "
               f"{fmt_strokes(st['sd'])}, libinput {fmt_strokes(st['li'])}; stops {a['stops']['sd']}/"
               f"{a['stops']['li']} {a['stops']['offsets_ms']} ms; start {a['start_frames']} frames / {a['start_ms']} ms"
               + (f"; {'; '.join(a['notes'])}" if a["notes"] else ""))
        rows.append((n, e["kind"], sd_state, li_state, a, x))
    write_table(d, rows)
    return c.failed


def write_table(d, rows):
    """DIR/agreement.md (the README's table) and DIR/agreement.json."""
    out = ["| recording | scrolldir | libinput | share | differ / opp. / sd-only / li-only | strokes v/h: scrolldir | strokes v/h: libinput | stops sd/li (ms) |",
           "|---|---|---|---|---|---|---|---|"]
    for n, kind, sds, lis, a, x in rows:
        share = "–" if a["share"] is None else f"{a['same']}/{a['union']} = {a['share']:.2f}"
        stops = f"{a['stops']['sd']}/{a['stops']['li']}" + (
            f" ({', '.join('%+d' % o for o in a['stops']['offsets_ms'] if o is not None)})" if a["stops"]["offsets_ms"] else "")
        out.append(f"| `{n}` | {sds} | {lis} | {share} | {a['differ']} / {a['opposite']} / {a['sd_only']} / "
                   f"{a['li_only']} | {fmt_strokes(a['strokes']['sd'])} | {fmt_strokes(a['strokes']['li'])} | {stops} |")
    with open(os.path.join(d, "agreement.md"), "w") as f:
        f.write("\n".join(out) + "\n")
    with open(os.path.join(d, "agreement.json"), "w") as f:
        json.dump({n: {k: v for k, v in a.items() if k != "frames"} for n, _, _, _, a, _ in rows}, f, indent=1)


def main(argv):
    if len(argv) in (2, 3) and argv[0] == "plan":
        plan(argv[1], int(argv[2]) if len(argv) == 3 else 3)
        return 0
    if len(argv) == 5 and argv[0] == "check" and argv[1] in ("live-replay", "libinput"):
        fn = check_live_replay if argv[1] == "live-replay" else check_libinput
        return 1 if fn(argv[2], int(argv[3]), argv[4]) else 0
    if len(argv) in (2, 3) and argv[0] == "model":
        dev, events = read_recording(argv[1])
        cap = read_evemu(argv[2])[0] if len(argv) == 3 else dev
        delivered, changes = kernel_model(cap, events)
        print(f"{len(events)} events written, {len(delivered)} delivered")
        for why, k in sorted(changes.items()):
            print(f"  {k:6d}  {why}")
        return 0
    sys.stderr.write(__doc__)
    return 64


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
