#!/usr/bin/env python3
"""Independent oracle for edge scrolling: derives the records with "source":"edge" that
`scrolldir replay --json --scroll-method edge FILE` must print for a touchpad recording, straight
from the recording and the documented rules, without using scrolldir's code. Only the doc comments
(`///`) and the named constants (`static let`) of the Swift sources named below were read; no
function body and no other code was read or ported. The recording readers, the touchpad test and
the JSON formatting are oracle_touch.py's, shared with derive-finger-expected.py (itself independent).

Rules R4, R5, E1-E8 and C1-C9, C15 were checked against libinput's own source (git mirror of
wayland-project/libinput, commit c5d6b3f6e8fd, libinput 1.17.0-63; src/evdev-mt-touchpad.c,
src/evdev-mt-touchpad-edge-scroll.c, src/evdev.c, src/evdev.h); where a rule names a libinput
function, that function is its source and wins over the doc comment.

Usage: derive-edge-expected.py RECORDING [--debug]
  --debug         geometry, the positions outside the declared axis ranges and the C2/E3 counters
                  on stderr.

RULES IMPLEMENTED, and the doc comment each comes from
======================================================

Which devices, which contacts (Device/TouchpadGeometry.swift, Touch/ContactTracker.swift,
Pipeline/TouchSource.swift):
  R1  A touchpad has a finger tool (BTN_TOOL_FINGER or BTN_TOOL_DOUBLETAP..QUINTTAP) and absolute
      position axes, and is not INPUT_PROP_DIRECT, has no BTN_TOOL_PEN and no REL_X/REL_Y
      (TouchpadGeometry "The touchpad geometry of a device ...: A touchpad, much as udev's ...").
  R2  Protocol: INPUT_PROP_SEMI_MT -> semi-MT; else ABS_MT_SLOT -> protocol B with max+1 slots;
      else ABS_MT_POSITION_X/Y -> protocol A; else single-touch (TouchProtocol cases).
  R3  "Edge scrolling: on a pad that reports fingers, with their contacts; else with the one
      position ABS_X/ABS_Y (nil when the description has no usable one)" (TouchSource) and
      "edge scrolling needs one finger, which semi-MT and single-touch pads report in ABS_X/ABS_Y"
      (ContactTracker). A pad that reports fingers = readsTwoFingers = protocol B with >= 2 slots,
      or protocol A; its contacts are the slot / protocol-A contacts on the ABS_MT_POSITION axes.
      Any other touchpad uses the single ABS_X/ABS_Y position (needs ABS_X and ABS_Y absinfo).
  R4  Units per mm per axis = the axis resolution. When both position axes have resolution 0,
      libinput assumes a 69 x 50 mm pad with INTEGER resolutions: res = (max - min) / 69 for x and
      (max - min) / 50 for y in C int division (tp_init_default_resolution: "xres =
      device->abs.dimensions.x/touchpad_width_mm", both int; dimensions = abs(max - min) in
      evdev_extract_abs_axes; entered only when evdev_fix_abs_resolution found both resolutions
      0). E.g. HP 8470p: 4256/69 -> 61 (not 61.68), 3508/50 -> 70 (not 70.16). Pad size (mm) =
      (max - min) / res, in doubles (evdev_device_get_size -> evdev_convert_to_mm).
  R5  Positions are taken as they come: a value of ABS_MT_POSITION_X/Y (ABS_X/ABS_Y on a
      single-touch or semi-MT pad) outside [min, max] of its declared axis is a position like any
      other. libinput's tp_process_absolute / tp_process_absolute_st store "t->point.x =
      rotated(tp, e->code, e->value)" (rotated() is the identity unless left-handed rotation is
      on) and only log a rate-limited "Axis %#x value %d is outside expected range"
      (evdev_device_check_abs_axis_range, evdev.h); nothing clamps or drops the value. Edge
      scrolling (tp_touch_get_edge, tp_edge_scroll_post_events) then tests the zones on that raw
      t->point and takes its deltas from the motion history of raw points (tp_get_delta), so an
      out-of-range position keeps the touch, is zone-tested as is, and its motion scrolls (mm =
      raw device-unit delta / res). The only contacts not reported are those down with no
      position ever received (evemu A: lines carry no current value); they land when their
      first position arrives.
  R6  Protocol B (SlotContactTracker): ABS_MT_SLOT selects the slot, slot 0 before any; a tracking
      ID >= 0 starts a contact (new identity when it differs from the slot's previous value), -1
      ends it; positions and tool type persist in the slot; a slot reporting a position without
      ever having had a tracking ID holds a contact down from the start; MT_TOOL_PALM contacts are
      not fingers (excluded); ABS_MT_SLOT beyond the slots -> following ABS_MT_* ignored.
  R7  Protocol A (TypeAContactTracker): a contact = the ABS_MT_* values before SYN_MT_REPORT; one
      with ABS_MT_TOUCH_MAJOR 0 does not count; while BTN_TOUCH is 0 nothing touches; when the
      count equals the previous frame's, each contact takes the ID of the nearest previous one
      (greedy, closest pair first, device units); otherwise all IDs are new.
  R8  Single-touch / semi-MT (SingleTouchTracker): down while BTN_TOUCH is 1, or, while no
      BTN_TOUCH has arrived yet ("nil until one arrives"), while a BTN_TOOL_* count is > 0; each
      touch-down (not down at the previous frame end -> down) is a new contact ID; ABS_X/ABS_Y
      persist between frames.
  R9  BTN_TOUCH 0 means nothing touches, even if slots still hold contacts; so the frame where it
      goes to 0 moves nothing ("a finger lifting moves nothing in its last frame")
      (EdgeScroll "Consumes one frame ...: touching is the pad's BTN_TOUCH").

Edge scrolling (Touch/EdgeScroll.swift), for each contact on its own:
  E1  Zones (tp_edge_scroll_init, tp_touch_get_edge): right_edge = (int)((width - 7) * xres +
      xmin) with width = (xmax - xmin) / xres, in C doubles, truncated to int by the assignment
      to struct device_coords (evdev_device_mm_to_units); bottom_edge the same with height and y;
      a touch is in the right zone when x > right_edge, in the bottom zone when y > bottom_edge
      (strictly greater); no bottom zone (bottom_edge = INT_MAX) on a pad that is not a clickpad
      (INPUT_PROP_BUTTONPAD) and is less than 40 mm tall ("want_horiz_scroll = (height >= 40)").
  E2  Landing (tp_edge_scroll_handle_none, SCROLL_EVENT_TOUCH): a contact that appears in a
      frame lands there: in a zone -> EDGE_NEW (edges = the zones it is in, initial = landing
      point, 300 ms timer from that frame's time); elsewhere -> AREA (pointer touch), which never
      scrolls. The landing frame moves nothing (its motion history holds one point:
      tp_get_delta returns 0).
  E3  Deciding (tp_edge_scroll_handle_edge_new, tp_edge_scroll_post_events): on motion a new
      edge touch keeps only the zones it is still in ("t->scroll.edge &= tp_touch_get_edge");
      none left -> AREA. It starts to scroll (EDGE_NEW -> EDGE on SCROLL_EVENT_POSTED) in the
      first frame where |point - initial| along its axis, normalized, is not below
      DEFAULT_SCROLL_THRESHOLD = TP_MM_TO_DPI_NORMALIZED(3) AND that frame's own delta along the
      axis is non-zero ("if (*delta == 0.0) continue;" comes before evdev_notify_axis and the
      POSTED event: a frame that reaches 3 mm without moving along the axis leaves the touch
      EDGE_NEW). Or at any frame once frame time - landing time >= 300 ms
      (DEFAULT_SCROLL_LOCK_TIMEOUT; the timer fires from libinput_timer_flush at the first event
      with time >= expire, i.e. before the frame whose SYN_REPORT time is >= expire is handled),
      not on pads whose click method is button areas (clickpads: tp_edge_scroll_set_timer).
  E4  The frame that starts it scrolls by that frame's motion only (tp_get_delta: history[0] -
      history[1], i.e. position now minus position in the previous frame; the threshold test
      uses point - initial but "normalized = tmp" posts the frame delta).
  E5  Scrolling (tp_edge_scroll_handle_edge, tp_edge_scroll_post_events): every frame's motion
      along the axis scrolls (right zone -> vertical, y; bottom zone -> horizontal, x); a
      scrolling touch outside its zone moves nothing ("only scroll with the finger in the
      previous edge") and goes on scrolling when it comes back.
  E6  Corner: a touch that landed in both zones has no axis until it leaves one of them, which
      decides its axis (edges narrowed to the zone it is still in); leaving both -> AREA
      ("If started at the bottom right, decide in which dir to scroll"; post_events: "Don't
      know direction yet, skip").
  E7  End: when the last scrolling touch lifts (or BTN_TOUCH goes to 0), a stop (libinput sends
      an axis event with zero value per touch whose direction was set, when its edge becomes
      EDGE_NONE: SCROLL_EVENT_RELEASE -> EDGE_SCROLL_TOUCH_STATE_NONE).
  E8  Units mm = device units / res (R4); signs libinput's: +y (toward the user) = Down,
      +x = Right.

Frames and records (Pipeline/DevicePipeline.swift, Pipeline/TouchSource.swift,
Format/JSONFormat.swift):
  F1  A frame ends at SYN_REPORT; each frame moves the source's offset at most once, one record
      per move; a frame's records: a move, then a stop when the scroll ended (TouchSource).
  F2  SYN_DROPPED: events up to and including the next SYN_REPORT still update the touch state,
      every contact gets a new identity, that frame never moves the offset (it can end a scroll).
  F3  Offsets start at (0, 0) mm; a record only for a non-zero move; vertical Down/Up when y
      grows/shrinks, horizontal Right/Left for x; stop record: old == new, both None,
      "stop":true last; time = the SYN_REPORT's timestamp, 6 decimals; mm with 3 decimals; keys
      event,time,device,source,vertical,horizontal,old,new,unit[,stop] (JSONFormat).
  F4  Device label: the evemu N: line (or YAML evdev name), else the file's base name.

CHOICES WHERE THE DOCUMENTATION IS SILENT OR AMBIGUOUS
======================================================
  C1  (formerly: an off-range position made the contact "unknown" and, to edge scrolling,
      lifted; removed together with the --keep-unknown variant, see R5. In the HP 8470p edge
      recording y goes below ABS_MT_POSITION_Y min 1408 in 28 of its 194 frames, at the top
      turning point of each upward stroke (down to 1197); those frames now scroll like any
      other and the touch keeps its edge state.)
  C2  The lock timeout is checked before the zone: at a frame with time - landing >= 300 ms a
      new edge touch is first locked (as libinput's timer would already have fired), so if that
      same frame it is outside its zone it stays a scrolling touch that moves nothing, rather
      than becoming a pointer touch. (Counted on stderr with --debug: it happens in none of the
      listed recordings, so this choice does not affect their output.)
  C3  The start threshold is inclusive: libinput's "if (fabs(*delta) < DEFAULT_SCROLL_THRESHOLD)
      normalized = zero", computed as libinput does in doubles: |(point - initial) *
      ((1000 / 25.4) / res)| < (1000 / 25.4) * 3 (tp_normalize_delta, tp_init_accel's
      x_scale_coeff / y_scale_coeff, TP_MM_TO_DPI_NORMALIZED).
  C4  The 300 ms is measured from the landing frame's SYN_REPORT time to the current frame's,
      in microseconds; it is not restarted by motion within the zone ("rested in the zone" read
      as "stayed in the zone since landing").
  C5  Corner (E6) narrowing also applies to a NEW (not yet started) corner touch: it narrows to
      the zone it stays in; the threshold is then measured along that axis from the landing
      point. While still in both zones a new corner touch cannot start by the threshold (no axis)
      but can be locked by the timeout. A touch whose axis is decided in a frame scrolls that
      frame's motion along the axis (if started / scrolling).
  C6  "Frame motion" (E4/E5) is position now minus the contact's position in the previous frame,
      whether or not that previous position was in the zone (so a touch coming back into its
      zone scrolls by the whole motion of that frame).
  C7  A stop needs a touch that actually produced a non-zero movement ("Whether it has scrolled
      and not yet stopped"); a touch locked by the timeout that never moved along its axis ends
      without a stop. The stop is written in the frame where the last touch that has scrolled
      ends (lifts, disappears, or BTN_TOUCH 0) and no other touch that has scrolled remains.
  C8  Several touches moving in one frame: their movements are summed into the frame's one move.
  C9  Zone borders are libinput's integers (E1), computed with its double arithmetic and
      truncation, then compared with the integer positions.
  C10 Fallback resolution (R4) applies to an axis whose resolution is 0. libinput only falls back
      when BOTH have resolution 0 (evdev_fix_abs_resolution returns early otherwise, leaving a 0
      resolution and dividing by it); for that degenerate case, which none of the recordings
      has, the oracle falls back per axis.
  C11 "A pad that never sends BTN_TOUCH" is read from the stream (R8: before the first BTN_TOUCH
      event the BTN_TOOL_* count decides), not from the description (the ALPS GlidePoint
      declares BTN_TOUCH but its recordings never send it: read from the description it would
      never be touched). Pads whose BTN_TOUCH has never arrived count as touching for R9.
  C12 Single-touch position known only after an ABS_X and an ABS_Y event (evemu A: lines carry
      no current value).
  C13 No stop when the recording ends mid-scroll; an unclosed last frame moves nothing.
  C14 After SYN_DROPPED (F2; not in the listed recordings), the old identities are lifted (stop
      if it was the last that scrolled) and the new ones land anew in the next frame.
  C15 The clickpad test is INPUT_PROP_BUTTONPAD only (tp_click_get_default_method: button areas
      on clickpads, except for model quirks a replay does not know); a recording without a P:
      line has no properties (HP 8470p: not a clickpad, so the 300 ms timeout applies).
  C16 A touch that becomes a pointer touch never scrolls again, even if it re-enters a zone.
  C17 No natural scrolling (replay default).

LIBINPUT BEHAVIOUR NOT MODELLED (found while checking R5; none of it changes the rules above)
======================================================
  N1  tp_detect_wobbling turns on tp_motion_hysteresis (margin res/4) after its {Right, Left, Right} x
      jitter within 40 ms on a pad with fuzz 0; on a real system udev may also move the kernel
      fuzz to LIBINPUT_FUZZ_* and enable it from the start. The oracle uses unfiltered positions.
      (HP 8470p edge recording: it would fire at the frame of 1353330370.192294.)
  N2  tp_detect_jumps (> 20 mm, or > 7 mm more than the last delta, per 12 ms) resets the motion
      history; tp_need_motion_history_reset does so whenever the finger count changes. Both
      make that frame's delta 0. (No jump in the HP 8470p edge recording.)
  N3  Protocol A: libinput has no protocol-A touch tracking on touchpads (tp_init_slots:
      has_mt = false without ABS_MT_SLOT, so tp_process_absolute_st reads ABS_X/ABS_Y), while
      its geometry and resolution come from the ABS_MT_POSITION axes (evdev_extract_abs_axes)
      and its pad size from ABS_X/ABS_Y (evdev_device_get_size). R3/R7 are kept.
  N4  Touch begin/end: libinput uses pressure or touch size when the pad has them
      (tp_unhover_pressure / tp_unhover_size), else BTN_TOUCH with the BTN_TOOL_* count
      (tp_unhover_fake_touches, which never begins a touch while BTN_TOUCH is 0: see C11);
      semi-MT / single-touch pads get one extra touch per BTN_TOOL_DOUBLETAP.. finger, placed at
      the top-most touch's position (tp_position_fake_touches). R6-R9 are kept.
  N5  libinput sends one stop per touch that had scrolled (C7 gives one per scroll), and ends
      every edge scroll (tp_edge_scroll_stop_events) when tapping or a button filters motion,
      or on trackpoint / disable-while-typing activity.
"""
import sys
from fractions import Fraction

