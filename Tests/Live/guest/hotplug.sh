#!/bin/sh
# Runs inside the QEMU guest (started by ../run-live-tests.sh through ../vm/run-in-guest.sh
# -d usb-bus -d uinput -e EVENTS, where EVENTS is `serve`: every QMP action below is asked of the
# host with `req` and acknowledged before the script goes on).
#
#   hotplug.sh SCROLLDIR KEYBOARD-MOUSE-RECORDING
#
# The guest starts with no mouse at all: an empty USB bus, and psmouse not loaded (the PC's PS/2
# mouse has no driver, so no input device; only the AT keyboard exists). Steps, each waiting for
# the records it causes before the next (files in $VMTEST_OUT, see ../README.md):
#  K  keyboard-only discovery: evemu-device turns the recording of a mouse that declares
#     keyboard keys into a uinput device (kept until the end); `SCROLLDIR --json` must exit 66
#     without opening it (kb.*; kb.opens: every open(2) of its node from then to the end, one of
#     them by this script as a control)
#  0  NODE = the lowest free /dev/input/eventN, the one the hot-plugged mouse will get; start
#       D  SCROLLDIR --json --wait               (discovery; D.out, D.err, D.rc)
#       W  SCROLLDIR --json --wait NODE          (named node that does not exist yet)
#       O  SCROLLDIR --json --wait --once NODE   (exits 74 once the mouse is gone)
#  1  plug usb-mouse m1 → streaming; wheel down, down, down, up; unplug m1 → removed; O ends
#  2  plug usb-mouse m2 → streaming again (same NODE); wheel up, up, down
#  3  start G = SCROLLDIR --json --gestures NODE (stdout stamped on arrival: G.stamped; its syscall
#     sampled: G.syscall); wheel down ×3 (0.15 s apart); wait for G's gesture record with no
#     further input (timeout 500 ms: the poll deadline), then 1.2 s of quiet; then wheel up ×2 and
#     its gesture
#  4  idle: 10 s with no input; CPU ticks, context switches, run time and the syscall each of D, W,
#     G sleeps in, before and after (idle.before, idle.after)
#  5  modprobe psmouse: the PS/2 mouse appears (PS2 node) and D opens it; wheel right on it;
#     unplug m2 (D, W, G: removed); wheel down, left on the PS/2 mouse: D keeps streaming it
#  6  SIGINT to D, W, G (each must exit 0)
# Prints `STEP …`, `REQ …` and `ABORT why` lines; exit status 0, or 1 after ABORT (the host's
# checks then say what is missing).
BIN=$1; KBREC=$2
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/live-lib.sh"
cleanup_all() {
  for p in $PIDS; do kill -INT "$p" 2>/dev/null; done
  sleep 1
  for p in $PIDS; do kill -KILL "$p" 2>/dev/null; done
}
trap '' INT   # the rig's SIGINT (on timeout) must reach the monitors, not end this script first
cp /proc/bus/input/devices devices-start.txt
lsmod > lsmod-start.txt

# ---- K: discovery with a keyboard-mouse as the only device that can scroll ----------------------
say "STEP K"
evemu-device "$KBREC" > kb.device 2> kb.device.err &
KBPID=$!; PIDS="$PIDS $KBPID"
await kb.device '/dev/input/event[0-9]' 1 100 || abort "evemu-device made no device: $(cat kb.device.err)"
KB=$(grep -o '/dev/input/event[0-9]*' kb.device | head -1)
echo "$KB" > kb.node
"$BIN" list > kb.list 2>&1
# From here on every open(2) of the keyboard-mouse's node is noted (kb.opens), until the end; the
# one open by this script right away shows that the watch works. scrolldir must add none.
$TOOL opens "$KB" kb.opens kb.opens-stop &
KW=$!; PIDS="$PIDS $KW"
await_all '"ready"' 1 150 kb.opens
: < "$KB"
await_all '"open"' 1 50 kb.opens
timeout 20 "$BIN" --json > kb.stdout 2> kb.stderr; echo $? > kb.rc

