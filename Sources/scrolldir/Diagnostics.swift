import ScrollIO

/// Diagnostics on stderr: errors and notes for people, never mixed into the records on stdout.
enum Diagnostics {
  /// Writes `scrolldir: <message>` and a newline to stderr in one write. Control characters in
  /// the message (from file or device names: a newline, an escape sequence) are shown as
  /// `\u{1B}`-style escapes, so a message is always one line and cannot drive the terminal.
  static func note(_ message: String) {
    try? FileDescriptor.standardError.writeAll("scrolldir: " + visible(message) + "\n")
  }

  private static func visible(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
