import Glibc
import ScrollIO

/// The entry point: parse the arguments into ``Options``, run the command, and map errors to
/// sysexits statuses. Nothing else prints errors or chooses exit codes.
@main
enum ScrollDir {
  static func main() {
    signal(SIGPIPE, SIG_IGN)
    let closed = openStandardDescriptors()
    if closed.contains(STDOUT_FILENO) {
      // Like cat(1) into a closed descriptor: everything would be lost, so say so and fail.
      Diagnostics.note("cannot write output: standard output is closed")
      exit(ExitCode.ioError.rawValue)
    }
    let signals: FileDescriptor
    do {
      signals = try SignalPipe.install([SIGINT, SIGTERM, SIGUSR1, SIGUSR2])
    } catch {
      Diagnostics.note("cannot create a pipe for signals: \(error)")
      exit(ExitCode.ioError.rawValue)
    }
    do throws(CommandError) {
      let options: Options
      do {
        options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
      } catch {
        throw .usage(error)
      }
      switch options.command {
      case .help:
        try write(Usage.text)
      case .version:
        try write(Usage.version)
      case .list:
        try ListCommand.run()
      case .monitor(let devices):
        try MonitorCommand.run(devices: devices, options: options, signals: signals)
      case .replay(let files):
        try ReplayCommand.run(files: files, options: options, standardInputClosed: closed.contains(STDIN_FILENO))
      }
    } catch {
      if let message = error.message { Diagnostics.note(message) }
      if case .usage = error { Diagnostics.note("usage: scrolldir [monitor|list|replay] [options]; see 'scrolldir --help'") }
      exit(error.exitCode.rawValue)
    }
    exit(ExitCode.success.rawValue)
  }

  /// Opens `/dev/null` on any of descriptors 0, 1 and 2 that the caller closed (`scrolldir >&-`),
  /// so that no file scrolldir opens takes their place and receives records or messages.
  /// - Returns: the descriptors that were closed.
  private static func openStandardDescriptors() -> [Int32] {
    let closed = (Int32(0)...2).filter { fcntl($0, F_GETFD) < 0 }
    for descriptor in closed {
      _ = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
    }
    return closed
  }

  private static func write(_ text: String) throws(CommandError) {
    do {
      try LineWriter().write(text)
    } catch {
      throw .output(error)
    }
  }
}
