import ScrollCore

/// The device description evtest prints before the events (evtest 1.29–1.35, `print_device_info`
/// in `evtest.c`):
/// ```
/// Input driver version is 1.0.1
/// Input device ID: bus 0x3 vendor 0x46d product 0xc077 version 0x111
/// Input device name: "Logitech USB Optical Mouse"
/// Supported events:
///   Event type 2 (EV_REL)
///     Event code 8 (REL_WHEEL)
///   Event type 3 (EV_ABS)
///     Event code 53 (ABS_MT_POSITION_X)
///       Value      0
///       Min     1266
///       Max     5676
///       Resolution      42
/// Key repeat handling:
///   Repeat type 20 (EV_REP)
///     Repeat code 0 (REP_DELAY)
///       Value    250
/// Properties:
///   Property type 2 (INPUT_PROP_BUTTONPAD)
/// Testing ... (interrupt to exit)
/// ```
/// Lines are told by their words, not their indentation (a paste may indent them all). An axis's
/// `Fuzz`, `Flat` and `Resolution` lines appear only when not 0; `Event code … state N` (LEDs,
/// switches) and the repeat values are not used. evtest 1.31 lists the repeat values under
/// `Properties:` as `Property type 20 (EV_REP)`, which is not an input property.
struct EvtestHeader {
  private var name: String?
  private var id: InputID?
  private var properties: Set<InputProperty> = []
  private var codes: [EventType: Set<EventCode>] = [:]
  private var absInfo: [EventCode: AbsInfo] = [:]
  private var sawSupportedEvents = false
  /// The type whose codes are being listed; `nil` outside `Supported events:`.
  private var type: EventType?
  /// The axis whose values are being listed.
  private var axis: EventCode?

  /// Whether the output listed the device's events (`Supported events:`).
  var hasDescription: Bool { sawSupportedEvents }

  /// Whether `line` begins another device's description once this one has its events listed (a
  /// paste of two evtest runs).
  func beginsAnother(_ line: String) -> Bool {
    sawSupportedEvents && (line.hasPrefix("Input driver version is") || line.hasPrefix("Input device ID:"))
  }

  /// The description, named `fallbackName` when there was no `Input device name:` line; inferred
  /// from the events when there was no `Supported events:` list.
  func description(fallbackName: String) -> DeviceDescription {
    DeviceDescription(
      name: name ?? fallbackName, id: id ?? .unknown, properties: properties, codes: codes, absInfo: absInfo,
      origin: hasDescription ? .declared : .inferred)
  }

  /// Reads `line` if it is a description line (`false` if not).
  /// - Throws: ``RecordingError/malformed(file:line:message:)`` for a description line whose
  ///   numbers are wrong.
  mutating func parse(_ line: String, _ text: PastedText) throws(RecordingError) -> Bool {
    if let rest = line.after("Input device name:") {
      name = Self.quoted(String(rest))
    } else if let rest = line.after("Input device ID:") {
      id = try Self.id(String(rest), text)
    } else if line.hasPrefix("Input driver version is") || line.hasPrefix("Select the device event number") {
      return true
    } else if line == "Supported events:" {
      sawSupportedEvents = true
    } else if let rest = line.after("Event type") {
      let (number, _) = try Self.numberAndName(String(rest), "Event type", text)
      guard number <= Int(EventType.max.rawValue) else {
        throw text.malformed("event type \(number) is beyond EV_MAX (\(EventType.max.rawValue))")
      }
      let listed = EventType(rawValue: UInt16(number))
      if codes[listed] == nil { codes[listed] = [] }
      type = listed
      axis = nil
    } else if let rest = line.after("Event code") {
      guard let type else { throw text.malformed("an 'Event code' line before any 'Event type' line") }
      let (number, _) = try Self.numberAndName(String(rest), "Event code", text)
      guard let typed = EventCodeLimits.validate(type: UInt32(type.rawValue), code: UInt32(number)) else {
        throw text.malformed("event code \(number) is beyond the largest code of type \(type.rawValue)")
      }
      codes[type, default: []].insert(typed.code)
      axis = type == .abs ? typed.code : nil
      if let axis { absInfo[axis] = AbsInfo(minimum: 0, maximum: 0) }
    } else if let (field, value) = Self.axisValue(line) {
      // Repeat values (`Value 250` under a repeat code) belong to no axis.
      guard let axis else { return true }
      guard let value else { throw text.malformed("expected '\(field)' and a 32-bit decimal integer") }
      switch field {
      case "Min": absInfo[axis]?.minimum = value
      case "Max": absInfo[axis]?.maximum = value
      case "Fuzz": absInfo[axis]?.fuzz = value
      case "Flat": absInfo[axis]?.flat = value
      case "Resolution": absInfo[axis]?.resolution = value
      default: break  // Value: the axis's state when evtest started.
      }
    } else if line == "Key repeat handling:" || line == "Properties:" {
      type = nil
      axis = nil
    } else if let rest = line.after("Property type") {
      let (number, propertyName) = try Self.numberAndName(String(rest), "Property type", text)
      // evtest 1.31 lists EV_REP here; an input property's name starts INPUT_PROP_.
      if propertyName.hasPrefix("INPUT_PROP_") || propertyName == "?" {
        properties.insert(InputProperty(rawValue: UInt16(truncatingIfNeeded: number)))
      }
      axis = nil
    } else if line.hasPrefix("Repeat type") || line.hasPrefix("Repeat code") || line.hasPrefix("Property code") {
      axis = nil
    } else {
      return false
    }
    return true
  }

