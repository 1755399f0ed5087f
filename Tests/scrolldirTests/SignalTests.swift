import Foundation
import TestSupport
import Testing

/// SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1 and SIGUSR2 during a replay: the summary, the counters, their order,
/// and stopping at once also when input or output is blocked. Every signal is sent once the
/// process handles signals and, one after another, once the previous one was delivered.
@Suite("scrolldir and signals", .timeLimit(.minutes(1)))
struct SignalTests {
  static let g502 = "wheel-logitech-g502-usbhid-lowres.evemu"

  /// `replay ARGUMENTS -` that has read the G502's first `frames` frames (their records written)
  /// and waits on its pipe for more.
  static func replayWaitingOnPipe(_ arguments: [String] = [], frames: Int = 1) throws -> ScrolldirProcess {
    let running = try ScrolldirProcess(["replay"] + arguments + ["-"])
    running.write(Data(try RecordingText.evemuPrefix(g502, frames: frames).utf8))
    #expect(running.waitForLines(frames).count == frames)
    running.waitUntilHandlingSignals()
    return running
  }

  @Test("SIGINT while replay waits on a pipe: exit 0 with a one-line summary per device and direction")
  func sigint() throws {
    let running = try Self.replayWaitingOnPipe(frames: 3)
    running.send(SIGINT)
    let result = running.finish()
    #expect(result.status == 0)
    #expect(result.stderr == "scrolldir: interrupted: stdin: Up 1, Down 2\n")
  }

  @Test("SIGHUP (the terminal went away) stops a replay as SIGINT does: exit 0 and the summary")
  func sighup() throws {
    let running = try Self.replayWaitingOnPipe(frames: 2)
    running.send(SIGHUP)
    let result = running.finish()
    #expect(result.status == 0)
    #expect(result.stderr == "scrolldir: interrupted: stdin: Up 1, Down 1\n")
  }

  @Test("SIGQUIT (Ctrl-\\) has its default action: the process ends by the signal, with no crash report")
  func sigquit() throws {
    // No core file: the child inherits a core size limit of 0.
    var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
    getrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
    noCore.rlim_cur = 0
    setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
    let running = try Self.replayWaitingOnPipe()
    kill(running.pid, SIGQUIT)
    let result = running.finish()
    #expect(result.signalled == SIGQUIT)
    #expect(!result.stderr.contains("Backtracing") && !result.stderr.contains("crashed"), "\(result.stderr)")
  }

  @Test("SIGUSR1 without --stats, with --json: the counters go to stderr as text; stdout holds only the records")
  func sigusr1WithoutStats() throws {
    let running = try Self.replayWaitingOnPipe(["--json"])
    running.send(SIGUSR1)
    running.closeInput()
    let result = running.finish()
    #expect(result.status == 0)
    #expect(result.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix(#"{"event":"scroll""#) })
    #expect(result.stderr.contains("stdin wheel Down  1 record 1.000 detents"))
  }

