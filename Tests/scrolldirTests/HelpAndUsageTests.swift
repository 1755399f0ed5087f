import Foundation
import TestSupport
import Testing

/// Help, version, usage errors, and the standard descriptors scrolldir starts with.
@Suite("scrolldir: help, usage and standard descriptors", .timeLimit(.minutes(1)))
struct HelpAndUsageTests {
  @Test("--help prints USAGE and OPTIONS on stdout and exits 0")
  func help() throws {
    let result = try ScrolldirProcess.run(["--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("USAGE: scrolldir"))
    #expect(result.stdout.contains("OPTIONS:"))
    #expect(result.stderr.isEmpty)
  }

  @Test("--help equals its checked-in snapshot exactly (Tests/scrolldirTests/Snapshots/help.txt)")
  func helpSnapshot() throws {
    let snapshot = try String(
      contentsOfFile: FixturePaths.tests + "/scrolldirTests/Snapshots/help.txt", encoding: .utf8)
    #expect(try ScrolldirProcess.run(["--help"]).stdout == snapshot)
  }

  @Test("--version exits 0")
  func version() throws {
    let result = try ScrolldirProcess.run(["--version"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("scrolldir "))
  }

  @Test("a usage error exits 64 with one error line and a hint, nothing on stdout")
  func usage() throws {
    let result = try ScrolldirProcess.run(["--frobnicate"])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("scrolldir: error: unknown option '--frobnicate'\n"))
    #expect(result.stderr.contains("scrolldir --help"))
  }

  @Test("--help into a full disk fails with 74 instead of claiming success")
  func helpWriteError() throws {
    let running = try ScrolldirProcess(["--help"], stdout: FileHandle(forWritingAtPath: "/dev/full"))
    running.closeInput()
    #expect(running.finish().status == 74)
  }

  @Test("started with stdout closed (>&-): exit 74 saying so, as cat does, instead of records going nowhere")
  func closedStdout() throws {
    let result = try ScrolldirProcess.run(
      ["replay", FixturePaths.recording("wheel-logitech-g502-usbhid-lowres.evemu")], redirections: ">&-")
    #expect(result.status == 74)
    #expect(result.stderr == "scrolldir: cannot write output: standard output is closed\n")
  }

  @Test("started with stdin and stderr closed: a replay of a file still writes its records; '-' is refused with 66")
  func closedStdinAndStderr() throws {
    let result = try ScrolldirProcess.run(
      ["replay", FixturePaths.recording("wheel-logitech-g502-usbhid-lowres.evemu")], redirections: "<&- 2>&-")
    #expect(result.status == 0)
    #expect(result.stdout.split(separator: "\n").count == 4)
    let fromClosed = try ScrolldirProcess.run(["replay", "-"], redirections: "<&-")
    #expect(fromClosed.status == 66, "'-' with standard input closed cannot be read")
    #expect(fromClosed.stderr == "scrolldir: <stdin>: cannot open recording: Bad file descriptor\n")
  }

  @Test("names with control characters stay on one line in records and messages")
  func controlCharacters() throws {
    let path = try TemporaryFiles.file("N: esc\u{1B}[31mred\nE: 1.000000 0002 0008 1\nE: 1.000000 0000 0000 0\n")
    defer { TemporaryFiles.remove(path) }
    #expect(try ScrolldirProcess.run(["replay", path]).stdout.hasPrefix(#"1.000000 "esc\u001b[31mred" wheel Up"#))
    let missing = try ScrolldirProcess.run(["replay", "/nonexistent/a\nb"])
    #expect(missing.stderr == "scrolldir: /nonexistent/a\\u{A}b: cannot open recording: No such file or directory\n")
  }
}
