/// The recursive-descent parser behind `JSONReader`: a cursor over raw bytes.
///
/// Every read goes through `pos < count` checks; the pointer is never dereferenced
/// outside the caller's buffer. `Positions` receives where each value and key lies; the plain
/// parse uses `NoPositions`, whose empty methods the compiler removes, so it pays nothing for them.
struct JSONParser<Positions: JSONPositionRecorder> {
  let bytes: UnsafePointer<UInt8>
  let count: Int
  let maxDepth: Int
  var pos = 0
  var depth = 0
  /// Reused buffer for strings that contain escapes.
  var scratch: [UInt8] = []
  /// The key layout of the latest small object, for rows that repeat it (see `ObjectShape`).
  var shape: ObjectShape?
  /// Objects in a row that did not fit `shape`; a new shape is adopted only after a few, so
  /// that alternating shapes do not keep replacing each other.
  var shapeMisses = 0
  /// Values of the object members matched against `shape`, shared by all nesting levels.
  var valueStack: [JSONValue] = []
  /// Byte ranges of the keys of objects that may become the next `shape`.
  var keyRangeStack: [Range<Int>] = []
  /// Shapes kept from earlier parses of the same reader (nil: none kept).
  let shapes: JSONShapeCache?
  /// Where values and keys were found (nothing for the plain parse).
  var positions: Positions
  /// Reads a number beyond a `Double`'s range as the largest finite one of its sign instead of
  /// failing: only to find where such a number is (`parseWithSourceMap(clampingNumbers:)`).
  var clampsOutOfRange = false

  init(base: UnsafePointer<UInt8>, count: Int, maxDepth: Int, positions: Positions, shapes: JSONShapeCache? = nil) {
    self.bytes = base
    self.count = count
    self.maxDepth = maxDepth
    self.positions = positions
    self.shapes = shapes
  }

  /// Parses the whole input: optional BOM, one value, only whitespace after it.
  mutating func parseDocument() throws(JSONParseError) -> JSONValue {
    if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { pos = 3 }
    let value = try parseValue()
    skipWhitespace()
    if pos < count { throw unexpected() }
    return value
  }

  // MARK: - Cursor helpers

  @inline(__always)
  mutating func skipWhitespace() {
    while pos < count {
      let b = bytes[pos]
      guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
      pos += 1
    }
  }

  /// The error for the byte at `pos` (or the end of input).
  func unexpected() -> JSONParseError {
    guard pos < count else { return .at(pos, "unexpected end of input") }
    return .at(pos, "unexpected \(JSONParseError.describe(byte: bytes[pos]))")
  }

  @inline(__always)
  static func isNumberStart(_ b: UInt8) -> Bool { b == UInt8(ascii: "-") || (b &- 0x30) < 10 }

  /// The number of elements of the array from `pos` on, when it holds numbers only (commas up to
  /// its `]`, plus one); 0 as soon as anything else shows up (the array is then not packed).
  ///
  /// A column read with its final capacity is never copied while it grows: a 10M-entry column
  /// would otherwise pass through blocks of 1 – 64 MiB that the allocator keeps resident once freed,
  /// and end with up to twice the capacity it needs. The scan reads the bytes once more, a fraction
  /// of what reading the numbers costs.
  func numberCountAhead() -> Int {
    var commas = 0
    var i = pos
    // Eight bytes at a time while none of them ends the scan: commas are counted per word.
    while i + 8 <= count {
      let w = UInt64(littleEndian: UnsafeRawPointer(bytes + i).loadUnaligned(as: UInt64.self))
      let stops = Self.zeroBytes(w ^ Self.everyByte(0x5D)) | Self.zeroBytes(w ^ Self.everyByte(0x5B))
        | Self.zeroBytes(w ^ Self.everyByte(0x7B)) | Self.zeroBytes(w ^ Self.everyByte(0x22))
        | Self.zeroBytes(w ^ Self.everyByte(0x6E))  // ] [ { " n
      if stops != 0 { break }
      commas += (Self.zeroBytes(w ^ Self.everyByte(0x2C))).nonzeroBitCount
      i += 8
    }
    while i < count {
      let b = bytes[i]
      if b == UInt8(ascii: ",") {
        commas += 1
      } else if b == UInt8(ascii: "]") {
        return commas + 1
      } else if b == UInt8(ascii: "[") || b == UInt8(ascii: "{") || b == UInt8(ascii: "\"") || b == UInt8(ascii: "n") {
        return 0
      }
      i += 1
    }
    return 0
  }

