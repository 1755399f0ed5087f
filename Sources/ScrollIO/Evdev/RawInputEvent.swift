import CLibevdev

/// The kernel's `struct input_event` (`linux/input.h`) as bytes, the way `read(2)` on an event
/// node returns it: for readers of raw event streams (`cat /dev/input/eventN`).
enum RawInputEvent {
  /// The size of one event: 24 bytes on 64-bit Linux (a 16-byte `timeval`, type, code, value).
  static let size = MemoryLayout<input_event>.size

  /// The fields of the event at `offset` in `bytes` (which must hold ``size`` bytes from there),
  /// unvalidated.
  static func fields(
    in bytes: UnsafeRawBufferPointer, at offset: Int
  ) -> (seconds: Int64, microseconds: Int64, type: UInt16, code: UInt16, value: Int32) {
    let raw = bytes.loadUnaligned(fromByteOffset: offset, as: input_event.self)
    return (Int64(raw.time.tv_sec), Int64(raw.time.tv_usec), raw.type, raw.code, raw.value)
  }
}
