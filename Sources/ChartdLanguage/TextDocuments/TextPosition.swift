import ChartdJSON

/// A place in a text document as LSP counts it: a 0-based line and a column in code units of the
/// negotiated `PositionEncoding`.
public struct TextPosition: Sendable, Hashable, Comparable {
  public var line: Int
  public var character: Int

  public init(line: Int, character: Int) {
    self.line = line
    self.character = character
  }

  public static func < (a: TextPosition, b: TextPosition) -> Bool {
    (a.line, a.character) < (b.line, b.character)
  }

  public var json: JSONValue { ["line": .number(Double(line)), "character": .number(Double(character))] }
}

/// A span of a text document, `end` exclusive.
public struct TextRange: Sendable, Hashable {
  public var start: TextPosition
  public var end: TextPosition

  public init(start: TextPosition, end: TextPosition) {
    self.start = start
    self.end = end
  }

  public var json: JSONValue { ["start": start.json, "end": end.json] }

  /// Whether the two ranges share a position (touching counts, as an empty range at a boundary should match).
  public func overlaps(_ other: TextRange) -> Bool { !(end < other.start || other.end < start) }
}

/// The unit of `TextPosition.character`: UTF-16 code units unless the client offered another.
public enum PositionEncoding: String, Sendable, CaseIterable {
  case utf8 = "utf-8"
  case utf16 = "utf-16"
  case utf32 = "utf-32"

  /// The encoding to announce for a client offering `offered` (`general.positionEncodings`).
  ///
  /// UTF-16 whenever it is offered or nothing is (it is the mandatory default every client handles);
  /// otherwise the first offered one chartd knows.
  public static func negotiate(offered: [String]?) -> PositionEncoding {
    guard let offered, !offered.isEmpty, !offered.contains(utf16.rawValue) else { return .utf16 }
    return offered.lazy.compactMap(PositionEncoding.init(rawValue:)).first ?? .utf16
  }

  /// Code units of the scalar whose UTF-8 sequence starts with `lead`, and its byte length.
  @inline(__always)
  func units(lead: UInt8) -> (units: Int, bytes: Int) {
    let bytes = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    switch self {
    case .utf8: return (bytes, bytes)
    case .utf16: return (bytes == 4 ? 2 : 1, bytes)
    case .utf32: return (1, bytes)
    }
  }
}
