/// Parses RFC 8259 JSON text into `JSONValue`s, working on bytes for speed.
///
/// Behaviour worth knowing:
/// - Arrays whose elements are all numbers come back packed as `.numbers`; arrays of rows of one
///   shape (`[{"x": 1, "label": "a"}, …]`, `[[1, 2], …]`) and lists of strings and nulls come back
///   by column as `.table`; any other non-empty array (and the empty array) comes back as `.array`.
/// - Duplicate object keys: the last occurrence wins, as in JavaScript's `JSON.parse`.
/// - A `\u` escape naming a lone UTF-16 surrogate (a high surrogate not followed by an
///   escaped low surrogate, or a low surrogate on its own) decodes to U+FFFD, because a
///   Swift `String` cannot hold a lone surrogate.
/// - Raw control characters (U+0000–U+001F) inside strings, invalid UTF-8, leading zeros,
///   "+1", ".5", "1.", NaN/Infinity literals, trailing commas and trailing non-whitespace
///   are errors. Numbers too large for a `Double` are an error ("number out of range");
///   numbers too small for one become 0.
/// - Numbers are correctly rounded to the nearest `Double`.
/// - A UTF-8 byte order mark at the very start is skipped.
/// - Containers nested deeper than `maxDepth` are an error, so hostile input cannot
///   exhaust the stack.
public enum JSONReader {
  /// Parses one JSON text occupying all of `bytes` (surrounding whitespace allowed).
  ///
  /// `shapes` lets a reader of many small messages skip making and hashing the keys of objects
  /// laid out like earlier ones (`JSONShapeCache`); the value is the same with or without it.
  public static func parse(_ bytes: UnsafeRawBufferPointer, maxDepth: Int = 512,
                           shapes: JSONShapeCache? = nil) throws -> JSONValue {
    try parseTyped(bytes, maxDepth: maxDepth, shapes: shapes)
  }

  /// Parses one JSON text held in a byte array.
  public static func parse(_ bytes: [UInt8], maxDepth: Int = 512) throws -> JSONValue {
    try bytes.withUnsafeBytes { try parseTyped($0, maxDepth: maxDepth) }
  }

  /// Parses one JSON text held in a string (its UTF-8 form is parsed).
  public static func parse(_ text: String, maxDepth: Int = 512) throws -> JSONValue {
    var text = text
    return try text.withUTF8 { try parseTyped(UnsafeRawBufferPointer($0), maxDepth: maxDepth) }
  }

  /// The typed-throws core shared by the public overloads.
  static func parseTyped(_ bytes: UnsafeRawBufferPointer, maxDepth: Int,
                         shapes: JSONShapeCache? = nil) throws(JSONParseError) -> JSONValue {
    guard let base = bytes.baseAddress, !bytes.isEmpty else {
      throw .at(0, "unexpected end of input")
    }
    var parser = JSONParser(base: base.assumingMemoryBound(to: UInt8.self), count: bytes.count, maxDepth: maxDepth,
                            positions: NoPositions(), shapes: shapes)
    return try lendingStacks(of: shapes, to: &parser) { parser throws(JSONParseError) in try parser.parseDocument() }
  }
}
