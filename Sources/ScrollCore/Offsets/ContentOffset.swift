/// The running scroll position of one device: the running sum (reductions) of its frame movements,
/// starting at ``ScrollOffset/zero``.
public struct ContentOffset: Sendable {
  /// The current position.
  public private(set) var current: ScrollOffset = .zero

  public init() {}

  /// Moves by `delta` and returns the new position, or `nil` when `delta` is zero (no change, so
  /// the offset stream gets no new element).
  public mutating func advance(by delta: ScrollOffset) -> ScrollOffset? {
    guard delta != .zero else { return nil }
    current = current + delta
    return current
  }
}
