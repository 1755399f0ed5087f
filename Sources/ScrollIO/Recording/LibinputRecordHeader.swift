import ScrollCore

/// Reads the structure of a `libinput record` YAML document (format version 1, as written by
/// `libinput record`; see libinput's `doc/user/tools.rst` and `tools/libinput-record.c`):
/// ```yaml
/// version: 1
/// ndevices: 1
/// devices:
///   - node: /dev/input/event5
///     evdev:
///       name: "Logitech G502"
///       id: [3, 1133, 49291, 273]          # bus, vendor, product, version
///       codes: {0: [0, 1], 2: [0, 1, 8, 11]} # event type: codes
///       absinfo: {53: [0, 4095, 0, 0, 12]}   # code: min, max, fuzz, flat, resolution
///       properties: [0, 2]
///     events:
///       - evdev:
///           - [0, 0, 2, 11, -120]            # sec, usec, type, code, value
///           - [0, 0, 0, 0, 0]
/// ```
/// A fragment with only a top-level `events:` list is read as one device without a description.
enum LibinputRecordHeader {
  /// Where the top-level walk stopped.
  enum TopLevel {
    /// Inside the `devices:` sequence, before its first item; `ndevices` if the file said.
    /// The `devices:` list, and `ndevices:` with its line if given.
    case devices(ndevices: Int?, line: Int?)
    /// Inside a top-level `events:` sequence (a fragment).
    case fragmentEvents
  }

  /// Reads from the start of the stream to the `devices:` or top-level `events:` sequence.
  static func openTopLevel(_ yaml: YAMLEventStream) throws(RecordingError) -> TopLevel {
    guard try yaml.next() == .streamStart else { throw yaml.malformed("expected a YAML stream") }
    let documentKind = try yaml.next()
    guard documentKind == .documentStart else {
      throw yaml.malformed("empty recording: expected a libinput record (YAML) or evemu lines")
    }
    guard try yaml.next() == .mappingStart else {
      throw yaml.malformed("expected a libinput record: a YAML mapping with 'devices:' (or 'events:')")
    }
    var ndevices: Int?
    var ndevicesLine: Int?
    var seen: Set<String> = []
    while try yaml.nextKey(orElse: "expected a key in the top-level mapping") {
      let key = yaml.scalarString
      guard seen.insert(key).inserted else { throw yaml.malformed("a second '\(key):' in the top-level mapping") }
      let valueKind = try yaml.next()
      switch key {
      case "version":
        guard valueKind == .scalar, yaml.scalarInteger == 1 else {
          throw yaml.malformed("unsupported libinput record version '\(yaml.scalarString)': expected 'version: 1'")
        }
      case "ndevices":
        guard valueKind == .scalar, let count = yaml.scalarInteger, count >= 0 else {
          throw yaml.malformed("expected 'ndevices:' to be a whole number")
        }
        ndevices = Int(count)
        ndevicesLine = yaml.line
      case "devices":
        guard valueKind == .sequenceStart else { throw yaml.malformed("expected 'devices:' to be a list") }
        return .devices(ndevices: ndevices, line: ndevicesLine)
      case "events":
        guard valueKind == .sequenceStart else { throw yaml.malformed("expected 'events:' to be a list") }
        return .fragmentEvents
      default:
        try yaml.skipNode(startingWith: valueKind)
      }
    }
    throw yaml.malformed("expected 'devices:' or 'events:' in the libinput record")
  }

  /// What a device item holds before its events.
  struct Device {
    var node: String?
    var description: DeviceDescription?
    /// `udev: properties:`, as `KEY` → `value`.
    var udevProperties: [String: String] = [:]

    /// The description with udev's properties, or `nil` when the item has no `evdev:`.
    var describedDevice: DeviceDescription? {
      guard var description else { return nil }
      description.udevProperties = udevProperties
      return description
    }
    /// Whether the walk stopped inside the device's `events:` sequence (else at the item's end).
    var atEvents: Bool
    /// Where the `events:` key is: its line, the line's byte offset in the file (if known) and
    /// its column, for reading the list again on its own.
    var eventsKey: (line: Int, offset: Int64?, column: Int)?
  }

