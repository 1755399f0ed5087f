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
  * units per mm = the ABS_MT_POSITION_X/Y resolution; when either axis's resolution is 0 (or
    absent: evemu files older than format 1.2), both use libinput's assumed 69 x 50 mm pad:
    (max - min) // 69 for x and // 50 for y, whole units per mm (integer division, at least 1, as in
    libinput's tp_init_default_resolution);
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
import sys
from fractions import Fraction

from oracle_touch import (ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_SLOT, EV_ABS, EV_SYN, PROP_SEMI_MT,
                          SYN_DROPPED, SYN_REPORT, Ids, TrackerA, TrackerB, is_touchpad, print_records,
                          read_recording)

# All arithmetic is exact (fractions): positions and resolutions are integers,
# so "did the offset change" never depends on floating-point rounding.
FALLBACK_MM = (69, 50)                    # TouchpadGeometry.fallbackSizeMM
MIN_TRAVEL = Fraction(3, 2)               # TwoFingerScroll.minimumFingerTravel
SAME_DIRECTION_COS = Fraction(0)          # TwoFingerScroll.sameDirectionCosine: below 90 degrees
JITTER = Fraction(1, 4)                   # TwoFingerScroll.jitterMargin
VERTICAL_SLOPE = Fraction("2.747")        # AxisLock.verticalSlope (tan 70)
HORIZONTAL_SLOPE = Fraction("0.364")      # AxisLock.horizontalSlope (tan 20)


# ---------------------------------------------------------------- geometry

class Geometry:
    def __init__(self, protocol, slots, xinfo, yinfo):
        self.protocol, self.slots = protocol, slots
        self.xmin, self.xmax, self.ymin, self.ymax = xinfo[0], xinfo[1], yinfo[0], yinfo[1]
        if xinfo[4] > 0 and yinfo[4] > 0:
            self.xres, self.yres = Fraction(xinfo[4]), Fraction(yinfo[4])
        else:
            self.xres = Fraction(max((xinfo[1] - xinfo[0]) // FALLBACK_MM[0], 1))
            self.yres = Fraction(max((yinfo[1] - yinfo[0]) // FALLBACK_MM[1], 1))

    def contains(self, x, y):
        return self.xmin <= x <= self.xmax and self.ymin <= y <= self.ymax

    def mm(self, x, y):
        return (x / self.xres, y / self.yres)


def geometry(desc):
    """The two-finger geometry of the device, or None when it gives no finger records."""
    mt_axes = desc.has(EV_ABS, ABS_MT_POSITION_X) and desc.has(EV_ABS, ABS_MT_POSITION_Y)
    if not is_touchpad(desc):
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

def finger_frame(geo, frame):
    """A tracker's frame with each position in mm, or None when unknown or off the axis range."""
    count, contacts = frame
    return count, [(ident, geo.mm(*pos) if pos is not None and geo.contains(*pos) else None)
                   for ident, pos in contacts]


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
    desc, events, label = read_recording(path)
    geo = geometry(desc)
    if geo is None:
        return label, []
    ids = Ids()
    tracker = TrackerB(geo.slots, ids) if geo.protocol == "B" else TrackerA(ids)
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
            step = scroller.step(*finger_frame(geo, tracker.end_frame()))
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


def main():
    label, recs = records(sys.argv[1])
    print_records(label, "finger", recs)


if __name__ == "__main__":
    main()