from oracle_touch import (ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_SLOT, ABS_X, ABS_Y, BTN_TOUCH, EV_ABS,
                          EV_KEY, EV_SYN, PROP_BUTTONPAD, PROP_SEMI_MT, SYN_DROPPED, SYN_REPORT, TOOL_COUNT, Ids,
                          TrackerA, TrackerB, is_touchpad, print_records, read_recording)

FALLBACK_MM = (69, 50)                   # tp_init_default_resolution (int division)
EDGE_WIDTH_MM = 7.0                      # tp_edge_scroll_init: "7mm edge size"
MIN_HEIGHT_BOTTOM_MM = 40                # tp_edge_scroll_init: "want_horiz_scroll = (height >= 40)"
DEFAULT_MOUSE_DPI = 1000
START_THRESHOLD = DEFAULT_MOUSE_DPI / 25.4 * 3   # TP_MM_TO_DPI_NORMALIZED(3)
LOCK_TIMEOUT_US = 300_000                # DEFAULT_SCROLL_LOCK_TIMEOUT (inclusive: expire <= now)

RIGHT, BOTTOM = 1, 2

DEBUG = {"lock_outside": 0, "threshold_no_motion": 0, "outside_frames": 0, "outside_x": 0,
         "outside_y": 0, "outside_in_edge_touch": 0}


