/// One step of a device's content offset, classified: the unit of scrolldir's output.
///
/// `old` and `new` are adjacent elements of the device's content-offset stream for `source`, so the
/// record says how the position moved in one frame. Each axis that did not move is ``Direction/none``.
public struct ScrollRecord: Sendable, Hashable {
  /// When the frame that moved the offset ended (its `SYN_REPORT`).
  public var time: Timestamp
  /// The device: an event node path live, the device name in a recording.
  public var device: String
  /// What moved the offset.
  public var source: ScrollSource
  /// The content offset before the frame.
  public var old: ContentOffset
  /// The content offset after the frame.
  public var new: ContentOffset
  /// Up, Down or None.
  public var vertical: Direction
  /// Left, Right or None.
  public var horizontal: Direction
  /// Whether this record marks the end of a finger scroll (the fingers lifted or their count left
  /// two): then `old == new` and both directions are ``Direction/none``. Always `false` for wheels.
  public var isStop: Bool

  /// Creates a record from an offset pair, classifying both axes.
  public init(time: Timestamp, device: String, source: ScrollSource, old: ContentOffset, new: ContentOffset) {
    self.time = time
    self.device = device
    self.source = source
    self.old = old
    self.new = new
    self.vertical = VerticalClassifier.classify(old: old, new: new)
    self.horizontal = HorizontalClassifier.classify(old: old, new: new)
    self.isStop = false
  }

  /// A stop record at `offset`: the scroll by `source` ended at `time`.
  public static func stop(time: Timestamp, device: String, source: ScrollSource, at offset: ContentOffset)
    -> ScrollRecord
  {
    var record = ScrollRecord(time: time, device: device, source: source, old: offset, new: offset)
    record.isStop = true
    return record
  }

  /// The unit of `old` and `new`.
  public var unit: ScrollUnit { source.unit }
}
