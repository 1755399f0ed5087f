/// `--gestures`: groups records into gestures, one ``GestureRecord`` per gesture, per device,
/// source and axis.
///
/// Rules, for each axis of each stream (device and source) separately:
/// - A gesture **starts** with a record that moves on the axis when no gesture is open there.
/// - It **continues** with every record that moves on the axis in the same direction after a pause
///   (since its last record) **shorter than** ``idleTimeout``. Records that do not move on the axis
///   (the other axis only) neither continue nor end it.
/// - It **ends**:
///   - at its deadline, last record + ``idleTimeout``, **inclusive**: a pause exactly as long as the
///     timeout ends the gesture (a record arriving at the deadline starts a new one), as libinput's
///     timers fire when `expire <= now`; a pause one microsecond shorter continues it
///     (``GestureRecord/Ending/timeout``);
///   - at a finger-scroll stop record of its stream, on both axes (``GestureRecord/Ending/stop``);
///   - at a record moving the other way on its axis, which starts the next gesture
///     (``GestureRecord/Ending/reversal``);
///   - at ``finish()`` (end of input), or when a record's time is earlier than the gesture's last
///     record (a new clock) (``GestureRecord/Ending/flush``).
/// - Its distance is the sum of the record movements along the axis (positive), its duration runs
///   from its first record to its last.
///
/// Time: there is no clock here. ``process(_:)`` first expires everything due at the record's time;
/// ``nextDeadline`` tells a poll loop when to wake up, and ``advance(to:)`` emits what expired at or
/// before `now`. In a replay the events' own times drive it, so replays are deterministic and instant.
/// Time must not go backwards within a stream: replaying several recordings (each with its own
/// clock), call ``finish()`` after each.
///
/// Output order is fixed: gestures ended together (by one `advance`, one stop, one `finish`) come by
/// deadline, then device, source and axis (vertical first); reversals caused by one record come
/// vertical first, after any gesture that expired by that record's time.
public struct GestureTracker: Sendable {
  /// Default idle timeout: 500 ms, the time after which libinput ends a wheel scroll sequence
  /// (`WHEEL_SCROLL_TIMEOUT` in `src/libinput-plugin-mouse-wheel.c`, 1.29). It is well above the gap
  /// between steps of a wheel being turned (10–150 ms in the recordings: 13–72 ms on the G502
  /// Lightspeed, 88–136 ms on the TrackPoint Keyboard II) and below a deliberate pause (0.95 s in
  /// the G502 half-notch recording), so a flick is one gesture and two flicks are two.
  public static let defaultIdleTimeout: Duration = .milliseconds(500)

  private struct Key: Sendable, Hashable {
    var stream: ScrollStreamKey
    var axis: ScrollAxis
  }

  /// Pause (at least 1 µs) that ends a gesture.
  public let idleTimeout: Duration
  /// Axes to track (`--axis`); movement on other axes is ignored.
  public let axes: AxisFilter
  private var open: [Key: GestureRecord] = [:]

  /// - Parameters:
  ///   - idleTimeout: pause that ends a gesture (`--idle-timeout MS`), at least 1 µs.
  ///   - axes: axes to track.
  public init(idleTimeout: Duration = GestureTracker.defaultIdleTimeout, axes: AxisFilter = .both) {
    precondition(idleTimeout.wholeMicroseconds >= 1, "the idle timeout must be at least 1 µs")
    self.idleTimeout = idleTimeout
    self.axes = axes
  }

  /// Feeds one record; returns the gestures it ends: those expired at its time, then those it
  /// reverses or stops.
  public mutating func process(_ record: ScrollRecord) -> [GestureRecord] {
    var ended = advance(to: record.time)
    let stream = ScrollStreamKey(record)
    if record.isStop {
      ended += close(ending: .stop) { $0.stream == stream }
      return ended
    }
    let delta = record.new - record.old
    for axis in axes.keptAxes {
      let direction = axis.direction(of: record)
      guard direction != .none else { continue }
      let amount = axis.component(of: delta).magnitude
      let key = Key(stream: stream, axis: axis)
      if var gesture = open[key] {
        if gesture.direction == direction && record.time >= gesture.end {
          gesture.end = record.time
          gesture.distance = gesture.distance + amount
          gesture.events += 1
          open[key] = gesture
          continue
        }
        gesture.ending = gesture.direction != direction ? .reversal : .flush
        ended.append(gesture)
      }
      open[key] = GestureRecord(
        device: record.device, source: record.source, axis: axis, direction: direction, start: record.time,
        end: record.time, distance: OffsetValue(amount), events: 1)
    }
    return ended
  }

  /// The earliest deadline of an open gesture (its last record + ``idleTimeout``), or `nil`.
  public var nextDeadline: Timestamp? {
    open.values.map(deadline(of:)).min()
  }

  /// Ends and returns every gesture whose deadline is at or before `now` (inclusive).
  public mutating func advance(to now: Timestamp) -> [GestureRecord] {
    let timeout = idleTimeout
    return close(ending: .timeout) { $0.end.adding(timeout) <= now }
  }

  /// Ends and returns every open gesture (end of input).
  public mutating func finish() -> [GestureRecord] {
    close(ending: .flush) { _ in true }
  }

  /// Ends and returns the open gestures of `device` (it went away).
  public mutating func finish(device: String) -> [GestureRecord] {
    close(ending: .flush) { $0.device == device }
  }

  /// Snapshots of the gestures in progress (``GestureRecord/ending`` `nil`, ``GestureRecord/end`` at
  /// their last record), by start time, then device, source and axis.
  public var openGestures: [GestureRecord] {
    open.values.sorted {
      ($0.start, $0.stream, $0.axis.order) < ($1.start, $1.stream, $1.axis.order)
    }
  }

  private func deadline(of gesture: GestureRecord) -> Timestamp {
    Self.deadline(of: gesture, idleTimeout: idleTimeout)
  }

  private static func deadline(of gesture: GestureRecord, idleTimeout: Duration) -> Timestamp {
    gesture.end.adding(idleTimeout)
  }

  private mutating func close(ending: GestureRecord.Ending, where shouldClose: (GestureRecord) -> Bool)
    -> [GestureRecord]
  {
    let timeout = idleTimeout
    let due = open.filter { shouldClose($0.value) }.sorted {
      (Self.deadline(of: $0.value, idleTimeout: timeout), $0.key.stream, $0.key.axis.order)
        < (Self.deadline(of: $1.value, idleTimeout: timeout), $1.key.stream, $1.key.axis.order)
    }
    return due.map { key, gesture in
      open[key] = nil
      var ended = gesture
      ended.ending = ending
      return ended
    }
  }
}
