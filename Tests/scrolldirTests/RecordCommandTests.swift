import Foundation
import TestSupport
import Testing

/// `scrolldir record` without input devices: its refusals. Recording a device is checked live
/// (Tests/Live, scenario record), where the kernel makes the events.
@Suite("scrolldir record: refusals", .timeLimit(.minutes(1)))
struct RecordCommandTests {
  @Test("no node, not on a terminal, is a usage error (64) that says how to name one; two nodes are too")
  func nodeCount() throws {
    let directory = try TemporaryFiles.directory()
    defer { TemporaryFiles.remove(directory) }
    let none = try ScrolldirProcess.run(["record"], environment: ["SCROLLDIR_INPUT_DIR": directory])
    #expect(none.status == 64)
    #expect(none.stdout.isEmpty)
    #expect(
      none.stderr.hasPrefix(
        "scrolldir: error: 'record' needs an event node, e.g. scrolldir record \(directory)/event5 ('scrolldir list' shows them all)\n"
      ))
    let two = try ScrolldirProcess.run(["record", "/dev/input/event1", "/dev/input/event2"])
    #expect(two.status == 64)
    #expect(two.stderr.hasPrefix("scrolldir: error: 'record' records one event node, got 2\n"))
  }

  @Test("a missing node and a file that is not an event node exit 66, writing nothing on stdout")
  func notANode() throws {
    let missing = try ScrolldirProcess.run(["record", "/dev/input/event999"])
    #expect(missing.status == 66)
    #expect(missing.stdout.isEmpty)
    #expect(missing.stderr == "scrolldir: /dev/input/event999: cannot open: No such file or directory\n")
    let notEvdev = try ScrolldirProcess.run(["record", "/dev/null"])
    #expect(notEvdev.status == 66)
    #expect(notEvdev.stdout.isEmpty)
    #expect(notEvdev.stderr.hasPrefix("scrolldir: /dev/null: not an evdev event node"))
  }

  @Test(
    "a node this user cannot read exits 77 naming the fix",
    .enabled(if: getuid() == 0, "mknod(2) of a character device and setpriv need root"))
  func unreadableNode() throws {
    let directory = try TemporaryFiles.directory()
    defer { TemporaryFiles.remove(directory) }
    #expect(mknod(directory + "/event3", S_IFCHR | 0o600, dev_t(13 << 8 | 67)) == 0)
    let result = try ScrolldirProcess.runUnprivileged(["record", directory + "/event3"])
    #expect(result.status == 77)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("permission denied") && result.stderr.contains("'input' group"))
  }

  @Test("the output options do not apply to record (64)")
  func outputOptions() throws {
    let result = try ScrolldirProcess.run(["record", "--json", "/dev/input/event1"])
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("scrolldir: error: option '--json' does not apply to 'record'\n"))
  }
}
