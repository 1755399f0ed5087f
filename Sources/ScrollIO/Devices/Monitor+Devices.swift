import Glibc
import ScrollCore

/// How a ``Monitor`` finds, opens, retries and forgets devices: discovery at start, named nodes,
/// hotplug changes and bounded retries.
extension Monitor {
  // MARK: - Starting

  func discover() throws(MonitorStartError) {
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

  func openNamed(_ path: String) throws(MonitorStartError) {
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

  enum Attempt {
    case opened
    /// Not openable now; worth retrying.
    case unavailable(Errno)
    /// Not something to monitor.
    case ignored(Ignored)
  }

  enum Ignored {
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
  func attempt(_ node: Node) -> Attempt {
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

  func start(_ node: Node, _ device: EvdevDevice) {
    node.device = device
    node.pipeline = DevicePipeline(device: node.path, description: device.description, options: configuration.pipeline)
    node.retryUntil = nil
    node.nextRetry = nil
    hadDevice = true
    let capabilities = device.description.scrollCapabilities.names.joined(separator: ", ")
    status(node, .streaming, device.description.name + ": " + capabilities)
  }

  func close(_ node: Node, _ state: StatusRecord.State, _ why: String) {
    node.device = nil
    node.pipeline = nil
    status(node, state, why)
  }

  func hotplug(_ change: InputDirectoryWatch.Change) {
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

  func retry(_ node: Node) {
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

  func retryDue() {
    let now = MonotonicClock.now()
    for node in nodes where node.device == nil {
      if let next = node.nextRetry, next <= now { retry(node) }
    }
  }

  func forgetIfDiscovered(_ node: Node) {
    guard !node.named, node.device == nil else { return }
    nodes.removeAll { $0 === node }
  }

  /// Whether `path` is an `eventN` node directly in `directory`.
  static func isEventNode(_ path: String, in directory: String) -> Bool {
    guard path.hasPrefix(directory + "/") else { return false }
    let name = path.dropFirst(directory.count + 1)
    return name.hasPrefix("event") && Int(name.dropFirst(5)) != nil
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