# ---------------------------------------------------------------- geometry

def c_int(value):
    """A C double assigned to an int: truncation toward zero."""
    return int(value)


class Geometry:
    def __init__(self, kind, slots, xinfo, yinfo, clickpad):
        self.kind, self.slots, self.clickpad = kind, slots, clickpad
        self.xmin, self.xmax, self.ymin, self.ymax = xinfo[0], xinfo[1], yinfo[0], yinfo[1]
        # R4: tp_init_default_resolution, C int division of abs(max - min) by 69 / 50
        self.ux = xinfo[4] if xinfo[4] > 0 else abs(xinfo[1] - xinfo[0]) // FALLBACK_MM[0]
        self.uy = yinfo[4] if yinfo[4] > 0 else abs(yinfo[1] - yinfo[0]) // FALLBACK_MM[1]
        # E1: evdev_device_get_size (doubles), tp_edge_scroll_init, evdev_device_mm_to_units
        self.width_mm = float(self.xmax - self.xmin) / self.ux
        self.height_mm = float(self.ymax - self.ymin) / self.uy
        self.right_border = c_int((self.width_mm - EDGE_WIDTH_MM) * self.ux + self.xmin)
        has_bottom = clickpad or self.height_mm >= MIN_HEIGHT_BOTTOM_MM
        self.bottom_border = (c_int((self.height_mm - EDGE_WIDTH_MM) * self.uy + self.ymin)
                              if has_bottom else None)
        # tp_init_accel: x_scale_coeff / y_scale_coeff (normalized units per device unit)
        self.x_scale = (DEFAULT_MOUSE_DPI / 25.4) / self.ux
        self.y_scale = (DEFAULT_MOUSE_DPI / 25.4) / self.uy

    def outside(self, x, y):
        """(x outside [xmin, xmax], y outside [ymin, ymax]); for --debug only (R5)."""
        return not self.xmin <= x <= self.xmax, not self.ymin <= y <= self.ymax

    def zones(self, x, y):
        z = 0
        if x > self.right_border:
            z |= RIGHT
        if self.bottom_border is not None and y > self.bottom_border:
            z |= BOTTOM
        return z

    def describe(self):
        return ("kind=%s slots=%d clickpad=%s size=%.3fx%.3f mm units/mm=%d,%d right>%d bottom>%s "
                "x range [%d, %d] y range [%d, %d]"
                % (self.kind, self.slots, self.clickpad, self.width_mm, self.height_mm, self.ux,
                   self.uy, self.right_border,
                   "none" if self.bottom_border is None else "%d" % self.bottom_border,
                   self.xmin, self.xmax, self.ymin, self.ymax))


