#!/bin/sh
# Replay speed and memory, measured against baselines run in the same invocation.
#
#   sh Benchmarks/replay.sh [COPIES]      (default 1000; needs python3, /usr/bin/time, libinput-tools)
#
# Inputs: two real recordings (a Synaptics touchpad as evemu text, the ITE touchpad as libinput
# record YAML) repeated COPIES times by make-long-recording.py. Figures printed:
#   - scrolldir replay (release build, --json to /dev/null): seconds, events per second, peak RSS;
#   - baselines on the same files: libinput's own offline reader of recordings
#     (`libinput analyze recording`, Python) for the YAML; awk splitting the E: lines (a floor for
#     any text reader) for the evemu text;
#   - ratios baseline / scrolldir (above 1: scrolldir is faster);
#   - peak RSS at COPIES and at 10 × COPIES (flat memory: the ratio stays near 1).
set -eu
cd "$(dirname "$0")/.."
copies=${1:-1000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

swift build -c release --product scrolldir >/dev/null 2>&1
bin=.build/release/scrolldir
python3 Benchmarks/make-long-recording.py Tests/Fixtures/recordings/touchpad-synaptics-ps2-2fg-vert-scroll.evemu "$copies" > "$work/long.evemu"
python3 Benchmarks/make-long-recording.py Tests/Fixtures/recordings/touchpad-ite-acer-sw5-2fg-scroll-up.yml "$copies" > "$work/long.yml"
python3 Benchmarks/make-long-recording.py Tests/Fixtures/recordings/touchpad-synaptics-ps2-2fg-vert-scroll.evemu "$((copies * 10))" > "$work/longer.evemu"

# run NAME COMMAND…: prints "NAME seconds peak-KiB" (best of 3 by time)
run() {
  name=$1; shift
  best=""
  for _ in 1 2 3; do
    /usr/bin/time -f "%e %M" -o "$work/t" "$@" > /dev/null 2>&1 || true
    set -- "$@"
    line=$(cat "$work/t")
    if [ -z "$best" ] || awk -v a="${line%% *}" -v b="${best%% *}" 'BEGIN { exit !(a < b) }'; then best=$line; fi
  done
  echo "$name $best"
}

evemu_events=$(grep -c '^E:' "$work/long.evemu")
yaml_events=$(grep -c '^ *- \[' "$work/long.yml")
{
  run scrolldir-evemu "$bin" replay --json "$work/long.evemu"
  run awk-evemu awk '/^E:/ { n += NF } END { print n }' "$work/long.evemu"
  run scrolldir-yaml "$bin" replay --json "$work/long.yml"
  run libinput-analyze-yaml /usr/bin/python3 /usr/libexec/libinput/libinput-analyze-recording "$work/long.yml"
  run scrolldir-evemu-10x "$bin" replay --json "$work/longer.evemu"
} > "$work/results"

awk -v ee="$evemu_events" -v ye="$yaml_events" -v copies="$copies" '
  { t[$1] = $2; m[$1] = $3 }
  END {
    printf "replay of %d copies: evemu %d events, YAML %d events\n\n", copies, ee, ye
    printf "%-24s %9s %14s %10s\n", "run", "seconds", "events/s", "peak KiB"
    n = split("scrolldir-evemu awk-evemu scrolldir-yaml libinput-analyze-yaml scrolldir-evemu-10x", order, " ")
    for (i = 1; i <= n; i++) {
      k = order[i]; ev = (k ~ /yaml/) ? ye : ((k ~ /10x/) ? ee * 10 : ee)
      printf "%-24s %9.2f %14.0f %10d\n", k, t[k], (t[k] > 0 ? ev / t[k] : 0), m[k]
    }
    printf "\nratio awk / scrolldir (evemu text):          %.2f\n", t["awk-evemu"] / t["scrolldir-evemu"]
    printf "ratio libinput analyze / scrolldir (YAML):  %.2f\n", t["libinput-analyze-yaml"] / t["scrolldir-yaml"]
    printf "peak RSS, 10x / 1x input (flat memory ~1):  %.2f\n", m["scrolldir-evemu-10x"] / m["scrolldir-evemu"]
  }' "$work/results"
