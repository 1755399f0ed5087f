#!/usr/bin/env python3
"""Independent oracle for the finger-scroll golden files: derives the two-finger-scroll records
(source "finger") that `scrolldir replay --json` must print for a touchpad recording, straight from
the recording and the documented rules, without using scrolldir's code. Only the doc comments and
the named constants of the Swift sources below were read; no function body was ported.

Rules, and where they are documented:

Which devices scroll with two fingers (Touch/TouchpadGeometry.swift):
  * a touchpad has a finger tool (BTN_TOOL_FINGER, or any of BTN_TOOL_DOUBLETAP/TRIPLETAP/QUADTAP/
    QUINTTAP) and absolute position axes (ABS_X/ABS_Y or ABS_MT_POSITION_X/Y); it is excluded when
    it is INPUT_PROP_DIRECT, has BTN_TOOL_PEN, or has REL_X or REL_Y;
  * protocol: INPUT_PROP_SEMI_MT -> semi-MT; else ABS_MT_SLOT -> protocol B with max+1 slots; else
    ABS_MT_POSITION_X/Y -> protocol A; else single-touch. Only protocol B (with at least 2 slots)
    and protocol A read two fingers; semi-MT and single-touch pads give no finger records;
  * units per mm = the ABS_MT_POSITION_X/Y resolution; an axis whose resolution is 0 (or absent:
    evemu files older than format 1.2) uses (max - min) / 69 for x and / 50 for y (libinput's assumed
    69 x 50 mm pad), as a real number;
  * a position outside [min, max] of its axis is unknown for that frame.

Contacts (Touch/ContactTracker.swift):
  * protocol B: ABS_MT_SLOT selects the slot (slot 0 before any ABS_MT_SLOT); ABS_MT_TRACKING_ID
    >= 0 starts a contact (a new identity), -1 ends it; ABS_MT_POSITION_X/Y move the slot's contact
    (slot values persist, as in the kernel). A slot that reports a position without ever having
    reported a tracking ID is a contact already down when the stream started. A slot whose
    ABS_MT_TOOL_TYPE is MT_TOOL_PALM is not a finger. Finger count = active finger slots, or the
    BTN_TOOL_* count (FINGER 1 ... QUINTTAP 5) when that exceeds the pad's slot count;
  * protocol A: a contact is the ABS_MT_* data before each SYN_MT_REPORT (an empty SYN_MT_REPORT is
    no contact; data not closed by SYN_MT_REPORT is ignored); the frame's contacts are those it lists,
    except a contact whose ABS_MT_TOUCH_MAJOR is 0, and none at all while BTN_TOUCH is 0.
    When the count equals the previous frame's, each contact takes the ID of the nearest previous
    contact (greedy, closest pair first, distance in device units); otherwise all IDs are new.

Two-finger scroll (Touch/TwoFingerScroll.swift, Touch/AxisLock.swift), once per frame:
  * fewer or more than two fingers: nothing moves; if a scroll was in progress, a stop record;
  * two fingers landing (count changes to two): their positions are the baseline; nothing moves;
  * deciding: when each contact has moved >= 1.5 mm (minimumFingerTravel) from its baseline
    position, the scroll starts if the angle between the two displacements is below 90 degrees
    (cosine > 0, sameDirectionCosine), else the pair is rejected until the count changes;
  * the frame in which the scroll starts moves by that frame's centroid motion: the hysteresis
    anchor starts at the previous frame's centroid; motion before that frame is never applied;
  * scrolling: centroid in mm; per axis, hysteresis of 0.25 mm (jitterMargin): within the margin
    (|c - anchor| <= 0.25) the anchor stays, beyond it the anchor trails c by 0.25; the move is the
    anchor's change, with the axis lock applied;
  * axis lock from the path: per axis, the centroid's net displacement from the baseline to the
    frame before the scroll started, plus the |dx| and |dy| of every move of the hysteresis anchor
    since (this frame's included): |py| > 2.747 |px| vertical (x zeroed), |py| < 0.364 |px|
    horizontal (y zeroed), else both;
  * a contact identity change with the count staying two resets the baseline: that frame moves
    nothing (deciding: new baseline, path restarts; scrolling: the scroll goes on, re-anchored on the
    new centroid; rejected: stays rejected);
  * a frame where one of the two contacts has an unknown position moves nothing, and the next
    complete frame is a new baseline (deciding) or a new anchor (scrolling);
  * sign: +y on the pad (towards the user) scrolls down (+y), +x right (no natural scrolling: replay
    has no option for it).

Frames and records (Pipeline/DevicePipeline.swift, Format/JSONFormat.swift, README):
  * a frame ends at EV_SYN/SYN_REPORT; after SYN_DROPPED, the events up to and including the next
    SYN_REPORT still update the touch state, but every contact gets a new identity and that frame
    moves nothing (it can set a baseline, or end a scroll with a stop record);
  * offset starts at (0, 0) mm; one record per frame whose move is not zero; Down/Up when y
    grows/shrinks, Right/Left for x; a stop record has old == new, both directions None and
    "stop":true; time = the SYN_REPORT's timestamp; offsets printed with 3 decimals.
Device label: the evemu N: line or the YAML evdev name, else the file's base name.

Choices where the documentation is silent: protocol-A contacts are matched in device units; a
fallback resolution is per axis; no stop record when the recording ends mid-scroll; a change of the
offset is exact (no record for floating-point noise).

History: the first version followed the documentation as it then stood (a 60-degree start angle,
an axis-lock path of raw centroid motion since landing, 15/75-degree lock limits) and disagreed with
scrolldir on 11 files; the review that found this led to the documentation (and the limits) being
corrected, and this oracle was updated to the corrected documentation.
"""
import json
import os
import sys
from fractions import Fraction

