import ScrollIO

/// The entry point: parse the arguments into ``Options``, run the command, and map errors to
/// sysexits statuses. Nothing else prints errors or chooses exit codes.
@main
enum ScrollDir {
  static func main() {
    SignalPipe.ignore(.brokenPipe)
    SignalPipe.restoreDefault(.quit)
    let closed = StandardDescriptors.reopenClosed()
    if closed.contains(.standardOutput) {
      // Like cat(1) into a closed descriptor: everything would be lost, so say so and fail.
      Diagnostics.note("cannot write output: standard output is closed")
      StandardDescriptors.exit(ExitCode.ioError.rawValue)
    }
    let signals: FileDescriptor
    do {
      signals = try SignalPipe.install(Signal.stopping + [.user1, .user2])
    } catch {
      Diagnostics.note("cannot create a pipe for signals: \(error)")
      StandardDescriptors.exit(ExitCode.systemError.rawValue)
    }
    let status: ExitCode
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
        status = .success
      case .version:
        try write(Usage.version)
        status = .success
      case .list:
        try ListCommand.run(options: options)
        status = .success
      case .monitor(let devices):
        try MonitorCommand.run(devices: devices, options: options, signals: signals)
        status = .success
      case .record(let node):
        try RecordCommand.run(node: node, options: options, signals: signals)
        status = .success
      case .replay(let files):
        status = try ReplayCommand.run(
          files: files, options: options, standardInputClosed: closed.contains(.standardInput))
      }
    } catch {
      if let message = error.message { Diagnostics.note(message) }
      if case .usage = error {
        Diagnostics.note("usage: scrolldir [monitor|list|replay|record] [options]; see 'scrolldir --help'")
      }
      status = error.exitCode
    }
    StandardDescriptors.exit(status.rawValue)
  }

  private static func write(_ text: String) throws(CommandError) {
    do {
      try LineWriter().write(text)
    } catch {
      throw .output(error)
    }
  }
}
