import ScrollCore

/// Reads `libinput record` YAML through libyaml, streaming, and merges the events of several
/// devices by timestamp (as `libinput replay` does).
///
/// One device (`ndevices: 1`) or a fragment with only `events:` is read in a single pass. With
/// several devices, a first pass reads every device's description and keeps their events, up to
/// ``bufferedEventLimit`` in all; the events of devices past that are read again, each in a pass
/// of its own over just its `events:` list (the file opened again at that list's line), so time
/// stays linear in the file's size and memory bounded.
final class LibinputRecordReader: RecordingReader {
  /// The most events kept from the first pass of a multi-device record (16 bytes each): far more
  /// than real recordings of several devices hold.
  static let bufferedEventLimit = 1 << 20

  private let bufferedEventLimit: Int
  private(set) var devices: [RecordedDevice] = []
  private var sources: [any DeviceEventSource] = []
  /// Each device's next event, earliest first (ties by device index).
  private var heads = EventHeap()
  /// An error met while reading ahead, thrown once the events before it have been returned.
  private var deferred: RecordingError?
  private var inferring: [Bool] = []

  /// - Parameters:
  ///   - open: opens the file from its start (`nil`), or a window of it (a device's `events:`
  ///     list); called once per pass.
  ///   - fallbackName: the device label when the recording names none.
  ///   - bufferedEventLimit: the most events kept from the first pass.
  init(
    open: (PastedYAML.Window?) throws(RecordingError) -> YAMLEventStream, fallbackName: String,
    bufferedEventLimit: Int = bufferedEventLimit
  ) throws(RecordingError) {
    self.bufferedEventLimit = bufferedEventLimit
    let yaml = try open(nil)
    switch try LibinputRecordHeader.openTopLevel(yaml) {
    case .fragmentEvents:
      add(DeviceDescription(name: fallbackName, origin: .inferred), node: nil, fallbackName: fallbackName)
      sources = [LibinputEventCursor(yaml: yaml, afterEnd: LibinputRecordHeader.finishDocument)]
    case .devices(let ndevices, let line) where ndevices == 1:
      guard let device = try LibinputRecordHeader.nextDevice(yaml) else {
        throw .malformed(file: yaml.fileName, line: line ?? yaml.line, message: "'ndevices: 1' but 'devices:' is empty")
      }
      add(device.describedDevice, node: device.node, fallbackName: fallbackName)
      sources = [try Self.cursor(yaml, device, ndevicesLine: line ?? yaml.line)]
    case .devices(let ndevices, let line):
      let passes = try scanDevices(yaml, fallbackName: fallbackName, ndevices: ndevices.map { ($0, line ?? yaml.line) })
      for pass in passes {
        switch pass {
        case .buffered(let events, let note, let error):
          sources.append(BufferedEvents(events, cutOffNote: note, then: error))
        case .window(let window): sources.append(try Self.cursor(in: window, open: open))
        }
      }
    }
    for (index, source) in sources.enumerated() {
      if let event = try source.next() { heads.insert(event, device: index) }
    }
  }

  var notes: [String] { sources.compactMap(\.cutOffNote) }

  func next() throws(RecordingError) -> RecordedEvent? {
    if let error = deferred {
      deferred = nil
      throw error
    }
    guard let (event, index) = heads.removeFirst() else { return nil }
    do {
      if let next = try sources[index].next() { heads.insert(next, device: index) }
    } catch {
      heads = EventHeap()
      deferred = error
    }
    if inferring[index] { devices[index].description.noteSeen(event) }
    return RecordedEvent(device: index, event: event)
  }

  /// How a device's events are read after the first pass.
  private enum Pass {
    /// Kept from the first pass (and the note if its list was cut off, or the error that ended
    /// the pass there, thrown once these events are replayed).
    case buffered([InputEvent], cutOffNote: String?, error: RecordingError?)
    /// Read again from this part of the file.
    case window(PastedYAML.Window)
  }

