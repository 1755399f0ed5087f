import Foundation
import ScrollCore
import ScrollIO
import TestSupport
import Testing

/// Edge and on-button scrolling on the shared real recordings.
@Suite("Golden replays: edge and on-button scrolling")
struct ScrollSourcesGoldenTests {
  static let edgeRecording = "touchpad-synaptics-hp8470p-edge-scroll-vert.evemu"
  static let keyboard = "trackpoint-thinkpad-trackpoint-keyboard2-middle-scroll.evemu"
  static let edge = DevicePipeline.Options(scrollMethod: .edge)

  @Test("HP 8470p, one finger on the right edge, --scroll-method edge: the 11 strokes the data holds, 6 down and 5 up")
  func hp8470pStrokes() throws {
    let records = try Replay.records(FixturePaths.recording(Self.edgeRecording), options: Self.edge)
    // y strokes in the data: +2560, −2735, +2487, −2576, +2805, −2670, +2883, −2918, +2907, −2843, +2858.
    #expect(
      DirectionRuns.strokes(records, .vertical).filter { $0 != "stop" }
        == ["Down", "Up", "Down", "Up", "Down", "Up", "Down", "Up", "Down", "Up", "Down"])
    // One touch (tracking ID 2255) from start to end; at the top of each upstroke the finger goes
    // past y-min 1408 (down to 1197, 28 frames): positions like any other, so no stop until it lifts.
    #expect(records.filter(\.isStop).count == 1, "one stop, when the one touch lifts")
    #expect(records.allSatisfy { $0.source == .edge && $0.horizontal == .none })
  }

  @Test("HP 8470p edge recording with the default method (two-finger): no records")
  func hp8470pDefault() throws {
    #expect(try Replay.records(FixturePaths.recording(Self.edgeRecording)).isEmpty)
  }

  @Test(
    "ALPS right edge, semi-MT, --scroll-method edge: no records; without a resolution the pad is 69 mm wide and x 1168 of 1360 is 9.6 mm from its right side, outside the 7 mm zone"
  )
  func alpsRightEdge() throws {
    let path = FixturePaths.recording("touchpad-alps-glidepoint-right-edge-scroll.evemu")
    #expect(try Replay.records(path, options: Self.edge).isEmpty)
    #expect(try Replay.records(path).isEmpty, "its default, two-finger (libinput's), reads nothing on a semi-MT pad")
  }

  @Test(
    "TrackPoint Keyboard II replayed with on-button scrolling: exactly its wheel records; the REL_Y during a press never scrolls"
  )
  func trackpointKeyboardAsStick() throws {
    let path = FixturePaths.recording(Self.keyboard)
    let button = try Replay.records(path, options: DevicePipeline.Options(scrollMethod: .button))
    let golden = try String(
      contentsOfFile: FixturePaths.expected(FixturePaths.stem(Self.keyboard) + ".jsonl"), encoding: .utf8)
    #expect(button.map { JSONFormat.scroll($0) + "\n" }.joined() == golden)
  }

  @Test(
    "TPPS/2 TrackPoint (no wheel, BTN_MIDDLE): on-button scrolling is on by default, and nothing scrolls, as its middle button is never pressed"
  )
  func tpps2() throws {
    let path = FixturePaths.recording("trackpoint-tpps2-ibm-motion-no-scroll.evemu")
    let recording = try Recording.open(path)
    #expect(RecordingPlayer(recording).pipelines.first?.method == .button)
    #expect(try Replay.records(path).isEmpty)
  }
}
