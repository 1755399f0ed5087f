"""A model of what the kernel's input core (Linux 6.1) and libevdev make of events written into a
uinput device: what a reader of the device's node gets (kernel_model)."""
import collections

from evdev_codes import (ABS_MT_FIRST, ABS_MT_LAST, ABS_MT_POSITION_X, ABS_MT_SLOT, ABS_MT_TRACKING_ID, EV_ABS,
                         EV_KEY, EV_MSC, EV_REL, EV_SW, EV_SYN, SYN_CONFIG, SYN_MT_REPORT, SYN_REPORT, code_name)

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


def events_per_packet(dev):
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
    max_vals = events_per_packet(dev) + 2
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


def compare_apart_from_autorepeat(delivered, model):
    """Compares what the node delivered with the model, apart from the input core's autorepeat.

    A device that declares EV_REP gets the input core's soft repeat (250 ms delay, 33 ms period;
    input_register_device() -> input_enable_softrepeat()): while a key or button is held, the
    repeat timer (input_repeat_key()) feeds [EV_KEY code 2, SYN_REPORT 1] through
    input_handle_event(), so it lands wherever the writer is, and how many there are depends on
    the live timing:
      - between frames: a frame of its own;
      - inside a frame: the SYN_REPORT 1 flushes the frame's events so far, cutting it in two;
      - after a frame's last event, before the writer's SYN_REPORT: it flushes the whole frame,
        and the writer's SYN_REPORT then comes alone and is dropped as an empty frame (the
        input core passes a frame on only if it holds more than its SYN_REPORT).
    A recording made on a real device holds such events too, and evemu-play writes them into the
    device, where they pass as well. So every EV_KEY value 2 is left out on both sides and every
    SYN_REPORT 1 of the model; a SYN_REPORT 1 of the node is skipped, and stands for the model's
    SYN_REPORT 0 when that is the model's next event (the third case).
    Returns (difference, repeats delivered, repeats written): difference is None, or
    (index in the filtered node stream, index in the filtered model, both filtered streams).
    """
    def is_repeat(ev):
        return ev[0] == EV_KEY and ev[2] == 2
    report0, report1 = (EV_SYN, SYN_REPORT, 0), (EV_SYN, SYN_REPORT, 1)
    node = [ev for ev in delivered if not is_repeat(ev)]
    want = [ev for ev in model if not is_repeat(ev) and ev != report1]
    i = j = 0
    while i < len(node):
        if node[i] == report1:
            if j < len(want) and want[j] == report0 and (i + 1 == len(node) or node[i + 1] != report0):
                j += 1
            i += 1
            continue
        if j == len(want) or node[i] != want[j]:
            break
        i += 1
        j += 1
    difference = None if (i, j) == (len(node), len(want)) else (i, j, node, want)
    return difference, sum(map(is_repeat, delivered)), sum(map(is_repeat, model))