  /// The first pass of a multi-device file: every device's description, and its events while
  /// fewer than `bufferedEventLimit` have been kept.
  private func scanDevices(
    _ yaml: YAMLEventStream, fallbackName: String, ndevices: (count: Int, line: Int)?
  ) throws(RecordingError) -> [Pass] {
    var passes: [Pass] = []
    var kept = 0
    var cutOff = false
    while let device = try LibinputRecordHeader.nextDevice(yaml) {
      add(device.describedDevice, node: device.node, fallbackName: fallbackName)
      guard device.atEvents else {
        passes.append(.buffered([], cutOffNote: nil, error: nil))
        continue
      }
      let cursor = LibinputEventCursor(yaml: yaml, afterEnd: LibinputRecordHeader.finishDevice)
      var events: [InputEvent]? = kept < bufferedEventLimit ? [] : nil
      do {
        while let event = try cursor.next() {
          events?.append(event)
          kept += events == nil ? 0 : 1
          if kept > bufferedEventLimit { events = nil }
        }
      } catch {
        // The events before a bad one are replayed first; the devices after it are not known.
        passes.append(.buffered(events ?? [], cutOffNote: nil, error: error))
        return passes
      }
      if let events {
        passes.append(.buffered(events, cutOffNote: cursor.cutOffNote, error: nil))
      } else {
        guard let key = device.eventsKey, let offset = key.offset else {
          throw .malformed(
            file: yaml.fileName, line: yaml.line,
            message: "too many events in a record of several devices to merge (over \(bufferedEventLimit))")
        }
        passes.append(.window(PastedYAML.Window(line: key.line, offset: offset, column: key.column)))
      }
      if cursor.cutOffNote != nil {
        cutOff = true
        break
      }
    }
    // A list cut off (a paste cut short) ends the file: the devices after it are not known.
    if let ndevices, !cutOff, ndevices.count != devices.count {
      throw .malformed(
        file: yaml.fileName, line: ndevices.line,
        message: "'ndevices: \(ndevices.count)' but 'devices:' lists \(devices.count) device(s)")
    }
    guard !devices.isEmpty else { throw yaml.malformed("'devices:' lists no device: nothing to replay") }
    if !cutOff { try LibinputRecordHeader.finishDocument(yaml) }
    if devices.count > 1 {
      var counts: [String: Int] = [:]
      for device in devices { counts[device.label, default: 0] += 1 }
      for index in devices.indices where counts[devices[index].label, default: 0] > 1 {
        devices[index].label += " (\(nodes[index] ?? "device \(index + 1)"))"
      }
    }
    return passes
  }

  private var nodes: [String?] = []

  private func add(_ description: DeviceDescription?, node: String?, fallbackName: String) {
    var description = description ?? DeviceDescription(name: fallbackName, origin: .inferred)
    if description.name.isEmpty { description.name = fallbackName }
    devices.append(RecordedDevice(label: description.name, description: description))
    nodes.append(node)
    inferring.append(description.origin == .inferred)
  }

  /// A cursor over the device the stream is at, checking that no more devices follow
  /// (`ndevices: 1`, given at `ndevicesLine`).
  private static func cursor(_ yaml: YAMLEventStream, _ device: LibinputRecordHeader.Device, ndevicesLine: Int)
    throws(RecordingError) -> LibinputEventCursor
  {
    let noMoreDevices: (YAMLEventStream) throws(RecordingError) -> Void = { (yaml) throws(RecordingError) in
      guard try yaml.next() == .sequenceEnd else {
        throw .malformed(
          file: yaml.fileName, line: ndevicesLine, message: "'ndevices: 1' but 'devices:' lists more devices")
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

  /// A pass over one device's `events:` list alone: the window from its key on.
  private static func cursor(
    in window: PastedYAML.Window, open: (PastedYAML.Window?) throws(RecordingError) -> YAMLEventStream
  ) throws(RecordingError) -> LibinputEventCursor {
    let yaml = try open(window)
    guard try yaml.next() == .streamStart, try yaml.next() == .documentStart, try yaml.next() == .mappingStart,
      try yaml.next() == .scalar, yaml.scalarString == "events", try yaml.next() == .sequenceStart
    else { throw yaml.malformed("expected the device's 'events:' list here, as the first pass read it") }
    return LibinputEventCursor(yaml: yaml, afterEnd: { _ in })
  }
}
