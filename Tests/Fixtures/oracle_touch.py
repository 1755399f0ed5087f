"""What the touchpad oracles (derive-finger-expected.py, derive-edge-expected.py) share: reading a
recording (evemu or libinput record) into a device description and events, and following its
contacts frame by frame (kernel Documentation/input/multi-touch-protocol.rst). Independent of
scrolldir's code, like the oracles. Standard library, plus python3-yaml for .yml recordings."""
import json
import os

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
PROP_DIRECT, PROP_BUTTONPAD, PROP_SEMI_MT = 1, 2, 3
# The most slots followed (hid-multitouch allows 250 contacts); slots beyond are ignored.
MAX_SLOTS = 256


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
    import yaml  # only for libinput-record files; not needed for evemu
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


def read_recording(path):
    """(Description, events, label): events are (sec, usec, type, code, value); the label is the
    device's name, else the file's base name."""
    desc, events = read_yaml(path) if path.endswith((".yml", ".yaml")) else read_evemu(path)
    return desc, events, desc.name or os.path.basename(path)


def is_touchpad(desc):
    """A finger tool and absolute position axes; not direct, no pen, no relative motion."""
    finger_tool = any(desc.has(EV_KEY, c) for c in TOOL_COUNT)
    st_axes = desc.has(EV_ABS, ABS_X) and desc.has(EV_ABS, ABS_Y)
    mt_axes = desc.has(EV_ABS, ABS_MT_POSITION_X) and desc.has(EV_ABS, ABS_MT_POSITION_Y)
    if PROP_DIRECT in desc.props or desc.has(EV_REL, REL_X) or desc.has(EV_REL, REL_Y):
        return False
    return not desc.has(EV_KEY, BTN_TOOL_PEN) and finger_tool and (st_axes or mt_axes)


# ---------------------------------------------------------------- contacts
# Each tracker's end_frame() returns (finger count, [(ident, (x, y) or None)]): the contacts down,
# with their raw positions in device units (None while x or y has never been reported).

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
    """Protocol B: ABS_MT_SLOT selects a slot (0 before any); a tracking ID >= 0 starts a contact,
    -1 ends it; a slot reporting a position without a tracking ID is a contact already down; palms
    (MT_TOOL_PALM) are not fingers; BTN_TOOL_* sets the count when it exceeds the slots."""

    def __init__(self, slots, ids):
        self.ids = ids
        self.slots = [Slot() for _ in range(min(slots, MAX_SLOTS))]
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
            if value >= 0 and slot.tid != value:
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
                known = slot.x is not None and slot.y is not None
                contacts.append((slot.ident, (slot.x, slot.y) if known else None))
        count = len(contacts)
        tool = max((TOOL_COUNT[c] for c in self.buttons), default=0)
        if tool > len(self.slots):
            count = tool
        return count, contacts


class TrackerA:
    """Protocol A: each SYN_MT_REPORT ends a contact (one with ABS_MT_TOUCH_MAJOR 0 is lifted);
    contacts get the identities of the previous frame's by nearest position when the count is the
    same, new ones otherwise; BTN_TOUCH 0 lifts them all."""

    def __init__(self, ids):
        self.ids = ids
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
            elif 0x30 <= code <= 0x3D:
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
        contacts = [(ident, (x, y) if x is not None and y is not None else None)
                    for ident, (x, y) in zip(idents, fingers)]
        return len(contacts), contacts


# ---------------------------------------------------------------- output

def number(v):
    text = "%.3f" % float(v)
    return "0.000" if text == "-0.000" else text


def print_records(label, source, recs):
    """Prints (sec, usec, (old x, old y), (new x, new y), stop) records as scrolldir's JSON Lines."""
    for sec, usec, (ox, oy), (nx, ny), stop in recs:
        vertical = "Down" if ny > oy else "Up" if ny < oy else "None"
        horizontal = "Right" if nx > ox else "Left" if nx < ox else "None"
        print('{"event":"scroll","time":%d.%06d,"device":%s,"source":"%s","vertical":"%s","horizontal":"%s",'
              '"old":{"x":%s,"y":%s},"new":{"x":%s,"y":%s},"unit":"mm"%s}'
              % (sec, usec, json.dumps(label, ensure_ascii=False), source, vertical, horizontal,
                 number(ox), number(oy), number(nx), number(ny), ',"stop":true' if stop else ""))