EV_SYN, EV_KEY, EV_REL, EV_ABS = 0, 1, 2, 3
SYN_REPORT, SYN_MT_REPORT, SYN_DROPPED = 0, 2, 3
REL_X, REL_Y = 0, 1
ABS_X, ABS_Y = 0, 1
ABS_MT_SLOT, ABS_MT_POSITION_X, ABS_MT_POSITION_Y = 0x2F, 0x35, 0x36
ABS_MT_TOOL_TYPE, ABS_MT_TRACKING_ID = 0x37, 0x39
ABS_MT_TOUCH_MAJOR = 0x30
BTN_TOUCH = 0x14A
MT_TOOL_PALM = 2
BTN_TOOL_PEN, BTN_TOOL_FINGER, BTN_TOOL_QUINTTAP = 0x140, 0x145, 0x148
BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP, BTN_TOOL_QUADTAP = 0x14D, 0x14E, 0x14F
TOOL_COUNT = {BTN_TOOL_FINGER: 1, BTN_TOOL_DOUBLETAP: 2, BTN_TOOL_TRIPLETAP: 3,
              BTN_TOOL_QUADTAP: 4, BTN_TOOL_QUINTTAP: 5}
PROP_DIRECT, PROP_SEMI_MT = 1, 3

# All arithmetic is exact (fractions): positions are integers, resolutions integers or range / size,
# so "did the offset change" never depends on floating-point rounding.
FALLBACK_MM = (69, 50)                    # TouchpadGeometry.fallbackSizeMM
MIN_TRAVEL = Fraction(3, 2)               # TwoFingerScroll.minimumFingerTravel
SAME_DIRECTION_COS = Fraction(0)          # TwoFingerScroll.sameDirectionCosine: below 90 degrees
JITTER = Fraction(1, 4)                   # TwoFingerScroll.jitterMargin
VERTICAL_SLOPE = Fraction("2.747")        # AxisLock.verticalSlope (tan 70)
HORIZONTAL_SLOPE = Fraction("0.364")      # AxisLock.horizontalSlope (tan 20)


# ---------------------------------------------------------------- reading recordings

class Description:
    def __init__(self):
        self.name = None
        self.codes = {}    # type -> set of codes
        self.absinfo = {}  # code -> (min, max, fuzz, flat, res)
        self.props = set()

    def has(self, etype, code):
        if etype == EV_ABS and code in self.absinfo:
            return True
        return code in self.codes.get(etype, set())


def read_evemu(path):
    desc = Description()
    events = []
    mask_lines = {}
    for raw in open(path, encoding="utf-8", errors="replace"):
        if raw.startswith("N:"):
            desc.name = raw[2:].strip()
            continue
        line = raw.split("#", 1)[0].strip()
        if line.startswith("P:"):
            for i, byte in enumerate(line[2:].split()):
                for bit in range(8):
                    if int(byte, 16) >> bit & 1:
                        desc.props.add(i * 8 + bit)
        elif line.startswith("B:"):
            fields = line[2:].split()
            etype = int(fields[0], 16)
            index = mask_lines.get(etype, 0)
            mask_lines[etype] = index + 1
            codes = desc.codes.setdefault(etype, set())
            for i, byte in enumerate(fields[1:]):
                for bit in range(8):
                    if int(byte, 16) >> bit & 1:
                        codes.add(index * 64 + i * 8 + bit)
        elif line.startswith("A:"):
            fields = line[2:].split()
            values = [int(v) for v in fields[1:]]
            while len(values) < 5:
                values.append(0)
            desc.absinfo[int(fields[0], 16)] = tuple(values[:5])
        elif line.startswith("E:"):
            stamp, etype, code, value = line[2:].split()[:4]
            sec, usec = stamp.split(".")
            events.append((int(sec), int(usec), int(etype, 16), int(code, 16), int(value)))
    return desc, events


