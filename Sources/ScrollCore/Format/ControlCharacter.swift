/// Characters that must not reach a terminal or a line-based consumer as they are.
public enum ControlCharacter {
  /// Whether `scalar` is a C0 control (below U+0020, newline and escape included), DEL, or a C1
  /// control (U+0080–U+009F): terminals act on them, and a newline would split a line. Output
  /// escapes them so every record and message stays one line.
  public static func contains(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
