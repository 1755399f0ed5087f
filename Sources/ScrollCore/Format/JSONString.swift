/// Quotes a string as a JSON string literal (RFC 8259 §7): `"`, `\` and control characters (C0,
/// DEL and C1, which terminals act on) are escaped, everything else is copied as UTF-8.
func jsonQuoted(_ string: String) -> String {
  var result = "\""
  for scalar in string.unicodeScalars {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "\n": result += "\\n"
    case "\r": result += "\\r"
    case "\t": result += "\\t"
    case _ where ControlCharacter.contains(scalar):
      result += "\\u" + NumberFormatting.hex(scalar.value, digits: 4)
    default:
      result.unicodeScalars.append(scalar)
    }
  }
  return result + "\""
}
