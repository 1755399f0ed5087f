import Glibc
import ScrollCore
import ScrollIO

/// `scrolldir replay FILE…`: each file in turn, its devices merged by time, through the same
/// pipeline as live devices; mode timers run on the recording's own clock.
enum ReplayCommand {
  static func run(files: [String], options: Options) throws(CommandError) {
    let output = OutputStage(options: options)
    var lastTime: Timestamp?
    for file in files {
      let recording = try open(file, options)
      var pipelines = recording.devices.map {
        DevicePipeline(device: $0.label, description: $0.description, options: options.pipeline)
      }
      while let recorded = try step({ () throws(RecordingError) in try recording.next() }) {
        if SignalPipe.hasPending, try handleSignals(output, at: lastTime) { return }
        try output.advance(to: recorded.event.time)
        try pipelines[recorded.device].process(recorded.event) { (record) throws(CommandError) in
          try output.handle(record)
        }
        lastTime = recorded.event.time
      }
      try output.finish()
    }
    if options.stats { try output.writeStats() }
  }

  /// Handles signals that arrived; returns `true` when the replay must end (SIGINT, SIGTERM).
  private static func handleSignals(_ output: OutputStage, at time: Timestamp?) throws(CommandError) -> Bool {
    for signal in SignalPipe.takePending() {
      switch signal {
      case SIGINT, SIGTERM:
        try output.finish()
        Diagnostics.note("interrupted: " + output.summary)
        return true
      case SIGUSR1:
        try output.writeStats()
      case SIGUSR2:
        output.resetCounters(at: time ?? Timestamp(microseconds: 0))
      default:
        break
      }
    }
    return false
  }

  private static func open(_ file: String, _ options: Options) throws(CommandError) -> Recording {
    guard let raw = options.raw else {
      return try step { () throws(RecordingError) in try Recording.open(file) }
    }
    let description: DeviceDescription?
    switch raw {
    case .inferred:
      description = nil
    case .recording(let path):
      let recording = try step { () throws(RecordingError) in try Recording.open(path) }
      description = recording.devices.first?.description
    case .codes(let names):
      var codes: [EventType: Set<EventCode>] = [:]
      for name in names {
        guard let code = EventNames.code(named: name) else {
          throw .usage(UsageError(message: "unknown event code '\(name)' in '--capabilities' (use libevdev names such as REL_WHEEL)"))
        }
        codes[code.type, default: []].insert(code.code)
      }
      description = DeviceDescription(name: file == "-" ? "stdin" : file, codes: codes)
    }
    return try step { () throws(RecordingError) in try Recording.openRaw(file, description: description) }
  }

  private static func step<T>(_ body: () throws(RecordingError) -> T) throws(CommandError) -> T {
    do {
      return try body()
    } catch {
      throw .recording(error)
    }
  }
}
