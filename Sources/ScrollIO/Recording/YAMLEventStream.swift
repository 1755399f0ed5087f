import CYAML

/// A pull interface over libyaml's event parser (`yaml_parser_parse`): one YAML event at a time,
/// with the scalar's bytes and the 1-based line of the current event in the file, so readers
/// stream. The one file that calls libyaml; libyaml reads through a read handler from a
/// ``PastedYAML`` (the file with what a paste added made blank), whose reads follow the same
/// ``Interruption`` as every other reader.
final class YAMLEventStream {
  /// The kinds of YAML events a reader sees.
  enum Kind: Equatable {
    case streamStart, streamEnd, documentStart, documentEnd
    case mappingStart, mappingEnd, sequenceStart, sequenceEnd
    case scalar
  }

  let fileName: String
  private let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
  private let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
  private var hasEvent = false
  private let input: Input
  /// The 1-based line where the current event starts.
  private(set) var line = 0
  /// The 0-based column where the current event starts.
  private(set) var column = 0
  /// Events read, for looking at the ``PastedYAML/stopRequested`` now and then.
  private var count = 0
  /// How many mappings and sequences the current event is inside.
  private var depth = 0

  /// The deepest nesting read. A libinput record nests 7 deep (document, `devices`, a device,
  /// `events`, an event, `evdev`, one event's numbers); a deeper file is refused at once, since
  /// libyaml's time grows with the square of the depth (200 000 nested `[` take minutes).
  static let maximumDepth = 64

  /// Where libyaml's read handler reads from, and the error that stopped it.
  private final class Input {
    let text: PastedYAML
    var error: RecordingError?

    init(text: PastedYAML) {
      self.text = text
    }
  }

