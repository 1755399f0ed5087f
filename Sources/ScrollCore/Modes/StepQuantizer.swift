/// `--detents` (wheel, dial) and `--step N` (finger, edge, button): turns each stream's offsets into
/// whole steps, one record per step crossed, keeping the remainder.
///
/// Per device and source, per axis, the quantizer keeps a **position** on a step boundary (a
/// multiple of the step, starting at the origin) and a signed **remainder**: the movement received
/// since the position last moved (position + remainder = the input offset when the quantizer has
/// seen the stream from its start). Each record's movement on an axis is added to the remainder;
/// while the remainder is at least one step in either direction, the position moves one step that
/// way and a record is emitted from the old position to the new one. So:
/// - eight hi-res steps of 16 toward the user (y +16 each, 128) are one detent Down (0 → 120) with
///   8 carried;
/// - a reversal nets against the remainder: after 8 carried, a step of −16 leaves −8, and it takes
///   another −112 to reach an Up detent;
/// - a record that crosses several steps (a lo-res frame of 3 detents, a fast flick) gives one
///   record per step, all with the input record's time;
/// - the remainder is never cleared by time or by the end of a gesture: it is a position, not a
///   session (timers and gestures live elsewhere).
///
/// The emitted records are ordinary ``ScrollRecord``s (same JSON schema) whose `old` and `new` sit
/// on step boundaries and differ on one axis only: vertical steps of a record come before its
/// horizontal ones. A finger stop record passes as a stop at the current position.
///
/// Step sizes are in the source's unit: one detent (``ScrollUnit/v120PerDetent``, 120 v120) for
/// `--detents`, the `--step` value in mm for fingers. A source without a step passes through
/// unchanged. Because finger movements are sums of Doubles, a remainder within a billionth of a
/// step of a boundary counts as on it (``boundaryTolerance``), so rounding never withholds a step;
/// wheel offsets are whole and exact (positions at any size, ``OffsetValue``).
public struct StepQuantizer: Sendable {
  /// Fraction of a step within which a remainder counts as a whole step (absorbs Double rounding of mm sums).
  public static let boundaryTolerance: Double = 1e-9

  private struct Stream: Sendable {
    var position: ContentOffset = .zero
    var remainder: ScrollOffset = .zero
  }

  /// Step for the discrete sources, wheel and dial (v120), or `nil` to pass them through.
  public let wheelStep: Double?
  /// Step for the continuous sources (mm for finger and edge, counts for button), or `nil` to
  /// pass them through.
  public let fingerStep: Double?
  private var streams: [ScrollStreamKey: Stream] = [:]

  /// - Parameters:
  ///   - wheelStep: v120 per emitted wheel or dial record, > 0; 120 (one detent) for `--detents`;
  ///     `nil` passes them through.
  ///   - fingerStep: units per emitted finger, edge or button record, > 0 (`--step N`); `nil`
  ///     passes them through.
  public init(wheelStep: Double? = Double(ScrollUnit.v120PerDetent), fingerStep: Double? = nil) {
    precondition(wheelStep.map { $0 > 0 && $0.isFinite } ?? true, "wheel step must be positive")
    precondition(fingerStep.map { $0 > 0 && $0.isFinite } ?? true, "finger step must be positive")
    self.wheelStep = wheelStep
    self.fingerStep = fingerStep
  }

  /// The step for `source`, or `nil` if that source is not quantized.
  public func step(for source: ScrollSource) -> Double? {
    switch source {
    case .wheel, .dial: wheelStep
    case .finger, .edge, .button: fingerStep
    }
  }

  /// The most step records one record may yield; a larger jump yields one record spanning all its
  /// whole steps. Only corrupt data moves that far in one frame: a real wheel sends at most a few
  /// dozen detents per frame, and a whole 150 mm pad in one frame at the smallest `--step`
  /// (0.01 mm) is 15 000 steps.
  public static let maximumStepRecords = 100_000

  /// Feeds one record; returns the step records it completes (possibly none), or the record itself
  /// if its source is not quantized.
  public mutating func process(_ record: ScrollRecord) -> [ScrollRecord] {
    guard let step = step(for: record.source) else { return [record] }
    let key = ScrollStreamKey(record)
    var stream = streams[key] ?? Stream()
    defer { streams[key] = stream }
    if record.isStop {
      return [ScrollRecord.stop(time: record.time, device: record.device, source: record.source, at: stream.position)]
    }
    let delta = record.new - record.old
    let tolerance = step * Self.boundaryTolerance
    var output: [ScrollRecord] = []
    for axis in ScrollAxis.allCases {
      var remainder = axis.component(of: stream.remainder) + axis.component(of: delta)
      // How many boundaries the remainder crosses: as many as a loop subtracting one step at a
      // time would emit, counted at once so rounding can never make such a loop endless.
      let steps = ((remainder.magnitude + tolerance) / step).rounded(.down)
      let signedStep = remainder > 0 ? step : -step
      if steps > Double(Self.maximumStepRecords) {
        // An absurd jump (e.g. a corrupt value of 2^31 detents): one record over all the whole
        // steps instead of billions, still on step boundaries.
        let old = stream.position
        stream.position = axis.offset(old, movedBy: steps * signedStep)
        remainder -= steps * signedStep
        if remainder.magnitude >= step { remainder = 0 }  // precision lost at this size
        output.append(
          ScrollRecord(time: record.time, device: record.device, source: record.source, old: old, new: stream.position))
      } else {
        for _ in 0..<Int(steps) {
          let old = stream.position
          stream.position = axis.offset(old, movedBy: signedStep)
          remainder -= signedStep
          output.append(
            ScrollRecord(
              time: record.time, device: record.device, source: record.source, old: old, new: stream.position))
        }
      }
      if remainder.magnitude < tolerance { remainder = 0 }
      stream.remainder = axis.offset(stream.remainder, movedBy: remainder - axis.component(of: stream.remainder))
    }
    return output
  }

  /// The movement carried toward the next step of a stream (source unit), `.zero` if unknown.
  public func remainder(device: String, source: ScrollSource) -> ScrollOffset {
    streams[ScrollStreamKey(device: device, source: source)]?.remainder ?? .zero
  }

  /// The quantized position of a stream (on step boundaries), `.zero` if unknown.
  public func position(device: String, source: ScrollSource) -> ContentOffset {
    streams[ScrollStreamKey(device: device, source: source)]?.position ?? .zero
  }

  /// Forgets `device` (it went away).
  public mutating func remove(device: String) {
    for key in streams.keys where key.device == device { streams[key] = nil }
  }
}
