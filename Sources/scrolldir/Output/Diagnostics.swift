import ScrollCore
import ScrollIO

/// Diagnostics on stderr: errors and notes for people, never mixed into the records on stdout.
enum Diagnostics {
  /// Writes `scrolldir: <message>` and a newline to stderr in one write. Control characters in
  /// the message (from file or device names: a newline, an escape sequence) are shown as
  /// `\u{1B}`-style escapes, so a message is always one line and cannot drive the terminal.
  /// A stderr that nobody reads does not keep a stopping program alive: the write gives way to
  /// SIGINT/SIGTERM/SIGHUP.
  static func note(_ message: String) {
    var line = "scrolldir: " + visible(message) + "\n"
    line.withUTF8 { bytes in
      try? Interruption.terminationPending.writeAll(.standardError, UnsafeRawBufferPointer(bytes))
    }
  }

  /// Writes `text` to stderr as it is, with no prefix and no newline added: a question for the
  /// user at a terminal (its last line is where the answer is typed).
  static func prompt(_ text: String) {
    var text = visible(text, keeping: ["\n", "\t"])
    text.withUTF8 { bytes in
      try? Interruption.terminationPending.writeAll(.standardError, UnsafeRawBufferPointer(bytes))
    }
  }

  private static func visible(_ text: String, keeping kept: Set<Unicode.Scalar> = []) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if ControlCharacter.contains(scalar) && !kept.contains(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
