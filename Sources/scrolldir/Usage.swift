/// The help text (`--help`) and version (`--version`).
enum Usage {
  static let version = "scrolldir 0.1.0"

  static let text = """
    OVERVIEW: Tell which way real scroll input goes: Up, Down, Left, Right or None.

    Reads Linux evdev events from mouse wheels (plain, hi-res, tilt) and touchpads (two-finger
    scrolling), keeps a content offset per device (libinput signs: +y = scroll down, +x = scroll
    right; wheels in v120, 120 = one detent; fingers in mm) and prints one record per offset change.

    USAGE: scrolldir [monitor] [<options>] [--wait] [--once] [--allow-keyboards] [<device> ...]
           scrolldir list
           scrolldir replay [<options>] <file> ...
           scrolldir replay --raw [--describe <file> | --capabilities <codes>] [<options>] <file>|-

    SUBCOMMANDS:
      monitor (default)       Stream records from live event nodes: every readable node under
                              /dev/input that can scroll (also those plugged in later), or the
                              nodes named. Runs until interrupted.
      list                    List event nodes: name, bus/vendor/product, scroll capabilities,
                              touchpad size and slots, and whether this user can read them.
      replay                  Replay evemu-record text or libinput record YAML ('-' reads
                              standard input) through the same pipeline, as fast as it reads.

    OPTIONS:
      --json                  Print JSON Lines: one object per record (schema in README).
      --axis <axis>           Keep records that move on this axis: vertical, horizontal or
                              both. (default: both)
      --natural               Natural scrolling for touchpads (content follows the fingers).
      --detents               One wheel record per whole detent (120 v120) crossed.
      --step <mm>             One finger record per <mm> of scrolling (0.01 to 1000).
      --changes-only          Only records whose direction differs from the last on that axis.
      --gestures              One record per scroll gesture instead of per step.
      --idle-timeout <ms>     Pause that ends a gesture, 1 to 3600000. (default: 500)
      --debounce              Hold a lone first hi-res wheel step until the next confirms it
                              (libinput 1.29's wheel debouncing).
      --stats                 Print totals per device and direction at exit (SIGUSR1 prints
                              them at any time, SIGUSR2 resets them).
      -h, --help              Show help information.
      --version               Show the version.

    MONITOR OPTIONS:
      --wait                  Start even if no device is there, and wait for one.
      --once                  Exit when the monitored devices are gone, instead of waiting for
                              them to return.
      --allow-keyboards       Open a named node even if it is a keyboard (never by default).

    REPLAY OPTIONS:
      --raw                   Read a raw struct input_event stream (cat /dev/input/eventN).
      --describe <file>       Take the device's description from this recording.
      --capabilities <codes>  Or name its codes, e.g. REL_WHEEL,REL_WHEEL_HI_RES.

    EXIT STATUS:
      0 success or interrupted, 64 usage error, 65 malformed recording, 66 no such file or
      device (or no scroll device), 74 I/O error or every device gone (--once), 77 permission
      denied.
    """
}
