#!/usr/bin/env python3
"""Writes a long recording by repeating the events of a real one, shifting each copy's timestamps
after the previous copy, so the result is still a plausible recording of the same device.

Usage: make-long-recording.py SOURCE COPIES > OUTPUT   (SOURCE: .evemu text or .yml libinput record)
"""
import sys

source, copies = sys.argv[1], int(sys.argv[2])
lines = open(source, encoding="utf-8").read().splitlines()

if source.endswith(".yml"):
    # libinput record: the header up to and including "events:", then "- evdev:" frames of
    # "[sec, usec, type, code, value]" lines.
    start = next(i for i, line in enumerate(lines) if line.strip() == "events:") + 1
    header, body = lines[:start], [l for l in lines[start:] if l.strip() and not l.strip().startswith("#")]
    def stamp(line):
        fields = line.split("[", 1)[1].split("]", 1)[0].split(",")
        return int(fields[0]) * 1_000_000 + int(fields[1]), fields
    span = max(stamp(l)[0] for l in body if "[" in l) + 1_000_000
    out = sys.stdout
    out.write("\n".join(header) + "\n")
    for copy in range(copies):
        for line in body:
            if "[" not in line:
                out.write(line + "\n")
                continue
            micros, fields = stamp(line)
            micros += copy * span
            indent = line[: line.index("-")]
            out.write(f"{indent}- [{micros // 1_000_000}, {micros % 1_000_000}, {fields[2].strip()}, {fields[3].strip()}, {fields[4].strip()}]\n")
else:
    # evemu: the description, then "E: sec.usec type code value" lines.
    header = [l for l in lines if not l.startswith("E:")]
    events = [l.split("#")[0].split() for l in lines if l.startswith("E:")]
    def micros(stamp):
        sec, usec = stamp.split(".")
        return int(sec) * 1_000_000 + int(usec)
    first = micros(events[0][1])
    span = micros(events[-1][1]) - first + 1_000_000
    out = sys.stdout
    out.write("\n".join(header) + "\n")
    for copy in range(copies):
        for _, stamp, etype, code, value in events:
            t = micros(stamp) + copy * span
            out.write(f"E: {t // 1_000_000}.{t % 1_000_000:06d} {etype} {code} {value}\n")
