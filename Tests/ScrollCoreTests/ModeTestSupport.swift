import ScrollCore

/// One offset change for the mode tables, on a virtual clock: `t` in microseconds, the movement in
/// the source's unit (v120 or mm), libinput signs (+y Down, +x Right).
struct Step: Sendable, Hashable, CustomStringConvertible {
  var t: Int64
  var delta: ScrollOffset
  var device = "d"
  var isStop = false

  static func down(_ amount: Double, at t: Int64, device: String = "d") -> Step {
    Step(t: t, delta: ScrollOffset(x: 0, y: amount), device: device)
  }
  static func up(_ amount: Double, at t: Int64, device: String = "d") -> Step {
    Step(t: t, delta: ScrollOffset(x: 0, y: -amount), device: device)
  }
  static func right(_ amount: Double, at t: Int64, device: String = "d") -> Step {
    Step(t: t, delta: ScrollOffset(x: amount, y: 0), device: device)
  }
  static func left(_ amount: Double, at t: Int64, device: String = "d") -> Step {
    Step(t: t, delta: ScrollOffset(x: -amount, y: 0), device: device)
  }
  static func move(x: Double, y: Double, at t: Int64, device: String = "d") -> Step {
    Step(t: t, delta: ScrollOffset(x: x, y: y), device: device)
  }
  /// A finger-scroll stop (fingers lifted).
  static func stop(at t: Int64, device: String = "d") -> Step {
    Step(t: t, delta: .zero, device: device, isStop: true)
  }

  var description: String { isStop ? "stop@\(t)" : "\(delta)@\(t)" }

  /// The records a device pipeline would produce for `steps`: offsets run from the origin per
  /// device, through the library's own `OffsetStream`.
  static func records(_ steps: [Step], source: ScrollSource = .wheel) -> [ScrollRecord] {
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

/// Milliseconds on the virtual clock, in microseconds.
func ms(_ value: Int64) -> Int64 { value * 1000 }

/// Seconds on the virtual clock, in microseconds.
func sec(_ value: Int64) -> Int64 { value * 1_000_000 }

/// An expected record, written as offsets `(x, y)`.
func rec(
  _ t: Int64, _ old: (Double, Double), _ new: (Double, Double), device: String = "d", source: ScrollSource = .wheel
) -> ScrollRecord {
  ScrollRecord(
    time: Timestamp(microseconds: t), device: device, source: source, old: ScrollOffset(x: old.0, y: old.1),
    new: ScrollOffset(x: new.0, y: new.1))
}

/// An expected gesture.
func gesture(
  _ axis: ScrollAxis, _ direction: Direction, from start: Int64, to end: Int64, distance: Double, events: Int,
  _ ending: GestureRecord.Ending?, device: String = "d", source: ScrollSource = .wheel
) -> GestureRecord {
  GestureRecord(
    device: device, source: source, axis: axis, direction: direction, start: Timestamp(microseconds: start),
    end: Timestamp(microseconds: end), distance: distance, events: events, ending: ending)
}
