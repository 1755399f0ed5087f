import ScrollCore
import Testing

@Suite("ContactTracker: slots, tracking IDs, finger counts, protocol A")
struct ContactTrackerTests {
  static func frame(_ tracker: inout ContactTracker, _ events: [InputEvent]) -> TouchFrame {
    for event in events { tracker.add(event) }
    return tracker.endFrame()
  }

  @Test("events before any ABS_MT_SLOT go to slot 0; a second slot adds a contact; -1 lifts")
  func impliedSlotZero() {
    var tracker = ContactTracker(geometry: Pad.geometry)!
    let first = Self.frame(
      &tracker, [Pad.abs(.absMTTrackingID, 7), Pad.abs(.absMTPositionX, 100), Pad.abs(.absMTPositionY, 50)])
    #expect(first == TouchFrame(fingerCount: 1, contacts: [Contact(id: 7, x: 100, y: 50)]))
    let second = Self.frame(&tracker, Pad.events([(1, 8, 300, 60)]))
    #expect(second.fingerCount == 2)
    #expect(second.contacts.map(\.id) == [7, 8])
    let lifted = Self.frame(&tracker, [Pad.abs(.absMTSlot, 0), Pad.abs(.absMTTrackingID, -1)])
    #expect(lifted == TouchFrame(fingerCount: 1, contacts: [Contact(id: 8, x: 300, y: 60)]))
  }

  @Test("a slot that reports positions without a tracking ID is a contact already down at the start")
  func midContactStart() {
    var tracker = ContactTracker(geometry: Pad.geometry)!
    let frame = Self.frame(&tracker, [Pad.abs(.absMTPositionX, 100), Pad.abs(.absMTPositionY, 50)])
    #expect(frame.fingerCount == 1)
    #expect(frame.contacts.count == 1)
  }

  @Test("MT_TOOL_PALM contacts are not fingers")
  func palm() {
    var tracker = ContactTracker(geometry: Pad.geometry)!
    var events = Pad.events([(0, 1, 100, 100), (1, 2, 300, 100)])
    events.append(Pad.abs(.absMTToolType, MTToolType.palm))
    let frame = Self.frame(&tracker, events)
    #expect(frame.fingerCount == 1)
    #expect(frame.contacts.map(\.id) == [1])
  }

  @Test("more fingers than slots: BTN_TOOL_TRIPLETAP sets the count")
  func fakeFingers() {
    var tracker = ContactTracker(geometry: Pad.geometry)!
    var events = Pad.events([(0, 1, 100, 100), (1, 2, 300, 100)])
    events.append(Pad.key(.btnToolTripleTap, 1))
    #expect(Self.frame(&tracker, events).fingerCount == 3)
    #expect(Self.frame(&tracker, [Pad.key(.btnToolTripleTap, 0), Pad.key(.btnToolDoubleTap, 1)]).fingerCount == 2)
  }

  @Test("a position off the axis range puts its contact off the pad; slot numbers beyond the pad are ignored")
  func outOfRange() {
    var tracker = ContactTracker(geometry: Pad.geometry)!
    let frame = Self.frame(&tracker, Pad.events([(0, 1, 100, 100), (1, 2, 300, 4090)]))
    #expect(frame.fingerCount == 2)
    #expect(frame.contacts.map(\.id) == [1])
    #expect(frame.offPad.map(\.y) == [4090])
    let ignored = Self.frame(
      &tracker, [Pad.abs(.absMTSlot, 9), Pad.abs(.absMTTrackingID, 5), Pad.abs(.absMTPositionX, 1)])
    #expect(ignored.fingerCount == 2)
  }

  @Test("after forgetIdentities every contact has a new ID, so no motion is measured across a gap")
  func forget() {
    var tracker = ContactTracker(geometry: Pad.geometry)!
    let before = Self.frame(&tracker, Pad.events([(0, 1, 100, 100), (1, 2, 300, 100)]))
    tracker.forgetIdentities()
    let after = tracker.endFrame()
    #expect(after.fingerCount == 2)
    #expect(Set(after.contacts.map(\.id)).isDisjoint(with: before.contacts.map(\.id)))
  }

