#!/bin/bash
# Live tests of `scrolldir monitor` against a real Linux kernel, in throw-away QEMU guests
# (see README.md beside this file). One guest boot per scenario:
#   usb-mouse  QEMU usb-mouse (hid-generic: REL_WHEEL + REL_WHEEL_HI_RES per notch): a named
#              monitor and a discovering one (no device argument), both --once, while the host
#              turns the wheel down 3, up 2; exact JSON records; then the mouse is unplugged: both
#              exit 74; `scrolldir record` beside them exits 74 too, and its file replays to the
#              same records (in ps2 too, where it ends with 0 on SIGINT)
#   ps2        PS/2 ImExPS/2 mouse (REL_WHEEL + REL_HWHEEL): right 2, left 3, up 1, down 2; exact
#              records from both monitors; the rig's stop (SIGINT) ends both with status 0
#   errors     exit statuses and messages: missing node, /dev/null, a keyboard (with and without
#              --allow-keyboards), no scroll device, unprivileged user (named node and discovery),
#              `list`, `record` of a keyboard and with no node (a pipe: 64 naming the mouse; a
#              terminal, guest/pty-answer.py: the list, the answer recorded, a wrong answer 64),
#              SIGTERM/SIGINT -> 0
#   button     on-button scrolling: the host clicks the usb-mouse's middle button, then holds it
#              and moves the mouse; `scrolldir --scroll-method button` beside `libinput
#              debug-events --set-scroll-method=button`: the same strokes and values frame by
#              frame, one stop each, the click a click; `scrolldir record` beside them writes
#              what evemu-record writes, line for line, replays as the monitor saw it, and
#              evemu-device accepts it (button_checks.py)
#   live-replay  every recording in Tests/Fixtures/recordings that evemu-device can create becomes
#              a uinput device (evemu-device) and is replayed into it (evemu-play) while
#              `scrolldir monitor --json` reads its node: the live records must equal
#              `scrolldir replay --json` of the file (time and device aside), and what the kernel
#              delivered (evemu-record) must be what a model of its input core predicts
#   libinput   the same playback, watched by `libinput debug-events` too: per recording, the
#              collapsed stroke sequences and the share of frames where both scroll the same way,
#              asserted as listed (with the reason of every difference) in libinput_expectations.py
#   live-replay and libinput share one guest boot (with udevd) when both run; the recordings are
#   played $SCROLLDIR_LIVE_LANES (default 4) at a time.
# One boot `hotplug` (empty USB bus, no PS/2 driver, uinput; guest/hotplug.sh asks the host for each
# plug, unplug and wheel notch) serves:
#   hotplug    `scrolldir --json --wait` with no mouse: plug a usb-mouse, notches, unplug, plug again
#              (offsets from 0), notches: the whole status/record sequence, exactly
#   named-wait `--wait /dev/input/eventN` before the node exists: waiting, streaming, removed,
#              streaming again on replug; with --once: exit 74 after the unplug
#   second-device  psmouse loaded mid-run: the PS/2 mouse streams on after the USB mouse is removed
#   idle-cpu   10 s without input: 0 CPU ticks, 0 context switches, poll with no timeout (also
#              after gesture timeouts fired)
#   gesture-timeout  --gestures: 3 notches down, then silence: one gesture record 500 ms after the
#              last notch, from the poll deadline, before any further input; then 2 up
#   keyboard-discovery  the only device that can scroll declares keyboard keys: discovery exits 66
#              naming it and --allow-keyboards, and a waiting discovery never opens it
# One boot `overflow` (usb-mouse, uinput, udevd; guest/overflow.sh) serves:
#   syn-dropped  a uinput wheel and a uinput touchpad overflow the kernel's buffer while scrolldir
#              is stopped (SIGSTOP): one gap record, nothing from the lost or kept frames, offsets
#              continue; the kernel's queue and libevdev's resync are recorded and checked too
#   udev-rule  udev/70-scrolldir.rules installed in the guest: mice and touchpads get TAG uaccess,
#              the AT keyboard and a mouse that declares keyboard keys do not
#
#   run-live-tests.sh [-o DIR] [SCENARIO...]
#
# Prints `PASS name` or `FAIL name: why` per check, then a summary line; exits 0 when every check
# passed, 1 when any failed, 2 when a prerequisite is missing (install: vm/install-deps.sh).
# The scrolldir binary: $SCROLLDIR_BIN, else `swift build --product scrolldir` in the checkout.
# Logs: DIR (default: a new /tmp/scrolldir-live.XXXXXX), one subdirectory per scenario.
set -u
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
RIG=$HERE/vm/run-in-guest.sh
CHECKS=$HERE/live_checks.py
UCHECKS=$HERE/uinput_checks.py
LANES=${SCROLLDIR_LIVE_LANES:-4}   # recordings played at once in the uinput boot
export PATH="$PATH:/usr/sbin:/sbin"   # modinfo, for users whose PATH lacks the sbin directories

