import ChartdJSON

/// Finds the top-level `"id"` member in the first bytes of a JSON-RPC message that is too
/// large (or otherwise unfit) to parse whole, so the error reply can carry the right id.
///
/// It walks the top-level object member by member, skipping nested values without
/// building them; ids nested inside `params` are never mistaken for the message id. The
/// first top-level `"id"` found wins. Returns nil when the prefix ends before an id shows
/// up or is not a JSON object.
enum RequestIDSniffer {
  static func sniff(_ prefix: [UInt8]) -> JSONValue? {
    prefix.withUnsafeBufferPointer { scan($0) }
  }

  private static func scan(_ b: UnsafeBufferPointer<UInt8>) -> JSONValue? {
    let n = b.count
    var i = 0
    if n >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3 }
    func skipWhitespace() {
      while i < n, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
    }
    skipWhitespace()
    guard i < n, b[i] == UInt8(ascii: "{") else { return nil }
    i += 1
    while true {
      skipWhitespace()
      guard i < n, b[i] == UInt8(ascii: "\""), let keyEnd = endOfString(b, from: i) else { return nil }
      let isID = isIDKey(UnsafeBufferPointer(rebasing: b[i..<keyEnd]))
      i = keyEnd
      skipWhitespace()
      guard i < n, b[i] == UInt8(ascii: ":") else { return nil }
      i += 1
      skipWhitespace()
      guard let valueEnd = endOfValue(b, from: i) else { return nil }
      if isID {
        guard let value = try? JSONReader.parse(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: b[i..<valueEnd]))) else { return nil }
        switch value {
        case .number, .string, .null: return value
        default: return nil
        }
      }
      i = valueEnd
      skipWhitespace()
      guard i < n, b[i] == UInt8(ascii: ",") else { return nil }
      i += 1
    }
  }

  /// True for the key `"id"`, also when spelled with escapes.
  private static func isIDKey(_ quoted: UnsafeBufferPointer<UInt8>) -> Bool {
    if quoted.elementsEqual("\"id\"".utf8) { return true }
    guard quoted.contains(UInt8(ascii: "\\")) else { return false }
    return (try? JSONReader.parse(UnsafeRawBufferPointer(quoted))) == .string("id")
  }

  /// The index just past the closing quote of the string starting at `start`.
  private static func endOfString(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    var j = start + 1
    while j < b.count {
      switch b[j] {
      case UInt8(ascii: "\\"): j += 2
      case UInt8(ascii: "\""): return j + 1
      default: j += 1
      }
    }
    return nil
  }

  /// The index just past the value starting at `start`, without validating its inside.
  private static func endOfValue(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard start < b.count else { return nil }
    switch b[start] {
    case UInt8(ascii: "\""):
      return endOfString(b, from: start)
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 0
      var j = start
      while j < b.count {
        switch b[j] {
        case UInt8(ascii: "\""):
          guard let end = endOfString(b, from: j) else { return nil }
          j = end
          continue
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          if depth == 0 { return j + 1 }
        default: break
        }
        j += 1
      }
      return nil
    default:
      // A scalar runs to the next delimiter; if the prefix ends first it may be cut short.
      var j = start
      while j < b.count {
        switch b[j] {
        case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"): return j
        default: j += 1
        }
      }
      return nil
    }
  }
}
