import Glibc
import ScrollCore

/// Finds the event nodes under the input directory and tells which can be read and can scroll.
public enum DeviceDiscovery {
  /// The directory holding event nodes: `/dev/input`, or `$SCROLLDIR_INPUT_DIR` when set and not
  /// empty (for tests and containers with a bind-mounted input directory).
  public static var inputDirectory: String {
    let configured = getenv("SCROLLDIR_INPUT_DIR").map { String(cString: $0) } ?? ""
    return configured.isEmpty ? "/dev/input" : configured
  }

  /// The `eventN` nodes in `directory`, sorted by N.
  public static func eventNodes(in directory: String = inputDirectory) -> [String] {
    guard let dir = opendir(directory) else { return [] }
    defer { closedir(dir) }
    var numbered: [(Int, String)] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      guard name.hasPrefix("event"), let number = Int(name.dropFirst(5)) else { continue }
      numbered.append((number, directory + "/" + name))
    }
    return numbered.sorted { $0.0 < $1.0 }.map(\.1)
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

    /// Whether the node can scroll: from its capabilities when open, else from sysfs.
    public var canScroll: Bool? {
      if case .success(let device) = device { return device.description.scrollCapabilities.canScroll }
      return sysfs.canScroll
    }
  }

  /// Opens every event node in `directory` to read its description (for `scrolldir list`; the
  /// monitor opens only nodes that may scroll, see ``Monitor``).
  public static func probeAll(in directory: String = inputDirectory) -> [Probe] {
    eventNodes(in: directory).map { path in
      Probe(
        path: path, device: Result { () throws(DeviceError) in try EvdevDevice(path: path) },
        sysfs: SysfsInputInfo(path: path))
    }
  }
}