  @Test(
    "single touch: BTN_TOUCH makes a contact with a new ID per landing, positions persist, a position off the range is off the pad"
  )
  func singleTouch() {
    var tracker = ContactTracker.singleTouch(Pad.geometry)
    let landed = Self.frame(&tracker, [Pad.key(.btnTouch, 1), Pad.abs(.absX, 100), Pad.abs(.absY, 100)])
    #expect(landed.fingerCount == 1 && landed.contacts.map(\.x) == [100])
    let moved = Self.frame(&tracker, [Pad.abs(.absY, 700)])
    #expect(moved.contacts.isEmpty && moved.offPad.map(\.id) == landed.contacts.map(\.id))
    #expect(moved.offPad.map(\.x) == [100], "ABS_X not resent: the last value stays")
    #expect(Self.frame(&tracker, [Pad.key(.btnTouch, 0)]).fingerCount == 0)
    let again = Self.frame(&tracker, [Pad.key(.btnTouch, 1), Pad.abs(.absY, 200)])
    #expect(again.contacts.count == 1 && again.contacts.map(\.id) != landed.contacts.map(\.id))
  }

  @Test("protocol A: contacts end at SYN_MT_REPORT and keep their IDs by nearest match")
  func typeA() {
    let description = DeviceDescription(
      name: "type A", codes: [.key: [.btnToolFinger], .abs: [.absMTPositionX, .absMTPositionY]],
      absInfo: [
        .absMTPositionX: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
        .absMTPositionY: AbsInfo(minimum: 0, maximum: 600, resolution: 10),
      ])
    guard case .success(let geometry) = description.scrollCapabilities.touchpadGeometry else {
      Issue.record("not a touchpad")
      return
    }
    #expect(geometry.touchProtocol == .typeA)
    var tracker = ContactTracker(geometry: geometry)!
    func contact(_ x: Int32, _ y: Int32) -> [InputEvent] {
      [
        Pad.abs(.absMTPositionX, x), Pad.abs(.absMTPositionY, y),
        InputEvent(time: Timestamp(microseconds: 0), type: .syn, code: .synMTReport, value: 0),
      ]
    }
    let first = Self.frame(&tracker, contact(100, 100) + contact(300, 100))
    // The same two contacts listed in the other order, each moved 1 mm: IDs follow the positions.
    let second = Self.frame(&tracker, contact(310, 100) + contact(110, 100))
    #expect(first.fingerCount == 2 && second.fingerCount == 2)
    let byID = Dictionary(uniqueKeysWithValues: second.contacts.map { ($0.id, $0.x) })
    for old in first.contacts { #expect(byID[old.id] == old.x + 10) }
  }
}

@Suite("TouchpadGeometry: which devices are touchpads, their protocol and size")
struct TouchpadGeometryTests {
  static func excluded(_ description: DeviceDescription) -> TouchpadGeometry.Exclusion? {
    if case .failure(let exclusion) = description.scrollCapabilities.touchpadGeometry { return exclusion }
    return nil
  }

  @Test("a protocol-B clickpad: slots from ABS_MT_SLOT, size from the resolution")
  func clickpad() {
    #expect(Pad.geometry.touchProtocol == .slots(count: 2))
    #expect(Pad.geometry.sizeMM.width == 100 && Pad.geometry.sizeMM.height == 60)
    #expect(!Pad.geometry.resolutionIsAssumed)
  }

  @Test("touchscreens, mice with touch surfaces, tablets and keyboards are not touchpads")
  func exclusions() {
    var direct = Pad.description
    direct.properties.insert(InputProperty.direct)
    #expect(Self.excluded(direct) == .direct)
    var mouse = Pad.description
    mouse.codes[.rel] = [.relX, .relY, .relWheel]
    #expect(Self.excluded(mouse) == .mouse)
    var tablet = Pad.description
    tablet.codes[.key]?.insert(.btnToolPen)
    #expect(Self.excluded(tablet) == .tablet)
    #expect(
      Self.excluded(DeviceDescription(name: "keyboard", codes: [.key: [EventCode(rawValue: 30)]])) == .noTouchAxes)
  }