  /// `b` in every byte of a word.
  @inline(__always)
  static func everyByte(_ b: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(b) }

  /// The top bit of every zero byte of `w`, and nothing else: adding 0x7F to the low seven bits
  /// sets a byte's top bit exactly when they are not all zero, and never carries into the next byte.
  @inline(__always)
  static func zeroBytes(_ w: UInt64) -> UInt64 {
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    return ~(((w & low) &+ low) | w | low)
  }

  // MARK: - Values

  mutating func parseValue() throws(JSONParseError) -> JSONValue {
    skipWhitespace()
    guard pos < count else { throw unexpected() }
    positions.begin(at: pos)
    let value: JSONValue
    switch bytes[pos] {
    case UInt8(ascii: "{"): value = try parseObject()
    case UInt8(ascii: "["): value = try parseArray()
    case UInt8(ascii: "\""): value = .string(try parseString())
    case UInt8(ascii: "t"): try expectLiteral("true"); value = .bool(true)
    case UInt8(ascii: "f"): try expectLiteral("false"); value = .bool(false)
    case UInt8(ascii: "n"): try expectLiteral("null"); value = .null
    case let b where JSONParser.isNumberStart(b): value = .number(try parseNumber())
    default: throw unexpected()
    }
    positions.end(at: pos)
    return value
  }

  /// A number that is an element of a packed array (`parseValue` is skipped on that fast path).
  @inline(__always)
  mutating func parsePackedNumber() throws(JSONParseError) -> Double {
    positions.begin(at: pos)
    let d = try parseNumber()
    positions.end(at: pos)
    return d
  }

  mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
    let text = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
    for expected in text {
      guard pos < count, bytes[pos] == expected else { throw unexpected() }
      pos += 1
    }
  }

  mutating func enterContainer() throws(JSONParseError) {
    depth += 1
    if depth > maxDepth { throw .at(pos, "nesting deeper than \(maxDepth)") }
    pos += 1
  }

  // MARK: - Containers

  mutating func parseArray() throws(JSONParseError) -> JSONValue {
    try enterContainer()
    defer { depth -= 1 }
    skipWhitespace()
    guard pos < count else { throw unexpected() }
    if bytes[pos] == UInt8(ascii: "]") { pos += 1; return .array([]) }
    // Rows and strings read into columns record no position per element, so a positioned parse reads
    // them one by one.
    if !Positions.recordsPositions,
      bytes[pos] == UInt8(ascii: "{") || bytes[pos] == UInt8(ascii: "[") || bytes[pos] == UInt8(ascii: "\"") {
      return try parseRows()
    }
    if JSONParser.isNumberStart(bytes[pos]) {
      if let numbers = packedNumbersInParts() { return .numbers(numbers) }
      // Optimistically packed: stays `.numbers` until a non-number element shows up.
      var numbers: [Double] = []
      numbers.reserveCapacity(ColumnRoom.capacity(for: numberCountAhead()))
      while true {
        numbers.append(try parsePackedNumber())
        skipWhitespace()
        guard pos < count else { throw unexpected() }
        let b = bytes[pos]
        if b == UInt8(ascii: "]") { pos += 1; return .numbers(numbers) }
        guard b == UInt8(ascii: ",") else { throw unexpected() }
        pos += 1
        skipWhitespace()
        guard pos < count else { throw unexpected() }
        if !JSONParser.isNumberStart(bytes[pos]) {
          var elements = [JSONValue]()
          elements.reserveCapacity(numbers.count + 4)
          for d in numbers { elements.append(.number(d)) }
          return try parseArrayElements(continuing: elements)
        }
      }
    }
    return try parseArrayElements(continuing: [])
  }

  /// Parses elements into a general array; `pos` is at the start of the next element.
  mutating func parseArrayElements(continuing start: [JSONValue]) throws(JSONParseError) -> JSONValue {
    var elements = start
    while true {
      elements.append(try parseValue())
      skipWhitespace()
      guard pos < count else { throw unexpected() }
      let b = bytes[pos]
      if b == UInt8(ascii: "]") { pos += 1; return .array(elements) }
      guard b == UInt8(ascii: ",") else { throw unexpected() }
      pos += 1
    }
  }
}
