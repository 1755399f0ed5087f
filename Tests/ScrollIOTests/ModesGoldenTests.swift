import Foundation
import ScrollCore
import ScrollIO
import TestSupport
import Testing

/// The output modes on the shared real recordings. Every expected value below is worked out from
/// the recordings' `E:` / `evdev:` lines (times and values quoted in the comments) and the rules of
/// each mode, not taken from scrolldir's output.
@Suite("Golden replays in --detents, --gestures, --changes-only, --debounce and --stats")
struct ModesGoldenTests {
  static let g502 = "hires-wheel-logitech-g502-lightspeed-halfnotch.evemu"
  static let g903 = "hires-wheel-logitech-g903-hidpp-regression-fragment.yml"
  static let keyboard = "trackpoint-thinkpad-trackpoint-keyboard2-middle-scroll.evemu"
  static let tpps2 = "trackpoint-tpps2-ibm-motion-no-scroll.evemu"

  /// Replays `name` as `scrolldir replay` drives the modes: before each event the chain's clock
  /// advances to the event's time (timeouts run on the recording's own clock, also between
  /// records), each record goes through the chain, and `finish()` ends the input.
  static func replay(_ name: String, _ options: ModeOptions) throws -> (output: [OutputRecord], chain: ModeChain) {
    let recording = try Recording.open(FixturePaths.recording(name))
    var pipelines = recording.devices.map { DevicePipeline(device: $0.label) }
    var chain = ModeChain(options: options)
    var output: [OutputRecord] = []
    while let recorded = try recording.next() {
      output += chain.advance(to: recorded.event.time)
      pipelines[recorded.device].process(recorded.event) {
        if case .scroll(let record) = $0 { output += chain.process(record) } else { output.append($0) }
      }
    }
    output += chain.finish()
    return (output, chain)
  }

  static func json(_ name: String, _ options: ModeOptions) throws -> [String] {
    try replay(name, options).output.map(JSONFormat.line)
  }

  static func endings(_ name: String, _ options: ModeOptions) throws -> [GestureRecord.Ending?] {
    try replay(name, options).output.compactMap { if case .gesture(let gesture) = $0 { gesture.ending } else { nil } }
  }

  /// The golden scroll records of `name` (Tests/Fixtures/expected, derived independently), as lines.
  static func goldenLines(_ name: String) throws -> [String] {
    let text = try String(contentsOfFile: FixturePaths.expected(FixturePaths.stem(name) + ".jsonl"), encoding: .utf8)
    return text.split(separator: "\n").map(String.init)
  }

  static let detents = ModeOptions(wheelStep: Double(ScrollUnit.v120PerDetent))
  static let gestures = ModeOptions(gestures: true)

  // MARK: Logitech G502 Lightspeed, half notch
  //
  // Frames (REL_WHEEL_HI_RES, kernel sign; libinput y = −value): six × −15 → y +15 each (Down) at
  // 1692246247.376147, .448155, .519161, .549169, .589171, .626176; then four × +15 → y −15 (Up) at
  // 1692246248.574336, .593325, .606319, .619329. The REL_WHEEL ±1 in the 4th frame of each run is
  // ignored (hi-res in the same frame). Offsets: 15, 30, …, 90, then 75, 60, 45, 30.