  @Test("semi-MT pads are touchpads whose slots do not give two fingers")
  func semiMT() throws {
    var semi = Pad.description
    semi.properties.insert(InputProperty.semiMT)
    let geometry = try semi.scrollCapabilities.touchpadGeometry.get()
    #expect(geometry.touchProtocol == .semiMT(slots: 2))
    #expect(!geometry.touchProtocol.readsTwoFingers)
    #expect(DevicePipeline(device: "semi", description: semi).methodSource == nil)
  }

  @Test("resolution 0: libinput's 69 × 50 mm pad in whole units per mm, for both axes when either lacks one")
  func fallbackResolution() throws {
    var pad = Pad.description
    pad.absInfo[.absMTPositionX]?.resolution = 0
    let geometry = try pad.scrollCapabilities.touchpadGeometry.get()
    #expect(geometry.resolutionIsAssumed)
    // 1000 / 69 = 14 (integer division), 600 / 50 = 12 (replacing the y axis's own 10).
    #expect(geometry.unitsPerMM.x == 14 && geometry.unitsPerMM.y == 12)
    #expect(abs(geometry.sizeMM.width - 1000.0 / 14) < 1e-9 && geometry.sizeMM.height == 50)
    var tiny = Pad.description
    tiny.absInfo[.absMTPositionX] = AbsInfo(minimum: 0, maximum: 40)
    #expect(try tiny.scrollCapabilities.touchpadGeometry.get().unitsPerMM.x == 1, "at least 1 unit per mm")
  }
}

@Suite("DevicePipeline with a touchpad")
struct TouchPipelineTests {
  static let stroke: [InputEvent] =
    Pad.events([(0, 1, 100, 100), (1, 2, 300, 100)]) + [Ev.report(t: 1)]
    + Pad.events([(0, nil, 100, 120), (1, nil, 300, 120)]) + [Ev.report(t: 2)]
    + Pad.events([(0, nil, 100, 140), (1, nil, 300, 140)]) + [Ev.report(t: 3)]
    + [
      Pad.abs(.absMTSlot, 0), Pad.abs(.absMTTrackingID, -1), Pad.abs(.absMTSlot, 1), Pad.abs(.absMTTrackingID, -1),
      Ev.report(t: 4),
    ]

  static func records(_ events: [InputEvent], natural: Bool = false) -> [ScrollRecord] {
    var pipeline = DevicePipeline(
      device: "pad", description: Pad.description, options: .init(naturalScrolling: natural))
    var records: [ScrollRecord] = []
    for event in events { pipeline.process(event) { if case .scroll(let record) = $0 { records.append(record) } } }
    return records
  }

  @Test("fingers moving toward the user scroll Down in mm, then a stop record at the last offset")
  func stroke() {
    let records = Self.records(Self.stroke)
    #expect(records.map(\.vertical) == [.down, .down, .none])
    #expect(
      records.map(\.new) == [ContentOffset(x: 0, y: 1.75), ContentOffset(x: 0, y: 3.75), ContentOffset(x: 0, y: 3.75)])
    #expect(records.map(\.isStop) == [false, false, true])
    #expect(records.allSatisfy { $0.source == .finger && $0.unit == .mm })
    #expect(records.last?.old == records.last?.new)
  }

  @Test("--natural inverts finger scrolling: the same stroke scrolls Up")
  func natural() {
    let records = Self.records(Self.stroke, natural: true)
    #expect(records.map(\.vertical) == [.up, .up, .none])
    #expect(records.last?.new == ContentOffset(x: 0, y: -3.75))
  }

  @Test("after SYN_DROPPED the next positions are a new baseline: no movement across the gap")
  func dropped() {
    let events =
      Pad.events([(0, 1, 100, 100), (1, 2, 300, 100)]) + [Ev.report(t: 1)]
      + Pad.events([(0, nil, 100, 120), (1, nil, 300, 120)]) + [Ev.report(t: 2)]  // +1.75
      // The resync: 28 mm later.
      + [Ev.dropped(t: 3)] + Pad.events([(0, nil, 100, 400), (1, nil, 300, 400)]) + [Ev.report(t: 3)]
      + Pad.events([(0, nil, 100, 410), (1, nil, 300, 410)]) + [Ev.report(t: 4)]  // +0.75 from the new baseline
    let records = Self.records(events)
    #expect(records.map(\.new) == [ContentOffset(x: 0, y: 1.75), ContentOffset(x: 0, y: 2.5)])
  }
}

