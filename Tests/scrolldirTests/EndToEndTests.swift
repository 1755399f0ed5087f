import Foundation
import Testing

/// The built binary, run as users and scripts run it: output, exit statuses and messages.
@Suite("scrolldir end to end")
struct EndToEndTests {
  static func recording(_ name: String) -> String { Binary.fixtures + "/recordings/" + name }
  static func expected(_ name: String) throws -> String {
    try String(contentsOfFile: Binary.fixtures + "/expected/" + name, encoding: .utf8)
  }

  @Test("--help prints USAGE and OPTIONS on stdout and exits 0")
  func help() throws {
    let result = try Binary.run(["--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("USAGE: scrolldir"))
    #expect(result.stdout.contains("OPTIONS:"))
    #expect(result.stderr.isEmpty)
  }

  @Test("--help equals its checked-in snapshot exactly (Tests/scrolldirTests/Snapshots/help.txt)")
  func helpSnapshot() throws {
    let snapshot = try String(contentsOfFile: Binary.testsDirectory + "/scrolldirTests/Snapshots/help.txt", encoding: .utf8)
    #expect(try Binary.run(["--help"]).stdout == snapshot)
  }

  @Test("--version exits 0")
  func version() throws {
    let result = try Binary.run(["--version"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("scrolldir "))
  }

  @Test("a usage error exits 64 with one error line and a hint, nothing on stdout")
  func usage() throws {
    let result = try Binary.run(["--frobnicate"])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("scrolldir: error: unknown option '--frobnicate'\n"))
    #expect(result.stderr.contains("scrolldir --help"))
  }

  @Test("replay --json of a recording equals its golden file")
  func replayJSON() throws {
    let result = try Binary.run(["replay", "--json", Self.recording("trackpoint-thinkpad-trackpoint-keyboard2-middle-scroll.evemu")])
    #expect(result.status == 0)
    #expect(result.stdout == (try Self.expected("trackpoint-thinkpad-trackpoint-keyboard2-middle-scroll.jsonl")))
    #expect(result.stderr.isEmpty)
  }

  @Test("replay text output, as shown in the README")
  func replayText() throws {
    let result = try Binary.run(["replay", Self.recording("wheel-logitech-g502-usbhid-lowres.evemu")])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 4)
    #expect(lines.first == "1692245830.208738 wheel-logitech-g502-usbhid-lowres.evemu wheel Down  None  x 0 -> 0 y 0 -> 120 v120")
  }

  @Test("--axis horizontal keeps only the Left/Right records")
  func axis() throws {
    let result = try Binary.run([
      "replay", "--json", "--axis", "horizontal", Self.recording("trackpoint-thinkpad-trackpoint-keyboard2-middle-scroll.evemu"),
    ])
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 4)
    #expect(lines.allSatisfy { $0.contains(#""horizontal":"Left""#) })
  }

