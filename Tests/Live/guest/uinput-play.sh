#!/bin/sh
# Runs inside the QEMU guest (started by ../run-live-tests.sh through ../vm/run-in-guest.sh
# -d uinput -u).
#
#   uinput-play.sh SCROLLDIR PLAN WITH-LIBINPUT
#
# PLAN (written by ../uinput_checks.py plan): one line per recording, `LANE NAME FILE METHOD`. Lanes
# run at the same time, the recordings of a lane one after the other. METHOD is a scroll method
# (edge) given to both scrolldir (--scroll-method) and libinput (--set-scroll-method), or - for each
# device's default. For each recording:
#   1. evemu-device FILE creates a uinput device with the recording's description; its node is
#      the one evemu-device prints;
#   2. on that node, at once: `SCROLLDIR monitor --json` (NAME.live, NAME.live.err),
#      `evemu-record` (NAME.kernel.evemu: the events exactly as the kernel delivered them) and,
#      when WITH-LIBINPUT is 1, `libinput debug-events --device NODE` (NAME.libinput), all after
#      `udevadm settle` when udevd runs (libinput needs its tags; its fuzz rule must be done);
#   3. once all of them are ready: `evemu-play NODE < FILE` replays the events with their
#      recorded timing;
#   4. when their outputs have stopped growing (0.5 s unchanged, at most 6 s), SIGINT to scrolldir
#      (its status in NAME.live.rc), then SIGTERM to libinput and evemu-record, then to
#      evemu-device, which destroys the device. (Background jobs of a non-interactive shell ignore
#      SIGINT; scrolldir installs its own handler, the others do not need to.)
# Files go to $VMTEST_OUT/rec/ (NAME.node, .device, .live, .live.err, .live.rc, .kernel.evemu, .times,
# .libinput, .play.rc, …); each recording prints `DONE NAME node=… play=RC live=RC`, or
# `FAILED NAME: why`. Exit status 0 (the host judges the files), 2 on a bad invocation.
BIN=$1; PLAN=$2; WITH_LIBINPUT=${3:-0}
OUT=${VMTEST_OUT:?run me in the guest through run-in-guest.sh}
[ -x "$BIN" ] && [ -r "$PLAN" ] || { echo "usage: uinput-play.sh SCROLLDIR PLAN WITH-LIBINPUT" >&2; exit 2; }
R=$OUT/rec
mkdir -p "$R"
# Outputs are written in the guest's RAM and copied to the shared directory afterwards: writing
# line by line over 9p is slow enough under TCG that evemu-record fell behind the kernel
# (SYN_DROPPED) on the 12893-event Apple recording.
W=$(mktemp -d /tmp/uinput-play.XXXXXX)

# wait_for FILE REGEX TENTHS [PID]: until FILE has a line matching REGEX (0), or TENTHS × 0.1 s
# passed or process PID ended (1).
wait_for() {
  i=0
  while ! grep -q -- "$2" "$1" 2>/dev/null; do
    [ $i -ge "$3" ] && return 1
    [ -n "${4:-}" ] && ! kill -0 "$4" 2>/dev/null && return 1
    sleep 0.1; i=$((i+1))
  done
}

uptime() { cut -d' ' -f1 /proc/uptime; }

# quiesce FILES...: until the files' sizes have not changed for 0.5 s (at most 6 s).
quiesce() {
  prev=$(cat "$@" 2>/dev/null | wc -c); same=0; i=0
  while [ $same -lt 2 ] && [ $i -lt 24 ]; do
    sleep 0.25; i=$((i+1))
    cur=$(cat "$@" 2>/dev/null | wc -c)
    if [ "$cur" = "$prev" ]; then same=$((same+1)); else same=0; prev=$cur; fi
  done
}

