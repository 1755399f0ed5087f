/// The identity of an input device: the Swift form of `struct input_id`.
public struct InputID: Sendable, Hashable {
  /// `BUS_*`, e.g. 0x03 USB, 0x05 Bluetooth, 0x11 i8042 (PS/2).
  public var bustype: UInt16
  /// USB/Bluetooth vendor ID.
  public var vendor: UInt16
  /// USB/Bluetooth product ID.
  public var product: UInt16
  /// Device version.
  public var version: UInt16

  public init(bustype: UInt16, vendor: UInt16, product: UInt16, version: UInt16) {
    self.bustype = bustype
    self.vendor = vendor
    self.product = product
    self.version = version
  }

  /// The all-zero ID used where a recording gives none.
  public static let unknown = InputID(bustype: 0, vendor: 0, product: 0, version: 0)
}