def geometry(desc):
    """The edge-scroll geometry of the device, or None when it is not a touchpad / has no axes."""
    mt_axes = desc.has(EV_ABS, ABS_MT_POSITION_X) and desc.has(EV_ABS, ABS_MT_POSITION_Y)
    if not is_touchpad(desc):
        return None
    clickpad = PROP_BUTTONPAD in desc.props
    if PROP_SEMI_MT not in desc.props and mt_axes:
        xinfo, yinfo = desc.absinfo[ABS_MT_POSITION_X], desc.absinfo[ABS_MT_POSITION_Y]
        if desc.has(EV_ABS, ABS_MT_SLOT):
            slots = desc.absinfo.get(ABS_MT_SLOT, (0, 0, 0, 0, 0))[1] + 1
            if slots >= 2:
                return Geometry("B", slots, xinfo, yinfo, clickpad)
        else:
            return Geometry("A", 0, xinfo, yinfo, clickpad)
    # semi-MT, single-touch (or protocol B with fewer than 2 slots): the ABS_X/ABS_Y position
    if not (ABS_X in desc.absinfo and ABS_Y in desc.absinfo):
        return None
    return Geometry("single", 0, desc.absinfo[ABS_X], desc.absinfo[ABS_Y], clickpad)


# ---------------------------------------------------------------- contacts
# A frame's contacts: {ident: (x, y)} for those down with a known position, raw as reported,
# inside the declared axis range or not (R5). A contact down whose x or y has never been reported
# is left out until it has both.