  @Test("G502 --detents: 6 × 15 = 90 < 120, then 90 − 60 = 30: no detent at all, 30 carried")
  func g502Detents() throws {
    #expect(try Self.json(Self.g502, Self.detents).isEmpty)
    var quantizer = StepQuantizer()
    for record in try Replay.records(FixturePaths.recording(Self.g502)) { #expect(quantizer.process(record).isEmpty) }
    #expect(quantizer.remainder(device: Self.g502, source: .wheel) == ScrollOffset(x: 0, y: 30))
  }

  // Gesture 1: Down, .376147 → .626176 = 0.250029 s, 6 × 15 = 90. The next movement comes
  // 248.574336 − 247.626176 = 0.948160 s later ≥ 0.5 s: its deadline 1692246248.126176 has passed
  // when the clock advances to the next event (1692246248.574336): ended by timeout. Gesture 2: Up,
  // 248.574336 → .619329 = 0.044993 s, 4 × 15 = 60; the recording ends right after: flushed.
  static let g502Gestures = [
    #"{"event":"gesture","device":"hires-wheel-logitech-g502-lightspeed-halfnotch.evemu","source":"wheel","axis":"vertical","direction":"Down","start":1692246247.376147,"duration":0.250029,"distance":90,"unit":"v120","events":6}"#,
    #"{"event":"gesture","device":"hires-wheel-logitech-g502-lightspeed-halfnotch.evemu","source":"wheel","axis":"vertical","direction":"Up","start":1692246248.574336,"duration":0.044993,"distance":60,"unit":"v120","events":4}"#,
  ]

  @Test("G502 --gestures: Down 0.250029 s 90 v120 (6), ended by the 0.948 s pause; Up 0.044993 s 60 v120 (4)")
  func g502Gestures() throws {
    #expect(try Self.json(Self.g502, Self.gestures) == Self.g502Gestures)
    #expect(try Self.endings(Self.g502, Self.gestures) == [.timeout, .flush])
  }

  @Test("G502 --gestures --idle-timeout 1000: the 0.948 s pause is inside; the reversal ends the Down gesture")
  func g502GesturesLongTimeout() throws {
    let options = ModeOptions(gestures: true, idleTimeout: .milliseconds(1000))
    #expect(try Self.json(Self.g502, options) == Self.g502Gestures)  // same gestures, other ending
    #expect(try Self.endings(Self.g502, options) == [.reversal, .flush])
  }

  // Debounced (smallest step 15 < 30: active). Down: .376147 held (15); .448155 releases 30
  // (0 → 30); .519161 … .626176 pass 15 each → 4 more, 90 in all. Up: 1692246248.574336 is
  // 0.948160 s ≥ 0.5 s after the last step, so after rest (and a new direction): held (−15);
  // .593325 releases −30; .606319, .619329 pass. Gestures: Down .448155 → .626176 = 0.178021 s,
  // 5 records, 90; Up .593325 → .619329 = 0.026004 s, 3 records, 60.
  @Test("G502 --debounce --gestures: the first step of each run is held and released with the second")
  func g502DebounceGestures() throws {
    #expect(
      try Self.json(Self.g502, ModeOptions(debounce: true, gestures: true)) == [
        #"{"event":"gesture","device":"hires-wheel-logitech-g502-lightspeed-halfnotch.evemu","source":"wheel","axis":"vertical","direction":"Down","start":1692246247.448155,"duration":0.178021,"distance":90,"unit":"v120","events":5}"#,
        #"{"event":"gesture","device":"hires-wheel-logitech-g502-lightspeed-halfnotch.evemu","source":"wheel","axis":"vertical","direction":"Up","start":1692246248.593325,"duration":0.026004,"distance":60,"unit":"v120","events":3}"#,
      ])
  }

  @Test("G502 --debounce: 8 records (two releases of 30), offsets end where the input's do (30)")
  func g502Debounce() throws {
    let records = try Self.replay(Self.g502, ModeOptions(debounce: true)).output.compactMap {
      if case .scroll(let record) = $0 { record } else { nil }
    }
    #expect(records.map(\.new.y) == [30, 45, 60, 75, 90, 60, 45, 30])
    // Debouncing conserves movement: still 90 then 30, never a whole detent.
    #expect(try Self.json(Self.g502, ModeOptions(debounce: true, wheelStep: 120)).isEmpty)
  }

  @Test("G502 --changes-only: the first Down (golden line 1) and the first Up (golden line 7)")
  func g502ChangesOnly() throws {
    let golden = try Self.goldenLines(Self.g502)
    #expect(try Self.json(Self.g502, ModeOptions(changesOnly: true)) == [golden[0], golden[6]])
  }