@Suite("ContactTracker: slot values persist across contacts")
struct SlotPersistenceTests {
  @Test(
    "a new contact in a slot keeps the slot's position and tool type until they change (the kernel resends nothing unchanged)"
  )
  func persistence() {
    var tracker = ContactTracker(geometry: Pad.geometry)!
    var first = Pad.events([(0, 1, 100, 100), (1, 2, 300, 100)])
    first.append(Pad.abs(.absMTToolType, MTToolType.palm))  // slot 1 is a palm
    #expect(ContactTrackerTests.frame(&tracker, first).fingerCount == 1)
    _ = ContactTrackerTests.frame(&tracker, [Pad.abs(.absMTSlot, 1), Pad.abs(.absMTTrackingID, -1)])
    // A new contact lands in slot 1 at the same place with the same tool: only the tracking ID is sent.
    let again = ContactTrackerTests.frame(&tracker, [Pad.abs(.absMTSlot, 1), Pad.abs(.absMTTrackingID, 3)])
    #expect(again.fingerCount == 1, "still a palm")
    // Slot 0 lifts and a finger lands there at the same x: its y is the only position sent.
    _ = ContactTrackerTests.frame(&tracker, [Pad.abs(.absMTSlot, 0), Pad.abs(.absMTTrackingID, -1)])
    let finger = ContactTrackerTests.frame(
      &tracker, [Pad.abs(.absMTSlot, 0), Pad.abs(.absMTTrackingID, 4), Pad.abs(.absMTPositionY, 120)])
    #expect(finger.contacts == [Contact(id: 4, x: 100, y: 120)])
  }
}

@Suite("ContactTracker: protocol A lifts")
struct TypeALiftTests {
  static let geometry: TouchpadGeometry = {
    let description = DeviceDescription(
      name: "type A",
      codes: [.key: [.btnToolFinger, .btnTouch], .abs: [.absMTPositionX, .absMTPositionY, .absMTTouchMajor]],
      absInfo: [
        .absMTPositionX: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
        .absMTPositionY: AbsInfo(minimum: 0, maximum: 600, resolution: 10),
      ])
    guard case .success(let geometry) = description.scrollCapabilities.touchpadGeometry else {
      preconditionFailure("type A pad")
    }
    return geometry
  }()

  static func contact(_ x: Int32, _ y: Int32, major: Int32) -> [InputEvent] {
    [
      Pad.abs(.absMTTouchMajor, major), Pad.abs(.absMTPositionX, x), Pad.abs(.absMTPositionY, y),
      InputEvent(time: Timestamp(microseconds: 0), type: .syn, code: .synMTReport, value: 0),
    ]
  }

  @Test(
    "bcm5974 keeps listing lifted fingers with a zero size while BTN_TOUCH is 0: no fingers, and the next landing is new contacts"
  )
  func lift() {
    var tracker = ContactTracker(geometry: Self.geometry)!
    let down = ContactTrackerTests.frame(
      &tracker, [Pad.key(.btnTouch, 1)] + Self.contact(100, 100, major: 150) + Self.contact(300, 100, major: 150))
    #expect(down.fingerCount == 2)
    let zeroSize = ContactTrackerTests.frame(
      &tracker, Self.contact(100, 100, major: 0) + Self.contact(300, 100, major: 150))
    #expect(zeroSize.fingerCount == 1, "a zero-size contact does not count")
    let lifted = ContactTrackerTests.frame(
      &tracker, [Pad.key(.btnTouch, 0)] + Self.contact(100, 100, major: 150) + Self.contact(300, 100, major: 150))
    #expect(lifted.fingerCount == 0, "BTN_TOUCH 0: nothing touches")
    let landed = ContactTrackerTests.frame(
      &tracker, [Pad.key(.btnTouch, 1)] + Self.contact(100, 400, major: 150) + Self.contact(300, 400, major: 150))
    #expect(landed.fingerCount == 2)
    #expect(Set(landed.contacts.map(\.id)).isDisjoint(with: down.contacts.map(\.id)))
  }
}
