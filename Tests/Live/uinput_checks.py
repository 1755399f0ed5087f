#!/usr/bin/env python3
"""The uinput scenarios of scrolldir's live tests (see run-live-tests.sh and README.md).

Real recordings from Tests/Fixtures/recordings are turned back into devices in the guest
(evemu-device, i.e. uinput), replayed into them with their recorded timing (evemu-play), and
watched on the device's node by `scrolldir monitor --json`, by evemu-record (what the kernel
delivered) and, for the libinput scenario, by `libinput debug-events --device NODE`
(guest/uinput-play.sh). The host then judges:

  live-replay  live records == `scrolldir replay --json` of the same file, ignoring `time` and
               `device`. Also: the kernel's stream (the evemu-record capture) is exactly what a model
               of the kernel's input core and libevdev makes of the recording (kernel_model.py),
               and the live records equal an offline replay of that capture. Live records may
               differ from the offline replay only where the kernel defuzzed the position axes
               (then the strokes must be the same), or if listed in KERNEL_DIFFERENCES with the
               reason (none is).
  libinput     per recording, scrolldir's and libinput's scroll directions, frame by frame (see
               libinput_agreement.py); the collapsed stroke sequences and the share of agreeing frames are
               printed, and EXPECTED_AGREEMENT (libinput_expectations.py) says what is asserted for each
               recording.

Usable on its own:
  uinput_checks.py plan DIR [LANES]          write DIR/plan.txt (+ converted .yml recordings)
  uinput_checks.py check SCENARIO DIR RC BIN judge a finished run (SCENARIO: live-replay, libinput)
  uinput_checks.py model FILE [CAPTURE]      print what the kernel changes in FILE's events
Standard library, plus python3-yaml for converting libinput-record (.yml) recordings.
"""
import json
import os
import subprocess
import sys

from evdev_codes import EV_ABS, code_name
from kernel_model import compare_apart_from_autorepeat, kernel_model, stream
from libinput_agreement import agreement, capture_frames, collapse, parse_libinput
from libinput_expectations import EXPECTED_AGREEMENT
from live_common import NODE_RX, Checker, parse_jsonl, read
from recordings import MAX_GAP_US, catalogue, compress_gaps, read_evemu, read_recording, retime_evemu, write_evemu


# The name of a recording's edge-scrolling variant: NAME@edge, played with `--scroll-method edge`
# (scrolldir) and `--set-scroll-method=edge` (libinput).
EDGE_SUFFIX = "@edge"
# The touchpads played with edge scrolling too: all but the Apple pad (12 893 events: played twice
# at once, the guest's readers fell behind) and the 25 s semi-MT Synaptics (the ALPS pads are
# semi-MT too).
EDGE_VARIANTS = {
    "touchpad-alps-glidepoint-2fg-tap", "touchpad-alps-glidepoint-right-edge-scroll", "touchpad-cypress-2fg-press",
    "touchpad-elantech-samsung700z3a-1fg-motion", "touchpad-ite-acer-sw5-2fg-scroll-up",
    "touchpad-synaptics-hp8470p-2fg-horiz-flicker", "touchpad-synaptics-hp8470p-2fg-vert-seen-as-1fg",
    "touchpad-synaptics-hp8470p-edge-scroll-vert", "touchpad-synaptics-ps2-2fg-vert-scroll",
    "touchpad-synaptics-t440s-1fg-motion",
}


def plan(outdir, lanes=3):
    """Chooses the played recordings (and the touchpads' edge-scrolling variants), converts .yml
    ones to evemu, balances them over lanes. A plan line: LANE NAME FILE METHOD (- for the default)."""
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
    variants = [dict(e, name=e["name"] + EDGE_SUFFIX, method="edge") for e in played if e["name"] in EDGE_VARIANTS]
    played += variants
    cat += variants
    load = [0.0] * lanes
    for e in sorted(played, key=lambda e: -e["duration"]):
        lane = load.index(min(load))
        e["lane"] = lane
        load[lane] += e["duration"] + 3.0   # + device creation, start-up and quiescence
    with open(os.path.join(outdir, "plan.txt"), "w") as f:
        for e in sorted(played, key=lambda e: (e["lane"], -e["duration"])):
            f.write(f"{e['lane']} {e['name']} {e['play']} {e.get('method', '-')}\n")
    with open(os.path.join(outdir, "catalogue.json"), "w") as f:
        json.dump(cat, f, indent=1)
    return cat


