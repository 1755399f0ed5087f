/// Counters, like a stopwatch: totals per device, source and direction since the start or the last
/// ``reset(at:)`` (`--stats` prints them at exit, SIGUSR1 at any time, SIGUSR2 resets them).
///
/// For each device, source and direction (Up, Down, Left, Right):
/// - **records**: how many records moved that way (a record moving on both axes counts once in
///   each of its two directions; stop records count nowhere);
/// - **distance**: the sum of those movements along the axis, positive, in the source's unit
///   (v120 for wheels, shown as detents = v120 / 120; mm for fingers);
/// - **time spent scrolling**: the sum of the durations of the gestures in that direction (each
///   from its first record to its last, see ``GestureTracker``). A single notch is a gesture of
///   duration zero, so it adds a record and a detent but no time; idle time before a gesture's
///   timeout is not scrolling. Gestures still open are added by ``totals(including:)``.
///
/// What is counted is what the caller feeds: feed the stream the gestures are made from (after
/// `--debounce`, `--detents`, `--axis`; before `--changes-only`, which drops records and would make
/// distances meaningless), and feed the gestures of a ``GestureTracker`` on that same stream.
///
/// Reset: ``reset(at:)`` clears every total and starts counting again at `now`; a gesture that was
/// open at the reset contributes only its time after `now` (from `now` to its last record), like a
/// stopwatch restarted mid-run. Records are counted as they are fed, so those fed after the reset count.
public struct ScrollCounters: Sendable {
  /// The totals of one device, source and direction.
  public struct Total: Sendable, Hashable {
    /// The device label.
    public var device: String
    /// What moved the offset.
    public var source: ScrollSource
    /// Up, Down, Left or Right.
    public var direction: Direction
    /// Records that moved this way.
    public var records: Int = 0
    /// Distance along the axis, positive, in ``unit`` (v120 and counts: exact whole numbers; mm).
    public var distance: OffsetValue = .zero
    /// Time spent scrolling this way: sum of gesture durations, in whole microseconds.
    public var microseconds: Int64 = 0

    public init(device: String, source: ScrollSource, direction: Direction) {
      self.device = device
      self.source = source
      self.direction = direction
    }

    /// The unit of ``distance``.
    public var unit: ScrollUnit { source.unit }
    /// Time spent scrolling this way.
    public var time: Duration { .microseconds(microseconds) }
    /// Wheel or dial distance in detents (v120 / 120, may be fractional); `nil` for the
    /// continuous sources.
    public var detents: Double? {
      source.isDiscrete ? distance.doubleValue / Double(ScrollUnit.v120PerDetent) : nil
    }
    /// The distance as the counters print it: ``detents`` for wheels and dials, else ``distance``
    /// (mm, or counts for on-button scrolling).
    public var reportedDistance: Double { detents ?? distance.doubleValue }
    /// The unit of ``reportedDistance``: `detents` (wheels, dials), `mm` or `counts`.
    public var reportedUnit: String { source.isDiscrete ? "detents" : unit.rawValue }
  }

  private struct Key: Sendable, Hashable {
    var stream: ScrollStreamKey
    var direction: Direction
  }

  private var counted: [Key: Total] = [:]
  /// When the counters were last reset, or `nil` if never.
  public private(set) var since: Timestamp?
  /// Gesture time before this is not counted: ``since``, until the clock restarts.
  private var clipBefore: Timestamp?

  public init() {}

  /// Counts one record in the direction(s) it moved, on the axes `axes` keeps.
  public mutating func count(_ record: ScrollRecord, axes: AxisFilter = .both) {
    guard !record.isStop else { return }
    let delta = record.new - record.old
    for axis in axes.keptAxes {
      let direction = axis.direction(of: record)
      guard direction != .none else { continue }
      update(ScrollStreamKey(record), direction) {
        $0.records += 1
        $0.distance = $0.distance + axis.component(of: delta).magnitude
      }
    }
  }

  /// Adds a gesture's duration (the part after the last reset) to the time spent in its direction.
  public mutating func count(_ gesture: GestureRecord) {
    let time = clippedMicroseconds(gesture)
    guard time > 0 else { return }
    update(gesture.stream, gesture.direction) { $0.microseconds += time }
  }

  /// Clears every total; counting starts again at `now` (see the type's documentation for open gestures).
  public mutating func reset(at now: Timestamp) {
    counted = [:]
    since = now
    clipBefore = now
  }

  /// The clock starts again (the next recording of a replay has its own clock, which may start
  /// before ``since``): every gesture from now on lies wholly after the reset and counts in full.
  public mutating func clockRestarted() {
    clipBefore = nil
  }

  /// The totals, with the time of the still-open gestures `open` added (pass
  /// ``GestureTracker/openGestures``), sorted by device, source and direction (Up, Down, Left, Right).
  public func totals(including open: [GestureRecord] = []) -> [Total] {
    var copy = self
    for gesture in open { copy.count(gesture) }
    return copy.counted.sorted { ($0.key.stream, $0.key.direction.order) < ($1.key.stream, $1.key.direction.order) }
      .map(\.value)
  }

  private func clippedMicroseconds(_ gesture: GestureRecord) -> Int64 {
    let start = max(gesture.start, clipBefore ?? gesture.start)
    return max(0, gesture.end.microseconds - start.microseconds)
  }

  private mutating func update(_ stream: ScrollStreamKey, _ direction: Direction, _ change: (inout Total) -> Void) {
    let key = Key(stream: stream, direction: direction)
    var total = counted[key] ?? Total(device: stream.device, source: stream.source, direction: direction)
    change(&total)
    counted[key] = total
  }
}
