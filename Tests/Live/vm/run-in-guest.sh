#!/bin/bash
# Adapted for scrolldir's live tests from the workplace's shared QEMU rig (shared/vmtest/
# run-in-guest.sh, 2026-11-29), which allows copying it into a project. Changes: no -b/--bios,
# device kinds trimmed to those the live tests use or may use, the uinput module only with
# `-d uinput`, /usr/sbin added to PATH (modinfo) for users other than root. udevd (-u) is kept
# for the uinput scenarios: scrolldir needs no udev, but libinput, which they compare it with, does.
#
# run-in-guest.sh: boot a throw-away QEMU guest (Debian kernel + tiny busybox initramfs,
# the host's / shared read-only over 9p under a tmpfs overlay), run one command in it,
# optionally inject scripted input events from the host through QMP while it runs,
# collect its stdout/stderr/exit code in a host directory, power the guest off.
#
#   run-in-guest.sh [options] -- COMMAND [ARGS...]
#
# Options:
#   -o, --out DIR        host directory for results (absolute path, no spaces; created;
#                        default: a new /tmp/vmtest-out.XXXXXX). The guest sees it at the
#                        same path and gets it as $VMTEST_OUT. Results: stdout.txt,
#                        stderr.txt, exit_code, timing.txt, .vmtest/{console.log,qmp.log,...}
#   -d, --device KIND    input device to attach, repeatable: usb-mouse (default; hid-generic:
#                        REL_WHEEL + REL_WHEEL_HI_RES), ps2 (loads psmouse; the PC machine always
#                        has the PS/2 mouse: REL_WHEEL + REL_HWHEEL), virtio-mouse (REL_WHEEL
#                        only), usb-bus (an empty USB bus for hot-plugging), none (no mouse
#                        driver loaded), uinput (no QEMU device: loads the uinput module, so
#                        that evemu-device / libinput replay can create devices in the
#                        guest). Each gets the QEMU id KIND+position, counted
#                        from 0 over the -d options (usb-mouse0; -d ps2 -d usb-mouse gives
#                        usb-mouse1), for QMP device_del in an event script
#   -e, --events FILE    event script for qmp-inject.py (see its header), run on the host
#                        once the guest command has started
#   -u, --udev           start systemd-udevd in the guest and tag the input devices (libinput
#                        accepts only devices that udev tagged ID_INPUT=1); devices created
#                        later (uinput) are tagged as they appear
#   -t, --timeout SECS   hard limit for the whole run, boot included (default 120)
#   -c, --cmd-timeout S  the guest sends SIGINT (then TERM, KILL) to the command after S
#                        seconds (default: timeout - 30, at least 10)
#   -C, --cwd DIR        working directory of the command in the guest (default: $PWD)
#   -E, --env NAME=VAL   extra environment variable for the command, repeatable
#   -k, --kernel FILE    guest kernel (default: newest /boot/vmlinuz-*; its modules must be
#                        installed on the host under /lib/modules/VERSION)
#   -a, --accel tcg|kvm  default tcg (the workplace's machines have no usable KVM; kvm is untested)
#   -m, --mem MB         guest memory (default 1024)
#   -s, --smp N          guest CPUs (default 1)
#   -q, --quiet          do not copy the command's stdout to this script's stdout
#   -v, --verbose        print the guest console as it arrives
# Exit status: the command's (130 when it was ended by the event script's `stop` or by
# --cmd-timeout: see stopped_by_host / cmd_timed_out in timing.txt), 124 if the run hit
# --timeout, 125 on a rig failure (no guest exit code, event script failed, bad options).
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export PATH="$PATH:/usr/sbin:/sbin"   # modinfo

