import Foundation
import TestSupport
import Testing

/// The monitor and `list` without input devices: what they say when there is nothing to read,
/// and when its reader goes away.
@Suite("scrolldir monitor and list: nothing to read", .timeLimit(.minutes(1)))
struct MonitorStartTests {
  @Test("a missing event node exits 66; a file that is not an event node exits 66")
  func missingNode() throws {
    let missing = try ScrolldirProcess.run(["monitor", "/dev/input/event999"])
    #expect(missing.status == 66)
    #expect(missing.stderr == "scrolldir: /dev/input/event999: cannot open: No such file or directory\n")
    let notEvdev = try ScrolldirProcess.run(["/dev/null"])
    #expect(notEvdev.status == 66)
    #expect(notEvdev.stderr.hasPrefix("scrolldir: /dev/null: not an evdev event node"))
  }

  @Test("no event nodes at all: the monitor says so and exits 66 instead of waiting")
  func noNodes() throws {
    let directory = try TemporaryFiles.directory()
    defer { TemporaryFiles.remove(directory) }
    let result = try ScrolldirProcess.run([], environment: ["SCROLLDIR_INPUT_DIR": directory])
    #expect(result.status == 66)
    #expect(
      result.stderr
        == "scrolldir: no scroll device found: there are no event nodes in \(directory) (use --wait to wait for one)\n")
  }

  @Test(
    "event nodes this user cannot read: exit 77 naming them and the fix",
    .enabled(if: getuid() == 0, "mknod(2) of a character device and setpriv need root"))
  func unreadableNodes() throws {
    let directory = try TemporaryFiles.directory()
    defer { TemporaryFiles.remove(directory) }
    // An event node as devtmpfs makes it: character device 13:67, root's, mode 0600.
    #expect(mknod(directory + "/event3", S_IFCHR | 0o600, dev_t(13 << 8 | 67)) == 0)
    let result = try ScrolldirProcess.runUnprivileged([], environment: ["SCROLLDIR_INPUT_DIR": directory])
    #expect(result.status == 77)
    #expect(result.stderr.contains("no readable scroll device in \(directory): 1 event node(s)"))
    #expect(result.stderr.contains(directory + "/event3"))
    #expect(result.stderr.contains("udev/70-scrolldir.rules") && result.stderr.contains("'input' group"))
  }

  @Test(
    "a regular file, a FIFO and a directory named eventN are not event nodes: never opened, and the monitor says there are none; a trailing / on the directory does not double in paths"
  )
  func notEventNodes() throws {
    let directory = try TemporaryFiles.directory()
    defer { TemporaryFiles.remove(directory) }
    #expect(FileManager.default.createFile(atPath: directory + "/event0", contents: Data("x".utf8)))
    #expect(mkfifo(directory + "/event1", 0o600) == 0)
    try FileManager.default.createDirectory(atPath: directory + "/event2", withIntermediateDirectories: false)
    let result = try ScrolldirProcess.run([], environment: ["SCROLLDIR_INPUT_DIR": directory + "/"])
    #expect(result.status == 66)
    #expect(
      result.stderr
        == "scrolldir: no scroll device found: there are no event nodes in \(directory) (use --wait to wait for one)\n")
  }

  @Test("list with no event nodes notes it on stderr and exits 0")
  func listEmpty() throws {
    let directory = try TemporaryFiles.directory()
    defer { TemporaryFiles.remove(directory) }
    let result = try ScrolldirProcess.run(["list"], environment: ["SCROLLDIR_INPUT_DIR": directory])
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "scrolldir: no event nodes in \(directory)\n")
  }

  @Test(
    "an input directory that does not exist: the monitor and list say why and exit 66; --wait waits for it to appear, saying so"
  )
  func unreadableDirectory() throws {
    let missing = TemporaryFiles.unusedPath()
    let environment = ["SCROLLDIR_INPUT_DIR": missing]
    let monitor = try ScrolldirProcess.run([], environment: environment)
    #expect(monitor.status == 66)
    #expect(
      monitor.stderr
        == "scrolldir: no scroll device found: cannot read \(missing): No such file or directory (use --wait to wait for one)\n"
    )
    let list = try ScrolldirProcess.run(["list"], environment: environment)
    #expect(list.status == 66)
    #expect(list.stderr == "scrolldir: cannot read \(missing): No such file or directory\n")
    let waiting = try ScrolldirProcess(["--wait"], environment: environment)
    #expect(waiting.waitForStderr(containing: "\n"))
    waiting.waitUntilHandlingSignals()
    waiting.send(SIGINT)
    let result = waiting.finish()
    #expect(result.status == 0)
    #expect(
      result.stderr
        == "scrolldir: \(missing) does not exist yet: watching \((missing as NSString).deletingLastPathComponent) for it to appear\n"
        + "scrolldir: interrupted: no records\n")
  }

  @Test("a waiting monitor whose reader goes away (| head -1) ends at once with status 0, not at its next record")
  func monitorReaderGone() throws {
    let directory = try TemporaryFiles.directory()
    defer { TemporaryFiles.remove(directory) }
    let pipe = Pipe()
    let running = try ScrolldirProcess(
      ["--wait", "--json", directory + "/event3"], environment: ["SCROLLDIR_INPUT_DIR": directory],
      stdout: pipe.fileHandleForWriting)
    try pipe.fileHandleForWriting.close()
    let first = pipe.fileHandleForReading.availableData
    #expect(String(decoding: first, as: UTF8.self).contains(#""state":"waiting""#))
    try pipe.fileHandleForReading.close()
    let endedByItself = running.waitForExit()
    let result = running.finish()
    #expect(endedByItself, "still waiting \(ScrolldirProcess.patience) s after its reader went away")
    #expect(result.status == 0)
  }
}
