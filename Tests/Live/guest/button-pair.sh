#!/bin/sh
# Runs inside the QEMU guest (started by ../run-live-tests.sh through ../vm/run-in-guest.sh -u).
#
#   button-pair.sh SCROLLDIR DEVICE-NAME
#
# On the event node of the input device whose name contains DEVICE-NAME, starts at once
#   scrolldir: SCROLLDIR monitor --json --scroll-method button NODE  (scrolldir.jsonl, scrolldir.stderr)
#   libinput:  libinput debug-events --device NODE --set-scroll-method=button
#              --set-scroll-button=BTN_MIDDLE                         (libinput.txt)
#   kernel:    evemu-record NODE                                      (kernel.evemu: what both read)
#   record:    SCROLLDIR record NODE                    (record.evemu, record.stderr, record.rc)
# (files in $VMTEST_OUT), prints "READY node=NODE" once all four are ready, and waits for
# scrolldir to end (the rig's `stop`: SIGINT to the whole group), then prints
# "EXIT rc=RC record_rc=RC". Once ready, evemu-device creates a uinput device from the description
# record.evemu begins with (evemu-device.txt; it reads no further).
# Exit status: 0, 3 if the device is not there, 4 if a reader did not get ready within 30 s.
BIN=$1; NAME=$2
OUT=${VMTEST_OUT:?run me in the guest through run-in-guest.sh}
HERE=$(cd "$(dirname "$0")" && pwd)

node=$("$HERE/../vm/find-event.sh" "$NAME") || { echo "NO-DEVICE named like '$NAME'"; exit 3; }
echo "$node" > "$OUT/node.txt"
[ -S /run/udev/control ] && udevadm settle --timeout=10

trap '' INT
rm -f "$OUT/scrolldir.rc"
stdbuf -oL libinput debug-events --device "$node" --set-scroll-method=button --set-scroll-button=BTN_MIDDLE \
  > "$OUT/libinput.txt" 2>&1 &
stdbuf -oL evemu-record "$node" > "$OUT/kernel.evemu" 2> "$OUT/kernel.err" &
( "$BIN" record "$node" > "$OUT/record.evemu" 2> "$OUT/record.stderr"; echo $? > "$OUT/record.rc" ) &
( "$BIN" monitor --json --scroll-method button "$node" > "$OUT/scrolldir.jsonl" 2> "$OUT/scrolldir.stderr"
  echo $? > "$OUT/scrolldir.rc" ) &

i=0
until grep -q monitoring "$OUT/scrolldir.stderr" 2>/dev/null && grep -q DEVICE_ADDED "$OUT/libinput.txt" 2>/dev/null \
  && grep -q 'Waiting for events' "$OUT/kernel.evemu" 2>/dev/null && grep -q '^B: 15' "$OUT/record.evemu" 2>/dev/null; do
  if [ $i -ge 300 ] || [ -e "$OUT/scrolldir.rc" ]; then
    echo "NOT-READY rc=$(cat "$OUT/scrolldir.rc" 2>/dev/null)"
    exit 4
  fi
  sleep 0.1; i=$((i+1))
done
evemu-device "$OUT/record.evemu" > "$OUT/evemu-device.txt" 2>&1 &
created=$!
echo "READY node=$node"

until [ -s "$OUT/scrolldir.rc" ] && [ -s "$OUT/record.rc" ]; do sleep 0.1; done
kill $created 2>/dev/null
sleep 0.3
echo "EXIT rc=$(cat "$OUT/scrolldir.rc") record_rc=$(cat "$OUT/record.rc")"
exit 0
