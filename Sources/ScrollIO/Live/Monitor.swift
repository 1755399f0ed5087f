import ScrollCore

/// Reads live devices in one `poll(2)` loop, each through its own ``DevicePipeline``, follows
/// hotplug (``InputDirectoryWatch``) and reports each device's life as ``StatusRecord``s; each
/// node's life is a ``NodeLifecycle``.
///
/// - With no paths (discovery) every node that can scroll is monitored, including nodes plugged
///   in later; keyboards are never opened. With paths, those nodes; one that disappears is picked
///   up again when the same node returns (unless ``MonitorConfiguration/once``).
/// - Idle cost: with no input and no deadline the loop sleeps in `poll` with no timeout.
/// - Devices are never grabbed.
public final class Monitor {
  /// What the loop hands its caller, in order.
  public enum Event: Sendable {
    /// A scroll, gap or status record.
    case record(OutputRecord)
    /// A signal other than `SIGINT`/`SIGTERM` (e.g. `SIGUSR1`).
    case signal(Signal)
    /// The caller's deadline passed; the payload is the current time.
    case deadline(Timestamp)
    /// Something the user should know that does not stop the monitor (hotplug unavailable).
    case warning(Warning)
  }

  /// A problem that leaves the monitor running with less than it was asked for.
  public enum Warning: Sendable, Hashable, CustomStringConvertible {
    /// No inotify instance: nodes plugged in later are not seen.
    case hotplugUnavailable(Errno)
    /// A directory could not be watched: nodes appearing in it are not seen.
    case notWatched(InputDirectoryWatch.Failure)
    /// The input directory could not be read at the start (with ``MonitorConfiguration/wait``).
    case unreadableDirectory(directory: String, errno: Errno)

    public var description: String {
      switch self {
      case .hotplugUnavailable(let errno): "cannot follow devices plugged in (inotify): \(errno)"
      case .notWatched(let failure): failure.description
      case .unreadableDirectory(let directory, let errno): "cannot read \(directory): \(errno)"
      }
    }
  }

  /// Why ``run(signals:output:deadline:handle:)`` returned.
  public enum Stop: Sendable, Hashable {
    /// `SIGINT` or `SIGTERM` arrived.
    case signal(Signal)
    /// ``stop()`` was called.
    case stopped
    /// ``MonitorConfiguration/once`` was set and no monitored device is left.
    case noDevicesLeft
    /// The `output` descriptor hung up: the reader of the pipe went away (`| head -1`).
    case outputClosed
    /// `poll(2)` failed (e.g. `ENOMEM`).
    case pollFailed(Errno)
  }

  /// One node being monitored or waited for.
  private final class Node {
    let path: String
    let named: Bool
    /// Not read while it handles an event (its `attempt` closure reads the other fields).
    var lifecycle: NodeLifecycle
    var device: EvdevDevice?
    var pipeline: DevicePipeline?

    init(path: String, named: Bool) {
      self.path = path
      self.named = named
      lifecycle = NodeLifecycle(named: named)
    }
  }

  /// What one attempt to open a node found.
  private enum Probe {
    case opened(EvdevDevice, DevicePipeline)
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

  private let configuration: MonitorConfiguration
  private var nodes: [Node] = []
  private var pending: [StatusRecord] = []
  private var warnings: [Warning] = []
  private let watch: InputDirectoryWatch?
  private let wake: (read: FileDescriptor, write: FileDescriptor)
  private var hadDevice = false

  /// Opens the devices to start with.
  /// - Throws: ``MonitorStartError`` when there is nothing to monitor and
  ///   ``MonitorConfiguration/wait`` is off, a named node is unusable, or the monitor's wake-up
  ///   pipe cannot be made.
  public init(configuration: MonitorConfiguration) throws(MonitorStartError) {
    self.configuration = configuration
    do {
      wake = try FileDescriptor.pipe()
    } catch {
      throw .resources(error)
    }
    let directories = [configuration.inputDirectory] + configuration.paths.map(Self.directory(of:))
    do {
      let watch = try InputDirectoryWatch(directories: directories)
      warnings += watch.failures.map(Warning.notWatched)
      self.watch = watch
    } catch {
      warnings.append(.hotplugUnavailable(error))
      watch = nil
    }
    if configuration.paths.isEmpty {
      try discover()
    } else {
      for path in configuration.paths { try openNamed(path) }
    }
  }

  deinit {
    wake.read.close()
    wake.write.close()
  }

  /// The devices open now.
  public var devices: [EvdevDevice] { nodes.compactMap(\.device) }

