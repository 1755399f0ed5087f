import ScrollCore

/// Finds the event nodes under the input directory and tells which can be read and can scroll.
public enum DeviceDiscovery {
  /// The directory holding event nodes: `/dev/input`, or `$SCROLLDIR_INPUT_DIR` when set and not
  /// empty (for tests and containers with a bind-mounted input directory), without trailing `/`.
  public static var inputDirectory: String {
    var configured = Environment.value("SCROLLDIR_INPUT_DIR") ?? ""
    while configured.count > 1 && configured.hasSuffix("/") { configured.removeLast() }
    return configured.isEmpty ? "/dev/input" : configured
  }

  /// The `eventN` nodes in `directory`, sorted by N: character devices named `eventN` (a regular
  /// file, FIFO or directory of that name is not an event node, and is never opened).
  /// - Throws: ``Errno`` when the directory cannot be read (e.g. it does not exist).
  public static func eventNodes(in directory: String = inputDirectory) throws(Errno) -> [String] {
    try Directory.entryNames(directory).compactMap { name in eventNumber(name).map { ($0, directory + "/" + name) } }
      .filter { isCharacterDevice($0.1) }.sorted { $0.0 < $1.0 }.map(\.1)
  }

  /// Whether `path` is an `eventN` node directly in `directory` (a character device).
  public static func isEventNode(_ path: String, in directory: String) -> Bool {
    guard path.hasPrefix(directory + "/") else { return false }
    return eventNumber(path.dropFirst(directory.count + 1)) != nil && isCharacterDevice(path)
  }

  private static func isCharacterDevice(_ path: String) -> Bool {
    (try? FileDescriptor.Kind(path: path)) == .characterDevice
  }

  /// N of a name `eventN`, or `nil` for other names.
  private static func eventNumber(_ name: some StringProtocol) -> Int? {
    name.hasPrefix("event") ? Int(name.dropFirst(5)) : nil
  }

  /// The result of trying to open one node.
  public struct Probe {
    /// The node's path.
    public let path: String
    /// The open device, or why it could not be opened.
    public let device: Result<EvdevDevice, DeviceError>
    /// What sysfs says of the node (useful when it cannot be opened).
    public let sysfs: SysfsInputInfo

    /// The device name from libevdev, else from sysfs.
    public var name: String? {
      (try? device.get())?.description.name ?? sysfs.name
    }

    /// Whether the node can scroll with pipelines set by `options` (their scroll method): from its
    /// capabilities when open, else from sysfs.
    public func canScroll(with options: DevicePipeline.Options) -> Bool? {
      if case .success(let device) = device {
        return DevicePipeline(device: path, description: device.description, options: options).canScroll
      }
      return sysfs.canScroll
    }
  }

  /// Opens every event node in `directory` to read its description (for `scrolldir list`; the
  /// monitor opens only nodes that may scroll, see ``Monitor``).
  /// - Throws: ``Errno`` when the directory cannot be read.
  public static func probeAll(in directory: String = inputDirectory) throws(Errno) -> [Probe] {
    try eventNodes(in: directory).map { path in
      Probe(
        path: path, device: Result { () throws(DeviceError) in try EvdevDevice(path: path) },
        sysfs: SysfsInputInfo(path: path))
    }
  }
}
