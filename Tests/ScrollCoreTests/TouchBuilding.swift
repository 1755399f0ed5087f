import ScrollCore

/// A 2-slot test touchpad of 100 × 60 mm at 10 units/mm on both axes.
enum Pad {
  static let description = DeviceDescription(
    name: "test pad",
    properties: [InputProperty.pointer, InputProperty.buttonPad],
    codes: [
      .key: [.btnToolFinger, .btnToolDoubleTap, .btnToolTripleTap, .btnTouch],
      .abs: [.absX, .absY, .absMTSlot, .absMTPositionX, .absMTPositionY, .absMTTrackingID, .absMTToolType],
    ],
    absInfo: [
      .absX: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
      .absY: AbsInfo(minimum: 0, maximum: 600, resolution: 10),
      .absMTPositionX: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
      .absMTPositionY: AbsInfo(minimum: 0, maximum: 600, resolution: 10), .absMTSlot: AbsInfo(minimum: 0, maximum: 1),
    ])

  static let geometry: TouchpadGeometry = {
    guard case .success(let geometry) = description.scrollCapabilities.touchpadGeometry else {
      preconditionFailure("test pad")
    }
    return geometry
  }()

  /// A frame with contacts given as (id, x, y) in device units; finger count = contacts.
  static func frame(_ contacts: (Int64, Double, Double)...) -> TouchFrame {
    TouchFrame(fingerCount: contacts.count, contacts: contacts.map { Contact(id: $0.0, x: $0.1, y: $0.2) })
  }

  /// Protocol B events for one frame: `slots` maps slot → (tracking ID or nil to leave, x, y).
  static func events(_ slots: [(slot: Int32, id: Int32?, x: Int32, y: Int32)], t: Int64 = 0) -> [InputEvent] {
    var events: [InputEvent] = []
    for entry in slots {
      events.append(abs(.absMTSlot, entry.slot, t: t))
      if let id = entry.id { events.append(abs(.absMTTrackingID, id, t: t)) }
      events.append(abs(.absMTPositionX, entry.x, t: t))
      events.append(abs(.absMTPositionY, entry.y, t: t))
    }
    return events
  }

  static func abs(_ code: EventCode, _ value: Int32, t: Int64 = 0) -> InputEvent {
    InputEvent(time: Timestamp(microseconds: t), type: .abs, code: code, value: value)
  }

  static func key(_ code: EventCode, _ value: Int32, t: Int64 = 0) -> InputEvent {
    InputEvent(time: Timestamp(microseconds: t), type: .key, code: code, value: value)
  }
}
