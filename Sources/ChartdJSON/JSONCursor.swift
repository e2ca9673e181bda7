#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads one JSON text piece by piece, for a reader that expects a message of one known shape.
///
/// Each method reads what it asks for at the cursor, or answers nil (false) when the text there is
/// anything else: another kind of value, a string with an escape or a byte outside printable
/// ASCII, a duplicate member, or text that is not JSON at all. Such a reader gives up on the first
/// nil and reads the text with `JSONReader.parse` instead, which gives the general result (or says
/// what is wrong). What the cursor does read it reads as `parse` would: the same grammar, the
/// same number conversion.
public struct JSONCursor {
  var parser: JSONParser<NoPositions>

  /// Runs `body` on a cursor at the start of `bytes` (after a byte order mark): true when it read
  /// what it asked for and only whitespace follows. (Not generic: a generic call from another
  /// module would look up type metadata at run time, costing more than the whole read.)
  public static func read(_ bytes: UnsafeRawBufferPointer, _ body: (inout JSONCursor) -> Bool) -> Bool {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
    var cursor = JSONCursor(parser: JSONParser(base: base.assumingMemoryBound(to: UInt8.self), count: bytes.count,
                                               maxDepth: 64, positions: NoPositions()))
    let p = cursor.parser
    if p.count >= 3, p.bytes[0] == 0xEF, p.bytes[1] == 0xBB, p.bytes[2] == 0xBF { cursor.parser.pos = 3 }
    guard body(&cursor) else { return false }
    cursor.parser.skipWhitespace()
    return cursor.parser.pos == cursor.parser.count
  }

  /// Whether `bytes` hold `text` anywhere: a reader of one kind of message can pass over others
  /// for the price of a byte search. Fastest when `text` starts with a byte that is rare in them.
  public static func contains(_ bytes: UnsafeRawBufferPointer, _ text: StaticString) -> Bool {
    let n = text.utf8CodeUnitCount
    guard let base = bytes.baseAddress, n > 0, bytes.count >= n else { return false }
    let first = Int32(text.utf8Start[0])
    var from = 0
    while from <= bytes.count - n, let hit = memchr(base + from, first, bytes.count - n + 1 - from) {
      if memcmp(hit, text.utf8Start, n) == 0 { return true }
      from = base.distance(to: UnsafeRawPointer(hit)) + 1
    }
    return false
  }

  /// The byte the next value starts with (after whitespace), or nil at the end.
  public mutating func peek() -> UInt8? {
    parser.skipWhitespace()
    return parser.pos < parser.count ? parser.bytes[parser.pos] : nil
  }

  /// Reads an object whose member names are all among `names` (each at most once, no escapes),
  /// handing each name's index to `member`, which reads the value. False when anything does not fit.
  public mutating func object(names: JSONNames, _ member: (inout JSONCursor, Int) -> Bool) -> Bool {
    guard take(UInt8(ascii: "{")) else { return false }
    if take(UInt8(ascii: "}")) { return true }
    var seen: UInt64 = 0
    while true {
      parser.skipWhitespace()
      guard let k = parser.memberName(among: names), k < 64, seen & (1 << k) == 0 else { return false }
      seen |= 1 << k
      guard take(UInt8(ascii: ":")), member(&self, k) else { return false }
      if take(UInt8(ascii: "}")) { return true }
      guard take(UInt8(ascii: ",")) else { return false }
    }
  }

  /// Reads an array, `element` reading each element; false when anything does not fit.
  public mutating func array(_ element: (inout JSONCursor) -> Bool) -> Bool {
    guard take(UInt8(ascii: "[")) else { return false }
    if take(UInt8(ascii: "]")) { return true }
    while true {
      guard element(&self) else { return false }
      if take(UInt8(ascii: "]")) { return true }
      guard take(UInt8(ascii: ",")) else { return false }
    }
  }

  /// A number literal, as `JSONReader.parse` converts it.
  public mutating func number() -> Double? {
    guard let b = peek(), JSONParser<NoPositions>.isNumberStart(b) else { return nil }
    return try? parser.parseNumber()
  }

  /// An integer written as plain digits (no sign, fraction or exponent), of at most 15 digits, so
  /// that it is exactly the `Double` a parse gives and that double's `intValue`.
  public mutating func plainInteger() -> Int? {
    guard let b = peek(), (b &- 0x30) < 10 else { return nil }
    let start = parser.pos
    var end = start
    var value = 0
    while end < parser.count, (parser.bytes[end] &- 0x30) < 10, end - start < 16 {
      value = value * 10 + Int(parser.bytes[end] &- 0x30)
      end += 1
    }
    let digits = end - start
    guard digits <= 15, digits == 1 || parser.bytes[start] != UInt8(ascii: "0") else { return nil }
    if end < parser.count, parser.bytes[end] == UInt8(ascii: ".") || parser.bytes[end] | 0x20 == UInt8(ascii: "e") { return nil }
    parser.pos = end
    return value
  }

  /// `true` or `false`.
  public mutating func bool() -> Bool? {
    guard let b = peek() else { return nil }
    if b == UInt8(ascii: "t"), word("true") { return true }
    if b == UInt8(ascii: "f"), word("false") { return false }
    return nil
  }

  /// A string of printable ASCII without escapes.
  public mutating func plainString() -> String? {
    guard let range = plainStringRange() else { return nil }
    return String(decoding: UnsafeBufferPointer(start: parser.bytes + range.lowerBound, count: range.count), as: UTF8.self)
  }

  /// A string spelling one of `values` byte for byte (no escapes): its index.
  public mutating func string(among values: JSONNames) -> Int? {
    guard peek() == UInt8(ascii: "\"") else { return nil }
    return parser.memberName(among: values)
  }

  // MARK: - Tokens

  /// Steps over `byte` (after whitespace) if it is next.
  private mutating func take(_ byte: UInt8) -> Bool {
    guard peek() == byte else { return false }
    parser.pos += 1
    return true
  }

  /// Steps over the literal `w` if it is next (what follows it is the caller's to check).
  private mutating func word(_ w: StaticString) -> Bool {
    let n = w.utf8CodeUnitCount, p = parser.pos
    guard p + n <= parser.count else { return false }
    for k in 0..<n where parser.bytes[p + k] != w.utf8Start[k] { return false }
    parser.pos = p + n
    return true
  }

  /// The bytes inside the plain string at the cursor, stepped over: the parser's unescaped string,
  /// and printable ASCII only (the general reader checks other bytes as UTF-8; this one does not).
  private mutating func plainStringRange() -> Range<Int>? {
    guard peek() == UInt8(ascii: "\""), let range = parser.unescapedString() else { return nil }
    for i in range where parser.bytes[i] >= 0x7F { return nil }
    return range
  }
}