  /// Makes ``run(signals:output:deadline:handle:)`` return ``Stop/stopped``; safe to call from
  /// another thread.
  public func stop() {
    try? wake.write.writeAll("x")
  }

  /// Runs until a signal, ``stop()``, or (with ``MonitorConfiguration/once``) no device is left.
  /// - Parameters:
  ///   - signals: a descriptor that becomes readable when a signal arrives (``SignalPipe``);
  ///     `SIGINT`/`SIGTERM` end the run, other signals are handed to `handle`.
  ///   - output: a descriptor watched for hangup (stdout): when the reader of its pipe goes away
  ///     the run returns ``Stop/outputClosed`` at once, not at the next record.
  ///   - deadline: the earliest time a timer of the caller must fire (e.g. a gesture timeout), or
  ///     `nil`; asked before every wait.
  ///   - handle: every event in order: warnings first, then records, signals and deadlines.
  /// - Throws: what `handle` throws (e.g. stdout closed); the loop stops at once.
  public func run<Failure: Error>(
    signals: FileDescriptor? = nil,
    output: FileDescriptor? = nil,
    deadline: () -> Timestamp? = { nil },
    handle: (Event) throws(Failure) -> Void
  ) throws(Failure) -> Stop {
    for warning in warnings { try handle(.warning(warning)) }
    warnings = []
    try flushPending(handle)
    while true {
      if configuration.once && hadDevice && devices.isEmpty { return .noDevicesLeft }
      let open = nodes.filter { $0.device != nil }
      var poll = PollSet()
      let deviceSlots = open.map { poll.add($0.device?.descriptor, waitingFor: .input) }
      let signalSlot = poll.add(signals, waitingFor: .input)
      let watchSlot = poll.add(watch?.descriptor, waitingFor: .input)
      let wakeSlot = poll.add(wake.read, waitingFor: .input)
      // No events asked: poll reports only POLLERR/POLLHUP, which it always does.
      let outputSlot = poll.add(output, waitingFor: [])
      do {
        _ = try poll.wait(timeoutMilliseconds: timeout(deadline()))
      } catch {
        if error == .interrupted { continue }
        return .pollFailed(error)
      }
      if !poll.returned(signalSlot).isEmpty {
        for signal in SignalPipe.takePending() {
          if signal.stops { return .signal(signal) }
          try handle(.signal(signal))
        }
      }
      if !poll.returned(wakeSlot).isEmpty { return .stopped }
      if !poll.returned(outputSlot).isDisjoint(with: [.error, .hangUp]) { return .outputClosed }
      for (node, slot) in zip(open, deviceSlots) where !poll.returned(slot).isEmpty {
        try read(node, handle)
      }
      if let watch, !poll.returned(watchSlot).isEmpty {
        for change in watch.changes() { hotplug(change) }
      }
      for node in nodes { apply(.tick, to: node) }
      try flushPending(handle)
      let now = MonotonicClock.now()
      if let due = deadline(), due <= now { try handle(.deadline(now)) }
    }
  }

  // MARK: - Starting

