import ScrollIO

/// Everything that ends a command early, with its exit status. Only `ScrollDir` prints these.
enum CommandError: Error {
  case recording(RecordingError)
  case device(DeviceError)
  /// No device to monitor; the message says why and how to fix it.
  case noDevice(String, ExitCode)
  case output(LineWriter.Failure)

  /// The sysexits status for this error.
  var exitCode: ExitCode {
    switch self {
    case .recording(.malformed): .dataError
    case .recording(.notFound): .noInput
    case .recording(.permissionDenied): .noPermission
    case .recording(.io): .ioError
    case .device(.open(_, let errno)) where errno.isPermission: .noPermission
    case .device(.open), .device(.notEvdev): .noInput
    case .device(.removed), .device(.read): .ioError
    case .noDevice(_, let code): code
    case .output(.closed): .success
    case .output(.failed): .ioError
    }
  }

  /// The one-line message for stderr, or `nil` when the program should end quietly.
  var message: String? {
    switch self {
    case .recording(let error): error.description
    case .device(let error): error.description
    case .noDevice(let message, _): message
    case .output(.closed): nil
    case .output(.failed(let errno)): "cannot write output: \(errno)"
    }
  }
}
