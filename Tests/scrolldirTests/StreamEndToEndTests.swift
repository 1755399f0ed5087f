import Foundation
import Testing

/// The binary in pipelines: signals, a reader that goes away, raw input_event streams, gaps, modes.
@Suite("scrolldir in pipelines")
struct StreamEndToEndTests {
  static func recording(_ name: String) -> String { Binary.fixtures + "/recordings/" + name }

  /// A running scrolldir whose stdin this test writes to.
  final class Running {
    let process = Process()
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()

    init(_ arguments: [String], environment: [String: String] = [:]) throws {
      process.executableURL = URL(fileURLWithPath: Binary.path)
      process.arguments = arguments
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
      process.standardInput = stdin
      process.standardOutput = stdout
      process.standardError = stderr
      try process.run()
    }

    /// Reads stdout until `lines` whole lines have arrived.
    func readLines(_ lines: Int) -> [String] {
      var data = Data()
      while data.filter({ $0 == 0x0A }).count < lines {
        let chunk = stdout.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        data += chunk
      }
      return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    func finish() -> (status: Int32, stdout: String, stderr: String) {
      let out = stdout.fileHandleForReading.readDataToEndOfFile()
      let err = stderr.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
  }

  /// `replay --stats -` that has read the G502's first frame (one detent Down, its record
  /// written) and waits on its pipe for more.
  static func statsReplayWaitingOnPipe() throws -> Running {
    let running = try Running(["replay", "--stats", "-"])
    let text = try evemuPrefix("wheel-logitech-g502-usbhid-lowres.evemu", frames: 1)
    running.stdin.fileHandleForWriting.write(Data(text.utf8))
    #expect(running.readLines(1).count == 1)
    return running
  }

  /// The first `frames` frames (up to their SYN_REPORT) of an evemu recording, with its header.
  static func evemuPrefix(_ name: String, frames: Int) throws -> String {
    var kept: [Substring] = []
    var reports = 0
    for line in try String(contentsOfFile: recording(name), encoding: .utf8).split(separator: "\n") {
      kept.append(line)
      if line.hasPrefix("E:") && line.split(separator: " ")[2...3] == ["0000", "0000"] {
        reports += 1
        if reports == frames { break }
      }
    }
    return kept.joined(separator: "\n") + "\n"
  }

  @Test("SIGINT while replay waits on a pipe: exit 0 with a one-line summary per device and direction")
  func sigint() throws {
    let running = try Running(["replay", "-"])
    running.stdin.fileHandleForWriting.write(Data(try Self.evemuPrefix("wheel-logitech-g502-usbhid-lowres.evemu", frames: 3).utf8))
    #expect(running.readLines(3).count == 3)
    running.process.interrupt()
    let result = running.finish()
    #expect(result.status == 0)
    #expect(result.stderr == "scrolldir: interrupted: stdin: Up 1, Down 2\n")
  }

  @Test("SIGINT with --stats: the summary, then the counters")
  func sigintStats() throws {
    let running = try Running(["replay", "--stats", "-"])
    running.stdin.fileHandleForWriting.write(Data(try Self.evemuPrefix("wheel-logitech-g502-usbhid-lowres.evemu", frames: 1).utf8))
    #expect(running.readLines(1).count == 1)
    running.process.interrupt()
    let result = running.finish()
    #expect(result.status == 0)
    #expect(result.stderr.hasPrefix("scrolldir: interrupted: stdin: Down 1\n"))
    #expect(result.stderr.contains("stdin wheel Down  1 record 1.000 detents"))
  }

  @Test(
    "endless or binary input is refused early, not copied to disk",
    arguments: [
      ("/dev/urandom", nil as String?, "binary data"), ("-", "y\n", "expected evemu lines"),
      ("-", "# c\n", "no content in the first 16 MiB"),
    ])
  func endlessInput(_ file: String, _ repeated: String?, _ message: String) throws {
    let stdin = repeated.map { Data(String(repeating: $0, count: 9_000_000).utf8) }
    let result = try Binary.run(["replay", file], stdin: stdin)
    #expect(result.status == 65)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test("each file of a replay has its own detents and changes: the G502 half notch twice is still no detent")
  func stateIsPerFile() throws {
    let half = Self.recording("hires-wheel-logitech-g502-lightspeed-halfnotch.evemu")
    #expect(try Binary.run(["replay", "--detents", half, half]).stdout.isEmpty)
    let lowres = Self.recording("wheel-logitech-g502-usbhid-lowres.evemu")
    let changes = try Binary.run(["replay", "--changes-only", lowres, lowres]).stdout.split(separator: "\n")
    #expect(changes.count == 8, "each file starts its own changes: Down, Up, Down, Up twice")
  }

  @Test("a malformed recording still gets the gestures and counters of what came before it")
  func errorFlushes() throws {
    let path = try Binary.temporaryFile("E: 1.000000 0002 0008 -1\nE: 1.000000 0000 0000 0\nE: 2.000000 0002 0008 x\n")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try Binary.run(["replay", "--json", "--gestures", "--stats", path])
    #expect(result.status == 65)
    let events = result.stdout.split(separator: "\n").map { $0.hasPrefix(#"{"event":"gesture""#) ? "gesture" : $0.hasPrefix(#"{"event":"stats""#) ? "stats" : "?" }
    #expect(events == ["gesture", "stats"])
  }

  @Test("a FIFO with no writer blocks the open; SIGTERM still ends it with status 0")
  func fifo() throws {
    let path = NSTemporaryDirectory() + "scrolldir-fifo-\(UUID().uuidString)"
    #expect(mkfifo(path, 0o600) == 0)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let running = try Running(["replay", path])
    Thread.sleep(forTimeInterval: 0.3)
    running.process.terminate()
    let result = running.finish()
    #expect(result.status == 0)
    #expect(result.stderr.hasPrefix("scrolldir: interrupted"))
  }

  @Test("a libinput record from a pipe that is not standard input (/dev/stdin, <(…)) is read like standard input")
  func yamlFromPipe() throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: Self.recording("other-huion-keydial-k20-dial-ccw.yml")))
    let result = try Binary.run(["replay", "--json", "/dev/stdin"], stdin: data)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains(#""device":"HUION Huion Keydial_K20""#))
  }

  @Test("from a pipe, text that is not a recording is refused at once, and so is binary data after a libinput record's first line")
  func pipeRefusedEarly() throws {
    for (first, message) in [
      (Data("foo: bar\n".utf8), "scrolldir: <stdin>:1: expected evemu lines"),
      (Data("version: 1\n\u{7}".utf8), "scrolldir: <stdin>: byte 11: binary data (control character 0x7) in a libinput record"),
      // A raw input_event stream without '--raw' (cat /dev/input/eventN): no newline ever comes.
      (try Self.rawBytes("wheel-logitech-g502-usbhid-lowres.evemu"), "scrolldir: <stdin>:1: binary data: expected evemu text"),
      // The same after a good evemu line: refused at its NUL bytes, quoted at most 40 characters.
      (Data("E: 1.000000 0002 0008 1\n".utf8) + (try Self.rawBytes("wheel-logitech-g502-usbhid-lowres.evemu")),
       "scrolldir: <stdin>:2: expected an event line 'E: sec.usec type code value', found '"),
    ] {
      let running = try Running(["replay", "-"])
      running.stdin.fileHandleForWriting.write(first)
      // The pipe stays open: the refusal must not wait for its end.
      let result = running.finish()
      try running.stdin.fileHandleForWriting.close()
      #expect(result.status == 65)
      #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
      #expect(result.stderr.count < 400, "a short quote: \(result.stderr)")
    }
  }

  @Test("a waiting monitor whose reader goes away (| head -1) ends at once with status 0, not at its next record")
  func monitorReaderGone() throws {
    let directory = NSTemporaryDirectory() + "scrolldir-input-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let running = try Running(["--wait", "--json", directory + "/event3"], environment: ["SCROLLDIR_INPUT_DIR": directory])
    #expect(running.readLines(1).first?.contains(#""state":"waiting""#) == true)
    try running.stdout.fileHandleForReading.close()
    let deadline = Date().addingTimeInterval(5)
    while running.process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    let endedByItself = !running.process.isRunning
    if !endedByItself { running.process.terminate() }
    running.process.waitUntilExit()
    #expect(endedByItself, "still waiting 5 s after its reader went away")
    #expect(running.process.terminationStatus == 0)
  }

  @Test(
    "SIGTERM while stdout is blocked (a reader that stopped reading): exit 0 at once with the summary, also with output left to write",
    arguments: [["replay"], ["replay", "--gestures"], ["replay", "--json", "--stats"]])
  func blockedOutput(_ command: [String]) throws {
    let fifo = NSTemporaryDirectory() + "scrolldir-out-\(UUID().uuidString)"
    #expect(mkfifo(fifo, 0o600) == 0)
    defer { try? FileManager.default.removeItem(atPath: fifo) }
    let frames = try String(contentsOfFile: Self.recording("wheel-logitech-g502-usbhid-lowres.evemu"), encoding: .utf8)
      .split(separator: "\n").filter { $0.hasPrefix("E:") }.joined(separator: "\n") + "\n"
    let path = try Binary.temporaryFile(String(repeating: frames, count: 5000))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Binary.path)
    process.arguments = command + [path]
    let err = Pipe()
    process.standardError = err
    // A reader that never reads: opened without blocking, kept open so the pipe stays connected.
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    defer { close(reader) }
    process.standardOutput = FileHandle(forWritingAtPath: fifo)
    try process.run()
    Thread.sleep(forTimeInterval: 0.5)  // the pipe is full: scrolldir blocks in write
    process.terminate()
    let deadline = Date().addingTimeInterval(5)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    let endedByItself = !process.isRunning
    if !endedByItself { kill(process.processIdentifier, SIGKILL) }
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(endedByItself, "still running 5 s after SIGTERM")
    #expect(process.terminationStatus == 0)
    #expect(message.hasPrefix("scrolldir: interrupted: "), "\(message)")
  }

  @Test("started with stdout closed (>&-): exit 74 saying so, as cat does, instead of records going nowhere")
  func closedStdout() throws {
    let result = try Binary.run(["replay", Self.recording("wheel-logitech-g502-usbhid-lowres.evemu")], redirections: ">&-")
    #expect(result.status == 74)
    #expect(result.stderr == "scrolldir: cannot write output: standard output is closed\n")
  }

  @Test("started with stdin and stderr closed: a replay of a file still writes its records; '-' is refused with 66")
  func closedStdinAndStderr() throws {
    let result = try Binary.run(["replay", Self.recording("wheel-logitech-g502-usbhid-lowres.evemu")], redirections: "<&- 2>&-")
    #expect(result.status == 0)
    #expect(result.stdout.split(separator: "\n").count == 4)
    let fromClosed = try Binary.run(["replay", "-"], redirections: "<&-")
    #expect(fromClosed.status == 66, "'-' with standard input closed cannot be read")
    #expect(fromClosed.stderr == "scrolldir: <stdin>: cannot open recording: Bad file descriptor\n")
  }

  @Test("names with control characters stay on one line in records and messages")
  func controlCharacters() throws {
    let path = try Binary.temporaryFile("N: esc\u{1B}[31mred\nE: 1.000000 0002 0008 1\nE: 1.000000 0000 0000 0\n")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try Binary.run(["replay", path]).stdout.hasPrefix(#"1.000000 "esc\u001b[31mred" wheel Up"#))
    let missing = try Binary.run(["replay", "/nonexistent/a\nb"])
    #expect(missing.stderr == "scrolldir: /nonexistent/a\\u{A}b: cannot open recording: No such file or directory\n")
  }

  @Test("--help into a full disk fails with 74 instead of claiming success")
  func helpWriteError() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Binary.path)
    process.arguments = ["--help"]
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 74)
  }

