import Glibc

/// What sysfs tells about an event node without opening it (so also for nodes this user cannot
/// read): `/sys/class/input/eventN/device/name` and `…/capabilities/rel`.
public struct SysfsInputInfo: Sendable, Hashable {
  /// The device name, as in `libevdev_get_name`.
  public var name: String?
  /// Whether the `EV_REL` capability bitmask has a wheel code (`REL_WHEEL`, `REL_HWHEEL` or their
  /// hi-res variants); `nil` if sysfs did not say.
  public var canScroll: Bool?

  /// Reads the sysfs entries of the node named `nodeName` (e.g. `event5`).
  public init(nodeName: String, sysfsRoot: String = "/sys/class/input") {
    let base = sysfsRoot + "/" + nodeName + "/device/"
    name = Self.read(base + "name")
    canScroll = Self.read(base + "capabilities/rel").map { Self.hasWheelBit($0) }
  }

  /// Whether a sysfs bitmask (hex words, most significant first, as the kernel's
  /// `input_print_bitmap` writes them) sets bit 6, 8, 11 or 12 (`REL_HWHEEL`, `REL_WHEEL`,
  /// `REL_WHEEL_HI_RES`, `REL_HWHEEL_HI_RES`).
  static func hasWheelBit(_ bitmap: String) -> Bool {
    guard let lowest = bitmap.split(separator: " ").last, let word = UInt64(lowest, radix: 16) else { return false }
    let wheelBits: UInt64 = 1 << 6 | 1 << 8 | 1 << 11 | 1 << 12
    return word & wheelBits != 0
  }

  private static func read(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 512)
    guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
    let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return text.hasSuffix("\n") ? String(text.dropLast()) : text
  }
}
