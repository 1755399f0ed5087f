"""scrolldir's records against libinput's scroll events on the same kernel capture, frame by
frame: parsing `libinput debug-events`, placing both on the capture's frames, and the figures
(strokes, share of agreeing frames, stops, start)."""
import collections
import re

from evdev_codes import EV_SYN, SYN_REPORT

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
