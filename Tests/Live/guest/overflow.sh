#!/bin/sh
# Runs inside the QEMU guest (started by ../run-live-tests.sh through ../vm/run-in-guest.sh
# -d usb-mouse -d uinput -u: a QEMU USB mouse, the AT keyboard, the uinput module and udevd).
#
#   overflow.sh SCROLLDIR RULES WHEEL-RECORDING TOUCHPAD-RECORDING KEYBOARD-MOUSE-RECORDING
#
# U  The udev rule RULES: `udevadm info` of the USB mouse and the AT keyboard before and after
#    installing it into the guest's /etc/udev/rules.d (the guest's / is a RAM overlay), reloading
#    and triggering (udev/*.txt); then of uinput devices made from the three recordings as they
#    appear, with the rule in place (a wheel mouse, a touchpad, a mouse that declares keyboard keys).
# W  SYN_DROPPED on a wheel: evemu-device makes a uinput device from WHEEL-RECORDING's description.
#    On its node: `SCROLLDIR monitor --json` (wheel.out), a plain read(2) reader (wheel.raw: what
#    the kernel queued) and a libevdev reader (wheel.libevdev: what libevdev hands on). Written to
#    the node: 3 frames REL_WHEEL -1; then SIGSTOP to the three readers, 5000 frames REL_WHEEL -1
#    (the kernel's per-reader buffer overflows), SIGCONT; once scrolldir has printed its gap
#    record, 2 frames REL_WHEEL +1.
# T  The same on a touchpad (TOUCHPAD-RECORDING's description: 2 slots, y 1408..4448 = 50 mm, no
#    resolution, so 60.8 units/mm): two fingers land at y 1700 and move to 1852, 2004, 2156
#    (+2.5 mm each); stopped, 3000 frames alternating y 3000/3300 and a last one at 1800; resumed,
#    gap; then 1952, 2104, 2256 and a lift.
# Prints `STEP …` and `ABORT why` lines; exit status 0, or 1 after ABORT.
BIN=$1; RULES=$2; WHEELREC=$3; PADREC=$4; KBREC=$5
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/live-lib.sh"
cleanup_all() {
  for p in $PIDS; do kill -CONT "$p" 2>/dev/null; kill -INT "$p" 2>/dev/null; kill "$p" 2>/dev/null; done
}
trap '' INT
mkdir -p udev

info() {  # info NODE FILE: udevadm info of NODE into FILE
  udevadm info --query=all --name="$1" > "$2" 2>&1
}

# ---- U: the udev rule ------------------------------------------------------------------------
say "STEP U"
MOUSE=$("$HERE/../vm/find-event.sh" "USB Mouse") || abort "no USB mouse"
KBD=$("$HERE/../vm/find-event.sh" "AT Translated Set 2 keyboard") || abort "no AT keyboard"
echo "$MOUSE" > udev/mouse.node; echo "$KBD" > udev/keyboard.node
udevadm settle --timeout=10
info "$MOUSE" udev/before.mouse.txt
info "$KBD" udev/before.keyboard.txt
install -m 644 "$RULES" /etc/udev/rules.d/ || abort "cannot install $RULES"
udevadm control --reload 2> udev/reload.err
udevadm trigger --subsystem-match=input --action=change 2> udev/trigger.err
udevadm settle --timeout=20 2>> udev/trigger.err
info "$MOUSE" udev/after.mouse.txt
info "$KBD" udev/after.keyboard.txt

# mkdev NAME RECORDING: a uinput device (evemu-device, kept running); its node in NAME.node.
mkdev() {
  evemu-device "$2" > "$1.device" 2> "$1.device.err" &
  eval "${1}_EP=\$!"; eval "PIDS=\"\$PIDS \$${1}_EP\""
  await "$1.device" '/dev/input/event[0-9]' 1 100 || abort "evemu-device made no device from $2: $(cat "$1.device.err")"
  grep -o '/dev/input/event[0-9]*' "$1.device" | head -1 > "$1.node"
  udevadm settle --timeout=10   # udev's rules (ours, libinput's fuzz override) done first
}
mkdev kbmouse "$KBREC"
info "$(cat kbmouse.node)" udev/kbmouse.txt
eval "kill \$kbmouse_EP"; eval "wait \$kbmouse_EP"

# readers NAME: scrolldir, the raw reader and the libevdev reader on NAME's node; waits until
# all three are ready. Their PIDs: S, R, L.
readers() {
  node=$(cat "$1.node")
  "$BIN" monitor --json "$node" > "$1.out" 2> "$1.err" &
  S=$!
  $TOOL raw "$node" "$1.raw" &
  R=$!
  $TOOL libevdev "$node" "$1.libevdev" &
  L=$!
  PIDS="$PIDS $S $R $L"
  await_all '"state":"streaming"' 1 150 "$1.out"
  await_all '"ready"' 1 150 "$1.raw" "$1.libevdev"
}
# stopped NAME CMD...: SIGSTOP the readers, run CMD (the flood), SIGCONT; then wait for
# scrolldir's gap record and for the other two readers to have read what the kernel kept.
stopped() {
  name=$1; shift
  kill -STOP $S $R $L
  echo "stopped $(cut -d' ' -f1 /proc/uptime)" >> "$name.times"
  "$@" || abort "flood failed: $*"
  echo "flooded $(cut -d' ' -f1 /proc/uptime)" >> "$name.times"
  rawlines=$(count "$name.raw" '"events"')
  kill -CONT $S $R $L
  await_all '"event":"gap"' 1 150 "$name.out"
  await_all '"k": "sync-end"' 1 150 "$name.libevdev"
  await_all '"events"' $((rawlines + 1)) 150 "$name.raw"
  sleep 0.5   # anything else the readers would still print
  echo "resumed $(cut -d' ' -f1 /proc/uptime)" >> "$name.times"
}
finish() {  # finish NAME: SIGINT to scrolldir (its status in NAME.rc), the readers and the device go
  kill -INT $S; exited $S 50 "$1.rc"
  kill $R $L; wait $R $L 2>/dev/null
  eval "kill \$${1}_EP"; eval "wait \$${1}_EP"
}

# ---- W: SYN_DROPPED on a wheel ---------------------------------------------------------------
say "STEP W"
mkdev wheel "$WHEELREC"
info "$(cat wheel.node)" udev/wheel.txt
readers wheel
$TOOL wheel "$(cat wheel.node)" -1 3
await_all '"event":"scroll"' 3 150 wheel.out
await_all 'REL_WHEEL' 3 150 wheel.libevdev
stopped wheel $TOOL wheel "$(cat wheel.node)" -1 5000
$TOOL wheel "$(cat wheel.node)" 1 2
await_all '"event":"scroll"' 5 150 wheel.out
sleep 0.5
finish wheel

# ---- T: SYN_DROPPED on a touchpad ------------------------------------------------------------
say "STEP T"
mkdev touch "$PADREC"
info "$(cat touch.node)" udev/touchpad.txt
readers touch
N=$(cat touch.node)
$TOOL touch "$N" land 2500 3500 1700
$TOOL touch "$N" move 1852 2004 2156
await_all '"event":"scroll"' 3 150 touch.out
stopped touch $TOOL touch "$N" flood 3000 3000 3300 1800
$TOOL touch "$N" move 1952 2104 2256
await_all '"event":"scroll"' 6 150 touch.out
$TOOL touch "$N" lift
await_all '"stop":true' 1 150 touch.out
sleep 0.5
finish touch

say "DONE"
exit 0
