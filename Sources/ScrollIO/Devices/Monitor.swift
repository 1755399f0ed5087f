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
  /// Why ``run(signals:onRecord:onSignal:deadline:onDeadline:)`` returned.
  public enum Stop: Sendable, Hashable {
    /// `SIGINT` or `SIGTERM` arrived.
    case signal(Int32)
    /// ``stop()`` was called.
    case stopped
    /// ``MonitorConfiguration/once`` was set and no monitored device is left.
    case noDevicesLeft
  }

  private final class Node {
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

  private let configuration: MonitorConfiguration
  private var nodes: [Node] = []
  private var pending: [StatusRecord] = []
  private let watch: InputDirectoryWatch?
  private let wakeRead: FileDescriptor
  private let wakeWrite: FileDescriptor
  private var hadDevice = false

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

  /// Makes ``run(signals:onRecord:onSignal:deadline:onDeadline:)`` return ``Stop/stopped``; safe
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
  /// - Throws: what the callbacks throw (e.g. stdout closed); the loop stops at once.
  public func run<Failure: Error>(
    signals: FileDescriptor? = nil,
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

  // MARK: - Starting

  private func discover() throws(MonitorStartError) {
    let directory = configuration.inputDirectory
    let paths = DeviceDiscovery.eventNodes(in: directory)
    var denied: [MonitorStartError.UnreadableNode] = []
    var keyboards: [MonitorStartError.UnreadableNode] = []
    for path in paths {
      let node = Node(path: path, named: false)
      switch attempt(node) {
      case .opened:
        nodes.append(node)
      case .unavailable(let error) where error.isPermission:
        denied.append(MonitorStartError.UnreadableNode(path: path, name: SysfsInputInfo(path: path).name))
        nodes.append(node)
        status(node, .waiting, "permission denied")
      case .ignored(.keyboard(let name)):
        keyboards.append(MonitorStartError.UnreadableNode(path: path, name: name))
      case .unavailable, .ignored:
        break
      }
    }
    guard devices.isEmpty, !configuration.wait else { return }
    if !denied.isEmpty { throw .notReadable(directory: directory, nodes: denied) }
    throw .noScrollDevice(directory: directory, nodeCount: paths.count, keyboards: keyboards)
  }

  private func openNamed(_ path: String) throws(MonitorStartError) {
    let node = Node(path: path, named: true)
    let sysfs = SysfsInputInfo(path: path)
    if sysfs.isKeyboard == true && !configuration.allowKeyboards {
      throw .keyboard(path: path, name: sysfs.name ?? "")
    }
    do {
      let device = try EvdevDevice(path: path)
      if device.description.isKeyboard && !configuration.allowKeyboards {
        throw MonitorStartError.keyboard(path: path, name: device.description.name)
      }
      guard device.description.scrollCapabilities.canScroll else {
        throw MonitorStartError.cannotScroll(path: path, name: device.description.name)
      }
      start(node, device)
    } catch let error as MonitorStartError {
      throw error
    } catch let error as DeviceError {
      guard configuration.wait, case .open(_, let errno) = error else { throw .device(error) }
      status(node, .waiting, reason(errno))
    } catch {
      preconditionFailure("unexpected \(error)")
    }
    nodes.append(node)
  }

  // MARK: - Opening

  private enum Attempt {
    case opened
    /// Not openable now; worth retrying.
    case unavailable(Errno)
    /// Not something to monitor.
    case ignored(Ignored)
  }

  private enum Ignored {
    /// A keyboard (that may also scroll), with its name if known.
    case keyboard(String?)
    case cannotScroll
    case notEvdev(DeviceError)

    var reason: String {
      switch self {
      case .keyboard: "a keyboard: name it with --allow-keyboards to monitor it"
      case .cannotScroll: "cannot scroll"
      case .notEvdev(let error): error.description
      }
    }
  }

  /// Tries to open `node`; on success it starts streaming.
  private func attempt(_ node: Node) -> Attempt {
    let sysfs = SysfsInputInfo(path: node.path)
    let keyboardsAllowed = node.named && configuration.allowKeyboards
    if !node.named && sysfs.canScroll == false { return .ignored(.cannotScroll) }
    if sysfs.isKeyboard == true && !keyboardsAllowed { return .ignored(.keyboard(sysfs.name)) }
    let device: EvdevDevice
    do {
      device = try EvdevDevice(path: node.path)
    } catch {
      if case .open(_, let errno) = error { return .unavailable(errno) }
      return .ignored(.notEvdev(error))
    }
    if device.description.isKeyboard && !keyboardsAllowed {
      return .ignored(.keyboard(device.description.name))
    }
    guard device.description.scrollCapabilities.canScroll else { return .ignored(.cannotScroll) }
    start(node, device)
    return .opened
  }

  private func start(_ node: Node, _ device: EvdevDevice) {
    node.device = device
    node.pipeline = DevicePipeline(device: node.path, description: device.description, options: configuration.pipeline)
    node.retryUntil = nil
    node.nextRetry = nil
    hadDevice = true
    let capabilities = device.description.scrollCapabilities.names.joined(separator: ", ")
    status(node, .streaming, device.description.name + ": " + capabilities)
  }

  private func close(_ node: Node, _ state: StatusRecord.State, _ why: String) {
    node.device = nil
    node.pipeline = nil
    status(node, state, why)
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

  private func hotplug(_ change: InputDirectoryWatch.Change) {
    switch change {
    case .appeared(let path), .attributesChanged(let path):
      let node: Node
      if let known = nodes.first(where: { $0.path == path }) {
        // Attribute changes of a node that was just removed come from its teardown: only a
        // node appearing again brings it back.
        guard known.device == nil, !(known.lastState == .removed && change == .attributesChanged(path)) else { return }
        node = known
      } else {
        guard configuration.paths.isEmpty, Self.isEventNode(path, in: configuration.inputDirectory) else { return }
        node = Node(path: path, named: false)
        nodes.append(node)
      }
      if case .appeared = change {
        let now = MonotonicClock.now()
        node.retryUntil = now + configuration.hotplugWindow
      }
      retry(node)
    case .disappeared(let path):
      guard let node = nodes.first(where: { $0.path == path }) else { return }
      if node.device != nil || node.lastState == .waiting { close(node, .removed, "device removed") }
      node.retryUntil = nil
      node.nextRetry = nil
      forgetIfDiscovered(node)
    }
  }

  private func retry(_ node: Node) {
    switch attempt(node) {
    case .opened:
      break
    case .unavailable(let errno):
      if node.lastState != .waiting { status(node, .waiting, reason(errno)) }
      let now = MonotonicClock.now()
      if let until = node.retryUntil, now < until {
        node.nextRetry = now + configuration.hotplugInterval
      } else {
        node.retryUntil = nil
        node.nextRetry = nil
      }
    case .ignored(let why):
      node.retryUntil = nil
      node.nextRetry = nil
      if node.named {
        status(node, .error, why.reason)
      } else {
        forgetIfDiscovered(node)
      }
    }
  }

  private func retryDue() {
    let now = MonotonicClock.now()
    for node in nodes where node.device == nil {
      if let next = node.nextRetry, next <= now { retry(node) }
    }
  }

  private func forgetIfDiscovered(_ node: Node) {
    guard !node.named, node.device == nil else { return }
    nodes.removeAll { $0 === node }
  }

  /// Whether `path` is an `eventN` node directly in `directory`.
  private static func isEventNode(_ path: String, in directory: String) -> Bool {
    guard path.hasPrefix(directory + "/") else { return false }
    let name = path.dropFirst(directory.count + 1)
    return name.hasPrefix("event") && Int(name.dropFirst(5)) != nil
  }

  // MARK: - Status and time

  private func status(_ node: Node, _ state: StatusRecord.State, _ reason: String) {
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

  private func reason(_ errno: Errno) -> String {
    errno.isPermission ? "permission denied" : errno == .noSuchFile ? "no such device" : errno.description
  }
}

extension MonitorConfiguration {
  var hotplugWindow: Int64 { Self.hotplugRetryWindow.microseconds }
  var hotplugInterval: Int64 { Self.hotplugRetryInterval.microseconds }
}

extension Duration {
  /// The duration in whole microseconds.
  var microseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
  }
}

extension Timestamp {
  static func + (lhs: Timestamp, microseconds: Int64) -> Timestamp {
    Timestamp(microseconds: lhs.microseconds + microseconds)
  }
}
