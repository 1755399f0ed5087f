import Foundation
import ScrollCore
import ScrollIO
import TestSupport
import Testing

/// Real pastes from public threads (`Tests/Fixtures/pastes`, provenance in each file's header),
/// replayed as they were posted.
@Suite("Pastes as posted: evtest, python-evdev, libinput record; other tools' output refused")
struct PasteTests {
  /// The evtest and python-evdev pastes; each has an evemu twin holding the same events, made
  /// from the paste by `Tests/Fixtures/pastes/evemu-twin.py` (an independent reading of the
  /// documented rules).
  static let textPastes = [
    "evtest-asus-numberpad169-touchpad-header-cut", "evtest-headerless-hid-asus-dkms8-two-finger-elided",
    "evtest-headerless-input-remapper12-hwheel-midpaste", "evtest-headerless-kanata260-wheel-down-up",
    "evtest-headerless-kanata395-hires-free-wheel", "evtest-headerless-keymapper232-tpkbd2-elided",
    "evtest-headerless-keymapper268-g604-hires", "evtest-headerless-lkml-touchpad-ghost-fingers-quoted-wrapped",
    "evtest-headerless-lkml-tpkbd2-before-after-double-quoted", "evtest-headerless-lkml-tpkbd2-middle-scroll-quoted",
    "evtest-headerless-razer-basilisk-v3pro-prompt-fence", "evtest-headerless-shuttlexpress-jog-commented",
    "evtest-headerless-tp-compact-keyboard29-hwheel-with-middle-held",
    "evtest-headerless-tp-compact-keyboard29-middle-autorepeat", "evtest-nwfermi-touchscreen-syn-mt-report",
    "evtest-openrazer1557-naga2014-tilt-header", "evtest-openrazer2671-pro-click-v2-tilt-header",
    "evtest-steamdeck-two-headers-no-events", "evtest-touchpad-forensics-synaptics-indented-list",
    "evtest-touchpadnimo-header-only-no-events", "evtest-tslib140-touchscreen-ev-syn-separator",
    "evtest-ubuntuforums-razer-naga-trinity-indented", "evtest-virtio-win413-synaptics-header-custom-prompt",
    "evtest-zowie-mouse-full-session-wheel", "python-evdev-broken-mouse-wheel-fixer-comments",
    "python-evdev-evtest-py-elantech-touchpad", "python-evdev-shuttlexpress-input-event-at-comments",
  ]

  /// Every event of a recording, with its device's description.
  static func read(_ path: String) throws -> (events: [InputEvent], description: DeviceDescription?) {
    let recording = try Recording.open(path)
    var events: [InputEvent] = []
    while let recorded = try recording.next() { events.append(recorded.event) }
    return (events, recording.devices.first?.description)
  }

  /// The events up to the last frame's end: a last frame without its `SYN_REPORT` is read, and
  /// dropped by the pipeline; the twin leaves it out.
  static func wholeFrames(_ events: [InputEvent]) -> [InputEvent] {
    guard let last = events.lastIndex(where: { $0.isReport || $0.isDropped }) else { return [] }
    return Array(events[...last])
  }

  /// The codes without `EV_SYN`'s, which evtest does not list (the twin gives the four SYN codes).
  static func codes(_ description: DeviceDescription?) -> [EventType: Set<EventCode>]? {
    description?.codes.filter { $0.key != .syn }
  }

  @Test(
    "a paste holds exactly the events of its evemu twin (up to its last whole frame), and the same description",
    arguments: textPastes)
  func twin(_ name: String) throws {
    let paste = try Self.read(FixturePaths.paste(name + ".txt"))
    let twin = try Self.read(FixturePaths.paste(name + ".evemu"))
    #expect(Self.wholeFrames(paste.events) == twin.events)
    #expect(paste.description?.origin == twin.description?.origin)
    // An inferred description is the codes of the events read, compared above.
    guard twin.description?.origin == .declared else { return }
    #expect(Self.codes(paste.description) == Self.codes(twin.description))
    #expect(paste.description?.absInfo == twin.description?.absInfo)
    #expect(paste.description?.properties == twin.description?.properties)
    #expect(paste.description?.name == twin.description?.name && paste.description?.id == twin.description?.id)
  }

