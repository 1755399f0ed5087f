import Glibc
import ScrollCore

/// Reads live devices in one `poll(2)` loop, each through its own ``DevicePipeline``, follows
/// hotplug (``InputDirectoryWatch``) and reports each device's life as ``StatusRecord``s.
///
/// - With no paths (discovery) every node that can scroll is monitored, including nodes plugged
///   in later; keyboards are never opened. With paths, those nodes; one that disappears is picked
///   up again when the same node returns (unless ``MonitorConfiguration/once``).
/// - A node that appears but cannot be opened yet (udev sets permissions a moment later) is
///   retried every ``MonitorConfiguration/hotplugRetryInterval`` for
///   ``MonitorConfiguration/hotplugRetryWindow``, and again whenever its attributes change.
/// - Idle cost: with no input and no deadline the loop sleeps in `poll` with no timeout.
/// - Devices are never grabbed.
public final class Monitor {
  /// Why ``run(signals:output:onRecord:onSignal:deadline:onDeadline:)`` returned.
  public enum Stop: Sendable, Hashable {
    /// `SIGINT` or `SIGTERM` arrived.
    case signal(Int32)
    /// ``stop()`` was called.
    case stopped
    /// ``MonitorConfiguration/once`` was set and no monitored device is left.
    case noDevicesLeft
    /// The `output` descriptor hung up: the reader of the pipe went away (`| head -1`).
    case outputClosed
  }

  final class Node {
    let path: String
    let named: Bool
    var device: EvdevDevice?
    var pipeline: DevicePipeline?
    var retryUntil: Timestamp?
    var nextRetry: Timestamp?
    var lastState: StatusRecord.State?

    init(path: String, named: Bool) {
      self.path = path
      self.named = named
    }
  }

  let configuration: MonitorConfiguration
  var nodes: [Node] = []
  var pending: [StatusRecord] = []
  let watch: InputDirectoryWatch?
  private let wakeRead: FileDescriptor
  private let wakeWrite: FileDescriptor
  var hadDevice = false

  /// Opens the devices to start with.
  /// - Throws: ``MonitorStartError`` when there is nothing to monitor and
  ///   ``MonitorConfiguration/wait`` is off, or a named node is unusable.
  public init(configuration: MonitorConfiguration) throws(MonitorStartError) {
    self.configuration = configuration
    let namedDirectories = configuration.paths.map { path in
      path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
    }
    watch = try? InputDirectoryWatch(directories: [configuration.inputDirectory] + namedDirectories)
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { preconditionFailure("pipe failed: \(Errno.current)") }
    for end in ends { _ = fcntl(end, F_SETFL, O_NONBLOCK) }
    wakeRead = FileDescriptor(rawValue: ends[0])
    wakeWrite = FileDescriptor(rawValue: ends[1])
    if configuration.paths.isEmpty {
      try discover()
    } else {
      for path in configuration.paths { try openNamed(path) }
    }
  }

  deinit {
    wakeRead.close()
    wakeWrite.close()
  }

  /// The devices open now.
  public var devices: [EvdevDevice] { nodes.compactMap(\.device) }

  /// Makes ``run(signals:output:onRecord:onSignal:deadline:onDeadline:)`` return ``Stop/stopped``; safe
  /// to call from another thread.
  public func stop() {
    try? wakeWrite.writeAll("x")
  }

