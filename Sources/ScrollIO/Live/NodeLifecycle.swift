import ScrollCore

/// The life of one event node while monitoring, as a pure state machine: which state the node is
/// in, what each event does to it, and which status records and actions follow. The ``Monitor``
/// feeds it what happens to the node (hotplug, time, read errors) and performs its effects; it
/// opens the node only when the lifecycle asks, through the `attempt` closure, so every
/// transition can be tested without devices.
///
/// ```
///              appeared / attribute change / retry due, when an open attempt …
///   absent ──┬─ … succeeds ───────────────────────────────────────→ streaming
///            ├─ … fails (not readable yet), within the retry window → retrying ─(window over)→ waiting
///            └─ … finds no scroll device: named → error; discovered → forgotten
///   streaming ─ unplugged (or ENODEV) → removed;  read error → error
///   waiting, retrying ─ unplugged → removed
/// ```
/// A node that appears is retried every ``MonitorConfiguration/hotplugRetryInterval`` for
/// ``MonitorConfiguration/hotplugRetryWindow`` (udev sets its permissions a moment after the
/// kernel creates it), and again at each attribute change. A node that was removed comes back only
/// when it appears again: the attribute changes of its teardown do not bring it back. A discovered
/// node that is gone, or is not a scroll device, is forgotten; a named node stays, to be picked
/// up again when it returns. A node whose device went away (`ENODEV`) is forgotten only when it
/// disappears.
public struct NodeLifecycle: Sendable, Hashable {
  /// Where the node is.
  public enum State: Sendable, Hashable {
    /// Nothing known yet: the node was just seen, or has not been tried.
    case absent
    /// There (or named) but not openable, and not retried on a timer; `reason` says why
    /// (`permission denied`, `no such device`).
    case waiting(reason: String)
    /// Not openable yet, retried at `next`, until `until` (the hotplug retry window).
    case retrying(reason: String, until: Timestamp, next: Timestamp)
    /// Open and delivering events.
    case streaming
    /// Gone (unplugged, or `ENODEV`).
    case removed
    /// Not usable: not a scroll device, or reading failed; `reason` says which.
    case error(reason: String)
  }

  /// What happens to the node.
  public enum Event: Sendable, Hashable {
    /// The monitor starts and tries the node once.
    case started
    /// The node was created (inotify `IN_CREATE`, `IN_MOVED_TO`).
    case appeared
    /// Its permissions, ACL or owner changed (inotify `IN_ATTRIB`).
    case attributesChanged
    /// It was deleted (inotify `IN_DELETE`, `IN_MOVED_FROM`).
    case disappeared
    /// Time passed; a retry that is due is made.
    case tick
    /// Reading said the device is gone (`ENODEV`).
    case deviceRemoved
    /// Reading failed for another reason.
    case readFailed(reason: String)
  }

  /// The result of one attempt to open the node.
  public enum Outcome: Sendable, Hashable {
    /// Open and streaming; `description` is the streaming record's reason (name and capabilities).
    case opened(description: String)
    /// Not openable now, worth retrying (`permission denied`, `no such device`).
    case unavailable(reason: String)
    /// Not something to monitor (a keyboard, no scroll capability, not an evdev node).
    case ignored(reason: String)
  }

  /// What the monitor must do after a transition, in order.
  public enum Effect: Sendable, Hashable {
    /// Write a status record with this state and reason.
    case status(StatusRecord.State, reason: String)
    /// Close the open device.
    case close
    /// Forget the node: a discovered node that is gone or is not a scroll device.
    case forget
  }

  /// Whether the node was named on the command line (else found by discovery).
  public let named: Bool
  /// How long a node that appeared is retried (``MonitorConfiguration/hotplugRetryWindow``).
  public let retryWindow: Duration
  /// How often (``MonitorConfiguration/hotplugRetryInterval``).
  public let retryInterval: Duration
  /// The current state.
  public private(set) var state: State = .absent

  public init(
    named: Bool, retryWindow: Duration = MonitorConfiguration.hotplugRetryWindow,
    retryInterval: Duration = MonitorConfiguration.hotplugRetryInterval
  ) {
    self.named = named
    self.retryWindow = retryWindow
    self.retryInterval = retryInterval
  }

  /// When the next retry is due, or `nil` when none is scheduled.
  public var nextDeadline: Timestamp? {
    if case .retrying(_, _, let next) = state { return next }
    return nil
  }

  /// Whether the node is open.
  public var isStreaming: Bool { state == .streaming }

  /// Applies `event` at `now`; calls `attempt` when the transition tries to open the node, and
  /// returns the effects for the monitor to carry out.
  public mutating func handle(_ event: Event, at now: Timestamp, attempt: () -> Outcome) -> [Effect] {
    switch event {
    case .started:
      return apply(attempt(), at: now, window: nil)
    case .appeared:
      guard !isStreaming else { return [] }
      return apply(attempt(), at: now, window: now.adding(retryWindow))
    case .attributesChanged:
      guard !isStreaming, state != .removed else { return [] }
      return apply(attempt(), at: now, window: retryUntil)
    case .tick:
      guard case .retrying(_, let until, let next) = state, next <= now else { return [] }
      return apply(attempt(), at: now, window: until)
    case .disappeared:
      var effects: [Effect]
      switch state {
      case .streaming: effects = [.close, .status(.removed, reason: Self.removedReason)]
      case .waiting, .retrying: effects = [.status(.removed, reason: Self.removedReason)]
      case .absent, .removed, .error: effects = []
      }
      if !effects.isEmpty { state = .removed }
      return effects + forgetIfDiscovered()
    case .deviceRemoved:
      // Kept until the node disappears, discovered or not: udev's teardown may change its
      // attributes before it is deleted, and a removed node must not come back from that.
      guard isStreaming else { return [] }
      state = .removed
      return [.close, .status(.removed, reason: Self.removedReason)]
    case .readFailed(let reason):
      guard isStreaming else { return [] }
      state = .error(reason: reason)
      return [.close, .status(.error, reason: reason)] + forgetIfDiscovered()
    }
  }

  /// The reason of the removed status record.
  static let removedReason = "device removed"

  private var retryUntil: Timestamp? {
    if case .retrying(_, let until, _) = state { return until }
    return nil
  }

  private mutating func apply(_ outcome: Outcome, at now: Timestamp, window: Timestamp?) -> [Effect] {
    switch outcome {
    case .opened(let description):
      state = .streaming
      return [.status(.streaming, reason: description)]
    case .unavailable(let reason):
      var effects: [Effect] = []
      var shown = reason
      switch state {
      case .waiting(let current), .retrying(let current, _, _): shown = current  // already said
      case .absent, .streaming, .removed, .error: effects = [.status(.waiting, reason: reason)]
      }
      if let window, now < window {
        state = .retrying(reason: shown, until: window, next: now.adding(retryInterval))
      } else {
        state = .waiting(reason: shown)
      }
      return effects
    case .ignored(let reason):
      guard named else { return [.forget] }
      state = .error(reason: reason)
      return [.status(.error, reason: reason)]
    }
  }

  private func forgetIfDiscovered() -> [Effect] {
    named ? [] : [.forget]
  }
}