# ---- scrolldir offline -------------------------------------------------------------------------

def replay(bin_path, path, method=None):
    """Records of `scrolldir replay --json [--scroll-method METHOD] path` (or an error string)."""
    args = [bin_path, "replay", "--json"] + (["--scroll-method", method] if method else []) + [path]
    p = subprocess.run(args, capture_output=True, text=True, timeout=120)
    if p.returncode != 0:
        return f"exit {p.returncode}: {p.stderr.strip()[:300]}"
    return [json.loads(line) for line in p.stdout.splitlines() if line.strip()]


def strip(records):
    return [{k: v for k, v in r.items() if k not in ("time", "device")} for r in records]



def first_difference(got, want):
    for i, (g, w) in enumerate(zip(got, want)):
        if g != w:
            return f"record {i + 1}: live {json.dumps(g)} vs offline {json.dumps(w)}"
    if len(got) != len(want):
        return f"{len(got)} live records vs {len(want)} offline"
    return None


def load_run(d):
    cat = json.loads(read(os.path.join(d, "catalogue.json"), "[]"))
    return [e for e in cat if "skip" not in e], [e for e in cat if "skip" in e]


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
    recs, other = parse_jsonl(read(base + ".live"))
    if os.path.exists(base + ".keyboard.err"):
        c.info(f"keyboard gate, {n}: plain `monitor` exited {read(base + '.keyboard.rc').strip()} "
               f"({read(base + '.keyboard.err').strip()!r}); compared with `monitor --allow-keyboards`")
    if rc == "66":
        c.check(f"{n}/monitor-refuses-cleanly", "cannot scroll" in err and not recs and not other,
                f"exit 66 but stderr {err[:200]!r}, stdout {len(recs)} records")
        if e["kind"] == "touchpad":
            c.check(f"{n}/refusal-names-edge-scrolling", "--scroll-method edge" in err,
                    f"a touchpad refused with its default method, and the message does not say how to read its "
                    f"edge scrolling: {err[:300]!r}")
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


def start_run(scenario, d, rc):
    """The checks every uinput scenario starts with: the rig's run, and what was not played.
    Returns (Checker, played recordings, the guest's stdout)."""
    c = Checker(scenario)
    played, skipped = load_run(d)
    stdout = read(os.path.join(d, "stdout.txt"))
    c.check("rig", rc == 0 and "ALL-DONE" in stdout,
            f"rig exit {rc}, guest stdout tail {stdout[-300:]!r}; logs in {d}")
    for e in skipped:
        c.info(f"not played: {e['name']}: {e['skip']}")
    return c, played, stdout


def check_live_replay(d, rc, bin_path):
    c, played, stdout = start_run("live-replay", d, rc)
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
        difference, rep_kernel, rep_written = compare_apart_from_autorepeat(stream(cap_events), model)
        if difference is None:
            c.check(f"{n}/kernel-as-modelled", True)
        else:
            i, j, node_events, model_events = difference
            c.check(f"{n}/kernel-as-modelled", False,
                    f"the node delivered {len(node_events)} events, the model predicts {len(model_events)} (autorepeat "
                    f"aside); first difference at node event {i}, model event {j}: node {node_events[i:i + 4]}, "
                    f"model {model_events[j:j + 4]}")
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
        offline = replay(bin_path, e["path"], e.get("method"))
        of_capture = replay(bin_path, base + ".kernel.evemu", e.get("method"))
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
    c, played, stdout = start_run("libinput", d, rc)
    rows = []
    for e in played:
        n = e["name"]
        x = EXPECTED_AGREEMENT.get(n)
        if not c.check(f"{n}/expectation-listed", x is not None,
                       "no entry in EXPECTED_AGREEMENT (libinput_expectations.py): say what is asserted and why"):
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