  /// Runs until a signal, ``stop()``, or (with ``MonitorConfiguration/once``) no device is left.
  /// - Parameters:
  ///   - signals: a descriptor that becomes readable when a signal arrives (``SignalPipe``);
  ///     `SIGINT`/`SIGTERM` end the run, other signals go to `onSignal`.
  ///   - onRecord: every scroll, gap and status record, in order.
  ///   - onSignal: other signals (e.g. `SIGUSR1`).
  ///   - deadline: the earliest time a timer of the caller must fire (e.g. a gesture timeout), or
  ///     `nil`; asked before every wait.
  ///   - onDeadline: called with the current time once `deadline()` has passed.
  ///   - output: a descriptor watched for hangup (stdout): when the reader of its pipe goes away
  ///     the run returns ``Stop/outputClosed`` at once, not at the next record.
  /// - Throws: what the callbacks throw (e.g. stdout closed); the loop stops at once.
  public func run<Failure: Error>(
    signals: FileDescriptor? = nil,
    output: FileDescriptor? = nil,
    onRecord: (OutputRecord) throws(Failure) -> Void,
    onSignal: (Int32) throws(Failure) -> Void = { _ in },
    deadline: () -> Timestamp? = { nil },
    onDeadline: (Timestamp) throws(Failure) -> Void = { _ in }
  ) throws(Failure) -> Stop {
    try flushPending(onRecord)
    while true {
      if configuration.once && hadDevice && devices.isEmpty { return .noDevicesLeft }
      let open = nodes.filter { $0.device != nil }
      var fds = open.map { pollfd(fd: $0.device!.descriptor.rawValue, events: Int16(POLLIN), revents: 0) }
      let extra: [FileDescriptor?] = [signals, watch?.descriptor, wakeRead]
      fds += extra.map { pollfd(fd: $0?.rawValue ?? -1, events: Int16(POLLIN), revents: 0) }
      // No events asked: poll reports only POLLERR/POLLHUP, which it always does.
      fds.append(pollfd(fd: output?.rawValue ?? -1, events: 0, revents: 0))
      let ready = poll(&fds, nfds_t(fds.count), timeout(deadline()))
      if ready < 0 {
        if errno == EINTR { continue }
        preconditionFailure("poll failed: \(Errno.current)")
      }
      let base = open.count
      if fds[base].revents != 0 {
        for signal in SignalPipe.takePending() {
          if signal == SIGINT || signal == SIGTERM { return .signal(signal) }
          try onSignal(signal)
        }
      }
      if fds[base + 2].revents != 0 { return .stopped }
      if fds[base + 3].revents & Int16(POLLERR | POLLHUP) != 0 { return .outputClosed }
      for (index, node) in open.enumerated() where fds[index].revents != 0 {
        try read(node, onRecord)
      }
      if fds[base + 1].revents != 0, let watch {
        for change in watch.changes() { hotplug(change) }
      }
      retryDue()
      try flushPending(onRecord)
      let now = MonotonicClock.now()
      if let due = deadline(), due <= now { try onDeadline(now) }
    }
  }

  // MARK: - Events

  private func read<Failure: Error>(_ node: Node, _ onRecord: (OutputRecord) throws(Failure) -> Void) throws(Failure) {
    guard let device = node.device else { return }
    var outputs: [OutputRecord] = []
    var failure: DeviceError?
    do {
      try device.readAvailable { event in node.pipeline?.process(event) { outputs.append($0) } }
    } catch {
      failure = error
    }
    for output in outputs { try onRecord(output) }
    switch failure {
    case .removed?:
      close(node, .removed, "device removed")
      forgetIfDiscovered(node)
    case .read(_, let errno)?:
      close(node, .error, errno.description)
      forgetIfDiscovered(node)
    case .open?, .notEvdev?, nil:
      break
    }
  }

  // MARK: - Status and time

  func status(_ node: Node, _ state: StatusRecord.State, _ reason: String) {
    node.lastState = state
    pending.append(StatusRecord(time: MonotonicClock.now(), device: node.path, state: state, reason: reason))
  }

  private func flushPending<Failure: Error>(_ onRecord: (OutputRecord) throws(Failure) -> Void) throws(Failure) {
    let records = pending
    pending = []
    for record in records { try onRecord(.status(record)) }
  }

  /// Milliseconds until the earliest deadline (rounded up), or −1 (no timeout) when there is none.
  private func timeout(_ callerDeadline: Timestamp?) -> Int32 {
    let deadlines = nodes.compactMap(\.nextRetry) + [callerDeadline].compactMap { $0 }
    guard let earliest = deadlines.min() else { return -1 }
    let micros = earliest.microseconds - MonotonicClock.now().microseconds
    return micros <= 0 ? 0 : Int32(min((micros + 999) / 1000, Int64(Int32.max)))
  }

  func reason(_ errno: Errno) -> String {
    errno.isPermission ? "permission denied" : errno == .noSuchFile ? "no such device" : errno.description
  }
}
