import ScrollCore
import ScrollIO

/// Everything between the device pipelines and stdout: the output modes (``ModeChain``), the
/// format, and where each kind of record goes.
///
/// Scroll and gesture records, and gap records, go to stdout, one whole line each. Status records
/// go to stderr as a line for people, and with `--json` also into the stdout stream, so a consumer
/// sees a device's whole life in order. Counters asked for with `--stats` go to stdout with
/// `--json` (`"event":"stats"`), else to stderr; counters that only `SIGUSR1` asked for go to stderr
/// as text, so stdout holds only the records asked for.
final class OutputStage {
  /// Where the stage writes: whole lines for stdout, and notes for people on stderr.
  struct Sinks {
    var line: (String) throws(LineWriter.Failure) -> Void
    var note: (String) -> Void

    /// stdout through a ``LineWriter`` that gives way once the program is stopping, and
    /// ``Diagnostics/note(_:)``.
    static var standard: Sinks {
      let writer = LineWriter(interruption: .terminationRequested)
      return Sinks(line: { (line) throws(LineWriter.Failure) in try writer.write(line) }, note: Diagnostics.note)
    }
  }

  private var chain: ModeChain
  private let format: Options.Format
  private let statsRequested: Bool
  private let sinks: Sinks

  init(options: Options, sinks: Sinks = .standard) {
    chain = ModeChain(options: options.modes)
    format = options.format
    statsRequested = options.stats
    self.sinks = sinks
  }

  /// The earliest time a mode timer (gesture timeout, debounce) must fire, on the records' clock.
  var nextDeadline: Timestamp? { chain.nextDeadline }

  /// Takes one output of a device pipeline or the monitor.
  func handle(_ output: OutputRecord) throws(CommandError) {
    switch output {
    case .scroll(let record):
      try write(chain.process(record))
    case .gesture, .gap:
      try write([output])
    case .status(let status):
      sinks.note(TextFormat.status(status))
      if format == .json { try write([output]) }
      if status.state == .removed || status.state == .error { try write(chain.finish(device: status.device)) }
    }
  }

  /// Fires the mode timers due at `now`.
  func advance(to now: Timestamp) throws(CommandError) {
    try write(chain.advance(to: now))
  }

  /// Ends the input: open gestures are written.
  func finish() throws(CommandError) {
    try write(chain.finish())
  }

  /// Ends a recording of a replay: the open gestures of its `devices` are written, their mode
  /// state is forgotten, and the next recording's clock starts afresh for the counters.
  func endRecording(devices: [String]) throws(CommandError) {
    for device in devices { try write(chain.finish(device: device)) }
    chain.clockRestarted()
  }

  /// Writes the counters (`--stats`, SIGUSR1).
  func writeStats() throws(CommandError) {
    if format == .json && statsRequested {
      try writeLine(JSONFormat.stats(chain.counters, including: chain.openGestures))
    } else {
      for line in TextFormat.stats(chain.counters, including: chain.openGestures) { sinks.note(line) }
    }
  }

  /// Restarts the counters at `now` (SIGUSR2).
  func resetCounters(at now: Timestamp) {
    chain.resetCounters(at: now)
  }

  /// One line for stderr when interrupted: records per device and direction since the start
  /// (SIGUSR2 does not reset it), e.g. `/dev/input/event5: Down 8, Up 4; /dev/input/event9: Left 2`
  /// (a record that moves both axes counts in both directions).
  var summary: String {
    let totals = chain.countersSinceStart.totals().filter { $0.records > 0 }
    guard !totals.isEmpty else { return "no records" }
    var byDevice: [(String, [String])] = []
    for total in totals {
      let entry = "\(total.direction.rawValue) \(total.records)"
      if let index = byDevice.firstIndex(where: { $0.0 == total.device }) {
        byDevice[index].1.append(entry)
      } else {
        byDevice.append((total.device, [entry]))
      }
    }
    return byDevice.map { "\($0.0): " + $0.1.joined(separator: ", ") }.joined(separator: "; ")
  }

  private func write(_ outputs: [OutputRecord]) throws(CommandError) {
    for output in outputs {
      try writeLine(format == .json ? JSONFormat.line(output) : TextFormat.line(output))
    }
  }

  private func writeLine(_ line: String) throws(CommandError) {
    do {
      try sinks.line(line)
    } catch {
      throw .output(error)
    }
  }
}
