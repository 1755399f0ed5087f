#!/bin/sh
# Runs inside the QEMU guest (started by ../run-live-tests.sh through ../vm/run-in-guest.sh).
#
#   error-cases.sh SCROLLDIR MOUSE-NAME KEYBOARD-NAME
#
# Runs scrolldir's error and signal cases against the real kernel, one after the other, each
# with a time limit. For case NAME it leaves NAME.stdout, NAME.stderr and NAME.rc in
# $VMTEST_OUT/cases/ and prints "CASE NAME rc=RC"; the host (live_checks.py) judges them.
# The guest runs as root; the unprivileged cases use setpriv to become nobody (65534), who
# cannot open the event nodes (devtmpfs makes them crw------- root root; there is no udev).
BIN=$1; MOUSE_NAME=$2; KBD_NAME=$3
OUT=${VMTEST_OUT:?run me in the guest through run-in-guest.sh}
HERE=$(cd "$(dirname "$0")" && pwd)
C=$OUT/cases
mkdir -p "$C"

mouse=$("$HERE/../vm/find-event.sh" "$MOUSE_NAME") || { echo "NO-DEVICE named like '$MOUSE_NAME'"; exit 3; }
kbd=$("$HERE/../vm/find-event.sh" "$KBD_NAME") || { echo "NO-DEVICE named like '$KBD_NAME'"; exit 3; }
echo "$mouse" > "$OUT/node.txt"; echo "$kbd" > "$OUT/keyboard-node.txt"

# A copy of the binary that nobody can run, whatever the permissions on the way to $BIN are
# (the copy lives in the guest's RAM overlay and vanishes with it).
UBIN=$(mktemp /tmp/scrolldir-live.XXXXXX) && cp "$BIN" "$UBIN" && chmod 755 "$UBIN"
NOBODY="setpriv --reuid=65534 --regid=65534 --clear-groups"

run() {  # run NAME COMMAND... : 10 s limit (timeout's 124/137 mean it hung)
  name=$1; shift
  timeout -k 2 10 "$@" > "$C/$name.stdout" 2> "$C/$name.stderr" < /dev/null
  rc=$?; echo $rc > "$C/$name.rc"; echo "CASE $name rc=$rc"
}

# signal NAME SIG COMMAND...: start the monitor, wait for its "monitoring" line, send SIG to it
# only, and wait for it to end (at most 5 s).
signal() {
  name=$1; sig=$2; shift 2
  "$@" > "$C/$name.stdout" 2> "$C/$name.stderr" < /dev/null &
  pid=$!
  i=0; while ! grep -q monitoring "$C/$name.stderr" && [ $i -lt 150 ] && kill -0 $pid 2>/dev/null; do sleep 0.1; i=$((i+1)); done
  kill "-$sig" $pid 2>/dev/null
  i=0; while kill -0 $pid 2>/dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i+1)); done
  if kill -0 $pid 2>/dev/null; then
    kill -KILL $pid; wait $pid; echo "hung" > "$C/$name.rc"; echo "CASE $name rc=hung"
  else
    wait $pid; rc=$?; echo $rc > "$C/$name.rc"; echo "CASE $name rc=$rc"
  fi
}

# Input directories for discovery via SCROLLDIR_INPUT_DIR: one with only the keyboard's node,
# one empty.
mkdir -p /tmp/input-kbd-only /tmp/input-empty
cp -a "$kbd" /tmp/input-kbd-only/

run missing-node      "$BIN" monitor /dev/input/event999
run not-evdev         "$BIN" monitor /dev/null
run keyboard          "$BIN" monitor --json "$kbd"
run cannot-scroll     "$BIN" monitor --json --allow-keyboards "$kbd"
run no-scroll-device  env SCROLLDIR_INPUT_DIR=/tmp/input-kbd-only "$BIN" --json
run no-event-nodes    env SCROLLDIR_INPUT_DIR=/tmp/input-empty "$BIN" --json
run unpriv-named      $NOBODY "$UBIN" monitor --json "$mouse"
run unpriv-discover   $NOBODY "$UBIN" --json
run list              "$BIN" list
run record-keyboard   "$BIN" record "$kbd"
run record-no-node    "$BIN" record
# record with no node at a terminal: it lists the scroll devices and records the one chosen.
python3 "$HERE/pty-answer.py" "$C/record-choose" "${mouse##*event}" "$BIN" record
python3 "$HERE/pty-answer.py" "$C/record-choose-bad" 999 "$BIN" record
signal sigterm TERM   "$BIN" monitor --json "$mouse"
signal sigint  INT    "$BIN" monitor --json "$mouse"
signal sigterm-discover TERM "$BIN" --json
echo "DONE"
