extension DeviceDescription {
  /// Whether the device has the keys of a keyboard: every key code from 1 to 31 (`KEY_ESC`, the
  /// number row, `KEY_Q`…`KEY_D`), udev's test for `ID_INPUT_KEYBOARD` (`builtin-input_id.c`,
  /// `test_key`). Such a node can read keystrokes, so scrolldir opens it only when asked to.
  public var isKeyboard: Bool {
    guard let keys = codes[.key] else { return false }
    return (1...31).allSatisfy { keys.contains(EventCode(rawValue: UInt16($0))) }
  }
}