  @Test(
    "what a paste loses is noted by line: words above, elisions read as SYN_DROPPED (a gap record each), the cut-off last line"
  )
  func notes() throws {
    let path = FixturePaths.paste("evtest-headerless-keymapper232-tpkbd2-elided.txt")
    let recording = try Recording.open(path)
    let player = RecordingPlayer(recording)
    var outputs: [OutputRecord] = []
    while try player.next(into: &outputs) != nil {}
    #expect(
      recording.notes == [
        "\(path):6-8: not a recording (words around the paste?): not read",
        "\(path):14: lines left out ('...'): read as events lost (SYN_DROPPED)",
        "\(path):20: lines left out ('...'): read as events lost (SYN_DROPPED)",
        "\(path):21: the last line is cut off (expected 'Event: time SEC.USEC, type T (NAME), code C (NAME), value V'; the line ends before the code (is it cut off?)); it was not used",
      ])
    // REL_WHEEL −1 twice, a gap, +1 once (the frame before the elision at line 20 is lost), a gap.
    let kinds = outputs.map { output -> String in
      switch output {
      case .scroll(let record): record.vertical.rawValue
      case .gap: "gap"
      default: "other"
      }
    }
    #expect(kinds == ["Down", "Down", "gap", "Up", "Up", "gap"])
  }

  @Test(
    "a libinput record as posted in a mail reply (quoted, with the tool's prompts and an unquoted reply inside the device description) gives the records of the hand-cleaned recording of the same events"
  )
  func quotedLibinputRecord() throws {
    let posted = try Replay.outputs(
      FixturePaths.paste("libinput-record-lkml-ite-touchpad-two-finger-quoted-interleaved.txt"))
    let cleaned = try Replay.outputs(FixturePaths.recording("touchpad-ite-acer-sw5-2fg-scroll-up.yml"))
    #expect(posted == cleaned && posted.count == 10)
  }

  @Test("a libinput record indented in a reST literal block gives the records of the unindented one")
  func indentedLibinputRecord() throws {
    let posted = try Replay.outputs(FixturePaths.paste("libinput-record-huion-k20-dial-rst-indented.txt"))
    #expect(posted == (try Replay.outputs(FixturePaths.recording("other-huion-keydial-k20-dial-ccw.yml"))))
  }

  @Test(
    "libinput record fragments: an indented events: list, bare - evdev: items, an events: list under a [...] elision"
  )
  func fragments() throws {
    // G903: REL_WHEEL -1 and REL_WHEEL_HI_RES -120 in each of 8 frames (the kernel regression the
    // mail reports): 8 detents Down.
    let g903 = try Replay.records(FixturePaths.paste("libinput-record-fragment-lkml-g903-indented-events.txt"))
    #expect(g903.map(\.new.y) == (1...8).map { OffsetValue(whole: Int128($0 * 120)) })
    // Three frames of REL_WHEEL +1 (no hi-res event although the device declares it): Up thrice.
    let elided = try Replay.records(FixturePaths.paste("libinput-record-fragment-libinput-doc-hires-elided.txt"))
    #expect(elided.map(\.new.y) == [-120, -240, -360])
    // Pointer motion and a click, nothing scrolls: the 14 event rows under the first `- evdev:`
    // (the 2 above it are the cut-off end of an item) are read.
    let bare = FixturePaths.paste("libinput-record-fragment-libudev-zero78-bare-evdev-items.txt")
    let events = try Self.read(bare).events
    #expect(events.count == 14 && events.allSatisfy { [.syn, .rel, .key, .msc].contains($0.type) })
    #expect(events.first?.time == Timestamp(microseconds: 475_976))
    #expect(try Replay.records(bare).isEmpty)
  }

  @Test(
    "other tools' output is refused with what it is: libinput debug-events, xev (also grep-filtered), wev",
    arguments: [
      ("debug-events-hyprland8567-wheel-tabs.txt", 8, "this is 'libinput debug-events' output"),
      ("debug-events-razer-basilisk-v3pro-wheel.txt", 9, "this is 'libinput debug-events' output"),
      ("xev-lkml-mx1000-horizontal-quoted-interleaved.txt", 8, "this is 'xev' output"),
      ("xev-ubuntuforums-ms-mouse-grep-button.txt", 8, "this is 'xev' output"),
      ("wev-hyprland6278-touchpad-grep-axis.txt", 10, "this is 'wev' output"),
      ("wev-hyprland6881-wheel-frames-complete.txt", 7, "this is 'wev' output"),
      ("wev-waynergy44-wheel-axis-stop.txt", 7, "this is 'wev' output"),
    ])
  func refused(_ file: String, _ line: Int, _ message: String) throws {
    guard case .malformed(_, let at, let text)? = Replay.error(FixturePaths.paste(file)) else {
      Issue.record("expected a refusal")
      return
    }
    #expect(at == line)
    #expect(text.hasPrefix(message) && text.hasSuffix("'sudo libinput record' or 'sudo evtest'"), "\(text)")
  }

  @Test(
    "what is not a recording, or not whole: a device list only, tabs in YAML indentation, a record cut in its header")
  func unusable() throws {
    for (file, line, message) in [
      ("libinput-record-fragment-huion-k20-device-list-only.txt", 1, "empty recording"),
      ("libinput-record-kernel-hidintro-mouse-tabs-mangled.txt", 39, "YAML allows no tab characters in indentation"),
      ("libinput-record-libratbag1124-g602-prompt-cut.txt", 42, "scanning a quoted scalar (at the end of the file)"),
    ] {
      guard case .malformed(_, let at, let text)? = Replay.error(FixturePaths.paste(file)) else {
        Issue.record("\(file): expected malformed")
        continue
      }
      #expect(at == line && text.contains(message), "\(file): \(at): \(text)")
    }
  }
}
