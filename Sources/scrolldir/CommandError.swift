import ScrollCore
import ScrollIO

/// Everything that ends a command early, with its exit status. Only `ScrollDir` prints these.
enum CommandError: Error {
  case usage(UsageError)
  case recording(RecordingError)
  case start(MonitorStartError)
  /// Every monitored device is gone (`--once`).
  case noDevicesLeft
  /// SIGINT, SIGTERM or SIGHUP ended the command (reported by the command, not an error).
  case interrupted
  case output(LineWriter.Failure)
  /// A directory of event nodes could not be read (`list`).
  case unreadableDirectory(directory: String, errno: Errno)
  /// The monitor's `poll(2)` failed.
  case monitorFailed(Errno)

  /// The sysexits status for this error.
  var exitCode: ExitCode {
    switch self {
    case .usage: .usage
    case .recording(.malformed): .dataError
    case .recording(.notFound), .recording(.cannotOpen): .noInput
    case .recording(.permissionDenied): .noPermission
    case .recording(.resources): .systemError
    case .recording(.io): .ioError
    case .recording(.temporaryFile(_, _, let errno)):
      errno.isResourceShortage ? .systemError : errno.isPermission ? .noPermission : .ioError
    case .start(.device(.open(_, let errno))) where errno.isPermission: .noPermission
    case .start(.device(.open(_, let errno))) where errno.isResourceShortage: .systemError
    case .start(.device(.open)), .start(.device(.notEvdev)): .noInput
    case .start(.device(.removed)), .start(.device(.read)): .ioError
    case .start(.cannotScroll), .start(.noScrollDevice): .noInput
    case .start(.keyboard): .usage
    case .start(.notReadable): .noPermission
    case .start(.unreadableDirectory(_, let errno)), .unreadableDirectory(_, let errno):
      errno.isPermission ? .noPermission : errno.isResourceShortage ? .systemError : .noInput
    case .start(.resources), .monitorFailed: .systemError
    case .noDevicesLeft: .ioError
    case .interrupted: .success
    case .output(.closed), .output(.interrupted): .success
    case .output(.failed): .ioError
    }
  }

  /// The one-line message for stderr, or `nil` when the program should end quietly.
  var message: String? {
    switch self {
    case .usage(let error): "error: \(error.message)"
    case .recording(let error): error.description
    case .start(let error): Self.describe(error)
    case .noDevicesLeft: "no devices left to monitor"
    case .interrupted: nil
    case .output(.closed): nil
    case .output(.interrupted): "interrupted while the reader of the output was not reading"
    case .output(.failed(let errno)): "cannot write output: \(errno)"
    case .unreadableDirectory(let directory, let errno): "cannot read \(directory): \(errno)"
    case .monitorFailed(let errno): "cannot wait for input (poll): \(errno)"
    }
  }

  private static func describe(_ error: MonitorStartError) -> String {
    switch error {
    case .device(let error):
      return error.description
    case .cannotScroll(let path, let description):
      return "\(path) (\(description.name)) cannot scroll: "
        + (CannotScroll.reason(description) ?? "it has no wheel or dial, and no scroll method is on")
    case .keyboard(let path, let name):
      return "\(path) (\(name)) is a keyboard; scrolldir opens keyboards only when named with --allow-keyboards"
    case .notReadable(let directory, let nodes):
      let names = nodes.map { $0.path + ($0.name.map { " (\($0))" } ?? "") }.joined(separator: ", ")
      return
        "no readable scroll device in \(directory): \(nodes.count) event node(s) that may scroll cannot be read by this user: "
        + "\(names). Install the udev rule udev/70-scrolldir.rules (see README) or add yourself to the 'input' group"
    case .unreadableDirectory(let directory, let errno):
      return "no scroll device found: cannot read \(directory): \(errno) (use --wait to wait for one)"
    case .resources(let errno):
      return "cannot start the monitor: \(errno)"
    case .noScrollDevice(let directory, let count, let keyboards):
      var message =
        count == 0
        ? "no scroll device found: there are no event nodes in \(directory)"
        : "no scroll device found: none of the \(count) event node(s) in \(directory) has a wheel or a touchpad"
      if !keyboards.isEmpty {
        let names = keyboards.map { $0.path + ($0.name.map { " (\($0))" } ?? "") }.joined(separator: ", ")
        message +=
          " that is not a keyboard; skipped because they declare keyboard keys: \(names)"
          + " (name one with --allow-keyboards to monitor it)"
      }
      return message + " (use --wait to wait for one)"
    }
  }
}
