/// The help text (`--help`) and version (`--version`).
enum Usage {
  static let version = "scrolldir 0.1.0"

  static let text = """
    OVERVIEW: Tell which way real scroll input goes: Up, Down, Left, Right or None.

    Reads Linux evdev events from mouse wheels (plain, hi-res, tilt), keeps a content offset per
    device (libinput signs: +y = scroll down, +x = scroll right; wheel in v120, 120 = one detent)
    and prints one record per offset change.

    USAGE: scrolldir [monitor] [--json] [--axis <axis>] [<device> ...]
           scrolldir list
           scrolldir replay [--json] [--axis <axis>] <file> ...

    SUBCOMMANDS:
      monitor (default)       Stream records from live event nodes: every readable node under
                              /dev/input that can scroll, or the nodes named. Runs until
                              interrupted.
      list                    List event nodes: name, bus/vendor/product, scroll capabilities,
                              and whether this user can read them.
      replay                  Replay evemu-record text or libinput record YAML ('-' reads
                              standard input) through the same pipeline, as fast as it reads.

    OPTIONS:
      --json                  Print JSON Lines: one object per record (schema in README).
      --axis <axis>           Keep records that move on this axis: vertical, horizontal or
                              both. (default: both)
      -h, --help              Show help information.
      --version               Show the version.

    EXIT STATUS:
      0 success or interrupted, 64 usage error, 65 malformed recording, 66 no such file or
      device (or no scroll device), 74 I/O error or every device gone, 77 permission denied.
    """
}