def edge_contacts(frame):
    return {ident: pos for ident, pos in frame[1] if pos is not None}


class TrackerSingle:
    """The one position ABS_X/ABS_Y: a contact while BTN_TOUCH is 1 (without BTN_TOUCH, while a
    BTN_TOOL_* count is), a new identity per landing; end_frame() as oracle_touch's trackers."""

    def __init__(self, ids):
        self.ids = ids
        self.x = self.y = None
        self.touch = None        # last BTN_TOUCH value, None until one arrives
        self.tools = set()
        self.ident = None        # contact down now

    def add(self, etype, code, value):
        if etype == EV_KEY:
            if code == BTN_TOUCH:
                self.touch = value != 0
            elif code in TOOL_COUNT:
                (self.tools.add if value else self.tools.discard)(code)
        elif etype == EV_ABS:
            if code == ABS_X:
                self.x = value
            elif code == ABS_Y:
                self.y = value

    def forget(self):
        if self.ident is not None:
            self.ident = self.ids.new()

    def end_frame(self):
        down = self.touch if self.touch is not None else bool(self.tools)
        if not down:
            self.ident = None
            return 0, []
        if self.ident is None:
            self.ident = self.ids.new()
        return 1, [(self.ident, None if self.x is None or self.y is None else (self.x, self.y))]