def read_yaml(path):
    import yaml
    doc = yaml.safe_load(open(path, encoding="utf-8"))
    devices = doc.get("devices") or []
    assert len(devices) == 1, "oracle handles one device"
    dev = devices[0]
    evdev = dev.get("evdev") or {}
    desc = Description()
    desc.name = evdev.get("name")
    for etype, codes in (evdev.get("codes") or {}).items():
        desc.codes[int(etype)] = set(int(c) for c in (codes or []))
    for code, info in (evdev.get("absinfo") or {}).items():
        values = list(info) + [0] * (5 - len(info))
        desc.absinfo[int(code)] = tuple(values[:5])
    desc.props = set(int(p) for p in (evdev.get("properties") or []))
    events = []
    for frame in dev.get("events") or []:
        for sec, usec, etype, code, value in frame.get("evdev", []) or []:
            events.append((sec, usec, etype, code, value))
    return desc, events


# ---------------------------------------------------------------- geometry

class Geometry:
    def __init__(self, protocol, slots, xinfo, yinfo):
        self.protocol, self.slots = protocol, slots
        self.xmin, self.xmax, self.ymin, self.ymax = xinfo[0], xinfo[1], yinfo[0], yinfo[1]
        self.xres = Fraction(xinfo[4]) if xinfo[4] > 0 else Fraction(xinfo[1] - xinfo[0], FALLBACK_MM[0])
        self.yres = Fraction(yinfo[4]) if yinfo[4] > 0 else Fraction(yinfo[1] - yinfo[0], FALLBACK_MM[1])

    def contains(self, x, y):
        return self.xmin <= x <= self.xmax and self.ymin <= y <= self.ymax

    def mm(self, x, y):
        return (x / self.xres, y / self.yres)


def geometry(desc):
    """The two-finger geometry of the device, or None when it gives no finger records."""
    finger_tool = any(desc.has(EV_KEY, c) for c in TOOL_COUNT)
    st_axes = desc.has(EV_ABS, ABS_X) and desc.has(EV_ABS, ABS_Y)
    mt_axes = desc.has(EV_ABS, ABS_MT_POSITION_X) and desc.has(EV_ABS, ABS_MT_POSITION_Y)
    if PROP_DIRECT in desc.props or desc.has(EV_REL, REL_X) or desc.has(EV_REL, REL_Y):
        return None
    if desc.has(EV_KEY, BTN_TOOL_PEN) or not finger_tool or not (st_axes or mt_axes):
        return None
    if PROP_SEMI_MT in desc.props or not mt_axes:
        return None  # semi-MT or single-touch: does not read two fingers
    xinfo, yinfo = desc.absinfo[ABS_MT_POSITION_X], desc.absinfo[ABS_MT_POSITION_Y]
    if desc.has(EV_ABS, ABS_MT_SLOT):
        slots = desc.absinfo.get(ABS_MT_SLOT, (0, 0, 0, 0, 0))[1] + 1
        if slots < 2:
            return None
        return Geometry("B", slots, xinfo, yinfo)
    return Geometry("A", 0, xinfo, yinfo)


# ---------------------------------------------------------------- contacts

class Ids:
    def __init__(self):
        self.next = 1

    def new(self):
        self.next += 1
        return self.next - 1


class Slot:
    def __init__(self):
        self.tid = None        # None: never reported; -1: ended; >= 0 active
        self.already_down = False
        self.x = self.y = None
        self.tool = 0
        self.ident = None

    def active(self):
        return (self.tid is not None and self.tid >= 0) or (self.tid is None and self.already_down)


