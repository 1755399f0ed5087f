/// One scroll gesture: a run of offset changes on one axis of one stream, in one direction, with no
/// pause as long as the idle timeout (see ``GestureTracker`` for when a gesture starts and ends).
///
/// Rendered as `"event":"gesture"` by ``JSONFormat/gesture(_:)``.
public struct GestureRecord: Sendable, Hashable {
  /// Why a gesture ended.
  public enum Ending: String, Sendable, Hashable, CaseIterable {
    /// No movement on its axis for the idle timeout (the deadline passed).
    case timeout
    /// A finger-scroll stop record: the fingers lifted.
    case stop
    /// A movement the other way on the same axis; that movement starts the next gesture.
    case reversal
    /// The input ended (end of a recording, device removed) or its clock went backwards.
    case flush
  }

  /// The device label, as in the records.
  public var device: String
  /// What moved the offset.
  public var source: ScrollSource
  /// The axis the gesture moved on.
  public var axis: ScrollAxis
  /// Up or Down on ``ScrollAxis/vertical``, Left or Right on ``ScrollAxis/horizontal``; never None.
  public var direction: Direction
  /// Time of the gesture's first record.
  public var start: Timestamp
  /// Time of the gesture's last record (equal to ``start`` for a one-record gesture).
  public var end: Timestamp
  /// How far it moved along ``axis``, always positive, in ``unit`` (v120 and counts: exact whole
  /// numbers; mm).
  public var distance: OffsetValue
  /// How many records (offset changes) it counted; at least 1.
  public var events: Int
  /// Why it ended, or `nil` for a snapshot of a gesture still in progress (``GestureTracker/openGestures``).
  public var ending: Ending?

  public init(
    device: String, source: ScrollSource, axis: ScrollAxis, direction: Direction, start: Timestamp, end: Timestamp,
    distance: OffsetValue, events: Int, ending: Ending? = nil
  ) {
    self.device = device
    self.source = source
    self.axis = axis
    self.direction = direction
    self.start = start
    self.end = end
    self.distance = distance
    self.events = events
    self.ending = ending
  }

  /// From the first record to the last (not including the idle time that ended it); zero for a
  /// one-record gesture.
  public var duration: Duration { end.duration(since: start) }

  /// The unit of ``distance``.
  public var unit: ScrollUnit { source.unit }

  /// The stream the gesture belongs to.
  public var stream: ScrollStreamKey { ScrollStreamKey(device: device, source: source) }
}