  @Test("SIGUSR1 prints the counters (a replay waiting on a pipe: when input arrives or ends) and the replay goes on; --stats prints them at the end")
  func sigusr1() throws {
    let running = try Self.statsReplayWaitingOnPipe()
    kill(running.process.processIdentifier, SIGUSR1)
    Thread.sleep(forTimeInterval: 0.2)
    try running.stdin.fileHandleForWriting.close()
    let result = running.finish()
    #expect(result.status == 0)
    let statsLines = result.stderr.split(separator: "\n").filter { $0.contains("stdin wheel Down") }
    #expect(statsLines.count == 2, "one on SIGUSR1, one at exit: \(result.stderr)")
    #expect(statsLines.allSatisfy { $0.contains(" 1 record 1.000 detents") })
  }

  @Test("SIGUSR1 and SIGUSR2 sent just before SIGINT, while a replay waits on a pipe: both are handled before the summary")
  func usrThenInterrupt() throws {
    let running = try Self.statsReplayWaitingOnPipe()
    let pid = running.process.processIdentifier
    kill(pid, SIGUSR1)
    kill(pid, SIGUSR2)
    kill(pid, SIGINT)
    let result = running.finish()
    #expect(result.status == 0)
    let lines = result.stderr.split(separator: "\n")
    // SIGUSR1 prints the one detent Down; SIGUSR2 then resets the counters, so --stats at the end
    // has nothing left to count; the summary still counts the record written.
    #expect(lines.filter { $0.contains("stdin wheel Down") && $0.contains(" 1 record 1.000 detents") }.count == 1, "\(result.stderr)")
    #expect(lines.filter { $0.contains("stats since") }.count == 2, "one on SIGUSR1, one at exit: \(result.stderr)")
    #expect(lines.contains("scrolldir: interrupted: stdin: Down 1"), "the summary counts from the start: \(result.stderr)")
    #expect(lines.last.map { $0.contains("no scrolling") } == true, "the counters after the reset: \(result.stderr)")
  }

