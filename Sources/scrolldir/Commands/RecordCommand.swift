import ScrollCore
import ScrollIO

/// `scrolldir record NODE`: the node's description and events as evemu text on stdout, for a bug
/// report or a test, until interrupted. Times count from the first event, which is at 0.000001,
/// and the first `SYN_REPORT`'s comment says `+0ms`, as in evemu-record's files.
enum RecordCommand {
  static func run(node named: String?, options: Options, signals: FileDescriptor) throws(CommandError) {
    let node: String
    if let named {
      node = named
    } else {
      node = try RecordDeviceChoice.ask(options: options)
    }
    let device: EvdevDevice
    do {
      device = try EvdevDevice(path: node)
    } catch {
      throw .start(.device(error))
    }
    if device.description.isKeyboard && !options.allowKeyboards {
      // What is typed would be in the recording: passwords too.
      throw .start(.keyboard(path: node, name: device.description.name))
    }
    let writer = LineWriter(interruption: .terminationRequested)
    let comments = [
      "recorded by \(Usage.version) from \(node)",
      "Kernel: " + (Environment.kernelRelease ?? "unknown"),
    ]
    try write(EvemuWriter.description(device.description, comments: comments).joined(separator: "\n"), writer)
    if FileDescriptor.standardError.isTerminal {
      Diagnostics.note("recording \(node) (\(device.description.name)); stop with Ctrl-C")
    }
    var recorded = (frames: 0, events: 0)
    var first: Timestamp?
    var lastReport: Timestamp?
    let stop = try DeviceRecorder.run(device, signals: signals, output: .standardOutput) {
      (frame) throws(CommandError) in
      let start = first ?? frame[0].time
      first = start
      let lines = frame.map { event in
        var relative = event
        relative.time = Timestamp(microseconds: event.time.duration(since: start).wholeMicroseconds + 1)
        defer { if event.isReport { lastReport = relative.time } }
        return EvemuWriter.line(relative, previousReport: lastReport)
      }
      try write(lines.joined(separator: "\n"), writer)
      recorded.frames += 1
      recorded.events += frame.count
    }
    let summary = "\(recorded.frames) frame(s), \(recorded.events) event(s) recorded from \(node)"
    switch stop {
    case .signal:
      Diagnostics.note("interrupted: " + summary)
    case .outputClosed:
      break
    case .device(let error):
      Diagnostics.note(summary + "; the recording ends with the last whole frame")
      throw .start(.device(error))
    case .pollFailed(let errno):
      throw .monitorFailed(errno)
    }
  }

  /// Writes `text` (one or more lines) in one write, so a frame reaches the reader whole.
  private static func write(_ text: String, _ writer: LineWriter) throws(CommandError) {
    do {
      try writer.write(text)
    } catch {
      throw .output(error)
    }
  }
}