OUT=
while [ $# -gt 0 ]; do
  case "$1" in
    -o|--out) OUT=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "run-live-tests: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
HOTPLUG_SCENARIOS=(hotplug named-wait second-device idle-cpu gesture-timeout keyboard-discovery)
OVERFLOW_SCENARIOS=(syn-dropped udev-rule)
ALL_SCENARIOS=(usb-mouse ps2 errors button "${HOTPLUG_SCENARIOS[@]}" "${OVERFLOW_SCENARIOS[@]}" live-replay libinput)
SCENARIOS=("$@"); [ ${#SCENARIOS[@]} -gt 0 ] || SCENARIOS=("${ALL_SCENARIOS[@]}")
UINPUT=()   # the uinput scenarios asked for, judged after their one shared boot
HOTPLUG=(); OVERFLOW=()   # likewise for the boots `hotplug` and `overflow`
for s in "${SCENARIOS[@]}"; do
  case "$s" in
    usb-mouse|ps2|errors|button) ;;
    live-replay|libinput) UINPUT+=("$s") ;;
    hotplug|named-wait|second-device|idle-cpu|gesture-timeout|keyboard-discovery) HOTPLUG+=("$s") ;;
    syn-dropped|udev-rule) OVERFLOW+=("$s") ;;
    *) echo "run-live-tests: unknown scenario $s (${ALL_SCENARIOS[*]})" >&2; exit 2 ;;
  esac
done
WITH_LIBINPUT=0
for s in "${UINPUT[@]}"; do [ "$s" = libinput ] && WITH_LIBINPUT=1; done

