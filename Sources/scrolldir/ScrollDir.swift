import Glibc
import ScrollIO

/// The entry point: parse the arguments into ``Options``, run the command, and map errors to
/// sysexits statuses. Nothing else prints errors or chooses exit codes.
@main
enum ScrollDir {
  static func main() {
    signal(SIGPIPE, SIG_IGN)
    let options: Options
    do {
      options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
      Diagnostics.note("error: \(error.message)\nUsage: scrolldir [monitor|list|replay] [options]; see 'scrolldir --help'")
      exit(ExitCode.usage.rawValue)
    }
    let sink = RecordSink(format: options.format, axis: options.axis)
    do {
      switch options.command {
      case .help:
        print(Usage.text)
      case .version:
        print(Usage.version)
      case .list:
        try ListCommand.run()
      case .monitor(let devices):
        try MonitorCommand.run(devices: devices, options: options.pipeline, sink: sink)
      case .replay(let files):
        try ReplayCommand.run(files: files, options: options.pipeline, sink: sink)
      }
    } catch {
      if let message = error.message { Diagnostics.note(message) }
      exit(error.exitCode.rawValue)
    }
    exit(ExitCode.success.rawValue)
  }
}
