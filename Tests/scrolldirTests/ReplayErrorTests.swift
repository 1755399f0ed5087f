import Foundation
import TestSupport
import Testing

/// `scrolldir replay` of files that are missing, unreadable, malformed or not recordings, and of
/// output that cannot be written: the exit status, the message, and that nothing else is lost.
@Suite("scrolldir replay: bad input and bad output", .timeLimit(.minutes(1)))
struct ReplayErrorTests {
  static func expected(_ name: String) throws -> String {
    try String(contentsOfFile: FixturePaths.expected(name), encoding: .utf8)
  }

  @Test(
    "a file that cannot be read among several is reported, the others are replayed, and the status is the first failure's"
  )
  func badFileAmongSeveral() throws {
    let tabs = FixturePaths.recording("wheel-pixart-hp-mouse-buttons-only-tabs.yml")
    let result = try ScrolldirProcess.run([
      "replay", "--json", FixturePaths.recording("wheel-logitech-g502-usbhid-lowres.evemu"), "/nonexistent.evemu", tabs,
      FixturePaths.recording("other-huion-keydial-k20-dial-ccw.yml"),
    ])
    #expect(result.status == 66)
    #expect(
      result.stdout
        == (try Self.expected("wheel-logitech-g502-usbhid-lowres.jsonl"))
        + (try Self.expected("other-huion-keydial-k20-dial-ccw.jsonl")))
    let errors = result.stderr.split(separator: "\n")
    #expect(errors.count == 2)
    #expect(errors.first == "scrolldir: /nonexistent.evemu: cannot open recording: No such file or directory")
    #expect(errors.last?.hasPrefix("scrolldir: \(tabs):38: invalid YAML") == true)
    let full = try ScrolldirProcess.run(
      ["replay", "/nonexistent.evemu", FixturePaths.recording("wheel-logitech-g502-usbhid-lowres.evemu")],
      redirections: ">/dev/full")
    #expect(full.status == 66, "the first failure's status, also when the output fails after it")
    #expect(full.stderr.hasSuffix("scrolldir: cannot write output: No space left on device\n"))
  }

  @Test("a malformed recording exits 65 with file:line: and what was expected; records before it stay whole")
  func malformed() throws {
    let path = try TemporaryFiles.file("E: 1.000000 0002 0008 -1\nE: 1.000000 0000 0000 0\nE: 2.000000 0002 0008 one\n")
    defer { TemporaryFiles.remove(path) }
    let result = try ScrolldirProcess.run(["replay", "--json", path])
    #expect(result.status == 65)
    #expect(result.stdout.split(separator: "\n").count == 1)
    #expect(result.stdout.hasSuffix("\"unit\":\"v120\"}\n"))
    #expect(
      result.stderr
        == "scrolldir: \(path):3: expected 'E: sec.usec type code value' (type and code in hex); the value is not a 32-bit decimal integer\n"
    )
  }

  @Test("a malformed recording still gets the gestures and counters of what came before it")
  func errorFlushes() throws {
    let path = try TemporaryFiles.file("E: 1.000000 0002 0008 -1\nE: 1.000000 0000 0000 0\nE: 2.000000 0002 0008 x\n")
    defer { TemporaryFiles.remove(path) }
    let result = try ScrolldirProcess.run(["replay", "--json", "--gestures", "--stats", path])
    #expect(result.status == 65)
    let events = result.stdout.split(separator: "\n").map {
      $0.hasPrefix(#"{"event":"gesture""#) ? "gesture" : $0.hasPrefix(#"{"event":"stats""#) ? "stats" : "?"
    }
    #expect(events == ["gesture", "stats"])
  }

  @Test("the tab-indented PixArt record exits 65 naming line 38")
  func tabs() throws {
    let path = FixturePaths.recording("wheel-pixart-hp-mouse-buttons-only-tabs.yml")
    let result = try ScrolldirProcess.run(["replay", path])
    #expect(result.status == 65)
    #expect(result.stderr.hasPrefix("scrolldir: \(path):38: invalid YAML"))
    #expect(result.stderr.split(separator: "\n").count == 1)
  }

  @Test("a missing recording and a directory (named, or on standard input) exit 66")
  func missing() throws {
    let result = try ScrolldirProcess.run(["replay", "/nonexistent.evemu"])
    #expect(result.status == 66)
    #expect(result.stderr == "scrolldir: /nonexistent.evemu: cannot open recording: No such file or directory\n")
    #expect(try ScrolldirProcess.run(["replay", FixturePaths.fixtures]).status == 66)
    let fromStdin = try ScrolldirProcess.run(
      ["replay", "-"], redirections: "< \"$DIR\"", environment: ["DIR": FixturePaths.fixtures])
    #expect(fromStdin.status == 66, "a directory on standard input is refused like a named one")
    #expect(fromStdin.stderr == "scrolldir: <stdin>: cannot open recording: Is a directory\n")
  }

  @Test("a recording this user cannot read exits 77")
  func permission() throws {
    let path = try TemporaryFiles.file("E: 1.000000 0000 0000 0\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path)
    defer { TemporaryFiles.remove(path) }
    let result = try ScrolldirProcess.runUnprivileged(["replay", path])
    #expect(result.status == 77)
    #expect(result.stderr == "scrolldir: \(path): cannot open recording: Permission denied\n")
  }

  @Test(
    "no file descriptor left (ulimit -n 5: the standard three and the signal pipe's two) to open a recording, to list or to copy a libinput record from a pipe: exit 71"
  )
  func noDescriptorLeft() throws {
    let recording = FixturePaths.recording("wheel-logitech-g502-usbhid-lowres.evemu")
    let replay = try ScrolldirProcess.run(["replay", recording], redirections: "", before: "ulimit -n 5")
    #expect(replay.status == 71)
    #expect(replay.stderr == "scrolldir: \(recording): cannot open recording: Too many open files\n")
    let list = try ScrolldirProcess.run(
      ["list"], redirections: "", before: "ulimit -n 5", environment: ["SCROLLDIR_INPUT_DIR": FixturePaths.fixtures])
    #expect(
      list.status == 71 && list.stderr == "scrolldir: cannot read \(FixturePaths.fixtures): Too many open files\n")
    let piped = try ScrolldirProcess(
      ["-c", "ulimit -n 5; exec \"$0\" replay -", ScrolldirProcess.path], executable: "/bin/sh")
    piped.write(
      try Data(contentsOf: URL(fileURLWithPath: FixturePaths.recording("other-huion-keydial-k20-dial-ccw.yml"))))
    piped.closeInput()
    let yaml = piped.finish()
    #expect(yaml.status == 71)
    #expect(
      yaml.stderr.hasPrefix("scrolldir: <stdin>: cannot copy the libinput record to a temporary file in ")
        && yaml.stderr.hasSuffix(": Too many open files\n") && !yaml.stderr.contains("TMPDIR"), "\(yaml.stderr)")
  }

  @Test(
    "endless or binary input is refused early, not copied to disk",
    arguments: [
      ("/dev/urandom", nil as String?, "binary data"), ("-", "y\n", "expected evemu lines"),
      ("-", "# c\n", "no recording in the first 16 MiB"),
    ])
  func endlessInput(_ file: String, _ repeated: String?, _ message: String) throws {
    let stdin = repeated.map { Data(String(repeating: $0, count: 9_000_000).utf8) }
    let result = try ScrolldirProcess.run(["replay", file], stdin: stdin)
    #expect(result.status == 65)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test("a write error on stdout exits 74 (/dev/full)")
  func writeError() throws {
    let running = try ScrolldirProcess(
      ["replay", FixturePaths.recording("wheel-logitech-g502-usbhid-lowres.evemu")],
      stdout: FileHandle(forWritingAtPath: "/dev/full"))
    running.closeInput()
    let result = running.finish()
    #expect(result.status == 74)
    #expect(result.stderr == "scrolldir: cannot write output: No space left on device\n")
  }

  @Test("a closed stdout (reader gone, EPIPE) ends the replay quietly with status 0")
  func closedPipe() throws {
    let pipe = Pipe()
    try pipe.fileHandleForReading.close()
    let running = try ScrolldirProcess(
      ["replay", FixturePaths.recording("wheel-ibm-scrollpoint-stick-relz.evemu")], stdout: pipe.fileHandleForWriting)
    running.closeInput()
    let result = running.finish()
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
  }
}
