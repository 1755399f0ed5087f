/// Exit statuses, from BSD `sysexits.h`.
enum ExitCode: Int32 {
  /// Success, also after SIGINT/SIGTERM/SIGHUP or when the reader of stdout went away.
  case success = 0
  /// `EX_USAGE`: the command line is wrong.
  case usage = 64
  /// `EX_DATAERR`: a recording is malformed.
  case dataError = 65
  /// `EX_NOINPUT`: a file or event node does not exist, or no scroll device is present.
  case noInput = 66
  /// `EX_OSERR`: the system refused a resource (no descriptor left for a pipe, `poll(2)` failed).
  case systemError = 71
  /// `EX_IOERR`: reading or writing failed, or every monitored device went away.
  case ioError = 74
  /// `EX_NOPERM`: this user may not read the file or event node.
  case noPermission = 77
}
