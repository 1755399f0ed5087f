import Glibc
import ScrollCore
import ScrollIO

/// `scrolldir replay FILE…`: each file in turn, its devices merged by time, through the same
/// pipeline as live devices; mode timers run on the recording's own clock. SIGINT and SIGTERM end
/// it with the summary (also while it waits for more input on a pipe); SIGUSR1 and SIGUSR2 print
/// and reset the counters. A file that cannot be read, or turns out malformed, is reported and
/// the next one replayed, as cat(1) goes on past a bad file; the exit status is the first failure's.
enum ReplayCommand {
  /// - Parameter standardInputClosed: descriptor 0 was closed when scrolldir started (`<&-`), so
  ///   `-` cannot be read (it is `/dev/null` now, which would read as an empty recording).
  static func run(files: [String], options: Options, standardInputClosed: Bool = false) throws(CommandError) {
    let output = OutputStage(options: options)
    var clock: Timestamp?
    var firstFailure: ExitCode?
    do {
      do {
        func report(_ error: RecordingError) {
          Diagnostics.note(error.description)
          firstFailure = firstFailure ?? CommandError.recording(error).exitCode
        }
        for file in files {
          if file == "-" && standardInputClosed {
            report(.notFound(file: "<stdin>", errno: .badDescriptor))
            continue
          }
          do {
            try replay(file, options, output, &clock)
          } catch .recording(let error) {
            report(error)
          }
        }
      } catch .interrupted, .output(.interrupted) {
        // What is left goes out only if the reader takes it at once (LineWriter); else it is dropped.
        do { try output.finish() } catch .output(.interrupted) {}
        Diagnostics.note("interrupted: " + output.summary)
      }
      if options.stats {
        do { try output.writeStats() } catch .output(.interrupted) {}
      }
    } catch {
      // The output failed too (or its reader went away): said here, the status stays the first failure's.
      guard let firstFailure else { throw error }
      if let message = error.message { Diagnostics.note(message) }
      throw .recordingsFailed(firstFailure)
    }
    if let firstFailure { throw .recordingsFailed(firstFailure) }
  }

  /// A replay ended by SIGINT or SIGTERM.
  private enum Stop: Error {
    case interrupted
    case failed(CommandError)
  }

  private static func replay(
    _ file: String, _ options: Options, _ output: OutputStage, _ clock: inout Timestamp?
  ) throws(CommandError) {
    do throws(Stop) {
      let recording: Recording
      do {
        recording = try open(file, options)
      } catch .interrupted {
        // Stopped while a libinput record was copied from a pipe: signals that came first count.
        try handleSignals(output, at: clock)
        throw .interrupted
      }
      var pipelines = recording.devices.map {
        DevicePipeline(device: $0.label, description: $0.description, options: options.pipeline)
      }
      var failure: RecordingError?
      var scrolled = [Bool](repeating: false, count: pipelines.count)
      while true {
        if SignalPipe.hasPending { try handleSignals(output, at: clock) }
        let recorded: RecordedEvent
        do {
          guard let next = try recording.next() else { break }
          recorded = next
        } catch .io(_, .interrupted) where SignalPipe.terminationPending {
          continue
        } catch {
          // Malformed from here on: what came before it is complete, and is finished below.
          failure = error
          break
        }
        do {
          try output.advance(to: recorded.event.time)
          try pipelines[recorded.device].process(recorded.event) { (record) throws(CommandError) in
            if case .scroll = record { scrolled[recorded.device] = true }
            try output.handle(record)
          }
        } catch {
          throw .failed(error)
        }
        clock = recorded.event.time
      }
      // Signals that arrived while the last read was blocked (SIGUSR1 waits for input to arrive).
      if SignalPipe.hasPending { try handleSignals(output, at: clock) }
      // Each recording has its own clock and offsets: its devices' gestures end, and their
      // detent and change state is forgotten, before the next file (counters go on).
      do {
        try output.endRecording(devices: recording.devices.map(\.label))
      } catch {
        throw .failed(error)
      }
      if let failure { throw .failed(.recording(failure)) }
      ReplayNotes.afterEvents(recording.fileName, recording.devices, pipelines, scrolled: scrolled, raw: options.raw != nil)
    } catch {
      switch error {
      case .interrupted, .failed(.output(.interrupted)): throw .interrupted
      case .failed(let failure): throw failure
      }
    }
  }

  /// Handles the signals that arrived: SIGINT/SIGTERM stop the replay, SIGUSR1 prints the counters,
  /// SIGUSR2 restarts them at the last event's time.
  private static func handleSignals(_ output: OutputStage, at time: Timestamp?) throws(Stop) {
    for signal in SignalPipe.takePending() {
      switch signal {
      case SIGINT, SIGTERM:
        throw .interrupted
      case SIGUSR1:
        do { try output.writeStats() } catch { throw .failed(error) }
      case SIGUSR2:
        output.resetCounters(at: time ?? Timestamp(microseconds: 0))
      default:
        break
      }
    }
  }

  private static func open(_ file: String, _ options: Options) throws(Stop) -> Recording {
    do {
      guard let raw = options.raw else { return try Recording.open(file) }
      return try Recording.openRaw(file, description: try rawDescription(raw, file))
    } catch .io(_, .interrupted) where SignalPipe.terminationPending {
      throw .interrupted
    } catch {
      throw .failed(.recording(error))
    }
  }

  /// The description `--describe` or `--capabilities` gives a raw stream (`nil`: inferred).
  private static func rawDescription(_ raw: Options.RawDescription, _ file: String) throws(RecordingError)
    -> DeviceDescription?
  {
    switch raw {
    case .inferred:
      return nil
    case .recording(let path):
      let devices = try Recording.open(path).devices
      guard devices.count == 1 else {
        throw .malformed(
          file: path, line: 0,
          message: "'--describe' needs a recording of one device; this one has \(devices.count)")
      }
      guard devices[0].description.origin == .declared else {
        throw .malformed(
          file: path, line: 0,
          message: "'--describe' needs a recording with a device description (evemu B: lines, or a libinput record's device header); this one has none")
      }
      return devices[0].description
    case .codes(let names):
      let label = file == "-" ? "stdin" : String(file.split(separator: "/").last ?? Substring(file))
      return DeviceDescription(name: label, codes: Options.capabilityCodes(names))
    }
  }

}