  // Up: 4 records, 60 v120 = 0.500 detent, 0.044993 s; Down: 6 records, 90 v120 = 0.750, 0.250029 s.
  @Test("G502 --stats: per direction records, detents and time spent")
  func g502Stats() throws {
    let chain = try Self.replay(Self.g502, ModeOptions()).chain
    #expect(
      TextFormat.stats(chain.counters, including: chain.openGestures) == [
        "stats since start",
        "hires-wheel-logitech-g502-lightspeed-halfnotch.evemu wheel Up    4 records 0.500 detents 0.044993 s",
        "hires-wheel-logitech-g502-lightspeed-halfnotch.evemu wheel Down  6 records 0.750 detents 0.250029 s",
      ])
  }

  // MARK: Logitech G903 fragment
  //
  // Eight frames of REL_WHEEL −1 + REL_WHEEL_HI_RES −120 (hi-res wins: y +120 each) at 3.063476,
  // 3.139476, 3.197482, 3.227485, 3.240484, 3.250470, 3.256486, 3.264472.

  @Test("G903 --detents: each frame is exactly one detent, remainder 0: the same 8 records as without")
  func g903Detents() throws {
    #expect(try Self.json(Self.g903, Self.detents) == Self.goldenLines(Self.g903))
  }

  // Gaps 76, 58, 30, 13, 10, 6, 8 ms, all < 500 ms: one gesture, 3.063476 → 3.264472 = 0.200996 s,
  // 8 × 120 = 960 v120; the fragment ends at its last frame: flushed.
  static let g903Gesture = [
    #"{"event":"gesture","device":"hires-wheel-logitech-g903-hidpp-regression-fragment.yml","source":"wheel","axis":"vertical","direction":"Down","start":3.063476,"duration":0.200996,"distance":960,"unit":"v120","events":8}"#
  ]

  @Test("G903 --gestures (with and without --detents): one Down gesture of 0.200996 s, 960 v120, 8 events")
  func g903Gestures() throws {
    #expect(try Self.json(Self.g903, Self.gestures) == Self.g903Gesture)
    #expect(try Self.json(Self.g903, ModeOptions(wheelStep: 120, gestures: true)) == Self.g903Gesture)
    #expect(try Self.endings(Self.g903, Self.gestures) == [.flush])
  }

  @Test("G903 --debounce: steps of 120 never activate debouncing (47 ≥ 30): records unchanged")
  func g903Debounce() throws {
    #expect(try Self.json(Self.g903, ModeOptions(debounce: true)) == Self.goldenLines(Self.g903))
  }

  // MARK: ThinkPad TrackPoint Keyboard II
  //
  // Lo-res only: REL_WHEEL −1 → Down 120, REL_HWHEEL −1 → Left 120, two events per stroke:
  // Down 1702122300.441627, .565663; Left 1702122307.845969, .981954; Down 1702125287.929689,
  // 288.037688; Left 1702125294.761952, .893967; Down 1702140625.970780, 626.058800.
  // BTN_MIDDLE, MSC_SCAN and REL_Y frames move nothing but advance the clock.

  @Test("TrackPoint Keyboard II --detents: every frame is one detent: the same 10 records as without")
  func keyboardDetents() throws {
    #expect(try Self.json(Self.keyboard, Self.detents) == Self.goldenLines(Self.keyboard))
  }

  // Each stroke is one gesture of 2 records, 240 v120; durations .565663 − .441627 = 0.124036,
  // .981954 − .845969 = 0.135985, 288.037688 − 287.929689 = 0.107999, .893967 − .761952 = 0.132015,
  // 626.058800 − 625.970780 = 0.088020. Strokes are seconds to hours apart: each ends by timeout,
  // the last one too, at the BTN_MIDDLE release 1702140630.462974 (≥ 626.058800 + 0.5).
  @Test("TrackPoint Keyboard II --gestures: five gestures, vertical and horizontal, each 2 × 120")
  func keyboardGestures() throws {
    let device = "trackpoint-thinkpad-trackpoint-keyboard2-middle-scroll.evemu"
    func line(_ axis: String, _ direction: String, _ start: String, _ duration: String) -> String {
      #"{"event":"gesture","device":"\#(device)","source":"wheel","axis":"\#(axis)","direction":"\#(direction)","start":\#(start),"duration":\#(duration),"distance":240,"unit":"v120","events":2}"#
    }
    let expected = [
      line("vertical", "Down", "1702122300.441627", "0.124036"),
      line("horizontal", "Left", "1702122307.845969", "0.135985"),
      line("vertical", "Down", "1702125287.929689", "0.107999"),
      line("horizontal", "Left", "1702125294.761952", "0.132015"),
      line("vertical", "Down", "1702140625.970780", "0.088020"),
    ]
    #expect(try Self.json(Self.keyboard, Self.gestures) == expected)
    #expect(try Self.json(Self.keyboard, ModeOptions(wheelStep: 120, gestures: true)) == expected)
    #expect(try Self.endings(Self.keyboard, Self.gestures) == Array(repeating: .timeout, count: 5))
  }

  @Test("TrackPoint Keyboard II --changes-only: first Down and first Left; later strokes repeat them")
  func keyboardChangesOnly() throws {
    let golden = try Self.goldenLines(Self.keyboard)
    #expect(try Self.json(Self.keyboard, ModeOptions(changesOnly: true)) == [golden[0], golden[2]])
  }

  // Down: 6 records, 720 v120 = 6 detents, 0.124036 + 0.107999 + 0.088020 = 0.320055 s.
  // Left: 4 records, 4 detents, 0.135985 + 0.132015 = 0.268000 s.
  @Test("TrackPoint Keyboard II --stats")
  func keyboardStats() throws {
    let chain = try Self.replay(Self.keyboard, ModeOptions()).chain
    #expect(
      TextFormat.stats(chain.counters, including: chain.openGestures) == [
        "stats since start",
        "trackpoint-thinkpad-trackpoint-keyboard2-middle-scroll.evemu wheel Down  6 records 6.000 detents 0.320055 s",
        "trackpoint-thinkpad-trackpoint-keyboard2-middle-scroll.evemu wheel Left  4 records 4.000 detents 0.268000 s",
      ])
  }

  // MARK: TPPS/2 IBM TrackPoint: REL_X/REL_Y motion and buttons only, no wheel event.

  @Test("TPPS/2 TrackPoint: no scroll, so no detents, no gestures, nothing counted")
  func tpps2() throws {
    #expect(try Self.json(Self.tpps2, Self.detents).isEmpty)
    #expect(
      try Self.json(Self.tpps2, ModeOptions(wheelStep: 120, gestures: true, idleTimeout: .milliseconds(1))).isEmpty)
    let chain = try Self.replay(Self.tpps2, ModeOptions()).chain
    #expect(TextFormat.stats(chain.counters, including: chain.openGestures) == ["stats since start", "no scrolling"])
  }
}
