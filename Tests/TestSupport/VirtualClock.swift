import ScrollCore

/// One offset change for the mode tables, on a virtual clock: `t` in microseconds, the movement in
/// the source's unit (v120 or mm), libinput signs (+y Down, +x Right).
public struct Step: Sendable, Hashable, CustomStringConvertible {
  public var t: Int64
  public var delta: ScrollOffset
  public var device = "d"
  public var isStop = false

  public static func down(_ amount: Double, at t: Int64, device: String = "d") -> Step {
    Step(t: t, delta: ScrollOffset(x: 0, y: amount), device: device)
  }
  public static func up(_ amount: Double, at t: Int64, device: String = "d") -> Step {
    Step(t: t, delta: ScrollOffset(x: 0, y: -amount), device: device)
  }
  public static func right(_ amount: Double, at t: Int64, device: String = "d") -> Step {
    Step(t: t, delta: ScrollOffset(x: amount, y: 0), device: device)
  }
  public static func left(_ amount: Double, at t: Int64, device: String = "d") -> Step {
    Step(t: t, delta: ScrollOffset(x: -amount, y: 0), device: device)
  }
  public static func move(x: Double, y: Double, at t: Int64, device: String = "d") -> Step {
    Step(t: t, delta: ScrollOffset(x: x, y: y), device: device)
  }
  /// A finger-scroll stop (fingers lifted).
  public static func stop(at t: Int64, device: String = "d") -> Step {
    Step(t: t, delta: .zero, device: device, isStop: true)
  }

  public var description: String { isStop ? "stop@\(t)" : "\(delta)@\(t)" }

  /// The records a device pipeline would produce for `steps`: offsets run from the origin per
  /// device, through the library's own `OffsetStream`.
  public static func records(_ steps: [Step], source: ScrollSource = .wheel) -> [ScrollRecord] {
    var streams: [String: OffsetStream] = [:]
    var records: [ScrollRecord] = []
    for step in steps {
      var stream = streams[step.device] ?? OffsetStream(source: source)
      let time = Timestamp(microseconds: step.t)
      if step.isStop {
        records.append(.stop(time: time, device: step.device, source: source, at: stream.current))
      } else if let record = stream.move(by: step.delta, at: time, device: step.device) {
        records.append(record)
      }
      streams[step.device] = stream
    }
    return records
  }
}

/// What happens on the virtual clock in a mode table: a record, or the caller's clock.
public enum ClockInput: Sendable, CustomStringConvertible {
  case step(Step)
  /// `advance(to:)` at this time (µs): what a poll loop (or a replay, at each event) does.
  case advance(Int64)

  public var description: String {
    switch self {
    case .step(let step): step.description
    case .advance(let t): "advance@\(t)"
    }
  }
}

/// Drives a time-based stage (``GestureTracker``, ``ModeChain``) with records and clock advances,
/// as a poll loop or a replay would, without a clock.
public enum VirtualClock {
  /// Feeds each step's record to `process` and each advance's time to `advance`, in order (records
  /// made per device as a pipeline would, from `source`); returns all they emit, then `finish()`'s.
  public static func play<Output>(
    _ inputs: [ClockInput], source: ScrollSource = .wheel, process: (ScrollRecord) -> [Output],
    advance: (Timestamp) -> [Output], finish: () -> [Output]
  ) -> [Output] {
    let records = Step.records(inputs.compactMap { if case .step(let step) = $0 { step } else { nil } }, source: source)
    var next = records.makeIterator()
    var output: [Output] = []
    for input in inputs {
      switch input {
      case .step: if let record = next.next() { output += process(record) }
      case .advance(let t): output += advance(Timestamp(microseconds: t))
      }
    }
    return output + finish()
  }
}

/// Milliseconds on the virtual clock, in microseconds.
public func ms(_ value: Int64) -> Int64 { value * 1000 }

/// Seconds on the virtual clock, in microseconds.
public func sec(_ value: Int64) -> Int64 { value * 1_000_000 }

/// An expected record, written as offsets `(x, y)`.
public func rec(
  _ t: Int64, _ old: (Double, Double), _ new: (Double, Double), device: String = "d", source: ScrollSource = .wheel
) -> ScrollRecord {
  ScrollRecord(
    time: Timestamp(microseconds: t), device: device, source: source,
    old: ContentOffset(x: OffsetValue(old.0), y: OffsetValue(old.1)),
    new: ContentOffset(x: OffsetValue(new.0), y: OffsetValue(new.1)))
}

/// An expected gesture.
public func gesture(
  _ axis: ScrollAxis, _ direction: Direction, from start: Int64, to end: Int64, distance: Double, events: Int,
  _ ending: GestureRecord.Ending?, device: String = "d", source: ScrollSource = .wheel
) -> GestureRecord {
  GestureRecord(
    device: device, source: source, axis: axis, direction: direction, start: Timestamp(microseconds: start),
    end: Timestamp(microseconds: end), distance: OffsetValue(distance), events: events, ending: ending)
}
