/// Identifies one content-offset stream: a device and the source that moves it. Modes keep their
/// state per stream (and per axis where it matters), since each stream has its own offsets and unit.
public struct ScrollStreamKey: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The device label records carry (event node path live, device name in a recording).
  public var device: String
  /// What moves the offset.
  public var source: ScrollSource

  public init(device: String, source: ScrollSource) {
    self.device = device
    self.source = source
  }

  /// The stream `record` belongs to.
  public init(_ record: ScrollRecord) {
    self.init(device: record.device, source: record.source)
  }

  /// Device label first, then source in declaration order (wheel before finger): a fixed order for
  /// output that must not depend on dictionary iteration.
  public static func < (lhs: ScrollStreamKey, rhs: ScrollStreamKey) -> Bool {
    if lhs.device != rhs.device { return lhs.device < rhs.device }
    return lhs.source.order < rhs.source.order
  }

  public var description: String { device + " " + source.rawValue }
}
