#!/usr/bin/python3
"""Small evdev tools for the live tests' guest scripts (run in the QEMU guest by Debian's python3;
`libevdev` needs python3-libevdev, a dependency of libinput-tools).

  evdev_tool.py wheel NODE VALUE COUNT            write COUNT frames `REL_WHEEL VALUE, SYN_REPORT`
  evdev_tool.py touch NODE land X1 X2 Y            two fingers land: slots 0 and 1 (tracking IDs
                                                   100, 101) at (X1, Y) and (X2, Y)
  evdev_tool.py touch NODE move Y [Y...]           one frame per Y: both fingers to y = Y
  evdev_tool.py touch NODE flood COUNT YA YB YEND  COUNT frames with both fingers at YA, YB, YA, …,
                                                   then one frame at YEND
  evdev_tool.py touch NODE lift                    both fingers lift
  evdev_tool.py raw NODE OUT                       read NODE with plain read(2), no libevdev: one
                                                   JSON line per read, {"t", "n", "events":
                                                   [[time, type, code, value], …]}
  evdev_tool.py libevdev NODE OUT                  read NODE through libevdev (python3-libevdev):
                                                   one JSON line per event, {"k": "event"|"sync",
                                                   "code", "value", "time"}, {"k": "dropped"} when
                                                   libevdev reports SYN_DROPPED (then its resync
                                                   events follow as "sync", and {"k": "sync-end"})
  evdev_tool.py sample PID OUT STOPFILE            until STOPFILE exists, read /proc/PID/syscall every
                                                   10 ms; write "CLOCK_MONOTONIC-time line" to OUT
                                                   whenever the line changes (`7 fds 0x4 0x1f4 …`:
                                                   sleeping in poll(fds, 4, 500 ms); "running")
  evdev_tool.py opens PATH OUT STOPFILE            until STOPFILE exists, note every open(2) of PATH
                                                   (inotify IN_OPEN): {"open": CLOCK_MONOTONIC-time}
  evdev_tool.py stamp OUT STAMPED                  copy standard input to OUT line by line, and to
                                                   STAMPED with each line prefixed by the
                                                   CLOCK_MONOTONIC time it arrived (the clock of
                                                   scrolldir's record times)

Writing `struct input_event`s to an event node injects them (evdev_write → input_inject_event):
they pass the input core like a driver's events (unsupported codes and repeated ABS values are
dropped) and reach every reader of the node. The readers print {"ready": …} first; all outputs
are flushed per line. Standard library only, apart from `libevdev`.
"""
import json
import os
import select
import struct
import sys
import time

EVENT = struct.Struct("qqHHi")   # struct input_event on x86_64: timeval (2 × 64 bit), type, code, value
EV_SYN, EV_KEY, EV_REL, EV_ABS = 0, 1, 2, 3
SYN_REPORT = 0
REL_WHEEL = 0x08
ABS_X, ABS_Y, ABS_MT_SLOT, ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID = 0x00, 0x01, 0x2f, 0x35, 0x36, 0x39
BTN_TOUCH, BTN_TOOL_DOUBLETAP = 0x14a, 0x14d


def write_events(node, events):
    """Writes (type, code, value) events to NODE, 170 per write(2) (the kernel stamps them)."""
    data = b"".join(EVENT.pack(0, 0, t, c, v) for t, c, v in events)
    fd = os.open(node, os.O_WRONLY)
    try:
        step = EVENT.size * 170
        for i in range(0, len(data), step):
            os.write(fd, data[i:i + step])
    finally:
        os.close(fd)


def touch_frame(y):
    return [(EV_ABS, ABS_MT_SLOT, 0), (EV_ABS, ABS_MT_POSITION_Y, y), (EV_ABS, ABS_MT_SLOT, 1),
            (EV_ABS, ABS_MT_POSITION_Y, y), (EV_ABS, ABS_Y, y), (EV_SYN, SYN_REPORT, 0)]


def touch(node, what, args):
    a = [int(x) for x in args]
    if what == "land":
        x1, x2, y = a
        ev = [(EV_ABS, ABS_MT_SLOT, 0), (EV_ABS, ABS_MT_TRACKING_ID, 100), (EV_ABS, ABS_MT_POSITION_X, x1),
              (EV_ABS, ABS_MT_POSITION_Y, y), (EV_ABS, ABS_MT_SLOT, 1), (EV_ABS, ABS_MT_TRACKING_ID, 101),
              (EV_ABS, ABS_MT_POSITION_X, x2), (EV_ABS, ABS_MT_POSITION_Y, y), (EV_KEY, BTN_TOUCH, 1),
              (EV_KEY, BTN_TOOL_DOUBLETAP, 1), (EV_ABS, ABS_X, x1), (EV_ABS, ABS_Y, y), (EV_SYN, SYN_REPORT, 0)]
    elif what == "move":
        ev = [e for y in a for e in touch_frame(y)]
    elif what == "flood":
        n, ya, yb, yend = a
        ev = [e for i in range(n) for e in touch_frame(ya if i % 2 == 0 else yb)] + touch_frame(yend)
    elif what == "lift":
        ev = [(EV_ABS, ABS_MT_SLOT, 0), (EV_ABS, ABS_MT_TRACKING_ID, -1), (EV_ABS, ABS_MT_SLOT, 1),
              (EV_ABS, ABS_MT_TRACKING_ID, -1), (EV_KEY, BTN_TOUCH, 0), (EV_KEY, BTN_TOOL_DOUBLETAP, 0),
              (EV_SYN, SYN_REPORT, 0)]
    else:
        sys.exit(f"unknown touch action {what}")
    write_events(node, ev)


