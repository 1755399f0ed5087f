import Foundation

/// Fresh files and directories in the temporary directory, named so that parallel tests never
/// share one; the caller removes them (``remove(_:)``).
public enum TemporaryFiles {
  /// A new file holding `text`, its path ending in `suffix`.
  public static func file(_ text: String, suffix: String = ".evemu") throws -> String {
    let path = NSTemporaryDirectory() + "scrolldir-test-" + UUID().uuidString + suffix
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// A new file holding `data`.
  public static func file(_ data: Data, suffix: String) throws -> String {
    let path = NSTemporaryDirectory() + "scrolldir-test-" + UUID().uuidString + suffix
    try data.write(to: URL(fileURLWithPath: path))
    return path
  }

  /// A new, empty directory that every user may enter and list (mode 0755), so that tests run
  /// as an unprivileged user can use it too.
  public static func directory() throws -> String {
    let path = NSTemporaryDirectory() + "scrolldir-test-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    return path
  }

  /// A new path in the temporary directory where nothing is yet (for a FIFO, say).
  public static func unusedPath(suffix: String = "") -> String {
    NSTemporaryDirectory() + "scrolldir-test-" + UUID().uuidString + suffix
  }

  /// Removes a file or directory made here; errors are ignored.
  public static func remove(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
  }
}
