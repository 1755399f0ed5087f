import ScrollCore
import ScrollIO

/// `scrolldir replay FILE…`: each file in turn, its devices merged by time, through the same
/// pipeline as live devices (``RecordingPlayer``); mode timers run on the recording's own clock.
/// SIGINT and SIGTERM end it with the summary (also while it waits for more input on a pipe);
/// SIGUSR1 and SIGUSR2 print and reset the counters. A file that cannot be read, or turns out
/// malformed, is reported and the next one replayed, as cat(1) goes on past a bad file.
enum ReplayCommand {
  /// How the replay of one file ended.
  private enum Ending {
    case finished
    /// The file could not be opened or read to its end; the events before the error were played.
    case failed(RecordingError)
    /// SIGINT, SIGTERM or SIGHUP.
    case interrupted
  }

  /// - Parameter standardInputClosed: descriptor 0 was closed when scrolldir started (`<&-`), so
  ///   `-` cannot be read (it is `/dev/null` now, which would read as an empty recording).
  /// - Returns: the status of the first file that failed (each was reported when it failed), or success.
  /// - Throws: an output error (the reader went away, a write failed) when no file failed before it.
  static func run(files: [String], options: Options, standardInputClosed: Bool = false) throws(CommandError)
    -> ExitCode
  {
    let output = OutputStage(options: options)
    var lastTime: Timestamp?
    var firstFailure: ExitCode?
    do {
      var interrupted = false
      for file in files where !interrupted {
        let ending: Ending
        if file == "-" && standardInputClosed {
          ending = .failed(.notFound(file: "<stdin>", errno: .badDescriptor))
        } else {
          do {
            ending = try replay(file, options, output, &lastTime)
          } catch .output(.interrupted) {
            ending = .interrupted
          }
        }
        switch ending {
        case .finished:
          break
        case .failed(let error):
          Diagnostics.note(error.description)
          firstFailure = firstFailure ?? CommandError.recording(error).exitCode
        case .interrupted:
          interrupted = true
        }
      }
      if interrupted {
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
      return firstFailure
    }
    return firstFailure ?? .success
  }

  /// Replays one file. `lastTime` is the last event time of the whole replay, for SIGUSR2.
  /// - Throws: output errors.
  private static func replay(
    _ file: String, _ options: Options, _ output: OutputStage, _ lastTime: inout Timestamp?
  ) throws(CommandError) -> Ending {
    let recording: Recording
    do {
      recording = try open(file, options)
    } catch .io(_, .interrupted) where SignalPipe.terminationPending {
      // Stopped while a libinput record was copied from a pipe: signals that came first count.
      _ = try handleSignals(output, at: lastTime)
      return .interrupted
    } catch {
      return .failed(error)
    }
    let player = RecordingPlayer(recording, options: options.pipeline)
    var records: [OutputRecord] = []
    var failure: RecordingError?
    while true {
      if SignalPipe.hasPending, try handleSignals(output, at: lastTime) { return .interrupted }
      let time: Timestamp
      do {
        guard let next = try player.next(into: &records) else { break }
        time = next
      } catch .io(_, .interrupted) where SignalPipe.terminationPending {
        continue
      } catch {
        // Malformed from here on: what came before it is complete, and is finished below.
        failure = error
        break
      }
      try output.advance(to: time)
      for record in records { try output.handle(record) }
      records.removeAll(keepingCapacity: true)
      lastTime = time
    }
    // Signals that arrived while the last read was blocked (SIGUSR1 waits for input to arrive).
    if SignalPipe.hasPending, try handleSignals(output, at: lastTime) { return .interrupted }
    // Each recording has its own clock and offsets: its devices' gestures end, and their
    // detent and change state is forgotten, before the next file (counters go on).
    try output.endRecording(devices: recording.devices.map(\.label))
    if let failure { return .failed(failure) }
    ReplayNotes.afterEvents(player, raw: options.raw != nil)
    return .finished
  }

  /// Handles the signals that arrived: SIGUSR1 prints the counters, SIGUSR2 restarts them at the
  /// last event's time.
  /// - Returns: whether SIGINT, SIGTERM or SIGHUP asks the replay to stop.
  private static func handleSignals(_ output: OutputStage, at time: Timestamp?) throws(CommandError) -> Bool {
    for signal in SignalPipe.takePending() {
      switch signal {
      case let stopping where stopping.stops: return true
      case .user1: try output.writeStats()
      case .user2: output.resetCounters(at: time ?? Timestamp(microseconds: 0))
      default: break
      }
    }
    return false
  }

  private static func open(_ file: String, _ options: Options) throws(RecordingError) -> Recording {
    guard let raw = options.raw else {
      return try Recording.open(file, format: options.recordingFormat, interruption: .terminationPending)
    }
    return try Recording.openRaw(file, description: try rawDescription(raw, file), interruption: .terminationPending)
  }

  /// The description `--describe` or `--capabilities` gives a raw stream (`nil`: inferred).
  private static func rawDescription(_ raw: Options.RawDescription, _ file: String) throws(RecordingError)
    -> DeviceDescription?
  {
    switch raw {
    case .inferred:
      return nil
    case .recording(let path):
      let devices = try Recording.open(path, interruption: .terminationPending).devices
      guard devices.count == 1 else {
        throw .malformed(
          file: RecordingName(path).fileName, line: 0,
          message: "'--describe' needs a recording of one device; this one has \(devices.count)")
      }
      guard devices[0].description.origin == .declared else {
        throw .malformed(
          file: RecordingName(path).fileName, line: 0,
          message:
            "'--describe' needs a recording with a device description (evemu B: lines, or a libinput record's device header); this one has none"
        )
      }
      return devices[0].description
    case .codes(let names):
      return DeviceDescription(name: RecordingName(file).fallbackLabel, codes: Options.capabilityCodes(names))
    }
  }
}
