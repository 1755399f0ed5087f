#!/usr/bin/env python3
"""Independent oracle for the wheel golden files: derives the JSON Lines that `scrolldir replay --json`
must print for a wheel recording, straight from the recording and the documented rules, without
using scrolldir's code.

Rules (kernel Documentation/input/event-codes.rst "EV_REL"; libinput doc/user/wheel-api.rst and
src/evdev-wheel.c):
  * a frame ends at EV_SYN/SYN_REPORT; SYN_DROPPED drops everything up to and including the next
    SYN_REPORT;
  * per frame and axis: the sum of REL_WHEEL_HI_RES (REL_HWHEEL_HI_RES) if the frame has any, else
    the sum of REL_WHEEL (REL_HWHEEL) x 120;
  * y = -(kernel vertical), x = +(kernel horizontal); offsets start at (0, 0);
  * one record per frame whose movement is not zero; Down/Up when y grows/shrinks, Right/Left for x.
Device label: the evemu N: line or the YAML evdev name, else the file's base name.

Usage: derive-expected.py RECORDING > EXPECTED.jsonl   (needs python3-yaml for .yml files)
"""
import os
import sys

EV_SYN, EV_REL = 0, 2
SYN_REPORT, SYN_DROPPED = 0, 3
REL_HWHEEL, REL_WHEEL, REL_WHEEL_HI_RES, REL_HWHEEL_HI_RES = 6, 8, 11, 12


def evemu_events(path):
    name = None
    for raw in open(path, encoding="utf-8"):
        line = raw.split("#", 1)[0].strip() if not raw.startswith("N:") else raw.strip()
        if line.startswith("N:"):
            name = line[2:].strip()
        elif line.startswith("E:"):
            stamp, etype, code, value = line[2:].split()
            sec, usec = stamp.split(".")
            yield name, int(sec), int(usec), int(etype, 16), int(code, 16), int(value)


def yaml_events(path):
    import yaml
    doc = yaml.safe_load(open(path, encoding="utf-8"))
    devices = doc.get("devices") or [{"events": doc.get("events", [])}]
    assert len(devices) == 1, "oracle handles one device"
    name = (devices[0].get("evdev") or {}).get("name")
    for frame in devices[0].get("events") or []:
        for sec, usec, etype, code, value in frame.get("evdev", []):
            yield name, sec, usec, etype, code, value


def records(path):
    events = yaml_events(path) if path.endswith(".yml") else evemu_events(path)
    x = y = 0
    lo = {"x": 0, "y": 0}
    hi = {"x": None, "y": None}
    dropped = False
    label = None
    for name, sec, usec, etype, code, value in events:
        label = name or os.path.basename(path)
        if etype == EV_SYN and code == SYN_DROPPED:
            dropped, lo, hi = True, {"x": 0, "y": 0}, {"x": None, "y": None}
            continue
        if etype == EV_SYN and code == SYN_REPORT:
            if dropped:
                dropped = False
            else:
                dy = -(hi["y"] if hi["y"] is not None else lo["y"] * 120)
                dx = hi["x"] if hi["x"] is not None else lo["x"] * 120
                if dx or dy:
                    old = (x, y)
                    x, y = x + dx, y + dy
                    yield label, sec, usec, old, (x, y)
            lo, hi = {"x": 0, "y": 0}, {"x": None, "y": None}
            continue
        if dropped or etype != EV_REL:
            continue
        if code == REL_WHEEL:
            lo["y"] += value
        elif code == REL_HWHEEL:
            lo["x"] += value
        elif code == REL_WHEEL_HI_RES:
            hi["y"] = (hi["y"] or 0) + value
        elif code == REL_HWHEEL_HI_RES:
            hi["x"] = (hi["x"] or 0) + value


def main():
    import json
    for label, sec, usec, (ox, oy), (nx, ny) in records(sys.argv[1]):
        vertical = "Down" if ny > oy else "Up" if ny < oy else "None"
        horizontal = "Right" if nx > ox else "Left" if nx < ox else "None"
        print('{"event":"scroll","time":%d.%06d,"device":%s,"source":"wheel","vertical":"%s","horizontal":"%s",'
              '"old":{"x":%d,"y":%d},"new":{"x":%d,"y":%d},"unit":"v120"}'
              % (sec, usec, json.dumps(label, ensure_ascii=False), vertical, horizontal, ox, oy, nx, ny))


if __name__ == "__main__":
    main()