def open_out(path):
    return open(path, "w", buffering=1)


def raw(node, out_path):
    fd = os.open(node, os.O_RDONLY | os.O_NONBLOCK)
    out = open_out(out_path)
    out.write(json.dumps({"ready": time.monotonic()}) + "\n")
    p = select.poll()
    p.register(fd, select.POLLIN)
    while True:
        p.poll()
        try:
            data = os.read(fd, EVENT.size * 4096)
        except BlockingIOError:
            continue
        except OSError as e:
            out.write(json.dumps({"error": str(e)}) + "\n")
            return
        evs = [EVENT.unpack_from(data, i) for i in range(0, len(data) - EVENT.size + 1, EVENT.size)]
        out.write(json.dumps({"t": time.monotonic(), "n": len(evs),
                              "events": [[s + u / 1e6, t, c, v] for s, u, t, c, v in evs]}) + "\n")


def via_libevdev(node, out_path):
    import libevdev
    f = open(node, "rb")
    os.set_blocking(f.fileno(), False)
    d = libevdev.Device(f)
    out = open_out(out_path)
    out.write(json.dumps({"ready": time.monotonic(), "name": d.name}) + "\n")

    def put(kind, e):
        out.write(json.dumps({"k": kind, "code": e.code.name, "value": e.value,
                              "time": e.sec + e.usec / 1e6}) + "\n")

    p = select.poll()
    p.register(f.fileno(), select.POLLIN)
    while True:
        p.poll()
        try:
            for e in d.events():
                put("event", e)
        except libevdev.EventsDroppedException:
            out.write(json.dumps({"k": "dropped", "t": time.monotonic()}) + "\n")
            for e in d.sync():
                put("sync", e)
            out.write(json.dumps({"k": "sync-end", "t": time.monotonic()}) + "\n")


def stamp(out_path, stamped_path):
    out, stamped = open_out(out_path), open_out(stamped_path)
    while True:
        line = sys.stdin.readline()
        if not line:
            return
        now = time.clock_gettime(time.CLOCK_MONOTONIC)
        out.write(line)
        stamped.write(f"{now:.6f} {line}")


def sample(pid, out_path, stop_path):
    out = open_out(out_path)
    out.write(json.dumps({"ready": time.monotonic()}) + "\n")
    last = None
    while not os.path.exists(stop_path):
        try:
            with open(f"/proc/{pid}/syscall") as f:
                line = f.read().strip()
        except OSError:
            return
        if line != last:
            out.write(f"{time.monotonic():.6f} {line}\n")
            last = line
        time.sleep(0.01)


def opens(path, out_path, stop_path):
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    IN_OPEN = 0x20
    fd = libc.inotify_init1(os.O_NONBLOCK)
    if fd < 0 or libc.inotify_add_watch(fd, path.encode(), IN_OPEN) < 0:
        sys.exit(f"inotify on {path}: {os.strerror(ctypes.get_errno())}")
    out = open_out(out_path)
    out.write(json.dumps({"ready": time.monotonic()}) + "\n")
    p = select.poll()
    p.register(fd, select.POLLIN)
    header = struct.Struct("iIII")   # struct inotify_event: wd, mask, cookie, len (then the name)
    while not os.path.exists(stop_path):
        if not p.poll(100):
            continue
        data = os.read(fd, 4096)
        i = 0
        while i + header.size <= len(data):
            _, mask, _, length = header.unpack_from(data, i)
            if mask & IN_OPEN:
                out.write(json.dumps({"open": time.monotonic()}) + "\n")
            i += header.size + length


def main(argv):
    if len(argv) >= 4 and argv[0] == "wheel":
        write_events(argv[1], [(EV_REL, REL_WHEEL, int(argv[2])), (EV_SYN, SYN_REPORT, 0)] * int(argv[3]))
    elif len(argv) >= 3 and argv[0] == "touch":
        touch(argv[1], argv[2], argv[3:])
    elif len(argv) == 3 and argv[0] == "raw":
        raw(argv[1], argv[2])
    elif len(argv) == 3 and argv[0] == "libevdev":
        via_libevdev(argv[1], argv[2])
    elif len(argv) == 4 and argv[0] == "sample":
        sample(argv[1], argv[2], argv[3])
    elif len(argv) == 4 and argv[0] == "opens":
        opens(argv[1], argv[2], argv[3])
    elif len(argv) == 3 and argv[0] == "stamp":
        stamp(argv[1], argv[2])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