# ---- 0: three monitors waiting for a mouse that is not there -----------------------------------
say "STEP 0"
NODE=/dev/input/event$(free_event_number)
echo "$NODE" > node.txt
"$BIN" --json --wait > D.out 2> D.err &
D=$!
"$BIN" --json --wait "$NODE" > W.out 2> W.err &
W=$!
"$BIN" --json --wait --once "$NODE" > O.out 2> O.err &
O=$!
PIDS="$PIDS $D $W $O"
echo "D=$D W=$W O=$O" > pids.txt
await_all '"state":"waiting"' 1 100 W.out O.out
# D prints nothing while there is nothing to monitor: ready once it has its inotify watch on
# /dev/input and sleeps.
i=0
until grep -qs 'inotify wd:' /proc/$D/fdinfo/* && grep -q '^State:.*S' /proc/$D/status; do
  i=$((i + 1)); [ $i -ge 100 ] && abort "discovery monitor D not ready"; sleep 0.1
done
say "READY node=$NODE keyboard-mouse=$KB"

# wheel DIRECTION N: one request; then every FILE given in $WATCH must hold $TOTAL scroll records.
TOTAL=0
wheel() {
  req wheel "$1" "$2" "${3:-0.05}"
  TOTAL=$((TOTAL + $2))
  await_all '"event":"scroll"' $TOTAL 150 $WATCH
}

# ---- 1: plug, scroll, unplug ---------------------------------------------------------------------
say "STEP 1"
req qmp '{"execute":"device_add","arguments":{"driver":"usb-mouse","bus":"xhci.0","id":"m1"}}'
await_all '"state":"streaming"' 1 150 D.out W.out O.out
WATCH="D.out W.out O.out"
for d in down down down up; do wheel $d 1; done
req qmp '{"execute":"device_del","arguments":{"id":"m1"}}'
await_all '"state":"removed"' 1 150 D.out W.out O.out
exited $O 100 O.rc

# ---- 2: plug again ------------------------------------------------------------------------------
say "STEP 2"
req qmp '{"execute":"device_add","arguments":{"driver":"usb-mouse","bus":"xhci.0","id":"m2"}}'
await_all '"state":"streaming"' 2 150 D.out W.out
[ "$("$HERE/../vm/find-event.sh" "USB Mouse")" = "$NODE" ] || abort "the mouse came back as $("$HERE/../vm/find-event.sh" "USB Mouse"), not $NODE"
WATCH="D.out W.out"
for d in up up down; do wheel $d 1; done

# ---- 3: gestures end by their timeout ------------------------------------------------------------
say "STEP 3"
# G's stdout goes through a FIFO to a stamper that notes when each line arrived (CLOCK_MONOTONIC,
# the clock of the records' times): G.out, G.stamped. A sampler notes the syscall G sleeps in
# (G.syscall: poll's third argument is its timeout).
FIFO=$(mktemp -d /tmp/hotplug.XXXXXX)/G.fifo   # in the guest's RAM
mkfifo "$FIFO"
$TOOL stamp G.out G.stamped < "$FIFO" &
GS=$!
"$BIN" --json --gestures "$NODE" > "$FIFO" 2> G.err &
G=$!; PIDS="$PIDS $G $GS"
echo "G=$G" >> pids.txt
await_all '"state":"streaming"' 1 150 G.out
$TOOL sample $G G.syscall G.sample-stop &
SP=$!; PIDS="$PIDS $SP"
await_all '"ready"' 1 150 G.syscall
# gesture_burst DIRECTION N K: N notches 0.15 s apart, then wait for G's K-th gesture record without
# any further input, and keep quiet for another second (no second record may come).
gesture_burst() {
  req wheel "$1" "$2" 0.15
  TOTAL=$((TOTAL + $2))
  await_all '"event":"gesture"' "$3" 100 G.out
  await_all '"event":"scroll"' $TOTAL 100 D.out W.out
  sleep 1.2
  echo "after-burst $3 $(cut -d' ' -f1 /proc/uptime) gestures=$(count G.out '"event":"gesture"')" >> gesture.txt
}
gesture_burst down 3 1
gesture_burst up 2 2
: > G.sample-stop
wait $SP

# ---- 4: idle cost ----------------------------------------------------------------------------
# /proc/PID/stat (utime, stime), the threads' status (context switches) and schedstat (run time
# in ns), and /proc/PID/syscall of D, W, G, before and after 10 s without input.
say "STEP 4"
sleep 0.5
procfiles() { for p in $D $W $G; do echo /proc/$p/stat /proc/$p/task/*/status /proc/$p/task/*/schedstat /proc/$p/syscall; done; }
grep -H -E '^[0-9]|ctxt_switches' $(procfiles) > idle.before
echo "window-start $(cut -d' ' -f1 /proc/uptime)" > idle.txt
sleep 10
echo "window-end $(cut -d' ' -f1 /proc/uptime)" >> idle.txt
grep -H -E '^[0-9]|ctxt_switches' $(procfiles) > idle.after

# ---- 5: a second device keeps streaming while the first goes -------------------------------------
say "STEP 5"
modprobe psmouse 2> modprobe.err || abort "modprobe psmouse: $(cat modprobe.err)"
await_all '"state":"streaming"' 3 200 D.out
PS2=$("$HERE/../vm/find-event.sh" "PS/2") || abort "no PS/2 mouse after modprobe psmouse"
echo "$PS2" > ps2.node
req mouse-set PS/2
WATCH="D.out"
TOTAL=$(count D.out '"event":"scroll"')
wheel right 1
req qmp '{"execute":"device_del","arguments":{"id":"m2"}}'
await_all '"state":"removed"' 2 150 D.out W.out
await_all '"state":"removed"' 1 150 G.out
wheel down 1
wheel left 1
cp /proc/bus/input/devices devices-end.txt

# ---- 6: the end -----------------------------------------------------------------------------
say "STEP 6"
for n in D W G; do eval "p=\$$n"; kill -INT "$p"; done
for n in D W G; do eval "p=\$$n"; exited "$p" 50 $n.rc; done
wait $GS
: > kb.opens-stop; wait "$KW"
kill "$KBPID" 2>/dev/null; wait "$KBPID" 2>/dev/null
req END
say "DONE"
exit 0
