/// Parses numbers and words from one line of bytes, left to right, without creating strings.
struct ByteScanner {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// The unread bytes start with whitespace-trimmed end of line or a `#` comment.
  var atEndOfContent: Bool {
    var scan = self
    scan.skipSpaces()
    return scan.index == scan.bytes.count || scan.bytes[scan.index] == UInt8(ascii: "#")
  }

  /// The next byte without consuming it, if any.
  var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

  mutating func skipSpaces() {
    while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
  }

  /// Consumes `byte` if it is next (after optional spaces when `skippingSpaces`).
  mutating func consume(_ byte: UInt8, skippingSpaces: Bool = true) -> Bool {
    if skippingSpaces { skipSpaces() }
    guard peek == byte else { return false }
    index += 1
    return true
  }

  /// A hexadecimal number of at most `maxDigits` digits (no `0x` prefix), after optional spaces.
  mutating func hex(maxDigits: Int = 8) -> UInt32? {
    skipSpaces()
    var value: UInt32 = 0
    var digits = 0
    while let byte = peek, let digit = Self.hexValue(byte) {
      guard digits < maxDigits else { return nil }
      value = value << 4 | UInt32(digit)
      digits += 1
      index += 1
    }
    return digits > 0 && isAtWordEnd ? value : nil
  }

  /// A decimal integer with an optional sign, after optional spaces; `nil` if absent, malformed or
  /// out of `Int64` range.
  mutating func decimal() -> Int64? {
    skipSpaces()
    var negative = false
    if peek == UInt8(ascii: "-") || peek == UInt8(ascii: "+") {
      negative = peek == UInt8(ascii: "-")
      index += 1
    }
    guard let magnitude = unsignedDigits(maxDigits: 18), isAtWordEnd else { return nil }
    return negative ? -magnitude : magnitude
  }

  /// Decimal digits only (no sign), at most `maxDigits` of them; returns the value and leaves the
  /// index after the last digit.
  mutating func unsignedDigits(maxDigits: Int) -> Int64? {
    var value: Int64 = 0
    var digits = 0
    while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
      guard digits < maxDigits else { return nil }
      value = value * 10 + Int64(byte - UInt8(ascii: "0"))
      digits += 1
      index += 1
    }
    return digits > 0 ? value : nil
  }

  /// The rest of the line as text, trimmed of surrounding spaces.
  mutating func rest() -> String {
    skipSpaces()
    var last = bytes.count
    while last > index, bytes[last - 1] == 0x20 || bytes[last - 1] == 0x09 { last -= 1 }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<last]), as: UTF8.self)
    index = bytes.count
    return text
  }

  /// The next whitespace-delimited word, for error messages.
  mutating func word() -> String {
    skipSpaces()
    let from = index
    while let byte = peek, byte != 0x20, byte != 0x09 { index += 1 }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<index]), as: UTF8.self)
  }

  /// A number must end at a space, a tab, a comment or the end of the line.
  private var isAtWordEnd: Bool {
    guard let byte = peek else { return true }
    return byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: "#")
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

/// Words and numbers of the evtest and python-evdev event lines.
extension ByteScanner {
  /// Nothing but spaces and tabs is left.
  var atEndOfLine: Bool {
    var scan = self
    scan.skipSpaces()
    return scan.index == scan.bytes.count
  }

  /// Consumes `word` if the unread bytes start with it (after optional spaces).
  mutating func consume(_ word: String) -> Bool {
    skipSpaces()
    var probe = index
    for byte in word.utf8 {
      guard probe < bytes.count, bytes[probe] == byte else { return false }
      probe += 1
    }
    index = probe
    return true
  }

  /// Decimal digits (at most 5) after optional spaces, followed by `terminator`, a space or the end.
  mutating func decimalNumber(endingAt terminator: UInt8) -> Int? {
    skipSpaces()
    guard let value = unsignedDigits(maxDigits: 5) else { return nil }
    guard peek == nil || peek == terminator || peek == 0x20 else { return nil }
    return Int(value)
  }

  /// Skips ` (NAME),` after a type or code number; `false` when the line ends inside it (or has
  /// no comma after it).
  mutating func skipName() -> Bool {
    skipSpaces()
    if consume(UInt8(ascii: "(")) {
      while let byte = peek, byte != UInt8(ascii: ")") { index += 1 }
      guard consume(UInt8(ascii: ")"), skippingSpaces: false) else { return false }
    }
    return consume(UInt8(ascii: ","))
  }

  /// Skips spaces and tabs; `true`, for use in conditions.
  mutating func skippingSpaces() -> Bool {
    skipSpaces()
    return true
  }

  /// Skips a label such as `Input:` (letters and a colon) if the line starts with one.
  mutating func skipLabel() {
    var probe = self
    probe.skipSpaces()
    let start = probe.index
    while let byte = probe.peek, (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) { probe.index += 1 }
    if probe.index > start, probe.consume(UInt8(ascii: ":"), skippingSpaces: false) { self = probe }
  }

  /// A hex number of at most 8 digits read as the bits of an `Int32` (`ffffffff` is −1).
  mutating func hexInt32() -> Int32? {
    hex(maxDigits: 8).map { Int32(bitPattern: $0) }
  }
}