OUT=; DEVICES=(); EVENTS=; UDEV=0; TIMEOUT=120; CMD_TIMEOUT=; CWD=$PWD; EXTRA_ENV=()
KERNEL=; ACCEL=tcg; MEM=1024; SMP=1; QUIET=0; VERBOSE=0
die() { echo "run-in-guest: $*" >&2; exit 125; }
while [ $# -gt 0 ]; do
  case "$1" in
    -o|--out) OUT=$2; shift 2 ;;
    -d|--device) DEVICES+=("$2"); shift 2 ;;
    -e|--events) EVENTS=$(realpath "$2"); shift 2 ;;
    -u|--udev) UDEV=1; shift ;;
    -t|--timeout) TIMEOUT=$2; shift 2 ;;
    -c|--cmd-timeout) CMD_TIMEOUT=$2; shift 2 ;;
    -C|--cwd) CWD=$2; shift 2 ;;
    -E|--env) EXTRA_ENV+=("$2"); shift 2 ;;
    -k|--kernel) KERNEL=$2; shift 2 ;;
    -a|--accel) ACCEL=$2; shift 2 ;;
    -m|--mem) MEM=$2; shift 2 ;;
    -s|--smp) SMP=$2; shift 2 ;;
    -q|--quiet) QUIET=1; shift ;;
    -v|--verbose) VERBOSE=1; shift ;;
    -h|--help) sed -n '/^# run-in-guest.sh:/,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    --) shift; break ;;
    -*) die "unknown option $1" ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || die "no command given (usage: run-in-guest.sh [options] -- COMMAND...)"
[ ${#DEVICES[@]} -gt 0 ] || DEVICES=(usb-mouse)
[ -n "$CMD_TIMEOUT" ] || CMD_TIMEOUT=$(( TIMEOUT > 40 ? TIMEOUT - 30 : 10 ))

command -v qemu-system-x86_64 >/dev/null || die "qemu-system-x86_64 missing (apt-get install qemu-system-x86)"
[ -x /bin/busybox ] || die "/bin/busybox missing (apt-get install busybox-static)"
if [ -z "$KERNEL" ]; then
  KERNEL=$(ls -1 /boot/vmlinuz-* 2>/dev/null | sort -V | tail -1) || true
  [ -n "$KERNEL" ] || die "no /boot/vmlinuz-* (apt-get install linux-image-amd64)"
fi
[ -f "$KERNEL" ] || die "kernel $KERNEL not found"
case "${KERNEL##*/}" in vmlinuz-*) ;; *) die "kernel file must be named vmlinuz-VERSION: $KERNEL" ;; esac
KVER=${KERNEL##*/vmlinuz-}
[ -d "/lib/modules/$KVER" ] || die "/lib/modules/$KVER missing for $KERNEL"

RUN_DIR=$(mktemp -d /tmp/vmtest-run.XXXXXX)
if [ -z "$OUT" ]; then OUT=$(mktemp -d /tmp/vmtest-out.XXXXXX); fi
mkdir -p "$OUT"; OUT=$(realpath "$OUT")
case "$OUT" in *[[:space:]]*) die "output path must not contain spaces: $OUT" ;; esac
CTL=$OUT/.vmtest
rm -rf "$CTL" "$OUT/stdout.txt" "$OUT/stderr.txt" "$OUT/exit_code" "$OUT/timing.txt"
mkdir -p "$CTL"

