# Helpers for the guest scripts hotplug.sh and overflow.sh (sourced, POSIX sh). They run inside
# the QEMU guest through ../vm/run-in-guest.sh, whose host side plays the event script
# `serve` (../vm/qmp-inject.py): the guest asks for each QMP action with `req` and waits for it.
OUT=${VMTEST_OUT:?run me in the guest through run-in-guest.sh}
CTL=$OUT/.vmtest
REQN=0
# HERE: the sourcing script's directory, set before it sources this file.
TOOL="/usr/bin/python3 $HERE/evdev_tool.py"
# The processes cleanup_all (defined by the sourcing script) stops.
PIDS=
cd "$OUT" || exit 1

# say WORDS...: a line on stdout (the rig's stdout.txt), stamped with the guest's uptime.
say() { echo "$(cut -d' ' -f1 /proc/uptime) $*"; }

# abort WHY: give up on this boot: the host's checks report what is missing.
abort() {
  say "ABORT $*"
  cleanup_all 2>/dev/null
  exit 1
}

# req DIRECTIVE...: ask the host to run one event-script directive (`wheel down 1`, `qmp {...}`,
# `mouse-set PS/2`, `END`) and wait (max 60 s) for its acknowledgement in $CTL/ack.N.
req() {
  REQN=$((REQN + 1))
  echo "REQ $REQN $*"
  _i=0
  while [ ! -s "$CTL/ack.$REQN" ]; do
    sleep 0.05; _i=$((_i + 1))
    [ $_i -ge 1200 ] && abort "no acknowledgement of request $REQN ($*)"
  done
  grep -q '^ok' "$CTL/ack.$REQN" || abort "request $REQN ($*) failed: $(cat "$CTL/ack.$REQN")"
}

# count FILE REGEX: lines of FILE matching the extended REGEX (0 when FILE is missing).
count() { _c=$(grep -c -E -- "$2" "$1" 2>/dev/null); echo "${_c:-0}"; }

# await FILE REGEX N TENTHS: until FILE has N lines matching REGEX (0), or TENTHS × 0.1 s passed (1).
await() {
  _i=0
  while [ "$(count "$1" "$2")" -lt "$3" ]; do
    [ $_i -ge $(($4 * 2)) ] && return 1
    sleep 0.05; _i=$((_i + 1))
  done
  return 0
}

# await_all REGEX N TENTHS FILE...: await on every FILE; aborts naming the first that lacks it.
await_all() {
  _rx=$1; _n=$2; _t=$3; shift 3
  for _f in "$@"; do
    await "$_f" "$_rx" "$_n" "$_t" || abort "$(basename "$_f"): wanted $_n lines matching /$_rx/, have $(count "$_f" "$_rx")"
  done
}

# exited PID TENTHS FILE: wait up to TENTHS × 0.1 s for PID (a child of this shell) to end and
# write its exit status to FILE, or "running" (returning 1) if it has not ended.
exited() {
  _i=0
  while kill -0 "$1" 2>/dev/null; do
    [ $_i -ge "$2" ] && { echo running > "$3"; return 1; }
    sleep 0.1; _i=$((_i + 1))
  done
  wait "$1"; echo $? > "$3"
}

# cpu PID: "ticks=UTIME+STIME ctxt=VOLUNTARY+INVOLUNTARY run_ns=SCHEDSTAT threads=N syscall=…"
# summed over the process's threads; syscall is the main thread's /proc/PID/syscall (number and
# arguments of the call it sleeps in, e.g. `7 0x… 0x3 0xffffffffffffffff …` = poll(fds, 3, -1)).
cpu() {
  _stat=$(sed 's/^.*) //' "/proc/$1/stat")   # the fields after "(comm)", from state (field 3) on
  set -- "$1" $_stat                         # so field K of stat is now $((K - 1))
  _ticks=$((${13} + ${14}))                  # utime + stime (fields 14, 15), in USER_HZ ticks
  _ctxt=$(cat /proc/"$1"/task/*/status | awk '/ctxt_switches/ {s += $2} END {print s + 0}')
  _run=$(cat /proc/"$1"/task/*/schedstat | awk '{s += $1} END {print s + 0}')
  _thr=$(ls /proc/"$1"/task | wc -l)
  _sys=$(tr ' ' '_' < "/proc/$1/syscall")
  echo "ticks=$_ticks ctxt=$_ctxt run_ns=$_run threads=$_thr syscall=$_sys"
}

# free_event_number: the lowest N with no /dev/input/eventN (the evdev minor the kernel gives the
# next input device: input_get_new_minor takes the lowest free one).
free_event_number() {
  _n=0
  while [ -e "/dev/input/event$_n" ]; do _n=$((_n + 1)); done
  echo $_n
}
