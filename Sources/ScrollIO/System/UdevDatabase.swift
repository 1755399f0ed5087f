/// udev's properties of a device node, read from udev's database (`/run/udev/data/c<major>:<minor>`,
/// one `E:KEY=value` line per property), with no libudev: the same properties
/// `udevadm info --query=property` shows. Empty where udev does not run (a container, a test
/// directory) or has not processed the node yet.
public struct UdevDatabase: Sendable {
  /// The database directory: `/run/udev/data`.
  public let directory: String

  public init(directory: String = "/run/udev/data") {
    self.directory = directory
  }

  /// The properties of the character device `descriptor` is open on; empty if there are none.
  public func properties(of descriptor: FileDescriptor) -> [String: String] {
    guard case .success(let number) = Syscalls.deviceNumber(descriptor.rawValue) else { return [:] }
    return properties(inFile: directory + "/c\(number.major):\(number.minor)")
  }

  /// The `E:` lines of a database file; empty if it cannot be read.
  func properties(inFile path: String) -> [String: String] {
    guard let descriptor = try? FileDescriptor.open(path, .readOnly) else { return [:] }
    defer { descriptor.close() }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while bytes.count < Self.maximumSize {
      let count = chunk.withUnsafeMutableBytes { (try? descriptor.read(into: $0)) ?? 0 }
      if count == 0 { break }
      bytes += chunk.prefix(count)
    }
    var properties: [String: String] = [:]
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix("E:") {
      guard let equals = line.firstIndex(of: "=") else { continue }
      properties[String(line[line.index(line.startIndex, offsetBy: 2)..<equals])] = String(
        line[line.index(after: equals)...])
    }
    return properties
  }

  /// The most of a database file read: they hold a few kilobytes.
  static let maximumSize = 1 << 20
}
