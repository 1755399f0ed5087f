import Foundation
import ScrollIO
import TestSupport
import Testing

/// Watching for event nodes in directories that may not exist yet (`monitor --wait` on a machine
/// whose `/dev/input` appears with its first input device).
@Suite("InputDirectoryWatch: directories that appear later")
struct InputDirectoryWatchTests {
  /// Creates an empty file in place (FileManager writes a temporary file and renames it).
  static func touch(_ path: String) {
    let descriptor = creat(path, 0o600)
    #expect(descriptor >= 0)
    close(descriptor)
  }

  @Test(
    "a directory two levels from existing is awaited in its nearest ancestor; once it is made, what is already in it and what comes later appear"
  )
  func awaitedDirectory() throws {
    let base = try TemporaryFiles.directory()
    defer { TemporaryFiles.remove(base) }
    let input = base + "/dev/input"
    let watch = try InputDirectoryWatch(directories: [input])
    #expect(watch.failures.map(\.description) == ["\(input) does not exist yet: watching \(base) for it to appear"])
    try FileManager.default.createDirectory(atPath: base + "/dev", withIntermediateDirectories: false)
    #expect(watch.changes() == [.appeared(base + "/dev")], "the ancestor's own change; the watch moves down")
    try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: false)
    // A node made before the first look at the new directory: reported as it is found.
    Self.touch(input + "/event0")
    #expect(watch.changes() == [.appeared(input), .appeared(input + "/event0")])
    Self.touch(input + "/event1")
    try FileManager.default.removeItem(atPath: input + "/event0")
    #expect(watch.changes() == [.appeared(input + "/event1"), .disappeared(input + "/event0")])
  }

  @Test("a directory that exists is watched at once; one that cannot be watched for another reason is a failure")
  func existingAndFailing() throws {
    let base = try TemporaryFiles.directory()
    defer { TemporaryFiles.remove(base) }
    Self.touch(base + "/plain")
    let underFile = base + "/plain/input"
    let watch = try InputDirectoryWatch(directories: [base, underFile])
    #expect(watch.failures.map(\.directory) == [underFile] && watch.failures.first?.awaitedIn == nil)
    #expect(watch.failures.first?.description == "cannot watch \(underFile) for devices plugged in: Not a directory")
    Self.touch(base + "/event4")
    #expect(watch.changes() == [.appeared(base + "/event4")])
  }
}