# ---- prerequisites -------------------------------------------------------------------------
missing=()
command -v qemu-system-x86_64 >/dev/null || missing+=(qemu-system-x86)
ls /boot/vmlinuz-* >/dev/null 2>&1 || missing+=(linux-image-amd64)
[ -x /bin/busybox ] || missing+=(busybox-static)
command -v modinfo >/dev/null || missing+=(kmod)
command -v cpio >/dev/null || missing+=(cpio)
command -v python3 >/dev/null || missing+=(python3)
command -v setpriv >/dev/null || missing+=(util-linux)
if [ ${#UINPUT[@]} -gt 0 ]; then
  command -v evemu-device >/dev/null && command -v evemu-play >/dev/null && command -v evemu-record >/dev/null \
    || missing+=(evemu-tools)
  python3 -c 'import yaml' 2>/dev/null || missing+=(python3-yaml)
  command -v udevadm >/dev/null && [ -x /lib/systemd/systemd-udevd ] || missing+=(udev)
  [ -x /usr/libexec/libinput/libinput-debug-events ] || missing+=(libinput-tools)
fi
if [ ${#HOTPLUG[@]} -gt 0 ] || [ ${#OVERFLOW[@]} -gt 0 ]; then
  command -v evemu-device >/dev/null || missing+=(evemu-tools)
  /usr/bin/python3 -c 'import libevdev' 2>/dev/null || missing+=(python3-libevdev)   # the guest's python
fi
for s in "${SCENARIOS[@]}"; do
  if [ "$s" = button ]; then
    [ -x /usr/libexec/libinput/libinput-debug-events ] || missing+=(libinput-tools)
    command -v evemu-record >/dev/null || missing+=(evemu-tools)
    command -v udevadm >/dev/null && [ -x /lib/systemd/systemd-udevd ] || missing+=(udev)
  fi
done
if [ ${#OVERFLOW[@]} -gt 0 ]; then
  command -v udevadm >/dev/null && [ -x /lib/systemd/systemd-udevd ] || missing+=(udev)
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "FAIL prerequisites: missing ${missing[*]}; install them as root with: sh $HERE/vm/install-deps.sh"
  exit 2
fi

if [ -z "$OUT" ]; then OUT=$(mktemp -d /tmp/scrolldir-live.XXXXXX); fi
mkdir -p "$OUT" && OUT=$(realpath "$OUT")
T0=$(date +%s.%N)
PASSED=0; FAILED=0
tally() {  # tally < check output: echo it and count PASS/FAIL lines
  local line
  while IFS= read -r line; do
    echo "$line"
    case "$line" in PASS\ *) PASSED=$((PASSED+1)) ;; FAIL\ *) FAILED=$((FAILED+1)) ;; esac
  done
}

# ---- the binary ----------------------------------------------------------------------------
if [ -n "${SCROLLDIR_BIN:-}" ]; then
  BIN=$(realpath "$SCROLLDIR_BIN" 2>/dev/null || echo "$SCROLLDIR_BIN")
else
  echo "building scrolldir (swift build --product scrolldir; log: $OUT/build.log)"
  if ! (cd "$ROOT" && swift build --product scrolldir) > "$OUT/build.log" 2>&1; then
    echo "FAIL build: swift build failed, see $OUT/build.log"; tail -n 20 "$OUT/build.log"; exit 1
  fi
  BIN=$(cd "$ROOT" && swift build --show-bin-path)/scrolldir
fi
if [ ! -x "$BIN" ]; then echo "FAIL build: no executable scrolldir at $BIN"; exit 1; fi
echo "scrolldir: $BIN; logs: $OUT"

# ---- scenarios -----------------------------------------------------------------------------
# boot NAME RIG-OPTIONS... -- COMMAND...: one guest; then live_checks.py judges its results.
boot() {
  local name=$1 dir=$OUT/$1 t rc; shift
  rm -rf "$dir"; mkdir -p "$dir"
  t=$(date +%s.%N)
  "$RIG" -q -t 90 -c 60 -C "$ROOT" -o "$dir" "$@" > "$dir.rig.log" 2>&1
  rc=$?
  echo "$rc" > "$dir/rig_rc"
  if [ "$name" = button ]; then
    tally < <(python3 "$CHECKS" check "$dir" "$rc" "$BIN" 2>&1)
  else
    tally < <(python3 "$CHECKS" check "$name" "$dir" "$rc" "$BIN" 2>&1)
  fi
  echo "     $name: rig exit $rc, $(awk "BEGIN{printf \"%.1f\", $(date +%s.%N) - $t}") s" \
       "(boot to command $(sed -n 's/^host_qemu_start_to_command_start_s=//p' "$dir/timing.txt" 2>/dev/null) s)"
}

# The uinput scenarios: one boot, no QEMU mouse, the uinput module, udevd (always: libinput needs
# it, and its rule 90-libinput-fuzz-override zeroes a touchpad's position fuzz as on a desktop, so
# live-replay sees the same kernel behaviour whether libinput runs or not).
uinput_boot() {
  local dir=$OUT/uinput t rc s
  rm -rf "$dir"; mkdir -p "$dir"
  t=$(date +%s.%N)
  if ! python3 "$UCHECKS" plan "$dir" "$LANES" > "$dir.plan.log" 2>&1; then
    tally < <(echo "FAIL uinput/plan: uinput_checks.py plan failed: $(tail -n 3 "$dir.plan.log")")
    return
  fi
  "$RIG" -q -t 300 -c 260 -s 2 -d uinput -u -C "$ROOT" -o "$dir" \
    -- sh "$HERE/guest/uinput-play.sh" "$BIN" "$dir/plan.txt" "$WITH_LIBINPUT" > "$dir.rig.log" 2>&1
  rc=$?
  echo "$rc" > "$dir/rig_rc"
  for s in "${UINPUT[@]}"; do
    tally < <(python3 "$UCHECKS" check "$s" "$dir" "$rc" "$BIN" 2>&1)
  done
  echo "     ${UINPUT[*]}: one boot, rig exit $rc, $(awk "BEGIN{printf \"%.1f\", $(date +%s.%N) - $t}") s" \
       "(boot to command $(sed -n 's/^host_qemu_start_to_command_start_s=//p' "$dir/timing.txt" 2>/dev/null) s," \
       "playing $(sed -n 's/.*command_s=//p' "$dir/timing.txt" 2>/dev/null) s)"
}

# lifecycle_boot BOOT TIMEOUT RIG-OPTIONS... -- COMMAND...: the boots `hotplug` and `overflow`; then
# lifecycle_checks.py judges the scenarios of that boot that were asked for.
lifecycle_boot() {
  local boot=$1 limit=$2 dir=$OUT/$1 t rc events=(); shift 2
  local asked=()
  case "$boot" in hotplug) asked=("${HOTPLUG[@]}") ;; overflow) asked=("${OVERFLOW[@]}") ;; esac
  rm -rf "$dir"; mkdir -p "$dir"
  if [ "$boot" = hotplug ]; then
    python3 "$HERE/lifecycle_checks.py" events "$boot" > "$OUT/$boot.events"
    events=(-e "$OUT/$boot.events")
  fi
  t=$(date +%s.%N)
  "$RIG" -q -t "$limit" -c $((limit - 30)) -C "$ROOT" -o "$dir" "${events[@]}" "$@" > "$dir.rig.log" 2>&1
  rc=$?
  echo "$rc" > "$dir/rig_rc"
  tally < <(python3 "$HERE/lifecycle_checks.py" check "$boot" "$dir" "$rc" "${asked[@]}" 2>&1)
  echo "     ${asked[*]}: one boot ($boot), rig exit $rc, $(awk "BEGIN{printf \"%.1f\", $(date +%s.%N) - $t}") s" \
       "(boot to command $(sed -n 's/^host_qemu_start_to_command_start_s=//p' "$dir/timing.txt" 2>/dev/null) s)"
}

REC=$ROOT/Tests/Fixtures/recordings
for s in "${SCENARIOS[@]}"; do
  case "$s" in
    usb-mouse|ps2)
      python3 "$CHECKS" events "$s" > "$OUT/$s.events"
      case "$s" in usb-mouse) name="USB Mouse" ;; ps2) name="PS/2" ;; esac
      boot "$s" -d "$s" -e "$OUT/$s.events" -- sh "$HERE/guest/monitor-pair.sh" "$BIN" "$name" ;;
    errors)
      boot errors -d usb-mouse -- sh "$HERE/guest/error-cases.sh" "$BIN" "USB Mouse" "AT Translated Set 2 keyboard" ;;
    button)
      python3 "$HERE/button_checks.py" events > "$OUT/button.events"
      CHECKS="$HERE/button_checks.py" boot button -u -d usb-mouse -d uinput -e "$OUT/button.events" \
        -- sh "$HERE/guest/button-pair.sh" "$BIN" "USB Mouse" ;;
  esac
done
[ ${#HOTPLUG[@]} -gt 0 ] && lifecycle_boot hotplug 150 -d usb-bus -d uinput \
  -- sh "$HERE/guest/hotplug.sh" "$BIN" "$REC/wheel-logitech-ultrathin-touch-mouse.evemu"
[ ${#OVERFLOW[@]} -gt 0 ] && lifecycle_boot overflow 120 -d usb-mouse -d uinput -u \
  -- sh "$HERE/guest/overflow.sh" "$BIN" "$ROOT/udev/70-scrolldir.rules" "$REC/wheel-ibm-scrollpoint-stick-relz.evemu" \
       "$REC/touchpad-synaptics-ps2-2fg-vert-scroll.evemu" "$REC/wheel-logitech-ultrathin-touch-mouse.evemu"
[ ${#UINPUT[@]} -gt 0 ] && uinput_boot

echo "$PASSED passed, $FAILED failed in $(awk "BEGIN{printf \"%.0f\", $(date +%s.%N) - $T0}") s (logs: $OUT)"
[ "$FAILED" = 0 ] && [ "$PASSED" -gt 0 ]
