/// One device's content-offset stream for one source, from frame movements to classified records:
/// movement → running offset (``ContentOffset``) → `(old, new)` pairs (``AdjacentPairs``, seeded
/// with the origin) → ``ScrollRecord`` (both classifiers).
public struct OffsetStream: Sendable {
  /// What moves this stream.
  public let source: ScrollSource
  private var offset = ContentOffset()
  private var pairs = AdjacentPairs(first: ScrollOffset.zero)

  public init(source: ScrollSource) {
    self.source = source
  }

  /// The current content offset.
  public var current: ScrollOffset { offset.current }

  /// Moves the offset by `delta`; returns the record for the step, or `nil` if `delta` is zero.
  public mutating func move(by delta: ScrollOffset, at time: Timestamp, device: String) -> ScrollRecord? {
    guard let new = offset.advance(by: delta), let pair = pairs.next(new) else { return nil }
    return ScrollRecord(time: time, device: device, source: source, old: pair.old, new: pair.new)
  }
}