class TrackerB:
    def __init__(self, geo, ids):
        self.geo, self.ids = geo, ids
        self.slots = [Slot() for _ in range(geo.slots)]
        self.current = 0
        self.buttons = set()

    def add(self, etype, code, value):
        if etype == EV_KEY and code in TOOL_COUNT:
            (self.buttons.add if value else self.buttons.discard)(code)
            return
        if etype != EV_ABS:
            return
        if code == ABS_MT_SLOT:
            self.current = value
            return
        if not 0 <= self.current < len(self.slots):
            return
        slot = self.slots[self.current]
        if code == ABS_MT_TRACKING_ID:
            if value >= 0:
                if slot.tid != value:
                    slot.ident = self.ids.new()
            slot.tid = value
        elif code in (ABS_MT_POSITION_X, ABS_MT_POSITION_Y):
            if code == ABS_MT_POSITION_X:
                slot.x = value
            else:
                slot.y = value
            if slot.tid is None and not slot.already_down:
                slot.already_down = True
                slot.ident = self.ids.new()
        elif code == ABS_MT_TOOL_TYPE:
            slot.tool = value

    def forget(self):
        for slot in self.slots:
            if slot.active():
                slot.ident = self.ids.new()

    def end_frame(self):
        contacts = []
        for slot in self.slots:
            if slot.active() and slot.tool != MT_TOOL_PALM:
                known = slot.x is not None and slot.y is not None and self.geo.contains(slot.x, slot.y)
                contacts.append((slot.ident, self.geo.mm(slot.x, slot.y) if known else None))
        count = len(contacts)
        tool = max((TOOL_COUNT[c] for c in self.buttons), default=0)
        if tool > len(self.slots):
            count = tool
        return count, contacts


class TrackerA:
    def __init__(self, geo, ids):
        self.geo, self.ids = geo, ids
        self.pending = {}
        self.frame = []          # (x, y, palm) of this frame
        self.previous = None     # [(ident, x, y)] of the previous frame, None after a drop
        self.touching = None     # last BTN_TOUCH value

    def add(self, etype, code, value):
        if etype == EV_SYN and code == SYN_MT_REPORT:
            if self.pending and self.pending.get("major") != 0:
                self.frame.append((self.pending.get("x"), self.pending.get("y"),
                                   self.pending.get("tool") == MT_TOOL_PALM))
            self.pending = {}
        elif etype == EV_KEY and code == BTN_TOUCH:
            self.touching = value != 0
        elif etype == EV_ABS:
            if code == ABS_MT_TOUCH_MAJOR:
                self.pending["major"] = value
            if code == ABS_MT_POSITION_X:
                self.pending["x"] = value
            elif code == ABS_MT_POSITION_Y:
                self.pending["y"] = value
            elif code == ABS_MT_TOOL_TYPE:
                self.pending["tool"] = value
            elif code in (ABS_MT_TRACKING_ID,) or 0x30 <= code <= 0x3D:
                self.pending.setdefault("other", True)

    def forget(self):
        self.previous = None

    def end_frame(self):
        fingers = [(x, y) for x, y, palm in self.frame if not palm] if self.touching is not False else []
        self.frame, self.pending = [], {}
        prev = self.previous
        if prev is not None and len(prev) == len(fingers) and fingers:
            pairs = []
            for i, (x, y) in enumerate(fingers):
                for j, (_, px, py) in enumerate(prev):
                    if None in (x, y, px, py):
                        d = float("inf")
                    else:
                        d = (x - px) ** 2 + (y - py) ** 2
                    pairs.append((d, i, j))
            pairs.sort()
            given, used = {}, set()
            for _, i, j in pairs:
                if i not in given and j not in used:
                    given[i] = prev[j][0]
                    used.add(j)
            idents = [given[i] for i in range(len(fingers))]
        else:
            idents = [self.ids.new() for _ in fingers]
        self.previous = [(ident, x, y) for ident, (x, y) in zip(idents, fingers)]
        contacts = []
        for ident, (x, y) in zip(idents, fingers):
            known = x is not None and y is not None and self.geo.contains(x, y)
            contacts.append((ident, self.geo.mm(x, y) if known else None))
        return len(contacts), contacts


# ---------------------------------------------------------------- two-finger scroll

def hysteresis(value, center):
    diff = value - center
    if -JITTER <= diff <= JITTER:
        return center
    return value - JITTER if diff > 0 else value + JITTER


def axis_lock(px, py):
    px, py = abs(px), abs(py)
    if py > VERTICAL_SLOPE * px:
        return "vertical"
    if py < HORIZONTAL_SLOPE * px:
        return "horizontal"
    return "both"


def same_direction(d1, d2, squares):
    """cos(angle between d1 and d2) > SAME_DIRECTION_COS, without square roots."""
    dot = d1[0] * d2[0] + d1[1] * d2[1]
    limit = SAME_DIRECTION_COS ** 2 * squares
    if SAME_DIRECTION_COS >= 0:
        return dot > 0 and dot * dot > limit
    return dot >= 0 or dot * dot < limit


def centroid(positions):
    return ((positions[0][0] + positions[1][0]) / 2, (positions[0][1] + positions[1][1]) / 2)


