/// What counts as text when telling a recording from binary data.
enum TextBytes {
  /// Whether `byte` is a control character that no text recording holds: below 0x20 other than
  /// tab, line feed and carriage return, or DEL (YAML 1.1's printable set excludes them too).
  static func isBinary(_ byte: UInt8) -> Bool {
    (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F
  }
}