  @Test(
    "SIGUSR1, SIGUSR2, SIGUSR1 are handled in that order, also when SIGTERM follows: the second print shows the reset",
    arguments: [false, true])
  func signalOrder(_ terminate: Bool) throws {
    let running = try Self.statsReplayWaitingOnPipe()
    let pid = running.process.processIdentifier
    for signal in [SIGUSR1, SIGUSR2, SIGUSR1] + (terminate ? [SIGTERM] : []) {
      kill(pid, signal)
      Thread.sleep(forTimeInterval: 0.1)
    }
    try running.stdin.fileHandleForWriting.close()
    let result = running.finish()
    #expect(result.status == 0)
    let stats = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("scrolldir: interrupted") }
    // The first print counts the G502's one detent; the second, after the reset, and the one at
    // the end count nothing.
    #expect(
      stats == [
        "scrolldir: stats since start", "scrolldir: stdin wheel Down  1 record 1.000 detents 0.000000 s",
        "scrolldir: stats since 1692245830.208738", "scrolldir: no scrolling",
        "scrolldir: stats since 1692245830.208738", "scrolldir: no scrolling",
      ], "\(result.stderr)")
  }

  @Test("SIGUSR2 then SIGINT while a libinput record is being copied from a pipe: the reset still counts")
  func resetWhileSpooling() throws {
    let running = try Running(["replay", "--stats", Self.recording("wheel-logitech-ultrathin-touch-mouse.evemu"), "-"])
    #expect(running.readLines(32).count == 32, "the first file's records")
    let record = try String(contentsOfFile: Self.recording("other-huion-keydial-k20-dial-ccw.yml"), encoding: .utf8)
    running.stdin.fileHandleForWriting.write(Data(record.utf8))  // the pipe stays open: copying goes on
    Thread.sleep(forTimeInterval: 0.2)
    kill(running.process.processIdentifier, SIGUSR2)
    Thread.sleep(forTimeInterval: 0.1)
    kill(running.process.processIdentifier, SIGINT)
    let result = running.finish()
    try running.stdin.fileHandleForWriting.close()
    #expect(result.status == 0)
    #expect(result.stderr.contains("scrolldir: stats since 9.663855\nscrolldir: no scrolling\n"), "\(result.stderr)")
  }

  @Test("a reader that stops after one line (| head -1) ends a long replay at once with status 0")
  func headOne() throws {
    // 20 000 copies of the G502's four detents: about 80 000 records.
    let frames = try String(contentsOfFile: Self.recording("wheel-logitech-g502-usbhid-lowres.evemu"), encoding: .utf8)
      .split(separator: "\n").filter { $0.hasPrefix("E:") }.joined(separator: "\n") + "\n"
    let path = try Binary.temporaryFile(String(repeating: frames, count: 20_000))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let running = try Running(["replay", path])
    #expect(running.readLines(1).count >= 1)
    let start = Date()
    try running.stdout.fileHandleForReading.close()
    running.process.waitUntilExit()
    #expect(running.process.terminationStatus == 0)
    #expect(Date().timeIntervalSince(start) < 5)
    #expect(running.stderr.fileHandleForReading.readDataToEndOfFile().isEmpty)
  }

  /// The events of an evemu recording as raw `struct input_event` bytes (x86-64 layout: 64-bit
  /// seconds and microseconds, 16-bit type and code, 32-bit value, little-endian).
  static func rawBytes(_ name: String) throws -> Data {
    var data = Data()
    for line in try String(contentsOfFile: recording(name), encoding: .utf8).split(separator: "\n") where line.hasPrefix("E:") {
      let fields = line.split(separator: "#")[0].split(whereSeparator: { $0 == " " || $0 == "\t" })
      let time = fields[1].split(separator: ".")
      var seconds = Int64(time[0])!.littleEndian
      var micros = Int64(time[1])!.littleEndian
      var type = UInt16(fields[2], radix: 16)!.littleEndian
      var code = UInt16(fields[3], radix: 16)!.littleEndian
      var value = Int32(fields[4])!.littleEndian
      withUnsafeBytes(of: &seconds) { data.append(contentsOf: $0) }
      withUnsafeBytes(of: &micros) { data.append(contentsOf: $0) }
      withUnsafeBytes(of: &type) { data.append(contentsOf: $0) }
      withUnsafeBytes(of: &code) { data.append(contentsOf: $0) }
      withUnsafeBytes(of: &value) { data.append(contentsOf: $0) }
    }
    return data
  }

  @Test(
    "replay --raw --describe reproduces the records of the evemu replay of the same events",
    arguments: ["touchpad-synaptics-ps2-2fg-vert-scroll.evemu", "wheel-logitech-ultrathin-touch-mouse.evemu"])
  func rawDescribed(_ name: String) throws {
    let expected = try Binary.run(["replay", "--json", Self.recording(name)]).stdout
    let raw = try Binary.run(["replay", "--json", "--raw", "--describe", Self.recording(name), "-"], stdin: try Self.rawBytes(name))
    #expect(raw.status == 0)
    #expect(!expected.isEmpty)
    #expect(raw.stdout == expected)
  }

  @Test("replay --raw --capabilities: the same records, labelled stdin")
  func rawCapabilities() throws {
    let name = "wheel-logitech-g502-usbhid-lowres.evemu"
    let expected = try Binary.run(["replay", "--json", Self.recording(name)]).stdout
    let raw = try Binary.run(
      ["replay", "--json", "--raw", "--capabilities", "REL_WHEEL,REL_WHEEL_HI_RES", "-"], stdin: try Self.rawBytes(name))
    #expect(raw.stdout == expected.replacingOccurrences(of: #""device":"\#(name)""#, with: #""device":"stdin""#))
  }

  @Test("replay --raw --capabilities without the wheel codes: the wheel events are dropped, as the kernel would, and a note says why")
  func rawCapabilitiesWithoutWheel() throws {
    let raw = try Binary.run(
      ["replay", "--raw", "--capabilities", "KEY_A", "-"], stdin: try Self.rawBytes("wheel-logitech-g502-usbhid-lowres.evemu"))
    #expect(raw.status == 0)
    #expect(raw.stdout == "")
    // The G502 stream's four detents are four REL_WHEEL and four REL_WHEEL_HI_RES events.
    #expect(
      raw.stderr
        == "scrolldir: <stdin>: 8 wheel event(s) of 'stdin' have codes its description does not declare; they were dropped, as the kernel drops them\n"
        + "scrolldir: <stdin>: 'stdin' cannot scroll: no wheel (REL_WHEEL, REL_HWHEEL) and not a touchpad\n")
  }

  @Test("--describe needs a recording with a device description; --capabilities labels a file stream by its base name")
  func rawDescriptionSources() throws {
    let undescribed = Self.recording("wheel-logitech-g502-usbhid-lowres.evemu")
    let describe = try Binary.run(["replay", "--raw", "--describe", undescribed, "-"], stdin: try Self.rawBytes("wheel-logitech-g502-usbhid-lowres.evemu"))
    #expect(describe.status == 65)
    #expect(describe.stderr.hasPrefix("scrolldir: \(undescribed): '--describe' needs a recording with a device description"))
    let path = NSTemporaryDirectory() + "scrolldir-raw-\(UUID().uuidString).raw"
    try Self.rawBytes("wheel-logitech-g502-usbhid-lowres.evemu").write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let named = try Binary.run(["replay", "--json", "--raw", "--capabilities", "REL_WHEEL,REL_WHEEL_HI_RES", path])
    let inferred = try Binary.run(["replay", "--json", "--raw", path])
    #expect(named.stdout.contains(#""device":"\#((path as NSString).lastPathComponent)""#))
    #expect(named.stdout == inferred.stdout)
  }

  @Test("a raw stream cut inside an event exits 65 naming the byte; an unknown code name is a usage error")
  func rawErrors() throws {
    let cut = try Binary.run(["replay", "--raw", "-"], stdin: try Self.rawBytes("wheel-logitech-g502-usbhid-lowres.evemu").dropLast(5))
    #expect(cut.status == 65)
    #expect(cut.stderr == "scrolldir: <stdin>: byte 264: the stream ends inside a struct input_event (19 of 24 bytes)\n")
    // The cut falls in the last event, the fourth frame's SYN_REPORT: three whole frames, three records.
    #expect(cut.stdout.split(separator: "\n").count == 3, "the records before the cut stay whole")
    let unknown = try Binary.run(["replay", "--raw", "--capabilities", "REL_WHEELS", "-"], stdin: Data())
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("unknown event code 'REL_WHEELS'"))
  }

  @Test("a raw touchpad stream without --describe: no records, and a note saying what is missing")
  func rawTouchpadUndescribed() throws {
    let raw = try Binary.run(["replay", "--raw", "-"], stdin: try Self.rawBytes("touchpad-synaptics-ps2-2fg-vert-scroll.evemu"))
    #expect(raw.status == 0)
    #expect(raw.stdout == "")
    #expect(
      raw.stderr
        == "scrolldir: <stdin>: 'stdin' sent touch positions but the recording gives no axis ranges, so no finger scroll "
        + "was read; replay a recording with its device description, or give one with '--describe RECORDING'\n")
    let wheel = try Binary.run(["replay", "--raw", "-"], stdin: try Self.rawBytes("wheel-logitech-g502-usbhid-lowres.evemu"))
    #expect(wheel.stderr == "", "a wheel stream needs no description")
  }

  @Test("SYN_DROPPED in a recording: one gap record, the incomplete frame lost, offsets continue")
  func gap() throws {
    // The G502 usbhid recording with a SYN_DROPPED inserted inside its second frame (after its
    // REL_WHEEL +1): that frame is lost, so the offsets go 0 -> 120, then 120 -> 240 (the third frame).
    var lines = try String(contentsOfFile: Self.recording("wheel-logitech-g502-usbhid-lowres.evemu"), encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let index = try #require(lines.firstIndex { $0.hasPrefix("E: 1692245831.231868 0002 0008") })
    lines.insert("E: 1692245831.231868 0000 0003 0000", at: index + 1)
    let path = try Binary.temporaryFile(lines.joined(separator: "\n"))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try Binary.run(["replay", "--json", path])
    let records = result.stdout.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    #expect(records.map { $0?["event"] as? String } == ["scroll", "gap", "scroll", "scroll"])
    #expect(records[1]?["time"] as? Double == 1692245831.231868)
    let ys = records.compactMap { ($0?["new"] as? [String: Any])?["y"] as? Int }
    #expect(ys == [120, 240, 120])
  }

  @Test("modes on the command line: --detents on the G502 half-notch prints nothing (90 then 30 v120, never a whole detent); --gestures --json prints two gestures")
  func modes() throws {
    let path = Self.recording("hires-wheel-logitech-g502-lightspeed-halfnotch.evemu")
    let detents = try Binary.run(["replay", "--detents", path])
    #expect(detents.status == 0 && detents.stdout.isEmpty)
    let gestures = try Binary.run(["replay", "--json", "--gestures", path]).stdout.split(separator: "\n")
    #expect(gestures.count == 2)
    #expect(gestures.allSatisfy { $0.hasPrefix(#"{"event":"gesture""#) })
    #expect(gestures.first?.contains(#""direction":"Down""#) == true && gestures.last?.contains(#""direction":"Up""#) == true)
  }
}