  @Test(
    "SIGINT while the first pass of a large two-device libinput record is read: the replay stops there, before any record"
  )
  func sigintDuringLoad() throws {
    var lines = ["version: 1", "ndevices: 2", "devices:"]
    for device in 0..<2 {
      lines += [
        "- node: /dev/input/event\(device)", "  evdev:", "    name: \"dev\(device)\"", "    codes:", "      2: [8]",
      ]
      lines.append("  events:")
      for index in 0..<60_000 {
        lines += ["  - evdev:", "    - [\(index), \(device), 2, 8, 1]", "    - [\(index), \(device), 0, 0, 0]"]
      }
    }
    let path = try TemporaryFiles.file(lines.joined(separator: "\n") + "\n", suffix: ".yml")
    defer { TemporaryFiles.remove(path) }
    let running = try ScrolldirProcess(["replay", path])
    running.waitUntilHandlingSignals()
    running.send(SIGINT)
    let result = running.finish()
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty, "the records come only after the first pass, which the signal ended")
    #expect(result.stderr == "scrolldir: interrupted: no records\n")
  }

  @Test("SIGINT with --stats: the summary, then the counters")
  func sigintStats() throws {
    let running = try Self.replayWaitingOnPipe(["--stats"])
    running.send(SIGINT)
    let result = running.finish()
    #expect(result.status == 0)
    #expect(result.stderr.hasPrefix("scrolldir: interrupted: stdin: Down 1\n"))
    #expect(result.stderr.contains("stdin wheel Down  1 record 1.000 detents"))
  }

  @Test(
    "SIGUSR1 prints the counters (a replay waiting on a pipe: when input arrives or ends) and the replay goes on; --stats prints them at the end"
  )
  func sigusr1() throws {
    let running = try Self.replayWaitingOnPipe(["--stats"])
    running.send(SIGUSR1)
    running.closeInput()
    let result = running.finish()
    #expect(result.status == 0)
    let statsLines = result.stderr.split(separator: "\n").filter { $0.contains("stdin wheel Down") }
    #expect(statsLines.count == 2, "one on SIGUSR1, one at exit: \(result.stderr)")
    #expect(statsLines.allSatisfy { $0.contains(" 1 record 1.000 detents") })
  }

  @Test(
    "SIGUSR1 and SIGUSR2 sent just before SIGINT, while a replay waits on a pipe: both are handled before the summary")
  func usrThenInterrupt() throws {
    let running = try Self.replayWaitingOnPipe(["--stats"])
    // Sent at once, not waiting for delivery: they may arrive together.
    for signal in [SIGUSR1, SIGUSR2, SIGINT] { kill(running.pid, signal) }
    let result = running.finish()
    #expect(result.status == 0)
    let lines = result.stderr.split(separator: "\n")
    // SIGUSR1 prints the one detent Down; SIGUSR2 then resets the counters, so --stats at the end
    // has nothing left to count; the summary still counts the record written.
    #expect(
      lines.filter { $0.contains("stdin wheel Down") && $0.contains(" 1 record 1.000 detents") }.count == 1,
      "\(result.stderr)")
    #expect(lines.filter { $0.contains("stats since") }.count == 2, "one on SIGUSR1, one at exit: \(result.stderr)")
    #expect(
      lines.contains("scrolldir: interrupted: stdin: Down 1"), "the summary counts from the start: \(result.stderr)")
    #expect(lines.last.map { $0.contains("no scrolling") } == true, "the counters after the reset: \(result.stderr)")
  }

  @Test(
    "SIGUSR1, SIGUSR2, SIGUSR1 are handled in that order, also when SIGTERM follows: the second print shows the reset",
    arguments: [false, true])
  func signalOrder(_ terminate: Bool) throws {
    let running = try Self.replayWaitingOnPipe(["--stats"])
    for signal in [SIGUSR1, SIGUSR2, SIGUSR1] + (terminate ? [SIGTERM] : []) { running.send(signal) }
    running.closeInput()
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
    let running = try ScrolldirProcess([
      "replay", "--stats", FixturePaths.recording("wheel-logitech-ultrathin-touch-mouse.evemu"), "-",
    ])
    #expect(running.waitForLines(32).count == 32, "the first file's records")
    running.write(Data(try RecordingText.text("other-huion-keydial-k20-dial-ccw.yml").utf8))  // the pipe stays open
    running.waitUntilOpen("scrolldir-stdin-")  // copying to the temporary file has begun
    running.send(SIGUSR2)
    running.send(SIGINT)
    let result = running.finish()
    #expect(result.status == 0)
    #expect(result.stderr.contains("scrolldir: stats since 9.663855\nscrolldir: no scrolling\n"), "\(result.stderr)")
  }

  @Test("a FIFO with no writer blocks the open; SIGTERM still ends it with status 0")
  func fifo() throws {
    let path = TemporaryFiles.unusedPath()
    #expect(mkfifo(path, 0o600) == 0)
    defer { TemporaryFiles.remove(path) }
    let running = try ScrolldirProcess(["replay", path])
    running.waitUntilHandlingSignals()
    running.waitUntilInSystemCall(257)  // openat(2), blocked until a writer opens the FIFO
    running.send(SIGTERM)
    let result = running.finish()
    #expect(result.status == 0)
    #expect(result.stderr.hasPrefix("scrolldir: interrupted"))
  }

  @Test(
    "SIGTERM while stdout is blocked (a reader that stopped reading): exit 0 at once with the summary, also with output left to write",
    arguments: [["replay"], ["replay", "--gestures"], ["replay", "--json", "--stats"]])
  func blockedOutput(_ command: [String]) throws {
    let fifo = TemporaryFiles.unusedPath()
    #expect(mkfifo(fifo, 0o600) == 0)
    defer { TemporaryFiles.remove(fifo) }
    let path = try TemporaryFiles.file(String(repeating: try RecordingText.eventLines(Self.g502), count: 5000))
    defer { TemporaryFiles.remove(path) }
    // A reader that never reads: opened without blocking, kept open so the pipe stays connected.
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    defer { close(reader) }
    let running = try ScrolldirProcess(command + [path], stdout: FileHandle(forWritingAtPath: fifo))
    running.waitUntilHandlingSignals()
    Self.waitUntilFull(reader)  // scrolldir blocks in write
    running.send(SIGTERM)
    let endedByItself = running.waitForExit()
    let result = running.finish()
    #expect(endedByItself, "still running \(ScrolldirProcess.patience) s after SIGTERM")
    #expect(result.status == 0)
    #expect(result.stderr.hasPrefix("scrolldir: interrupted: "), "\(result.stderr)")
  }

  /// Waits until the pipe read by `reader` is full (`FIONREAD`, `F_GETPIPE_SZ`): it holds more than
  /// its capacity less `PIPE_BUF`, so a line (written whole, as writes of up to `PIPE_BUF` bytes
  /// are) no longer fits.
  static func waitUntilFull(_ reader: Int32) {
    let capacity = fcntl(reader, 1032)  // F_GETPIPE_SZ
    let deadline = Date().addingTimeInterval(ScrolldirProcess.patience)
    var queued: Int32 = 0
    while Date() < deadline {
      _ = ioctl(reader, UInt(FIONREAD), &queued)
      if queued > capacity - Int32(PIPE_BUF) { return }
      usleep(5000)
    }
  }
}
