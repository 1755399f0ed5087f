/// A change in a device's life while monitoring: asked for but not there, streaming, gone, failed.
public struct StatusRecord: Sendable, Hashable {
  /// The states, like a loading / content / error state per device.
  public enum State: String, Sendable, Hashable, CaseIterable {
    /// Asked for (named, or seen appearing) but not there yet or not readable; `reason` says which.
    case waiting
    /// Open and delivering events; `reason` is the device's name and scroll capabilities.
    case streaming
    /// The node went away (unplugged, or `ENODEV`).
    case removed
    /// Reading failed; `reason` is the error text.
    case error
  }

  /// When the state changed, on the clock of the event timestamps (`CLOCK_MONOTONIC` live).
  public var time: Timestamp
  /// The event node path.
  public var device: String
  /// The new state.
  public var state: State
  /// Why, or what: see ``State``.
  public var reason: String

  public init(time: Timestamp, device: String, state: State, reason: String) {
    self.time = time
    self.device = device
    self.state = state
    self.reason = reason
  }
}