  private func discover() throws(MonitorStartError) {
    let directory = configuration.inputDirectory
    let paths: [String]
    do {
      paths = try DeviceDiscovery.eventNodes(in: directory)
    } catch {
      guard configuration.wait else { throw .unreadableDirectory(directory: directory, errno: error) }
      if !warnings.contains(where: {
        if case .notWatched(let failure) = $0 { failure.directory == directory } else { false }
      }) {
        warnings.append(.unreadableDirectory(directory: directory, errno: error))
      }
      paths = []
    }
    var denied: [MonitorStartError.UnreadableNode] = []
    var keyboards: [MonitorStartError.UnreadableNode] = []
    for path in paths {
      let node = Node(path: path, named: false)
      switch probe(node) {
      case .opened(let device, let pipeline):
        nodes.append(node)
        apply(.started, to: node) { self.start(node, device, pipeline) }
      case .unavailable(let error) where error.isPermission:
        denied.append(MonitorStartError.UnreadableNode(path: path, name: SysfsInputInfo(path: path).name))
        nodes.append(node)
        apply(.started, to: node) { .unavailable(reason: Self.reason(error)) }
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
    let device: EvdevDevice
    do {
      device = try EvdevDevice(path: path)
    } catch {
      guard configuration.wait, case .open(_, let errno) = error else { throw .device(error) }
      nodes.append(node)
      apply(.started, to: node) { .unavailable(reason: Self.reason(errno)) }
      return
    }
    if device.description.isKeyboard && !configuration.allowKeyboards {
      throw .keyboard(path: path, name: device.description.name)
    }
    let pipeline = DevicePipeline(device: path, description: device.description, options: configuration.pipeline)
    guard pipeline.canScroll else {
      throw .cannotScroll(path: path, description: device.description)
    }
    nodes.append(node)
    apply(.started, to: node) { self.start(node, device, pipeline) }
  }

  // MARK: - Opening

  /// Tries to open `node`'s path: whether it is there, readable, and a scroll device to monitor.
  private func probe(_ node: Node) -> Probe {
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
    let pipeline = DevicePipeline(device: node.path, description: device.description, options: configuration.pipeline)
    guard pipeline.canScroll else { return .ignored(.cannotScroll) }
    return .opened(device, pipeline)
  }

  /// An open attempt as the lifecycle sees it; an opened device starts streaming.
  private func attempt(_ node: Node) -> NodeLifecycle.Outcome {
    switch probe(node) {
    case .opened(let device, let pipeline): start(node, device, pipeline)
    case .unavailable(let errno): .unavailable(reason: Self.reason(errno))
    case .ignored(let why): .ignored(reason: why.reason)
    }
  }

  /// Starts reading `device` through `pipeline` for `node`.
  private func start(_ node: Node, _ device: EvdevDevice, _ pipeline: DevicePipeline) -> NodeLifecycle.Outcome {
    node.device = device
    node.pipeline = pipeline
    return .opened(description: device.description.name + ": " + pipeline.sourceNames.joined(separator: ", "))
  }

  // MARK: - Events

  private func read<Failure: Error>(_ node: Node, _ handle: (Event) throws(Failure) -> Void) throws(Failure) {
    guard let device = node.device else { return }
    var outputs: [OutputRecord] = []
    var failure: DeviceError?
    do {
      try device.readAvailable { event in node.pipeline?.process(event) { outputs.append($0) } }
    } catch {
      failure = error
    }
    for output in outputs { try handle(.record(output)) }
    switch failure {
    case .removed?: apply(.deviceRemoved, to: node)
    case .read(_, let errno)?: apply(.readFailed(reason: errno.description), to: node)
    case .open?, .notEvdev?, nil: break
    }
  }

  private func hotplug(_ change: InputDirectoryWatch.Change) {
    switch change {
    case .appeared(let path), .attributesChanged(let path):
      let node: Node
      if let known = nodes.first(where: { $0.path == path }) {
        node = known
      } else {
        guard configuration.paths.isEmpty, DeviceDiscovery.isEventNode(path, in: configuration.inputDirectory)
        else { return }
        node = Node(path: path, named: false)
        nodes.append(node)
      }
      apply(change == .appeared(path) ? .appeared : .attributesChanged, to: node)
    case .disappeared(let path):
      guard let node = nodes.first(where: { $0.path == path }) else { return }
      apply(.disappeared, to: node)
    }
  }

  /// Feeds `event` to `node`'s lifecycle and carries out its effects; `attempt` opens the node
  /// when the lifecycle asks (by default, a real attempt).
  private func apply(_ event: NodeLifecycle.Event, to node: Node, attempt: (() -> NodeLifecycle.Outcome)? = nil) {
    let effects = node.lifecycle.handle(event, at: MonotonicClock.now()) { attempt?() ?? self.attempt(node) }
    for effect in effects {
      switch effect {
      case .status(let state, let reason):
        if state == .streaming { hadDevice = true }
        pending.append(StatusRecord(time: MonotonicClock.now(), device: node.path, state: state, reason: reason))
      case .close:
        node.device = nil
        node.pipeline = nil
      case .forget:
        nodes.removeAll { $0 === node }
      }
    }
  }

  // MARK: - Status and time

  private func flushPending<Failure: Error>(_ handle: (Event) throws(Failure) -> Void) throws(Failure) {
    let records = pending
    pending = []
    for record in records { try handle(.record(.status(record))) }
  }

  /// Milliseconds until the earliest deadline (rounded up), or −1 (no timeout) when there is none.
  private func timeout(_ callerDeadline: Timestamp?) -> Int32 {
    let deadlines = nodes.compactMap(\.lifecycle.nextDeadline) + [callerDeadline].compactMap { $0 }
    guard let earliest = deadlines.min() else { return -1 }
    let micros = earliest.microseconds - MonotonicClock.now().microseconds
    return micros <= 0 ? 0 : Int32(min((micros + 999) / 1000, Int64(Int32.max)))
  }

  /// The waiting reason for an open error.
  private static func reason(_ errno: Errno) -> String {
    errno.isPermission ? "permission denied" : errno == .noSuchFile ? "no such device" : errno.description
  }

  /// The directory a named node's path is in (watched for the node's return).
  private static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
