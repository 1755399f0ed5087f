/// The output modes composed in their fixed order, as one pure state machine the command drives
/// with every record of every device (all devices share one chain):
///
/// ```
/// DevicePipeline records
///   → WheelDebounceStage   (--debounce; wheel steps, both axes)
///   → StepQuantizer  (--detents / --step; one record per step, remainder kept)
///   → --axis           (AxisFilter; after the quantizer its records are single-axis)
///   ├→ ScrollCounters + GestureTracker (always: time spent needs gestures)
///   └→ output: gestures (--gestures), or ChangeFilter (--changes-only), or the records
/// ```
///
/// `--gestures` replaces scroll records by gesture records; `--changes-only` has no effect with it.
/// Finger stop records pass `--axis` (they end gestures and tell a consumer the scroll ended).
///
/// Driving it:
/// - **live**: after `poll` returns, process the records of the events read, then call
///   ``advance(to:)`` with the current `CLOCK_MONOTONIC` time (the clock of the event timestamps);
///   poll with a timeout until ``nextDeadline`` (never a fixed interval, none when `nil`). When a
///   device goes away, ``finish(device:)``; at exit, ``finish()``.
/// - **replay**: before each event of the recording, ``advance(to:)`` its time (so timeouts happen
///   on the recording's own clock, between records too); after the last event of each recording,
///   ``finish()`` (each recording has its own clock).
/// - **counters**: format ``counters`` with ``openGestures`` (``TextFormat/stats(_:including:)``,
///   ``JSONFormat/stats(_:including:)``) at exit (`--stats`) or on SIGUSR1;
///   ``resetCounters(at:)`` on SIGUSR2 with the current time (live) or the last event time (replay).
public struct ModeChain: Sendable {
  /// The modes in effect.
  public let options: ModeOptions
  /// The counters (records, distance, time spent), fed by the chain; SIGUSR2 resets them.
  public private(set) var counters = ScrollCounters()
  /// The same counts over the whole run, never reset: what the summary at SIGINT reports.
  public private(set) var countersSinceStart = ScrollCounters()
  private var debouncer: WheelDebounceStage?
  private var quantizer: StepQuantizer?
  private var changes: ChangeFilter?
  private var gestures: GestureTracker

  public init(options: ModeOptions = ModeOptions()) {
    self.options = options
    debouncer = options.debounce ? WheelDebounceStage() : nil
    quantizer =
      options.wheelStep == nil && options.fingerStep == nil
      ? nil : StepQuantizer(wheelStep: options.wheelStep, fingerStep: options.fingerStep)
    changes = options.changesOnly ? ChangeFilter() : nil
    gestures = GestureTracker(idleTimeout: options.idleTimeout, axes: options.axis)
  }

  /// Feeds one record from a device pipeline; returns the lines it produces, in order: gestures
  /// that expired by its time, then what the record itself produces.
  public mutating func process(_ record: ScrollRecord) -> [OutputRecord] {
    var output = advance(to: record.time)
    var records = [record]
    if var stage = debouncer {
      records = records.compactMap { stage.process($0) }
      debouncer = stage
    }
    if var stage = quantizer {
      records = records.flatMap { stage.process($0) }
      quantizer = stage
    }
    for step in records {
      counters.count(step, axes: options.axis)
      countersSinceStart.count(step, axes: options.axis)
      output += ended(gestures.process(step))
      guard !options.gestures, options.axis.admits(step) || step.isStop else { continue }
      if var stage = changes {
        if let kept = stage.process(step) { output.append(.scroll(kept)) }
        changes = stage
      } else {
        output.append(.scroll(step))
      }
    }
    return output
  }

  /// The earliest time something is due (a gesture's idle deadline, a debounce rest), or `nil`.
  public var nextDeadline: Timestamp? {
    [debouncer?.nextDeadline, gestures.nextDeadline].compactMap { $0 }.min()
  }

  /// Lets time pass up to `now` (inclusive): returns the gestures that ended by timeout (output
  /// only with `--gestures`; counted always).
  public mutating func advance(to now: Timestamp) -> [OutputRecord] {
    debouncer?.advance(to: now)
    return ended(gestures.advance(to: now))
  }

  /// End of input: ends every open gesture. Held debounce steps and detent remainders are not output.
  public mutating func finish() -> [OutputRecord] {
    ended(gestures.finish())
  }

  /// `device` went away: ends its gestures and forgets its state in every stage.
  public mutating func finish(device: String) -> [OutputRecord] {
    debouncer?.remove(device: device)
    quantizer?.remove(device: device)
    changes?.remove(device: device)
    return ended(gestures.finish(device: device))
  }

  /// A replay's recording ended and the next one has its own clock (see
  /// ``ScrollCounters/clockRestarted()``); call after ``finish(device:)`` of its devices.
  public mutating func clockRestarted() {
    counters.clockRestarted()
  }

  /// SIGUSR2: clears the counters; counting restarts at `now`.
  public mutating func resetCounters(at now: Timestamp) {
    counters.reset(at: now)
  }

  /// The counters' totals, including the time so far of gestures still in progress.
  public var totals: [ScrollCounters.Total] {
    counters.totals(including: gestures.openGestures)
  }

  /// Snapshots of the gestures in progress, whose time so far the counters' totals include.
  public var openGestures: [GestureRecord] { gestures.openGestures }

  private mutating func ended(_ finished: [GestureRecord]) -> [OutputRecord] {
    for gesture in finished {
      counters.count(gesture)
      countersSinceStart.count(gesture)
    }
    return options.gestures ? finished.map(OutputRecord.gesture) : []
  }
}
