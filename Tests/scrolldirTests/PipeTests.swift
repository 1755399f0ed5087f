import Foundation
import TestSupport
import Testing

/// scrolldir in pipelines: recordings that come from a pipe, readers that go away.
@Suite("scrolldir in pipelines", .timeLimit(.minutes(1)))
struct PipeTests {
  @Test("a libinput record from a pipe that is not standard input (/dev/stdin, <(…)) is read like standard input")
  func yamlFromPipe() throws {
    let data = try Data(
      contentsOf: URL(fileURLWithPath: FixturePaths.recording("other-huion-keydial-k20-dial-ccw.yml")))
    let result = try ScrolldirProcess.run(["replay", "--json", "/dev/stdin"], stdin: data)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains(#""device":"HUION Huion Keydial_K20""#))
  }

  @Test("from a pipe, text with no recording is refused when the pipe ends (words may come before one)")
  func pipeTextRefused() throws {
    let running = try ScrolldirProcess(["replay", "-"])
    running.write(Data("foo: bar\n".utf8))
    running.closeInput()
    let result = running.finish()
    #expect(result.status == 65)
    #expect(result.stderr.hasPrefix("scrolldir: <stdin>:1: expected evemu lines"), "\(result.stderr)")
  }

  @Test(
    "from a pipe, binary data is refused at once, also after a libinput record's first line or after evemu lines"
  )
  func pipeRefusedEarly() throws {
    let raw = try RecordingText.rawBytes("wheel-logitech-g502-usbhid-lowres.evemu")
    for (first, message) in [
      (
        Data("version: 1\n\u{7}".utf8),
        "scrolldir: <stdin>: byte 11: binary data (control character 0x7) in a libinput record"
      ),
      // A raw input_event stream without '--raw' (cat /dev/input/eventN): no newline ever comes.
      (raw, "scrolldir: <stdin>:1: binary data: expected evemu text"),
      // The same after a good evemu line: refused at its NUL bytes, quoted at most 40 characters.
      (
        Data("E: 1.000000 0002 0008 1\n".utf8) + raw,
        "scrolldir: <stdin>:2: binary data (a NUL byte) in text: for raw input_event streams use 'replay --raw'"
      ),
    ] {
      let running = try ScrolldirProcess(["replay", "-"])
      running.write(first)
      // The pipe stays open: the refusal must not wait for its end.
      let result = running.finish()
      running.closeInput()
      #expect(result.status == 65)
      #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
      #expect(result.stderr.count < 400, "a short quote: \(result.stderr)")
    }
  }

  @Test("a reader that stops after one line (| head -1) ends a long replay at once with status 0")
  func headOne() throws {
    // 20 000 copies of the G502's four detents: about 80 000 records.
    let path = try TemporaryFiles.file(
      String(repeating: try RecordingText.eventLines("wheel-logitech-g502-usbhid-lowres.evemu"), count: 20_000))
    defer { TemporaryFiles.remove(path) }
    let pipe = Pipe()
    let running = try ScrolldirProcess(["replay", path], stdout: pipe.fileHandleForWriting)
    try pipe.fileHandleForWriting.close()
    #expect(!pipe.fileHandleForReading.availableData.isEmpty)
    let start = Date()
    try pipe.fileHandleForReading.close()
    let result = running.finish()
    #expect(result.status == 0)
    #expect(Date().timeIntervalSince(start) < 5)
    #expect(result.stderr.isEmpty)
  }

  @Test("stdout a pipe in non-blocking mode with a slow reader: every line arrives, nothing is lost, status 0")
  func nonBlockingPipe() throws {
    // 2 000 copies of the G502's four detents: 8 000 lines, several times a pipe's 64 KiB.
    let copies = 2_000
    let path = try TemporaryFiles.file(
      String(repeating: try RecordingText.eventLines("wheel-logitech-g502-usbhid-lowres.evemu"), count: copies))
    defer { TemporaryFiles.remove(path) }
    let pipe = Pipe()
    let writeEnd = pipe.fileHandleForWriting.fileDescriptor
    #expect(fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK) == 0)
    let running = try ScrolldirProcess(["replay", "--json", path], stdout: pipe.fileHandleForWriting)
    try pipe.fileHandleForWriting.close()
    // Let the pipe fill up before reading anything.
    Thread.sleep(forTimeInterval: 0.5)
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    let result = running.finish()
    #expect(result.status == 0, "\(result.stderr)")
    let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
    #expect(lines.count == 4 * copies)
    #expect(lines.allSatisfy { $0.hasPrefix(#"{"event":"scroll""#) && $0.hasSuffix("}") })
  }
}