play_one() {  # play_one NAME FILE METHOD
  name=$1; file=$2; d=$W/$name
  sd_method=; li_method=
  if [ "$3" != - ]; then sd_method="--scroll-method $3"; li_method="--set-scroll-method=$3"; fi
  tstart=$(uptime)
  evemu-device "$file" > "$d.device" 2> "$d.device.err" &
  ep=$!
  if ! wait_for "$d.device" '/dev/input/event[0-9]' 100 $ep; then
    echo "FAILED $name: evemu-device made no device: $(head -c 300 "$d.device.err")"
    kill $ep 2>/dev/null; wait $ep 2>/dev/null; cp "$d".* "$R/"; return
  fi
  node=$(grep -o '/dev/input/event[0-9]*' "$d.device" | head -1)
  echo "$node" > "$d.node"
  # With udevd running (rig -u), let it finish with the new device first: libinput needs its tags,
  # and libinput's rule 90-libinput-fuzz-override zeroes a touchpad's position fuzz, which must
  # not change half-way through the playback.
  [ -S /run/udev/control ] && udevadm settle --timeout=10 2>>"$d.udev.err"
  lp=
  if [ "$WITH_LIBINPUT" = 1 ]; then
    stdbuf -oL libinput debug-events $li_method --device "$node" > "$d.libinput" 2>&1 &
    lp=$!
  fi
  "$BIN" monitor --json $sd_method "$node" > "$d.live" 2> "$d.live.err" &
  sp=$!
  stdbuf -oL evemu-record "$node" > "$d.kernel.evemu" 2> "$d.kernel.err" &
  rp=$!
  # scrolldir refuses a device that cannot scroll (exit 66), and libinput one it finds buggy;
  # either way the others go on. A node that declares keyboard keys is opened only with
  # --allow-keyboards (exit 64 otherwise): then the refusal is kept (NAME.keyboard.*) and the
  # monitor restarted with it, since these devices replay recordings, not anyone's typing.
  wait_for "$d.live.err" 'monitoring' 200 $sp
  if ! kill -0 $sp 2>/dev/null && grep -q 'allow-keyboards' "$d.live.err"; then
    wait $sp; echo $? > "$d.keyboard.rc"; mv "$d.live.err" "$d.keyboard.err"
    "$BIN" monitor --json --allow-keyboards $sd_method "$node" > "$d.live" 2> "$d.live.err" &
    sp=$!
    wait_for "$d.live.err" 'monitoring' 200 $sp
  fi
  if [ -n "$lp" ]; then wait_for "$d.libinput" 'DEVICE_ADDED' 200 $lp; fi
  ok=1
  wait_for "$d.kernel.evemu" 'Waiting for events' 200 $rp || { ok=0; echo "FAILED $name: evemu-record did not start"; }
  t0=$(uptime)
  echo "start $tstart ready $t0" >> "$d.times"
  if [ $ok = 1 ]; then
    evemu-play "$node" < "$file" 2> "$d.play.err"
    echo $? > "$d.play.rc"
    t1=$(uptime)
    quiesce "$d.live" "$d.kernel.evemu" ${lp:+"$d.libinput"}
    echo "quiet $(uptime)" >> "$d.times"
  fi
  # All at once; scrolldir gets 5 s to exit by itself.
  kill -INT $sp 2>/dev/null
  kill $rp $lp 2>/dev/null
  i=0; while kill -0 $sp 2>/dev/null && [ $i -lt 25 ]; do sleep 0.2; i=$((i+1)); done
  kill -KILL $sp 2>/dev/null
  wait $sp; echo $? > "$d.live.rc"
  echo "scrolldir-ended $(uptime)" >> "$d.times"
  wait $rp $lp 2>/dev/null
  kill $ep 2>/dev/null; wait $ep 2>/dev/null
  echo "all-ended $(uptime)" >> "$d.times"
  cp "$d".* "$R/"
  [ $ok = 1 ] && echo "DONE $name node=$node play=$(cat "$d.play.rc") live=$(cat "$d.live.rc")" \
    "t=$t0+$(awk "BEGIN{printf \"%.1f+%.1f\", $t1 - $t0, $(uptime) - $t1}")"
}

lanes=$(awk '{print $1}' "$PLAN" | sort -u)
pids=
for lane in $lanes; do
  (
    awk -v l="$lane" '$1 == l {print $2, $3, $4}' "$PLAN" | while read -r name file method; do
      play_one "$name" "$file" "$method" < /dev/null
    done
  ) &
  pids="$pids $!"
done
wait $pids
echo "ALL-DONE"