  /// `"Logitech USB Optical Mouse"` → the text between the first and the last quote (evtest does
  /// not escape quotes in names); the text as it is without quotes.
  private static func quoted(_ text: String) -> String {
    let trimmed = text.trimmingSpaces
    guard let first = trimmed.firstIndex(of: "\""), let last = trimmed.lastIndex(of: "\""), first < last else {
      return trimmed
    }
    return String(trimmed[trimmed.index(after: first)..<last])
  }

  /// `bus 0x3 vendor 0x46d product 0xc077 version 0x111`.
  private static func id(_ text: String, _ lines: PastedText) throws(RecordingError) -> InputID {
    let words = text.split(separator: " ")
    var values: [String: UInt16] = [:]
    var index = 0
    while index + 1 < words.count {
      let digits = words[index + 1].hasPrefix("0x") ? words[index + 1].dropFirst(2) : words[index + 1]
      if let value = UInt16(digits, radix: 16) { values[String(words[index])] = value }
      index += 2
    }
    guard let bus = values["bus"], let vendor = values["vendor"], let product = values["product"],
      let version = values["version"]
    else {
      throw lines.malformed("expected 'Input device ID: bus 0x… vendor 0x… product 0x… version 0x…' (hex, 16 bits)")
    }
    return InputID(bustype: bus, vendor: vendor, product: product, version: version)
  }

  /// `8 (REL_WHEEL)` → 8 and `REL_WHEEL` (evtest prints `?` for a name it does not know).
  private static func numberAndName(
    _ text: String, _ what: String, _ lines: PastedText
  ) throws(RecordingError) -> (Int, String) {
    let trimmed = text.trimmingSpaces
    let digits = trimmed.prefix { $0.isNumber }
    guard let number = Int(digits), number <= 0xFFFF else {
      throw lines.malformed("expected '\(what)', a decimal number and its name in parentheses")
    }
    let rest = trimmed.dropFirst(digits.count).trimmingSpacesAtStart
    guard rest.hasPrefix("(") else { return (number, "") }
    guard rest.contains(")") else {
      throw lines.malformed(
        "expected '\(what)', a decimal number and its name in parentheses" + PasteGaps.endsBefore + "')'")
    }
    return (number, String(rest.dropFirst().prefix { $0 != ")" }))
  }

  /// `Min     1266` → (`Min`, 1266); `nil` when the line is not an axis value line; a `nil` value
  /// when the number is not a 32-bit integer.
  private static func axisValue(_ line: String) -> (String, Int32?)? {
    for field in ["Value", "Min", "Max", "Fuzz", "Flat", "Resolution"] {
      guard let rest = line.after(field), rest.first == " " || rest.first == "\t" else { continue }
      return (field, Int32(rest.trimmingSpaces))
    }
    return nil
  }
}

extension String {
  /// The rest of the string after `prefix`, or `nil` if it does not start with it.
  func after(_ prefix: String) -> Substring? {
    hasPrefix(prefix) ? dropFirst(prefix.count) : nil
  }
}

extension Substring {
  /// Without spaces and tabs at the start.
  var trimmingSpacesAtStart: Substring { drop { $0 == " " || $0 == "\t" } }
  /// Without spaces and tabs at either end.
  var trimmingSpaces: String { String(self).trimmingSpaces }
}