# ---------------------------------------------------------------- edge scroll

class Touch:
    def __init__(self, kind, edges, landing, since):
        self.kind = kind          # "new", "scrolling", "pointer"
        self.edges = edges
        self.landing = landing
        self.since = since
        self.prev = landing       # last known position
        self.scrolled = False


def axis_of(edges):
    if edges == RIGHT:
        return "y"
    if edges == BOTTOM:
        return "x"
    return None


class EdgeScroll:
    def __init__(self, geo):
        self.geo = geo
        self.touches = {}

    def frame(self, now, contacts, touching, moves_allowed=True):
        """now: microseconds; contacts: {ident: (x, y)}, raw positions (R5).
        Returns (dx_mm, dy_mm, stop)."""
        geo = self.geo
        if touching is False:
            contacts = {}
        if DEBUG.get("on"):
            counted = False
            for ident, (px, py) in contacts.items():
                ox, oy = geo.outside(px, py)
                DEBUG["outside_x"] += ox
                DEBUG["outside_y"] += oy
                if (ox or oy) and not counted:
                    DEBUG["outside_frames"] += 1
                    counted = True
                t = self.touches.get(ident)
                if (ox or oy) and t is not None and t.kind != "pointer":
                    DEBUG["outside_in_edge_touch"] += 1
        ended_scrolled = False
        for ident in list(self.touches):
            if ident not in contacts:
                if self.touches.pop(ident).scrolled:
                    ended_scrolled = True
        dx = dy = Fraction(0)
        for ident in sorted(contacts):
            pos = contacts[ident]
            t = self.touches.get(ident)
            if t is None:
                z = geo.zones(*pos)
                self.touches[ident] = Touch("new" if z else "pointer", z, pos, now)
                continue
            prev, t.prev = t.prev, pos
            if t.kind == "pointer":
                continue
            z = geo.zones(*pos)
            if t.kind == "new" and not geo.clickpad and now - t.since >= LOCK_TIMEOUT_US:
                t.kind = "scrolling"  # C2: the timer fires before the frame's motion is seen
                if not (z & t.edges):
                    DEBUG["lock_outside"] += 1
            if t.kind == "new":
                t.edges &= z
                if not t.edges:
                    t.kind = "pointer"
                    continue
                axis = axis_of(t.edges)
                if axis is None:
                    continue
                # C3: tp_edge_scroll_post_events, EDGE_SCROLL_TOUCH_STATE_EDGE_NEW
                if axis == "y":
                    travelled = abs((pos[1] - t.landing[1]) * geo.y_scale)
                    frame_delta = pos[1] - prev[1]
                else:
                    travelled = abs((pos[0] - t.landing[0]) * geo.x_scale)
                    frame_delta = pos[0] - prev[0]
                if travelled < START_THRESHOLD:
                    continue
                # E3: "if (*delta == 0.0) continue;" -- nothing posted, no SCROLL_EVENT_POSTED,
                # the touch stays EDGE_NEW
                if frame_delta == 0 or not moves_allowed:
                    if frame_delta == 0:
                        DEBUG["threshold_no_motion"] += 1
                    continue
                t.kind = "scrolling"
            else:  # scrolling
                if t.edges == RIGHT | BOTTOM:
                    t.edges &= z
                    if not t.edges:
                        t.kind = "pointer"
                        continue
                axis = axis_of(t.edges)
                if axis is None or not (z & t.edges):
                    continue
            if not moves_allowed:
                continue
            if axis == "y":
                m = Fraction(pos[1] - prev[1]) / geo.uy
                if m:
                    dy += m
                    t.scrolled = True
            else:
                m = Fraction(pos[0] - prev[0]) / geo.ux
                if m:
                    dx += m
                    t.scrolled = True
        stop = ended_scrolled and not any(t.scrolled for t in self.touches.values())
        return dx, dy, stop


