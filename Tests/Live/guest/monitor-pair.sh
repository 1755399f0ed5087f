#!/bin/sh
# Runs inside the QEMU guest (started by ../run-live-tests.sh through ../vm/run-in-guest.sh).
#
#   monitor-pair.sh SCROLLDIR DEVICE-NAME
#
# Finds the event node of the input device whose name contains DEVICE-NAME and starts two
# monitors on it at once:
#   named:    SCROLLDIR monitor --json --once NODE   records to this script's stdout (the rig's
#             stdout.txt, which the host's event script watches with wait-output), stderr to
#             named.stderr
#   discover: SCROLLDIR --json --once                default discovery, no device named:
#             discover.stdout, discover.stderr
# (--once: exit 74 when the monitored devices are gone, instead of waiting for them to return)
# and beside them
#   record:   SCROLLDIR record NODE                  record.evemu, record.stderr
# (files in $VMTEST_OUT). Prints "READY node=NODE" once both monitors have said "monitoring"
# and the recording's description is written, then waits until all three have ended, by
# themselves (device unplugged) or by the SIGINT that the rig's `stop` sends to the whole
# process group, and prints "EXIT named=RC discover=RC record=RC".
# Exit status: 0 when both monitors were started and have ended (whatever their codes: the host
# checks them), 3 if the device is not there, 4 if a monitor did not get ready within 30 s.
BIN=$1; NAME=$2
OUT=${VMTEST_OUT:?run me in the guest through run-in-guest.sh}
HERE=$(cd "$(dirname "$0")" && pwd)

node=$("$HERE/../vm/find-event.sh" "$NAME") || { echo "NO-DEVICE named like '$NAME'"; exit 3; }
echo "$node" > "$OUT/node.txt"

# This shell and the subshells ignore SIGINT (so the rig's group-wide SIGINT reaches only the
# two scrolldir processes, which install their own handlers); each subshell records the exit
# status of its scrolldir in a file.
trap '' INT
rm -f "$OUT/named.rc" "$OUT/discover.rc" "$OUT/record.rc"
( "$BIN" record "$node" > "$OUT/record.evemu" 2> "$OUT/record.stderr"; echo $? > "$OUT/record.rc" ) &
( "$BIN" --json --once > "$OUT/discover.stdout" 2> "$OUT/discover.stderr"; echo $? > "$OUT/discover.rc" ) &
( "$BIN" monitor --json --once "$node" 2> "$OUT/named.stderr"; echo $? > "$OUT/named.rc" ) &

i=0
until grep -q monitoring "$OUT/named.stderr" 2>/dev/null && grep -q monitoring "$OUT/discover.stderr" 2>/dev/null \
  && grep -q '^B: 15' "$OUT/record.evemu" 2>/dev/null; do
  if [ $i -ge 300 ] || [ -e "$OUT/named.rc" ] || [ -e "$OUT/discover.rc" ] || [ -e "$OUT/record.rc" ]; then
    echo "NOT-READY named_rc=$(cat "$OUT/named.rc" 2>/dev/null) discover_rc=$(cat "$OUT/discover.rc" 2>/dev/null)" \
      "record_rc=$(cat "$OUT/record.rc" 2>/dev/null)"
    exit 4
  fi
  sleep 0.1; i=$((i+1))
done
echo "READY node=$node"

until [ -s "$OUT/named.rc" ] && [ -s "$OUT/discover.rc" ] && [ -s "$OUT/record.rc" ]; do sleep 0.1; done
echo "EXIT named=$(cat "$OUT/named.rc") discover=$(cat "$OUT/discover.rc") record=$(cat "$OUT/record.rc")"
exit 0