  @Test("replay - reads evemu and libinput record from standard input", arguments: [
    ("wheel-ibm-scrollpoint-stick-relz.evemu", "wheel-ibm-scrollpoint-stick-relz.jsonl"),
    ("other-huion-keydial-k20-dial-ccw.yml", "other-huion-keydial-k20-dial-ccw.jsonl"),
  ])
  func stdin(_ names: (String, String)) throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: Self.recording(names.0)))
    let result = try Binary.run(["replay", "--json", "-"], stdin: data)
    #expect(result.status == 0)
    #expect(result.stdout == (try Self.expected(names.1)))
  }

  @Test("a two-finger scroll up on the ITE touchpad: Up in mm, then a stop record; --natural turns it Down")
  func touchpad() throws {
    let path = Self.recording("touchpad-ite-acer-sw5-2fg-scroll-up.yml")
    let plain = try Binary.run(["replay", "--json", path]).stdout.split(separator: "\n")
    let natural = try Binary.run(["replay", "--json", "--natural", path]).stdout.split(separator: "\n")
    #expect(plain.count == natural.count && plain.count > 2)
    #expect(plain.dropLast().allSatisfy { $0.contains(#""source":"finger","vertical":"Up","horizontal":"None""#) })
    #expect(natural.dropLast().allSatisfy { $0.contains(#""source":"finger","vertical":"Down","horizontal":"None""#) })
    #expect(plain.last?.hasSuffix(#""unit":"mm","stop":true}"#) == true)
  }

  @Test("a replay of many files closes each one: 100 files under a limit of 64 descriptors")
  func manyFiles() throws {
    let evemu = Self.recording("wheel-logitech-g502-usbhid-lowres.evemu")
    let yaml = Self.recording("other-huion-keydial-k20-dial-ccw.yml")
    let files = Array(repeating: [evemu, yaml], count: 50).flatMap { $0 }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "ulimit -n 64 && exec \"$0\" replay \"$@\"", Binary.path] + files
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let lines = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(message)")
    #expect(lines.count == 50 * (4 + 1))
  }

  @Test("several files are replayed in order")
  func severalFiles() throws {
    let result = try Binary.run([
      "replay", "--json", Self.recording("wheel-logitech-g502-usbhid-lowres.evemu"),
      Self.recording("other-huion-keydial-k20-dial-ccw.yml"),
    ])
    #expect(
      result.stdout
        == (try Self.expected("wheel-logitech-g502-usbhid-lowres.jsonl")) + (try Self.expected("other-huion-keydial-k20-dial-ccw.jsonl")))
  }

  @Test(
    "a recording whose only device cannot scroll says why on stderr and exits 0",
    arguments: [
      ("touchpad-alps-glidepoint-2fg-tap.evemu", "'AlpsPS/2 ALPS GlidePoint' cannot scroll: a semi-MT touchpad (INPUT_PROP_SEMI_MT) reports a bounding box, not two fingers"),
      ("other-touchscreen-ep0430m09-2fg-drag.evemu", "'EP0430M09' cannot scroll: a touchscreen (INPUT_PROP_DIRECT), where dragging is direct manipulation"),
      ("trackpoint-tpps2-ibm-motion-no-scroll.evemu", "'TPPS/2 IBM TrackPoint' cannot scroll: a mouse with no wheel (REL_WHEEL, REL_HWHEEL)"),
    ])
  func cannotScroll(_ name: String, _ reason: String) throws {
    let result = try Binary.run(["replay", Self.recording(name)])
    #expect(result.status == 0)
    #expect(result.stdout == "")
    #expect(result.stderr == "scrolldir: \(Self.recording(name)): \(reason)\n")
  }

  @Test("a touchpad description whose position axes are empty (minimum == maximum) cannot scroll, and says so")
  func emptyAxes() throws {
    let original = try String(contentsOfFile: Self.recording("touchpad-synaptics-ps2-2fg-vert-scroll.evemu"), encoding: .utf8)
    let emptied = original.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.hasPrefix("A: 35 ") ? "A: 35 1472 1472 8 0" : String(line)
    }
    let path = try Binary.temporaryFile(emptied.joined(separator: "\n"))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try Binary.run(["replay", path])
    #expect(result.status == 0)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "scrolldir: \(path): 'SynPS/2 Synaptics TouchPad' cannot scroll: a touchpad without usable position axes "
        + "(ABS_MT_POSITION_X/Y, or ABS_X/Y, with maximum > minimum)\n")
  }

  @Test("a file that cannot be read among several is reported, the others are replayed, and the status is the first failure's")
  func badFileAmongSeveral() throws {
    let tabs = Self.recording("wheel-pixart-hp-mouse-buttons-only-tabs.yml")
    let result = try Binary.run([
      "replay", "--json", Self.recording("wheel-logitech-g502-usbhid-lowres.evemu"), "/nonexistent.evemu", tabs,
      Self.recording("other-huion-keydial-k20-dial-ccw.yml"),
    ])
    #expect(result.status == 66)
    #expect(
      result.stdout
        == (try Self.expected("wheel-logitech-g502-usbhid-lowres.jsonl")) + (try Self.expected("other-huion-keydial-k20-dial-ccw.jsonl")))
    let errors = result.stderr.split(separator: "\n")
    #expect(errors.count == 2)
    #expect(errors.first == "scrolldir: /nonexistent.evemu: cannot open recording: No such file or directory")
    #expect(errors.last?.hasPrefix("scrolldir: \(tabs):38: invalid YAML") == true)
    let full = try Binary.run(
      ["replay", "/nonexistent.evemu", Self.recording("wheel-logitech-g502-usbhid-lowres.evemu")], redirections: ">/dev/full")
    #expect(full.status == 66, "the first failure's status, also when the output fails after it")
    #expect(full.stderr.hasSuffix("scrolldir: cannot write output: No space left on device\n"))
  }

  @Test("a recording cut off before its last SYN_REPORT: the complete frames are replayed, and a note counts the events left over")
  func openLastFrame() throws {
    let path = try Binary.temporaryFile("N: cut\nE: 1.000000 0002 0008 -1\nE: 1.000000 0000 0000 0\nE: 2.000000 0002 0008 -1\nE: 2.000000 0004 0004 5\n")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try Binary.run(["replay", path])
    #expect(result.status == 0)
    #expect(result.stdout == "1.000000 cut wheel Down  None  x 0 -> 0 y 0 -> 120 v120\n")
    #expect(result.stderr == "scrolldir: \(path): the last frame of 'cut' has 2 event(s) but no SYN_REPORT; they were not used (is the file cut off?)\n")
  }

  @Test("a malformed recording exits 65 with file:line: and what was expected; records before it stay whole")
  func malformed() throws {
    let path = try Binary.temporaryFile("E: 1.000000 0002 0008 -1\nE: 1.000000 0000 0000 0\nE: 2.000000 0002 0008 one\n")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try Binary.run(["replay", "--json", path])
    #expect(result.status == 65)
    #expect(result.stdout.split(separator: "\n").count == 1)
    #expect(result.stdout.hasSuffix("\"unit\":\"v120\"}\n"))
    #expect(result.stderr == "scrolldir: \(path):3: expected 'E: sec.usec type code value' (type and code in hex); the value is not a 32-bit decimal integer\n")
  }

  @Test("the tab-indented PixArt record exits 65 naming line 38")
  func tabs() throws {
    let path = Self.recording("wheel-pixart-hp-mouse-buttons-only-tabs.yml")
    let result = try Binary.run(["replay", path])
    #expect(result.status == 65)
    #expect(result.stderr.hasPrefix("scrolldir: \(path):38: invalid YAML"))
    #expect(result.stderr.split(separator: "\n").count == 1)
  }

  @Test("a missing recording and a directory (named, or on standard input) exit 66")
  func missing() throws {
    let result = try Binary.run(["replay", "/nonexistent.evemu"])
    #expect(result.status == 66)
    #expect(result.stderr == "scrolldir: /nonexistent.evemu: cannot open recording: No such file or directory\n")
    #expect(try Binary.run(["replay", Binary.fixtures]).status == 66)
    let fromStdin = try Binary.run(["replay", "-"], redirections: "< \"$DIR\"", environment: ["DIR": Binary.fixtures])
    #expect(fromStdin.status == 66, "a directory on standard input is refused like a named one")
    #expect(fromStdin.stderr == "scrolldir: <stdin>: cannot open recording: Is a directory\n")
  }

  @Test("a recording this user cannot read exits 77")
  func permission() throws {
    let path = try Binary.temporaryFile("E: 1.000000 0000 0000 0\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try Unprivileged.run(["replay", path])
    #expect(result.status == 77)
    #expect(result.stderr == "scrolldir: \(path): cannot open recording: permission denied\n")
  }

  @Test("a missing event node exits 66; a file that is not an event node exits 66")
  func missingNode() throws {
    let missing = try Binary.run(["monitor", "/dev/input/event999"])
    #expect(missing.status == 66)
    #expect(missing.stderr == "scrolldir: /dev/input/event999: cannot open: No such file or directory\n")
    let notEvdev = try Binary.run(["/dev/null"])
    #expect(notEvdev.status == 66)
    #expect(notEvdev.stderr.hasPrefix("scrolldir: /dev/null: not an evdev event node"))
  }

  @Test("no event nodes at all: the monitor says so and exits 66 instead of waiting")
  func noNodes() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try Binary.run([], environment: ["SCROLLDIR_INPUT_DIR": directory])
    #expect(result.status == 66)
    #expect(result.stderr == "scrolldir: no scroll device found: there are no event nodes in \(directory) (use --wait to wait for one)\n")
  }

  @Test("event nodes this user cannot read: exit 77 naming them and the fix")
  func unreadableNodes() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    #expect(FileManager.default.createFile(atPath: directory + "/event3", contents: Data(), attributes: [.posixPermissions: 0o600]))
    let result = try Unprivileged.run([], environment: ["SCROLLDIR_INPUT_DIR": directory])
    #expect(result.status == 77)
    #expect(result.stderr.contains("no readable scroll device in \(directory): 1 event node(s)"))
    #expect(result.stderr.contains(directory + "/event3"))
    #expect(result.stderr.contains("udev/70-scrolldir.rules") && result.stderr.contains("'input' group"))
  }

  @Test("list with no event nodes notes it on stderr and exits 0")
  func listEmpty() throws {
    let directory = try Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let result = try Binary.run(["list"], environment: ["SCROLLDIR_INPUT_DIR": directory])
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "scrolldir: no event nodes in \(directory)\n")
  }

  @Test("a write error on stdout exits 74 (/dev/full)")
  func writeError() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Binary.path)
    process.arguments = ["replay", Self.recording("wheel-logitech-g502-usbhid-lowres.evemu")]
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
    let err = Pipe()
    process.standardError = err
    try process.run()
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 74)
    #expect(message == "scrolldir: cannot write output: No space left on device\n")
  }

  @Test("a closed stdout (reader gone, EPIPE) ends the replay quietly with status 0")
  func closedPipe() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Binary.path)
    process.arguments = ["replay", Self.recording("wheel-ibm-scrollpoint-stick-relz.evemu")]
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try out.fileHandleForReading.close()
    try process.run()
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(message.isEmpty)
  }

  static func temporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "scrolldir-e2e-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    return path
  }
}

/// Runs the binary as an unprivileged user when the tests run as root (root reads everything),
/// with `setpriv` from util-linux. The binary is copied to a world-readable temporary directory
/// first, since the checkout may live where that user cannot go (e.g. /root). The copy is made by
/// `cp` in a child process: a copy written by this process could leave its write descriptor
/// inherited by a process another test is spawning at that moment, and exec would then fail
/// with ETXTBSY.
enum Unprivileged {
  static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Binary.Result {
    guard getuid() == 0 else { return try Binary.run(arguments, environment: environment) }
    let copy = NSTemporaryDirectory() + "scrolldir-unprivileged-\(UUID().uuidString)"
    let cp = try Process.run(URL(fileURLWithPath: "/bin/cp"), arguments: [Binary.path, copy])
    cp.waitUntilExit()
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy)
    defer { try? FileManager.default.removeItem(atPath: copy) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
    process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", copy] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Binary.Result(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }
}