# ---------------------------------------------------------------- pipeline

def records(path, debug=False):
    desc, events, label = read_recording(path)
    geo = geometry(desc)
    if geo is None:
        return label, []
    if debug:
        print(geo.describe(), file=sys.stderr)
    ids = Ids()
    tracker = {"B": lambda: TrackerB(geo.slots, ids), "A": lambda: TrackerA(ids),
               "single": lambda: TrackerSingle(ids)}[geo.kind]()
    scroller = EdgeScroll(geo)
    touch = None   # pad-level last BTN_TOUCH value
    x = y = Fraction(0)
    dropped = False
    out = []
    for sec, usec, etype, code, value in events:
        if etype == EV_SYN and code == SYN_DROPPED:
            dropped = True
            tracker.forget()
            continue
        if etype == EV_SYN and code == SYN_REPORT:
            now = sec * 1_000_000 + usec
            dx, dy, stop = scroller.frame(now, edge_contacts(tracker.end_frame()), touch, moves_allowed=not dropped)
            if dx or dy:
                old = (x, y)
                x, y = x + dx, y + dy
                out.append((sec, usec, old, (x, y), False))
            if stop:
                out.append((sec, usec, (x, y), (x, y), True))
            dropped = False
            continue
        if etype == EV_KEY and code == BTN_TOUCH:
            touch = value != 0
        tracker.add(etype, code, value)
    return label, out


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    unknown = [a for a in sys.argv[1:] if a.startswith("--") and a != "--debug"]
    if unknown or len(args) != 1:
        sys.exit("usage: derive-edge-expected.py RECORDING [--debug]")
    debug = "--debug" in sys.argv
    DEBUG["on"] = debug
    label, recs = records(args[0], debug)
    print_records(label, "edge", recs)
    if debug:
        print("lock-timeout frames outside the zone: %d" % DEBUG["lock_outside"], file=sys.stderr)
        print("frames reaching the start threshold with no motion along the axis: %d"
              % DEBUG["threshold_no_motion"], file=sys.stderr)
        print("frames with a position outside the declared axis range: %d (x values %d, y values %d;"
              " of a touch already landed in a zone: %d)"
              % (DEBUG["outside_frames"], DEBUG["outside_x"], DEBUG["outside_y"],
                 DEBUG["outside_in_edge_touch"]), file=sys.stderr)


if __name__ == "__main__":
    main()