QEMU_PID=; INJ_PID=
cleanup() {
  # Only the processes this script started, by PID.
  [ -n "$INJ_PID" ] && kill "$INJ_PID" 2>/dev/null || true
  if [ -n "$QEMU_PID" ] && kill -0 "$QEMU_PID" 2>/dev/null; then
    kill -TERM "$QEMU_PID" 2>/dev/null || true
    for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$QEMU_PID" 2>/dev/null || break; sleep 0.2; done
    kill -KILL "$QEMU_PID" 2>/dev/null || true
  fi
  rm -rf "$RUN_DIR"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---- initramfs: static busybox + the modules needed to reach the 9p shares -------------
T_START=$(date +%s.%N)
IRD=$RUN_DIR/initramfs
mkdir -p "$IRD/bin" "$IRD/modules"
cp /bin/busybox "$IRD/bin/busybox"; ln -s busybox "$IRD/bin/sh"
cp "$HERE/guest-init.sh" "$IRD/init"; chmod 755 "$IRD/init"
declare -A SEEN=(); ORDER=()
add_mod() {   # depth-first so dependencies come first
  local m=$1 f deps d
  [ -n "${SEEN[$m]:-}" ] && return; SEEN[$m]=1
  f=$(modinfo -k "$KVER" -F filename "$m" 2>/dev/null) || return 0   # built in
  case "$f" in /*) ;; *) return 0 ;; esac
  deps=$(modinfo -k "$KVER" -F depends "$m")
  for d in ${deps//,/ }; do add_mod "$d"; done
  case "$f" in
    *.ko) cp "$f" "$IRD/modules/$m.ko" ;;
    *.ko.xz) xz -dc "$f" > "$IRD/modules/$m.ko" ;;
    *.ko.zst) zstd -qdc "$f" > "$IRD/modules/$m.ko" ;;
    *.ko.gz) gzip -dc "$f" > "$IRD/modules/$m.ko" ;;
  esac
  ORDER+=("$m.ko")
}
for m in virtio_pci 9pnet_virtio 9p overlay; do add_mod "$m"; done
printf '%s\n' "${ORDER[@]}" > "$IRD/modules.order"
(cd "$IRD" && find . | cpio -o -H newc --quiet | gzip -1) > "$RUN_DIR/initramfs.cpio.gz"

# ---- what the guest runs ----------------------------------------------------------------
MODULES="evdev"; WAIT_DEVICES=; QDEV=(); USB=0; N=0
for d in "${DEVICES[@]}"; do
  # each device gets the QEMU id KIND+index (usb-mouse0, virtio-mouse1, ...) so that an event script
  # can unplug it: qmp {"execute":"device_del","arguments":{"id":"usb-mouse0"}}
  case "$d" in
    virtio-mouse)  QDEV+=(-device virtio-mouse-pci,id=$d$N);  MODULES+=" virtio_input"; WAIT_DEVICES+=" QEMU_Virtio_Mouse" ;;
    usb-mouse)     USB=1; QDEV+=(-device usb-mouse,bus=xhci.0,id=$d$N);  WAIT_DEVICES+=" QEMU_USB_Mouse" ;;
    usb-bus)       USB=1 ;;  # an empty USB bus (xhci.0) to hot-plug into: qmp {"execute":"device_add","arguments":{"driver":"usb-mouse","bus":"xhci.0","id":"m1"}}
    ps2)           MODULES+=" psmouse"; WAIT_DEVICES+=" PS/2" ;;
    uinput)        MODULES+=" uinput" ;;
    none) ;;
    *) die "unknown device $d" ;;
  esac
  N=$((N+1))
done
if [ $USB = 1 ]; then QDEV=(-device qemu-xhci,id=xhci "${QDEV[@]}"); MODULES+=" xhci_pci usbhid hid_generic"; fi

cp "$HERE/guest-run.sh" "$CTL/guest-run.sh"
{
  printf '# generated by run-in-guest.sh\n'
  printf 'VMTEST_MODULES=%q\n' "$MODULES"
  printf 'VMTEST_WAIT_DEVICES=%q\n' "$WAIT_DEVICES"
  printf 'VMTEST_CMD_TIMEOUT=%q\n' "$CMD_TIMEOUT"
  printf 'VMTEST_CWD=%q\n' "$CWD"
  printf 'export PATH=%q\n' "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:/opt/swift/usr/bin"
  for e in "${EXTRA_ENV[@]}"; do printf 'export %q\n' "$e"; done
} > "$CTL/env.sh"
{ printf '# generated by run-in-guest.sh\nexec'; printf ' %q' "$@"; printf '\n'; } > "$CTL/cmd.sh"

# ---- boot -----------------------------------------------------------------------------
case "$ACCEL" in
  tcg) ACCEL_ARGS=(-accel tcg) ;;
  kvm) ACCEL_ARGS=(-accel kvm -cpu host,-arch-capabilities) ;;
  *) die "--accel must be tcg or kvm" ;;
esac
APPEND="console=ttyS0 panic=-1 loglevel=4 nokaslr edd=off vmtest.out=$OUT vmtest.udev=$UDEV"
QEMU_CMD=(qemu-system-x86_64 "${ACCEL_ARGS[@]}" -machine pc -m "$MEM" -smp "$SMP"
  -nodefaults -no-user-config -display none -nic none -no-reboot
  -serial "file:$CTL/console.log"
  -qmp "unix:$RUN_DIR/qmp.sock,server=on,wait=off"
  -kernel "$KERNEL" -initrd "$RUN_DIR/initramfs.cpio.gz" -append "$APPEND"
  -virtfs local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap
  -virtfs "local,path=$OUT,mount_tag=vmtestout,security_model=none,multidevs=remap"
  "${QDEV[@]}")
printf '%q ' "${QEMU_CMD[@]}" > "$CTL/qemu-cmdline.txt"
T_QEMU=$(date +%s.%N)
"${QEMU_CMD[@]}" > "$CTL/qemu.log" 2>&1 &
QEMU_PID=$!

if [ -n "$EVENTS" ]; then
  python3 "$HERE/qmp-inject.py" "$RUN_DIR/qmp.sock" "$EVENTS" "$CTL" "$CTL/qmp.log" 2>>"$CTL/qmp.log" &
  INJ_PID=$!
fi

DEADLINE=$(( $(date +%s) + TIMEOUT )); T_READY=; TIMED_OUT=0; CON_SHOWN=0; INJ_RC=
while kill -0 "$QEMU_PID" 2>/dev/null; do
  if [ -z "$T_READY" ] && [ -e "$CTL/ready" ]; then T_READY=$(date +%s.%N); fi
  if [ $VERBOSE = 1 ] && [ -f "$CTL/console.log" ]; then
    n=$(wc -c < "$CTL/console.log"); if [ "$n" -gt $CON_SHOWN ]; then tail -c +$((CON_SHOWN+1)) "$CTL/console.log" | head -c $((n-CON_SHOWN)) >&2; CON_SHOWN=$n; fi
  fi
  if [ "$(date +%s)" -ge $DEADLINE ]; then TIMED_OUT=1; echo "run-in-guest: timeout after ${TIMEOUT}s, killing QEMU" >&2; break; fi
  if [ -n "$INJ_PID" ] && [ -z "$INJ_RC" ] && ! kill -0 "$INJ_PID" 2>/dev/null; then
    set +e; wait "$INJ_PID"; INJ_RC=$?; set -e; INJ_PID=
    # A failed event script leaves the premise of the test unmet: stop the command now.
    [ "$INJ_RC" = 0 ] || : > "$CTL/stop"
  fi
  sleep 0.1
done
if [ $TIMED_OUT = 1 ]; then kill -TERM "$QEMU_PID" 2>/dev/null || true; fi
wait "$QEMU_PID" 2>/dev/null || true
QEMU_PID=
if [ $VERBOSE = 1 ] && [ -f "$CTL/console.log" ]; then tail -c +$((CON_SHOWN+1)) "$CTL/console.log" >&2; fi
T_END=$(date +%s.%N)
if [ -n "$INJ_PID" ]; then
  if kill -0 "$INJ_PID" 2>/dev/null; then kill "$INJ_PID" 2>/dev/null || true; fi
  set +e; wait "$INJ_PID" 2>/dev/null; INJ_RC=$?; set -e; INJ_PID=
fi

{
  echo "host_total_s=$(awk "BEGIN{print $T_END - $T_START}")"
  echo "host_qemu_start_to_command_start_s=$( [ -n "$T_READY" ] && awk "BEGIN{print $T_READY - $T_QEMU}" || echo NA)"
  echo "host_qemu_run_s=$(awk "BEGIN{print $T_END - $T_QEMU}")"
  cat "$CTL/timing.txt" 2>/dev/null || true
  echo "accel=$ACCEL kernel=$KVER devices=${DEVICES[*]} udev=$UDEV"
  [ -n "$INJ_RC" ] && echo "injector_rc=$INJ_RC"
  [ -e "$CTL/stop" ] && echo "stopped_by_host=1"
  [ -e "$CTL/cmd-timed-out" ] && echo "cmd_timed_out=1"
} > "$OUT/timing.txt"

[ $QUIET = 1 ] || cat "$OUT/stdout.txt" 2>/dev/null || true
if [ $TIMED_OUT = 1 ]; then exit 124; fi
if [ -n "$INJ_RC" ] && [ "$INJ_RC" != 0 ]; then echo "run-in-guest: event injection failed, see $CTL/qmp.log" >&2; exit 125; fi
if [ ! -f "$OUT/exit_code" ]; then
  echo "run-in-guest: the guest did not report an exit code; console tail:" >&2
  tail -n 30 "$CTL/console.log" >&2 || true
  exit 125
fi
exit "$(cat "$OUT/exit_code")"
