/// Reading the members of one object without making the object.
extension JSONParser {
  /// Reads the object that is the whole input, whose member names must all be among `names`
  /// (each at most once, written without escapes), calling `found` with each name's index and its
  /// value as `parseValue` reads it. Nil when the input is anything else, valid JSON or not.
  mutating func parseMembers(named names: JSONNames, _ found: (Int, JSONValue) -> Void) -> Void? {
    if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { pos = 3 }
    skipWhitespace()
    guard pos < count, bytes[pos] == UInt8(ascii: "{"), (try? enterContainer()) != nil else { return nil }
    skipWhitespace()
    var seen: UInt64 = 0
    if pos < count, bytes[pos] == UInt8(ascii: "}") {
      pos += 1
    } else {
      while true {
        skipWhitespace()
        guard let index = memberName(among: names), index < 64, seen & (1 << index) == 0 else { return nil }
        seen |= 1 << index
        skipWhitespace()
        guard pos < count, bytes[pos] == UInt8(ascii: ":") else { return nil }
        pos += 1
        guard let value = try? parseValue() else { return nil }
        found(index, value)
        skipWhitespace()
        guard pos < count else { return nil }
        if bytes[pos] == UInt8(ascii: "}") { pos += 1; break }
        guard bytes[pos] == UInt8(ascii: ",") else { return nil }
        pos += 1
      }
    }
    depth -= 1
    skipWhitespace()
    return pos == count ? () : nil
  }

  /// Steps over the string literal at `pos` and gives the index of the name in `names` it spells
  /// byte for byte; nil (anywhere) when it is no such name, or holds an escape or a control byte.
  mutating func memberName(among names: JSONNames) -> Int? {
    guard let key = unescapedString() else { return nil }
    return names.index(of: bytes + key.lowerBound, length: key.count, headReadable: key.lowerBound + 8 <= count)
  }

  /// Steps over the string literal at `pos` and gives the range of its bytes; nil (anywhere) when
  /// it holds an escape or a control byte.
  @inline(__always)
  mutating func unescapedString() -> Range<Int>? {
    guard pos < count, bytes[pos] == UInt8(ascii: "\"") else { return nil }
    let start = pos + 1
    var end = start
    while end < count, bytes[end] != UInt8(ascii: "\"") {
      guard bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 else { return nil }
      end += 1
    }
    guard end < count else { return nil }
    pos = end + 1
    return start..<end
  }
}

extension JSONReader {
  /// The members of a JSON text that is one object whose member names are all among `names`, each
  /// at most once and written without escapes: each value by its name's index (nil: absent), as
  /// `parse` would give it inside that object. Nil for any other text, valid JSON or not: the
  /// caller then reads it with `parse`, which gives the same values (or says what is wrong).
  ///
  /// A reader of messages of a known envelope skips making the envelope's dictionary this way.
  public static func parseMembers(_ bytes: UnsafeRawBufferPointer, names: JSONNames, maxDepth: Int = 512,
                                  shapes: JSONShapeCache? = nil) -> [JSONValue?]? {
    var values = [JSONValue?](repeating: nil, count: names.count)
    let read = parseMembers(bytes, names: names, maxDepth: maxDepth, shapes: shapes) { values[$0] = $1 }
    return read ? values : nil
  }

  /// `parseMembers`, handing each member to `found` (its name's index and its value) as it is read;
  /// false, after any number of calls, for a text it does not read. No array is made for the values.
  public static func parseMembers(_ bytes: UnsafeRawBufferPointer, names: JSONNames, maxDepth: Int = 512,
                                  shapes: JSONShapeCache? = nil, _ found: (Int, JSONValue) -> Void) -> Bool {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
    var parser = JSONParser(base: base.assumingMemoryBound(to: UInt8.self), count: bytes.count, maxDepth: maxDepth,
                            positions: NoPositions(), shapes: shapes)
    let read: Void? = lendingStacks(of: shapes, to: &parser) { parser in parser.parseMembers(named: names, found) }
    return read != nil
  }

  /// Runs `body` with the cache's working stacks lent to `parser` (emptied and given back after,
  /// whatever happened), so that a parse does not grow stacks of its own.
  static func lendingStacks<R, E: Error>(of shapes: JSONShapeCache?, to parser: inout JSONParser<NoPositions>,
                                         _ body: (inout JSONParser<NoPositions>) throws(E) -> R) throws(E) -> R {
    guard let shapes else { return try body(&parser) }
    swap(&parser.valueStack, &shapes.valueStack)
    swap(&parser.keyRangeStack, &shapes.keyRangeStack)
    defer {
      // Emptied (a parse that threw may leave values behind), their room kept for the next parse.
      parser.valueStack.removeAll(keepingCapacity: true)
      parser.keyRangeStack.removeAll(keepingCapacity: true)
      swap(&parser.valueStack, &shapes.valueStack)
      swap(&parser.keyRangeStack, &shapes.keyRangeStack)
    }
    return try body(&parser)
  }
}