  /// Reads `text`.
  init(text: PastedYAML) {
    fileName = text.fileName
    input = Input(text: text)
    yaml_parser_initialize(parser)
    yaml_parser_set_input(
      parser,
      { context, buffer, size, sizeRead in
        let input = Unmanaged<Input>.fromOpaque(context!).takeUnretainedValue()
        do throws(RecordingError) {
          sizeRead!.pointee = try input.text.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: size))
          return 1
        } catch {
          input.error = error
          return 0
        }
      }, Unmanaged.passUnretained(input).toOpaque())
  }

  deinit {
    if hasEvent { yaml_event_delete(event) }
    yaml_parser_delete(parser)
    parser.deallocate()
    event.deallocate()
  }

  /// Advances to the next event.
  /// - Throws: ``RecordingError/malformed(file:line:message:)`` with libyaml's problem and position,
  ///   or for nesting deeper than ``maximumDepth``; ``RecordingError/io(file:errno:)`` when reading fails.
  func next() throws(RecordingError) -> Kind {
    if hasEvent {
      yaml_event_delete(event)
      hasEvent = false
    }
    count += 1
    // A long first pass over a large file must give way to SIGINT as the reads do.
    if count & 0xFFF == 0, input.text.stopRequested { throw .io(file: fileName, errno: .interrupted) }
    guard yaml_parser_parse(parser, event) == 1 else { throw parseError() }
    hasEvent = true
    line = Self.line(of: event.pointee.start_mark, in: parser.pointee) - input.text.lineOffset
    column = Int(event.pointee.start_mark.column)
    switch event.pointee.type {
    case YAML_STREAM_START_EVENT: return .streamStart
    case YAML_STREAM_END_EVENT: return .streamEnd
    case YAML_DOCUMENT_START_EVENT: return .documentStart
    case YAML_DOCUMENT_END_EVENT: return .documentEnd
    case YAML_MAPPING_START_EVENT:
      try refuseTag(event.pointee.data.mapping_start.tag)
      try enter()
      return .mappingStart
    case YAML_MAPPING_END_EVENT:
      depth -= 1
      return .mappingEnd
    case YAML_SEQUENCE_START_EVENT:
      try refuseTag(event.pointee.data.sequence_start.tag)
      try enter()
      return .sequenceStart
    case YAML_SEQUENCE_END_EVENT:
      depth -= 1
      return .sequenceEnd
    case YAML_SCALAR_EVENT:
      try refuseTag(event.pointee.data.scalar.tag)
      return .scalar
    default: throw malformed("YAML aliases (*name) are not used in libinput records and are not supported")
    }
  }

  /// A node with a tag (`!!str`, `!custom`): libinput records have none, and a tag would change
  /// what a node means.
  private func refuseTag(_ tag: UnsafeMutablePointer<yaml_char_t>?) throws(RecordingError) {
    guard let tag else { return }
    throw malformed("YAML tags ('\(String(cString: tag))') are not used in libinput records and are not supported")
  }

  private func enter() throws(RecordingError) {
    depth += 1
    guard depth <= Self.maximumDepth else {
      throw malformed(
        "mappings and sequences nested more than \(Self.maximumDepth) deep; a libinput record nests 7 deep")
    }
  }

  /// Where the current event's line starts in the file, if the line was read lately.
  var lineOffsetInFile: Int64? { input.text.offset(ofLine: line) }

  /// The current scalar's bytes (valid until the next call to ``next()``).
  var scalar: UnsafeBufferPointer<UInt8> {
    let data = event.pointee.data.scalar
    return UnsafeBufferPointer(start: data.value, count: data.length)
  }

  /// The current scalar as a string.
  var scalarString: String { String(decoding: scalar, as: UTF8.self) }

  /// The current scalar as a decimal integer, or `nil` if it is not one.
  var scalarInteger: Int64? {
    var scanner = ByteScanner(scalar)
    guard let value = scanner.decimal(), scanner.peek == nil else { return nil }
    return value
  }

  /// Advances to the next key of the mapping being read: `true` when it is a scalar key (the
  /// current ``scalar``), `false` at the mapping's end.
  /// - Throws: ``RecordingError/malformed(file:line:message:)`` with `notAKey` when the next node is
  ///   neither a scalar nor the mapping's end; libyaml's errors.
  func nextKey(orElse notAKey: String) throws(RecordingError) -> Bool {
    switch try next() {
    case .mappingEnd: return false
    case .scalar: return true
    default: throw malformed(notAKey)
    }
  }

  /// Skips the rest of the node that the current event (`kind`) starts; a scalar is complete already.
  func skipNode(startingWith kind: Kind) throws(RecordingError) {
    guard kind == .mappingStart || kind == .sequenceStart else { return }
    var depth = 1
    while depth > 0 {
      switch try next() {
      case .mappingStart, .sequenceStart: depth += 1
      case .mappingEnd, .sequenceEnd: depth -= 1
      case .streamEnd: throw malformed("the document ended inside a mapping or sequence")
      default: break
      }
    }
  }

  /// A ``RecordingError/malformed(file:line:message:)`` at the current event's line.
  func malformed(_ message: String) -> RecordingError {
    .malformed(file: fileName, line: line, message: message)
  }

  private func parseError() -> RecordingError {
    if parser.pointee.error == YAML_READER_ERROR {
      if let error = input.error { return error }
      // The reader (decoding) has no line, only the byte offset of the problem.
      let problem = parser.pointee.problem.map { String(cString: $0) } ?? "unreadable text"
      return .malformed(
        file: fileName, line: 0, message: "byte \(parser.pointee.problem_offset): invalid YAML: \(problem)")
    }
    let problem = parser.pointee.problem.map { String(cString: $0) } ?? "invalid YAML"
    let context = parser.pointee.context.map { " " + String(cString: $0) } ?? ""
    let mark = parser.pointee.problem_mark
    let place = Self.isEndOfInput(mark, in: parser.pointee) ? "at the end of the file" : "column \(mark.column + 1)"
    var message = "invalid YAML: \(problem)\(context) (\(place))"
    if problem.contains("cannot start any token") {
      message += "; YAML allows no tab characters in indentation (expand them to spaces, e.g. with 'expand')"
    }
    return .malformed(
      file: fileName, line: max(Self.line(of: mark, in: parser.pointee) - input.text.lineOffset, 1), message: message)
  }

  /// The 1-based line of `mark`. libyaml puts the end of the input at the start of the line after
  /// the last one (it ends the last line if the file does not); that end is reported on the last
  /// line, which exists.
  private static func line(of mark: yaml_mark_t, in parser: yaml_parser_t) -> Int {
    isEndOfInput(mark, in: parser) && mark.line > 0 && mark.column == 0 ? Int(mark.line) : Int(mark.line) + 1
  }

  /// Whether `mark` is where the input ends: the reader has seen end of file, the scanner has
  /// consumed every character but the NUL that libyaml's reader appends there, and `mark` is
  /// the scanner's position.
  private static func isEndOfInput(_ mark: yaml_mark_t, in parser: yaml_parser_t) -> Bool {
    parser.eof != 0 && parser.unread <= 1 && mark.index == parser.mark.index
  }
}
