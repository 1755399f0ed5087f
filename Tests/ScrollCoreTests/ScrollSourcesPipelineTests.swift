import ScrollCore
import TestSupport
import Testing

/// The dial, on-button and edge sources inside a device pipeline: which is on, their records,
/// units, stops and natural scrolling.
@Suite("DevicePipeline: dial, button and edge sources")
struct ScrollSourcesPipelineTests {
  static let trackball = DeviceDescription(
    name: "trackball", codes: [.rel: [.relX, .relY], .key: [.btnLeft, .btnRight, .btnMiddle]])
  static let dial = DeviceDescription(name: "knob", codes: [.rel: [.relDial], .key: [EventCode(rawValue: 0x100)]])

  static func records(
    _ events: [InputEvent], _ description: DeviceDescription, _ options: DevicePipeline.Options = .init()
  ) -> [ScrollRecord] {
    var pipeline = DevicePipeline(device: "d", description: description, options: options)
    var records: [ScrollRecord] = []
    for event in events { pipeline.process(event) { if case .scroll(let record) = $0 { records.append(record) } } }
    return records
  }

  @Test("a dial click clockwise is one detent Down, counter-clockwise Up, in v120 on the dial source")
  func dial() {
    let records = Self.records(
      [Ev.rel(.relDial, 1, t: 10), Ev.report(t: 10), Ev.rel(.relDial, -2, t: 20), Ev.report(t: 20)], Self.dial)
    #expect(records.map(\.vertical) == [.down, .up])
    #expect(records.map(\.new) == [ContentOffset(x: 0, y: 120), ContentOffset(x: 0, y: -120)])
    #expect(records.allSatisfy { $0.source == .dial && $0.unit == .v120 && $0.horizontal == .none })
  }

  /// Middle button down at 0, pointer motion 30 counts down at 250 ms and 40 up at 260 ms, up at 300 ms.
  static let buttonScroll: [InputEvent] = [
    Ev.key(Ev.btnMiddle, 1, t: 0), Ev.report(t: 0),
    Ev.rel(.relY, 30, t: ms(250)), Ev.report(t: ms(250)),
    Ev.rel(.relY, -40, t: ms(260)), Ev.report(t: ms(260)),
    Ev.key(Ev.btnMiddle, 0, t: ms(300)), Ev.report(t: ms(300)),
  ]

  @Test("a wheel-less trackball scrolls on its middle button by default, in counts, ending with a stop")
  func buttonByDefault() {
    let records = Self.records(Self.buttonScroll, Self.trackball)
    #expect(records.map(\.vertical) == [.down, .up, .none])
    #expect(records.map(\.new.y) == [30, -10, -10])
    #expect(records.map(\.isStop) == [false, false, true])
    #expect(records.allSatisfy { $0.source == .button && $0.unit == .counts })
  }

  @Test("--natural inverts on-button scrolling; --scroll-method none turns it off")
  func buttonOptions() {
    let natural = Self.records(Self.buttonScroll, Self.trackball, .init(naturalScrolling: true))
    #expect(natural.map(\.vertical) == [.up, .down, .none])
    #expect(Self.records(Self.buttonScroll, Self.trackball, .init(scrollMethod: .noScroll)).isEmpty)
  }

  @Test("a wheel mouse scrolls on its button only when asked (--scroll-method button), and keeps its wheel records")
  func buttonWhenAsked() {
    var mouse = Self.trackball
    mouse.codes[.rel]?.insert(.relWheel)
    let events = Self.buttonScroll + [Ev.rel(.relWheel, -1, t: ms(400)), Ev.report(t: ms(400))]
    #expect(Self.records(events, mouse).map(\.source) == [.wheel])
    #expect(
      Self.records(events, mouse, .init(scrollMethod: .button)).map(\.source) == [.button, .button, .button, .wheel])
  }

  @Test("--scroll-button moves on-button scrolling to another button")
  func otherButton() {
    let events = Self.buttonScroll.map { event in
      event.type == .key ? InputEvent(time: event.time, type: .key, code: .btnRight, value: event.value) : event
    }
    #expect(Self.records(events, Self.trackball).isEmpty)
    #expect(Self.records(events, Self.trackball, .init(scrollButton: .btnRight)).count == 3)
  }

  @Test("edge scrolling on a two-finger pad with --scroll-method edge: one finger on the right edge scrolls in mm")
  func edge() {
    let events =
      [
        Pad.abs(.absMTSlot, 0), Pad.abs(.absMTTrackingID, 5), Pad.abs(.absMTPositionX, 950),
        Pad.abs(.absMTPositionY, 100),
      ]
      + [Pad.key(.btnTouch, 1), Pad.key(.btnToolFinger, 1), Ev.report(t: 0)]
      + [Pad.abs(.absMTPositionY, 140, t: 10), Ev.report(t: 10)]
      + [Pad.abs(.absMTTrackingID, -1, t: 20), Pad.key(.btnTouch, 0, t: 20), Pad.key(.btnToolFinger, 0, t: 20)]
      + [Ev.report(t: 20)]
    #expect(Self.records(events, Pad.description).isEmpty, "two-finger scrolling by default")
    let records = Self.records(events, Pad.description, .init(scrollMethod: .edge))
    #expect(records.map(\.new) == [ContentOffset(x: 0, y: 4), ContentOffset(x: 0, y: 4)])
    #expect(records.map(\.isStop) == [false, true])
    #expect(records.allSatisfy { $0.source == .edge && $0.unit == .mm })
  }
}
