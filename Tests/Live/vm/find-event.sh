#!/bin/sh
# Copied for scrolldir's live tests from the workplace's shared QEMU rig (shared/vmtest/
# find-event.sh, 2026-11-29), unchanged apart from this comment.
# find-event.sh NAME-SUBSTRING: print the /dev/input/eventN node of the first input device
# whose name (from /proc/bus/input/devices) contains NAME-SUBSTRING; exit 1 if none.
# Meant for use inside the guest, e.g.  evtest "$(find-event.sh 'Virtio Mouse')"
awk -v want="$1" '
  /^N: Name=/ { hit = index($0, want) > 0 }
  /^H: Handlers=/ && hit { for (i = 1; i <= NF; i++) if ($i ~ /^event[0-9]+$/) { print "/dev/input/" $i; found = 1; exit } }
  END { exit found ? 0 : 1 }' /proc/bus/input/devices
