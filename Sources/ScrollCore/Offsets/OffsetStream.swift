/// One device's content-offset stream for one source, from frame movements to classified records.
///
/// The running scroll position (a ``ContentOffset``) starts at ``ContentOffset/zero`` and moves by each frame's movement
/// (a running sum: the reductions of the movements); a zero movement adds no element. Adjacent
/// positions are paired as `(old, new)` by ``AdjacentPairs`` (seeded with the origin, so the first
/// movement pairs with it), and each pair becomes a ``ScrollRecord`` classified on both axes:
/// ```swift
/// var stream = OffsetStream(source: .wheel)
/// stream.move(by: ScrollOffset(x: 0, y: 120), at: t, device: "mouse")   // old (0, 0), new (0, 120): Down
/// stream.move(by: .zero, at: t, device: "mouse")                        // nil: no new offset
/// stream.move(by: ScrollOffset(x: 0, y: -240), at: t, device: "mouse")  // old (0, 120), new (0, -120): Up
/// ```
public struct OffsetStream: Sendable {
  /// What moves this stream.
  public let source: ScrollSource
  /// The current content offset.
  public private(set) var current: ContentOffset = .zero
  private var pairs = AdjacentPairs(first: ContentOffset.zero)

  public init(source: ScrollSource) {
    self.source = source
  }

  /// Moves the offset by `delta` (in the source's unit, libinput signs); returns the record for the
  /// step, or `nil` if `delta` is zero.
  public mutating func move(by delta: ScrollOffset, at time: Timestamp, device: String) -> ScrollRecord? {
    guard delta != .zero else { return nil }
    current = current + delta
    guard let pair = pairs.next(current) else { return nil }
    return ScrollRecord(time: time, device: device, source: source, old: pair.old, new: pair.new)
  }

  /// The stop record at the current offset: the scroll ended at `time` (old == new, both
  /// directions None).
  public func stop(at time: Timestamp, device: String) -> ScrollRecord {
    ScrollRecord.stop(time: time, device: device, source: source, at: current)
  }
}
