import ScrollCore

/// Reads a stream of raw `struct input_event` (as `cat /dev/input/eventN` or interception-tools'
/// `intercept` write it) as one device's events. The stream carries no description; the caller
/// gives one, or the capabilities are inferred from the events (wheels only: a touchpad needs its
/// axis ranges, which only a description has).
final class RawEventReader: RecordingReader {
  private let descriptor: FileDescriptor
  private let interruption: Interruption
  private let owned: Bool
  private let fileName: String
  private(set) var devices: [RecordedDevice]
  private let inferring: Bool
  private var buffer: [UInt8]
  private var start = 0
  private var end = 0
  private var offset = 0
  private var reachedEOF = false
  private static let eventSize = RawInputEvent.size

  /// - Parameters:
  ///   - owned: close `descriptor` when the reader goes (not for standard input).
  ///   - interruption: when a read waiting for input gives way (``Interruption``).
  init(
    descriptor: FileDescriptor, fileName: String, owned: Bool, interruption: Interruption,
    description: DeviceDescription
  ) {
    self.descriptor = descriptor
    self.interruption = interruption
    self.owned = owned
    self.fileName = fileName
    devices = [RecordedDevice(label: description.name, description: description)]
    inferring = description.origin == .inferred
    buffer = [UInt8](repeating: 0, count: Self.eventSize * 512)
  }

  deinit {
    if owned { descriptor.close() }
  }

  func next() throws(RecordingError) -> RecordedEvent? {
    while end - start < Self.eventSize {
      if reachedEOF {
        guard start == end else {
          throw .malformed(
            file: fileName, line: 0,
            message:
              "byte \(offset): the stream ends inside a struct input_event (\(end - start) of \(Self.eventSize) bytes)")
        }
        return nil
      }
      try refill()
    }
    let raw = buffer.withUnsafeBytes { RawInputEvent.fields(in: $0, at: start) }
    start += Self.eventSize
    offset += Self.eventSize
    guard let typeCode = EventCodeLimits.validate(type: UInt32(raw.type), code: UInt32(raw.code)) else {
      throw .malformed(
        file: fileName, line: 0,
        message:
          "byte \(offset - Self.eventSize): type \(raw.type) code \(raw.code) is not a valid evdev event; is this a raw input_event stream?"
      )
    }
    let seconds = raw.seconds
    let micros = raw.microseconds
    guard (0...Timestamp.maximumSeconds).contains(seconds), (0..<1_000_000).contains(micros) else {
      throw .malformed(
        file: fileName, line: 0,
        message:
          "byte \(offset - Self.eventSize): time \(seconds) s \(micros) µs is not a kernel timestamp; is this a raw input_event stream?"
      )
    }
    let event = InputEvent(
      time: Timestamp(seconds: seconds, microseconds: micros), type: typeCode.type,
      code: typeCode.code, value: raw.value)
    if inferring { devices[0].description.noteSeen(event) }
    return RecordedEvent(device: 0, event: event)
  }

  private func refill() throws(RecordingError) {
    if start > 0 {
      buffer.replaceSubrange(0..<(end - start), with: buffer[start..<end])
      end -= start
      start = 0
    }
    let read: Result<Int, Errno> = buffer.withUnsafeMutableBytes { bytes in
      Result { () throws(Errno) in
        try interruption.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: bytes[end...]))
      }
    }
    let count: Int
    switch read {
    case .success(let value): count = value
    case .failure(let error): throw .io(file: fileName, errno: error)
    }
    if count == 0 { reachedEOF = true } else { end += count }
  }
}
