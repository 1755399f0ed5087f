/// The descriptors one `poll(2)` call waits on, each in a slot whose index says which it is, and
/// what each returned.
public struct PollSet: Sendable {
  /// `poll(2)` event bits.
  public struct Events: OptionSet, Sendable, Hashable {
    public var rawValue: Int16
    public init(rawValue: Int16) { self.rawValue = rawValue }
    /// `POLLIN`: there is something to read.
    public static let input = Events(rawValue: Syscalls.pollInput)
    /// `POLLOUT`: a write would not block.
    public static let output = Events(rawValue: Syscalls.pollOutput)
    /// `POLLERR`: an error condition; always reported.
    public static let error = Events(rawValue: Syscalls.pollError)
    /// `POLLHUP`: the other end hung up; always reported.
    public static let hangUp = Events(rawValue: Syscalls.pollHangUp)
  }

  /// A slot of the set, handed out by ``add(_:waitingFor:)``.
  public struct Slot: Sendable, Hashable {
    fileprivate let index: Int
  }

  private var requests: [(descriptor: Int32, events: Int16)] = []
  private var returnedEvents: [Int16] = []

  public init() {}

  /// Adds `descriptor` (or an empty slot, which never returns anything, for `nil`), waiting for
  /// `events`; ``Events/error`` and ``Events/hangUp`` are reported even when not asked for, so
  /// an empty `events` watches for hangup only.
  public mutating func add(_ descriptor: FileDescriptor?, waitingFor events: Events) -> Slot {
    requests.append((descriptor?.rawValue ?? -1, events.rawValue))
    return Slot(index: requests.count - 1)
  }

  /// Waits until a descriptor is ready or `timeoutMilliseconds` pass (−1: no timeout, 0: no wait).
  /// - Returns: whether any descriptor is ready (`false` after the timeout).
  /// - Throws: ``Errno/interrupted`` when a signal arrived (never retried: the caller has its
  ///   signals to look at), or another ``Errno``.
  public mutating func wait(timeoutMilliseconds: Int32) throws(Errno) -> Bool {
    returnedEvents = try Syscalls.poll(requests, timeoutMilliseconds: timeoutMilliseconds).get()
    return returnedEvents.contains { $0 != 0 }
  }

  /// What `slot` returned in the last ``wait(timeoutMilliseconds:)`` (empty before any).
  public func returned(_ slot: Slot) -> Events {
    returnedEvents.indices.contains(slot.index) ? Events(rawValue: returnedEvents[slot.index]) : []
  }
}
