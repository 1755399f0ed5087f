import Testing

@testable import ScrollIO

/// What pasting does to one line, undone (``PastedLine``).
@Suite("PastedLine: quote markers, fences, elisions, tool chatter")
struct PastedLineTests {
  static func text(_ line: UnsafeBufferPointer<UInt8>?) -> String? { line.map { String(decoding: $0, as: UTF8.self) } }

  static func with<T>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
    var text = text
    return text.withUTF8(body)
  }

  @Test("quote markers: depth and the line without them; a line with fewer is not part of the paste")
  func quotes() {
    let depth = Self.with("> > Event: time 1.000000") {
      PastedLine.quote(of: $0, marker: UInt8(ascii: ">")).quote.depth
    }
    #expect(depth == 2)
    let quote = PastedLine.Quote(marker: UInt8(ascii: ">"), depth: 2)
    #expect(Self.with(">> E: 1.0 0002 0008 1") { Self.text(PastedLine.unquoted($0, quote)) } == "E: 1.0 0002 0008 1")
    #expect(Self.with("> a reply") { Self.text(PastedLine.unquoted($0, quote)) } == nil)
    #expect(
      Self.with(">") { Self.text(PastedLine.unquoted($0, quote)) } == "", "a quoted blank line that lost its markers")
    #expect(Self.with("> > > deeper") { Self.text(PastedLine.unquoted($0, quote)) } == "> deeper")
  }

  @Test(
    "fences and elisions",
    arguments: [
      ("```text", PastedLine.Kind.fence), ("~~~", .fence), ("...", .elision), ("....", .elision), ("…", .elision),
      ("[...]", .elision), ("(…)", .elision), ("<snip>", .elision), ("[SNIP]", .elision), ("snip", .content),
      (". . .", .content), ("Event: time 1.0, ...", .content),
    ])
  func kinds(_ line: String, _ kind: PastedLine.Kind) {
    #expect(Self.with(line) { PastedLine.kind($0) } == kind)
  }

  @Test(
    "tool chatter: prompts with a recording tool, the device lists and questions, evtest's grab warning; not other words",
    arguments: [
      ("$ sudo evtest /dev/input/event6", true), ("user@host:~$ sudo libinput record", true),
      ("[me@box ~]$ evemu-record /dev/input/event3", true), ("# evtest", true),
      ("/dev/input/event14:\tITE Tech. Inc. ITE Device(8595) Touchpad", true),
      ("Select the device event number [0-26]: 2", true), ("Recording to 'stdout'.", true),
      ("This device is grabbed by another process.", true), ("$ ls -l", false), ("Here is the output:", false),
    ])
  func chatter(_ line: String, _ isChatter: Bool) {
    #expect(Self.with(line) { PastedLine.isToolChatter($0) } == isChatter)
  }
}