class Scroller:
    def __init__(self):
        self.state = "idle"
        self.ids = None
        self.baseline = None   # {id: (x, y)} (deciding)
        self.last = None       # centroid of the last usable frame with these ids
        self.anchor = None     # hysteresis centre (scrolling)
        self.path = [0, 0]

    def step(self, count, contacts):
        """Returns None, ("move", dx, dy) or ("stop",)."""
        if count != 2 or len(contacts) != 2:
            was = self.state == "scrolling"
            self.state, self.ids = "idle", None
            return ("stop",) if was else None
        ids = frozenset(c[0] for c in contacts)
        usable = all(c[1] is not None for c in contacts)
        positions = {c[0]: c[1] for c in contacts}
        c = centroid([c[1] for c in contacts]) if usable else None
        if self.state == "idle":
            self.state, self.ids = "deciding", ids
            self.baseline = positions if usable else None
            self.last, self.path = c, [0, 0]
            return None
        if self.state == "rejected":
            return None
        if ids != self.ids:  # identity change: baseline reset
            self.ids = ids
            if self.state == "deciding":
                self.baseline = positions if usable else None
                self.path = [0, 0]
            else:
                self.anchor = c
            self.last = c
            return None
        if not usable:
            # a position is unknown: nothing moves, and the next complete frame is a new baseline
            if self.state == "deciding":
                self.baseline = None
            else:
                self.anchor = None
            return None
        if self.state == "deciding":
            if self.baseline is None:
                self.baseline, self.last = positions, c
                return None
            d = [(positions[i][0] - self.baseline[i][0], positions[i][1] - self.baseline[i][1]) for i in ids]
            squares = [v[0] ** 2 + v[1] ** 2 for v in d]
            if min(squares) < MIN_TRAVEL ** 2:
                self.last = c
                return None
            if not same_direction(d[0], d[1], squares[0] * squares[1]):
                self.state = "rejected"
                return None
            landed = centroid([self.baseline[i] for i in self.baseline])
            self.path = [abs(self.last[0] - landed[0]), abs(self.last[1] - landed[1])]
            self.state, self.anchor = "scrolling", self.last
            return self.move(c)
        # scrolling
        if self.anchor is None:
            self.anchor = self.last = c
            return None
        return self.move(c)

    def move(self, c):
        self.last = c
        new = (hysteresis(c[0], self.anchor[0]), hysteresis(c[1], self.anchor[1]))
        dx, dy = new[0] - self.anchor[0], new[1] - self.anchor[1]
        self.anchor = new
        self.path[0] += abs(dx)
        self.path[1] += abs(dy)
        lock = axis_lock(*self.path)
        if lock == "vertical":
            dx = 0
        elif lock == "horizontal":
            dy = 0
        if dx == 0 and dy == 0:
            return None
        return ("move", dx, dy)


# ---------------------------------------------------------------- pipeline

def records(path):
    desc, events = read_yaml(path) if path.endswith((".yml", ".yaml")) else read_evemu(path)
    label = desc.name or os.path.basename(path)
    geo = geometry(desc)
    if geo is None:
        return label, []
    ids = Ids()
    tracker = (TrackerB if geo.protocol == "B" else TrackerA)(geo, ids)
    scroller = Scroller()
    x = y = Fraction(0)
    dropped = False
    out = []
    for sec, usec, etype, code, value in events:
        if etype == EV_SYN and code == SYN_DROPPED:
            dropped = True
            tracker.forget()
            continue
        if etype == EV_SYN and code == SYN_REPORT:
            step = scroller.step(*tracker.end_frame())
            if step is not None and step[0] == "stop":
                out.append((sec, usec, (x, y), (x, y), True))
            elif step is not None and not dropped:
                old = (x, y)
                x, y = x + step[1], y + step[2]
                out.append((sec, usec, old, (x, y), False))
            dropped = False
            continue
        tracker.add(etype, code, value)
    return label, out


def number(v):
    text = "%.3f" % float(v)
    return "0.000" if text == "-0.000" else text


def main():
    label, recs = records(sys.argv[1])
    for sec, usec, (ox, oy), (nx, ny), stop in recs:
        vertical = "Down" if ny > oy else "Up" if ny < oy else "None"
        horizontal = "Right" if nx > ox else "Left" if nx < ox else "None"
        print('{"event":"scroll","time":%d.%06d,"device":%s,"source":"finger","vertical":"%s","horizontal":"%s",'
              '"old":{"x":%s,"y":%s},"new":{"x":%s,"y":%s},"unit":"mm"%s}'
              % (sec, usec, json.dumps(label, ensure_ascii=False), vertical, horizontal,
                 number(ox), number(oy), number(nx), number(ny), ',"stop":true' if stop else ""))


if __name__ == "__main__":
    main()
