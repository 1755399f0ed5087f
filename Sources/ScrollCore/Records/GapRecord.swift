/// The kernel dropped events of a device (`SYN_DROPPED`): whatever moved in the lost frames is
/// gone, and the device's offsets continue from where they were.
public struct GapRecord: Sendable, Hashable {
  /// The time of the `SYN_DROPPED` event.
  public var time: Timestamp
  /// The device label.
  public var device: String

  public init(time: Timestamp, device: String) {
    self.time = time
    self.device = device
  }
}