  /// Reads the next item of `devices:` up to its `events:` sequence (or its end); `nil` when the
  /// `devices:` sequence ends.
  static func nextDevice(_ yaml: YAMLEventStream) throws(RecordingError) -> Device? {
    let kind = try yaml.next()
    if kind == .sequenceEnd { return nil }
    guard kind == .mappingStart else { throw yaml.malformed("expected each item of 'devices:' to be a mapping") }
    var device = Device(atEvents: false)
    while try yaml.nextKey(orElse: "expected a key in the device mapping") {
      let key = yaml.scalarString
      let keyAt = (line: yaml.line, offset: yaml.lineOffsetInFile, column: yaml.column)
      let valueKind = try yaml.next()
      switch key {
      case "node" where valueKind == .scalar:
        device.node = yaml.scalarString
      case "evdev":
        guard valueKind == .mappingStart else { throw yaml.malformed("expected 'evdev:' to be a mapping") }
        device.description = try evdev(yaml)
      case "udev":
        guard valueKind == .mappingStart else { throw yaml.malformed("expected 'udev:' to be a mapping") }
        device.udevProperties = try udevProperties(yaml)
      case "events":
        guard valueKind == .sequenceStart else { throw yaml.malformed("expected 'events:' to be a list") }
        device.atEvents = true
        device.eventsKey = keyAt
        return device
      default:
        try yaml.skipNode(startingWith: valueKind)
      }
    }
    return device
  }

  /// Skips the rest of a device item after its events, up to the item's end.
  static func finishDevice(_ yaml: YAMLEventStream) throws(RecordingError) {
    while try yaml.nextKey(orElse: "expected a key in the device mapping") {
      if yaml.scalarString == "events" { throw yaml.malformed("a device has a second 'events:' list") }
      try yaml.skipNode(startingWith: try yaml.next())
    }
  }

  /// Reads the rest of the stream after the `devices:` sequence or top-level events, so trailing
  /// syntax errors are still reported: the rest of the top-level mapping (where a second
  /// `devices:` or `events:` is refused), then the stream's end.
  static func finishDocument(_ yaml: YAMLEventStream) throws(RecordingError) {
    while try yaml.nextKey(orElse: "expected a key in the top-level mapping") {
      let key = yaml.scalarString
      if key == "devices" || key == "events" {
        throw yaml.malformed("a second '\(key):' in the top-level mapping")
      }
      try yaml.skipNode(startingWith: try yaml.next())
    }
    var documentEnded = false
    while true {
      switch try yaml.next() {
      case .streamEnd: return
      case .documentEnd: documentEnded = true
      case .documentStart where documentEnded:
        throw yaml.malformed("a second YAML document: a libinput record is one document")
      case let kind: try yaml.skipNode(startingWith: kind)
      }
    }
  }

