"""Recordings for the live tests: reading evemu and libinput-record files into a device
description and events, writing evemu files that evemu-device and evemu-play accept, shortening
long pauses, and the catalogue of Tests/Fixtures/recordings. Standard library, plus python3-yaml
for libinput-record (.yml) files."""
import collections
import os

from evdev_codes import EV_ABS, EV_FF, EV_KEY, EV_LED, EV_MSC, EV_REL, EV_REP, EV_SND, EV_SW, EV_SYN

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
RECORDINGS = os.path.join(ROOT, "Tests", "Fixtures", "recordings")

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
        out.append(entry)
    return out
