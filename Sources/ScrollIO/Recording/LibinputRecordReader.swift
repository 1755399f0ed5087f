import ScrollCore

/// Reads `libinput record` YAML through libyaml, streaming, and merges the events of several
/// devices by timestamp (as `libinput replay` does).
///
/// One device (`ndevices: 1`) or a fragment with only `events:` is read in a single pass. With
/// several devices, each device gets its own pass over the file, positioned at its `events:`, so
/// memory stays flat however long the recording; that needs a file that can be opened again.
final class LibinputRecordReader: RecordingReader {
  private(set) var devices: [RecordedDevice] = []
  private var cursors: [LibinputEventCursor] = []
  private var heads: [InputEvent?] = []
  /// An error met while reading ahead, thrown once the events before it have been returned.
  private var deferred: RecordingError?
  private var inferring: [Bool] = []

  /// - Parameters:
  ///   - open: opens the file from its start; called once per pass.
  ///   - fallbackName: the device label when the recording names none.
  init(open: () throws(RecordingError) -> YAMLEventStream, fallbackName: String) throws(RecordingError) {
    let yaml = try open()
    switch try LibinputRecordHeader.openTopLevel(yaml) {
    case .fragmentEvents:
      add(DeviceDescription(name: fallbackName, origin: .inferred), node: nil, fallbackName: fallbackName)
      cursors = [LibinputEventCursor(yaml: yaml, afterEnd: LibinputRecordHeader.finishDocument)]
    case .devices(let ndevices) where ndevices == 1:
      guard let device = try LibinputRecordHeader.nextDevice(yaml) else {
        throw yaml.malformed("'ndevices: 1' but 'devices:' is empty")
      }
      add(device.describedDevice, node: device.node, fallbackName: fallbackName)
      cursors = [try Self.cursor(yaml, device, ndevices: 1)]
    case .devices(let ndevices):
      try scanDevices(yaml, fallbackName: fallbackName, ndevices: ndevices)
      cursors = try devices.indices.map { (index) throws(RecordingError) in try Self.cursor(at: index, open: open) }
    }
    heads = try cursors.map { (cursor) throws(RecordingError) in try cursor.next() }
  }

  func next() throws(RecordingError) -> RecordedEvent? {
    if let error = deferred {
      deferred = nil
      throw error
    }
    var earliest: Int?
    for (index, head) in heads.enumerated() {
      guard let head else { continue }
      if let best = earliest, let bestHead = heads[best], bestHead.time <= head.time { continue }
      earliest = index
    }
    guard let index = earliest, let event = heads[index] else { return nil }
    do {
      heads[index] = try cursors[index].next()
    } catch {
      heads = heads.map { _ in nil }
      deferred = error
    }
    if inferring[index] { devices[index].description.noteSeen(event) }
    return RecordedEvent(device: index, event: event)
  }

  /// The first pass of a multi-device file: every device's description, skipping events.
  private func scanDevices(_ yaml: YAMLEventStream, fallbackName: String, ndevices: Int?) throws(RecordingError) {
    while let device = try LibinputRecordHeader.nextDevice(yaml) {
      add(device.describedDevice, node: device.node, fallbackName: fallbackName)
      if device.atEvents {
        try yaml.skipNode(startingWith: .sequenceStart)
        try LibinputRecordHeader.finishDevice(yaml)
      }
    }
    if let ndevices, ndevices != devices.count {
      throw yaml.malformed("'ndevices: \(ndevices)' but 'devices:' lists \(devices.count) device(s)")
    }
    guard !devices.isEmpty else { throw yaml.malformed("'devices:' lists no device: nothing to replay") }
    try LibinputRecordHeader.finishDocument(yaml)
    if devices.count > 1 {
      let names = devices.map(\.label)
      for index in devices.indices where names.filter({ $0 == names[index] }).count > 1 {
        devices[index].label += " (\(nodes[index] ?? "device \(index + 1)"))"
      }
    }
  }

  private var nodes: [String?] = []

  private func add(_ description: DeviceDescription?, node: String?, fallbackName: String) {
    var description = description ?? DeviceDescription(name: fallbackName, origin: .inferred)
    if description.name.isEmpty { description.name = fallbackName }
    devices.append(RecordedDevice(label: description.name, description: description))
    nodes.append(node)
    inferring.append(description.origin == .inferred)
  }

  /// A cursor over the device the stream is at, checking that no more devices follow.
  private static func cursor(_ yaml: YAMLEventStream, _ device: LibinputRecordHeader.Device, ndevices: Int)
    throws(RecordingError) -> LibinputEventCursor
  {
    let noMoreDevices: (YAMLEventStream) throws(RecordingError) -> Void = { (yaml) throws(RecordingError) in
      guard try yaml.next() == .sequenceEnd else {
        throw yaml.malformed("'ndevices: \(ndevices)' but 'devices:' lists more devices")
      }
      try LibinputRecordHeader.finishDocument(yaml)
    }
    guard device.atEvents else {
      try noMoreDevices(yaml)
      return LibinputEventCursor(yaml: yaml, afterEnd: { _ in }, finished: true)
    }
    return LibinputEventCursor(yaml: yaml) { (yaml) throws(RecordingError) in
      try LibinputRecordHeader.finishDevice(yaml)
      try noMoreDevices(yaml)
    }
  }

  /// A fresh pass positioned at device `index`'s events.
  private static func cursor(at index: Int, open: () throws(RecordingError) -> YAMLEventStream)
    throws(RecordingError) -> LibinputEventCursor
  {
    let yaml = try open()
    _ = try LibinputRecordHeader.openTopLevel(yaml)
    for _ in 0..<index {
      try yaml.skipNode(startingWith: try yaml.next())
    }
    guard let device = try LibinputRecordHeader.nextDevice(yaml), device.atEvents else {
      return LibinputEventCursor(yaml: yaml, afterEnd: { _ in }, finished: true)
    }
    return LibinputEventCursor(yaml: yaml, afterEnd: { _ in })
  }
}