  /// Parses the `udev:` mapping (the walk is just after its start): its `properties:` list of
  /// `KEY=value` strings, as `libinput record` writes udev's properties of the node.
  private static func udevProperties(_ yaml: YAMLEventStream) throws(RecordingError) -> [String: String] {
    var properties: [String: String] = [:]
    while try yaml.nextKey(orElse: "expected a key in 'udev:'") {
      let key = yaml.scalarString
      let valueKind = try yaml.next()
      guard key == "properties", valueKind == .sequenceStart else {
        try yaml.skipNode(startingWith: valueKind)
        continue
      }
      while true {
        let item = try yaml.next()
        if item == .sequenceEnd { break }
        guard item == .scalar else { throw yaml.malformed("expected 'properties:' to be a list of KEY=value strings") }
        let text = yaml.scalarString
        guard let equals = text.firstIndex(of: "=") else { continue }
        properties[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
    }
    return properties
  }

  /// Parses the `evdev:` mapping (the walk is just after its start).
  private static func evdev(_ yaml: YAMLEventStream) throws(RecordingError) -> DeviceDescription {
    var description = DeviceDescription(name: "")
    while try yaml.nextKey(orElse: "expected a key in 'evdev:'") {
      let key = yaml.scalarString
      let valueKind = try yaml.next()
      switch key {
      case "name" where valueKind == .scalar:
        description.name = yaml.scalarString
      case "id":
        let numbers = try integers(yaml, valueKind, "expected 'id:' to be [bus, vendor, product, version]")
        guard numbers.count == 4, numbers.allSatisfy({ UInt16(exactly: $0) != nil }) else {
          throw yaml.malformed("expected 'id:' to be [bus, vendor, product, version]")
        }
        description.id = InputID(
          bustype: UInt16(numbers[0]), vendor: UInt16(numbers[1]), product: UInt16(numbers[2]),
          version: UInt16(numbers[3]))
      case "codes":
        description.codes = try codes(yaml, valueKind)
      case "absinfo":
        description.absInfo = try absInfo(yaml, valueKind)
      case "properties":
        let numbers = try integers(yaml, valueKind, "expected 'properties:' to be a list of numbers")
        description.properties = Set(numbers.compactMap { UInt16(exactly: $0).map(InputProperty.init) })
      default:
        try yaml.skipNode(startingWith: valueKind)
      }
    }
    return description
  }

  private static func codes(_ yaml: YAMLEventStream, _ kind: YAMLEventStream.Kind) throws(RecordingError)
    -> [EventType: Set<EventCode>]
  {
    let expected = "expected 'codes:' to map event types to lists of codes"
    guard kind == .mappingStart else { throw yaml.malformed(expected) }
    var result: [EventType: Set<EventCode>] = [:]
    while try yaml.nextKey(orElse: expected) {
      guard let type = yaml.scalarInteger.flatMap(UInt32.init(exactly:)),
        let maximum = EventCodeLimits.maximumCode(of: type)
      else {
        throw yaml.malformed("'codes:' lists event type '\(yaml.scalarString)', which is not an evdev event type")
      }
      let numbers = try integers(yaml, try yaml.next(), expected)
      if let bad = numbers.first(where: { UInt32(exactly: $0).map { $0 > maximum } ?? true }) {
        throw yaml.malformed("'codes:' lists code \(bad) for type \(type), beyond its largest code \(maximum)")
      }
      result[EventType(rawValue: UInt16(type))] = Set(numbers.map { EventCode(rawValue: UInt16($0)) })
    }
    return result
  }

  private static func absInfo(_ yaml: YAMLEventStream, _ kind: YAMLEventStream.Kind) throws(RecordingError)
    -> [EventCode: AbsInfo]
  {
    let expected = "expected 'absinfo:' to map axis codes to [min, max, fuzz, flat, resolution]"
    guard kind == .mappingStart else { throw yaml.malformed(expected) }
    var result: [EventCode: AbsInfo] = [:]
    while try yaml.nextKey(orElse: expected) {
      let maximum = EventCodeLimits.maximumCode(of: UInt32(EventType.abs.rawValue)) ?? 0x3f
      guard let code = yaml.scalarInteger.flatMap(UInt16.init(exactly:)), UInt32(code) <= maximum else {
        throw yaml.malformed(expected + " (axis codes 0 to \(maximum))")
      }
      let numbers = try integers(yaml, try yaml.next(), expected)
      guard numbers.count == 5, numbers.allSatisfy({ Int32(exactly: $0) != nil }) else {
        throw yaml.malformed(expected)
      }
      result[EventCode(rawValue: code)] = AbsInfo(
        minimum: Int32(numbers[0]), maximum: Int32(numbers[1]), fuzz: Int32(numbers[2]), flat: Int32(numbers[3]),
        resolution: Int32(numbers[4]))
    }
    return result
  }

  /// A flat list of integers (the walk is at its `sequenceStart`).
  static func integers(_ yaml: YAMLEventStream, _ kind: YAMLEventStream.Kind, _ expected: String)
    throws(RecordingError) -> [Int64]
  {
    guard kind == .sequenceStart else { throw yaml.malformed(expected) }
    var numbers: [Int64] = []
    while true {
      let item = try yaml.next()
      if item == .sequenceEnd { return numbers }
      guard item == .scalar, let value = yaml.scalarInteger else { throw yaml.malformed(expected) }
      numbers.append(value)
    }
  }
}
