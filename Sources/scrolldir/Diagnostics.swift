import ScrollIO

/// Diagnostics on stderr: errors and notes for people, never mixed into the records on stdout.
enum Diagnostics {
  /// Writes `scrolldir: <message>` and a newline to stderr in one write.
  static func note(_ message: String) {
    try? FileDescriptor.standardError.writeAll("scrolldir: " + message + "\n")
  }
}
