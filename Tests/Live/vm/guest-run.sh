#!/bin/sh
# Adapted for scrolldir's live tests from the workplace's shared QEMU rig (shared/vmtest/
# guest-run.sh, 2026-11-29), unchanged apart from this comment.
#
# Runs inside the guest, chrooted into the host's root filesystem (see guest-init.sh).
# $1 = output directory (shared with the host, same path), $2 = 1 to start udevd.
OUT="$1"; UDEV="$2"; CTL="$OUT/.vmtest"
. "$CTL/env.sh"      # written by run-in-guest.sh: VMTEST_* settings, PATH, cwd
export VMTEST_OUT="$OUT" VMTEST_GUEST=1 HOME=/root LANG=C.UTF-8 TERM=dumb
# We run chrooted (PID 1 is the initramfs' busybox); without this, udevadm trigger/settle
# say "Running in chroot, ignoring request." and devices present at boot never get tagged.
export SYSTEMD_IGNORE_CHROOT=1
t0=$(cut -d' ' -f1 /proc/uptime)

# Input drivers (the host has /lib/modules for the guest kernel, so kmod's modprobe works).
for m in $VMTEST_MODULES; do modprobe "$m" 2>>"$CTL/modprobe.log" || echo "modprobe $m failed" >>"$CTL/modprobe.log"; done

if [ "$UDEV" = 1 ]; then
  # libinput (udev seat or --device) only accepts devices that udev tagged ID_INPUT=1.
  /lib/systemd/systemd-udevd --daemon --resolve-names=never 2>>"$CTL/udev.log"
  udevadm trigger --action=add --subsystem-match=input 2>>"$CTL/udev.log"
  udevadm settle --timeout=20 2>>"$CTL/udev.log"
fi
# Wait (max 10 s) for the requested input devices to show up in /proc/bus/input/devices.
for name in $VMTEST_WAIT_DEVICES; do
  i=0; while ! grep -q "$(echo "$name" | tr '_' ' ')" /proc/bus/input/devices && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
done
cp /proc/bus/input/devices "$CTL/input-devices.txt"

cd "$VMTEST_CWD" 2>/dev/null || cd /
t1=$(cut -d' ' -f1 /proc/uptime)
echo "guest_uptime_at_command_start=$t1 setup_s=$(awk "BEGIN{print $t1 - $t0}")" > "$CTL/timing.txt"

# The command runs in its own process group; SIGINT to the group on stop request or timeout.
setsid env --default-signal=INT,QUIT /bin/sh "$CTL/cmd.sh" > "$OUT/stdout.txt" 2> "$OUT/stderr.txt" < /dev/null &
pid=$!
: > "$CTL/ready"           # host-side injector waits for this file
(
  end=$(( $(date +%s) + VMTEST_CMD_TIMEOUT ))
  while kill -0 $pid 2>/dev/null; do
    if [ -e "$CTL/stop" ] || [ "$(date +%s)" -ge "$end" ]; then
      [ -e "$CTL/stop" ] || echo timeout > "$CTL/cmd-timed-out"
      kill -INT -$pid 2>/dev/null; sleep 2
      kill -TERM -$pid 2>/dev/null; sleep 2
      kill -KILL -$pid 2>/dev/null; break
    fi
    sleep 0.2
  done
) &
watch=$!
wait $pid; rc=$?
kill $watch 2>/dev/null
echo "$rc" > "$OUT/exit_code"
t2=$(cut -d' ' -f1 /proc/uptime)
echo "guest_uptime_at_command_end=$t2 command_s=$(awk "BEGIN{print $t2 - $t1}")" >> "$CTL/timing.txt"
sync
exit 0
