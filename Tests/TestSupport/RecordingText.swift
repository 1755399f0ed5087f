import Foundation

/// Recordings cut and converted for tests that feed scrolldir part of a real recording.
public enum RecordingText {
  /// The text of the shared recording `name`.
  public static func text(_ name: String) throws -> String {
    try String(contentsOfFile: FixturePaths.recording(name), encoding: .utf8)
  }

  /// The `E:` lines of an evemu recording only (no description), each ending in a newline.
  public static func eventLines(_ name: String) throws -> String {
    try text(name).split(separator: "\n").filter { $0.hasPrefix("E:") }.joined(separator: "\n") + "\n"
  }

  /// The first `frames` frames (up to their SYN_REPORT) of an evemu recording, with its header.
  public static func evemuPrefix(_ name: String, frames: Int) throws -> String {
    var kept: [Substring] = []
    var reports = 0
    for line in try text(name).split(separator: "\n") {
      kept.append(line)
      if line.hasPrefix("E:") && line.split(separator: " ")[2...3] == ["0000", "0000"] {
        reports += 1
        if reports == frames { break }
      }
    }
    return kept.joined(separator: "\n") + "\n"
  }

  /// The events of an evemu recording as raw `struct input_event` bytes (x86-64 layout: 64-bit
  /// seconds and microseconds, 16-bit type and code, 32-bit value, little-endian).
  public static func rawBytes(_ name: String) throws -> Data {
    var data = Data()
    for line in try text(name).split(separator: "\n") where line.hasPrefix("E:") {
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
}
