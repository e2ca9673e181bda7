/// The keys, in order, of a recently parsed small object, with a dictionary holding them.
///
/// Data sets in row form repeat the same keys in the same order a million times. An object
/// whose raw keys match the shape byte for byte is built by copying the shape's dictionary
/// and overwriting its values by index: no key strings are created and nothing is hashed.
struct ObjectShape {
  /// Raw key bytes (escape-free), in member order.
  var keys: [[UInt8]]
  var dictionary: [String: JSONValue]
  /// Where each key's value sits in `dictionary`; valid in copies of it too.
  var indices: [Dictionary<String, JSONValue>.Index]

  /// Objects with more members than this are not worth a shape.
  static let maxMembers = 8
  /// Consecutive misses after which the next suitable object becomes the new shape.
  static let missesBeforeReplacing = 4
}

extension JSONParser {
  mutating func parseObject() throws(JSONParseError) -> JSONValue {
    try enterContainer()
    defer { depth -= 1 }
    skipWhitespace()
    guard pos < count else { throw unexpected() }
    if bytes[pos] == UInt8(ascii: "}") { pos += 1; return .object([:]) }

    // Phase 1: follow the shape while the keys match it in order.
    var matched = 0
    let valueBase = valueStack.count
    let currentShape = shape
    if let currentShape {
      while matched < currentShape.keys.count {
        skipWhitespace()
        let keyStart = pos
        guard matchKey(currentShape.keys[matched]) else { break }
        positions.key(keyStart..<pos)
        skipWhitespace()
        guard pos < count, bytes[pos] == UInt8(ascii: ":") else { throw unexpected() }
        pos += 1
        valueStack.append(try parseValue())
        matched += 1
        skipWhitespace()
        guard pos < count else { throw unexpected() }
        let b = bytes[pos]
        if b == UInt8(ascii: "}") {
          pos += 1
          guard matched == currentShape.keys.count else { break }
          var members = currentShape.dictionary
          for j in 0..<matched { members.values[currentShape.indices[j]] = valueStack[valueBase + j] }
          valueStack.removeSubrange(valueBase...)
          shapeMisses = 0
          return .object(members)
        }
        guard b == UInt8(ascii: ",") else { throw unexpected() }
        pos += 1
      }
    }

    // Phase 2: the general path, starting with whatever phase 1 matched.
    var members = [String: JSONValue](minimumCapacity: max(2, matched + 1))
    if currentShape != nil { shapeMisses += 1 }
    if let currentShape, matched > 0 {
      for j in 0..<matched {
        members[currentShape.dictionary[currentShape.indices[j]].key] = valueStack[valueBase + j]
      }
      valueStack.removeSubrange(valueBase...)
      // Phase 1 stopped on a closing brace: the object had fewer members than the shape.
      if bytes[pos - 1] == UInt8(ascii: "}") { return .object(members) }
    }
    let keyBase = keyRangeStack.count
    var memberCount = matched
    while true {
      skipWhitespace()
      guard pos < count, bytes[pos] == UInt8(ascii: "\"") else { throw unexpected() }
      let keyStart = pos + 1
      let key = try parseString()
      positions.key((keyStart - 1)..<pos)
      if matched == 0, memberCount < ObjectShape.maxMembers { keyRangeStack.append(keyStart..<(pos - 1)) }
      skipWhitespace()
      guard pos < count, bytes[pos] == UInt8(ascii: ":") else { throw unexpected() }
      pos += 1
      // Last duplicate wins, as in JavaScript.
      members[key] = try parseValue()
      memberCount += 1
      skipWhitespace()
      guard pos < count else { throw unexpected() }
      let b = bytes[pos]
      if b == UInt8(ascii: "}") {
        pos += 1
        if matched == 0, memberCount <= ObjectShape.maxMembers, members.count == memberCount,
          shape == nil || shapeMisses >= ObjectShape.missesBeforeReplacing
        {
          adoptShape(members, keyRanges: keyRangeStack[keyBase...])
        }
        keyRangeStack.removeSubrange(keyBase...)
        return .object(members)
      }
      guard b == UInt8(ascii: ",") else { throw unexpected() }
      pos += 1
    }
  }

  /// Steps over the string literal at `pos` if its raw bytes are exactly `key` in quotes.
  @inline(__always)
  private mutating func matchKey(_ key: [UInt8]) -> Bool {
    let n = key.count
    guard pos + n + 1 < count, bytes[pos] == UInt8(ascii: "\""), bytes[pos + n + 1] == UInt8(ascii: "\"") else {
      return false
    }
    for i in 0..<n where bytes[pos + 1 + i] != key[i] { return false }
    pos += n + 2
    return true
  }

  /// Makes `members` the shape for the objects that follow, if its keys are escape-free.
  private mutating func adoptShape(_ members: [String: JSONValue], keyRanges: ArraySlice<Range<Int>>) {
    var keys: [[UInt8]] = []
    var indices: [Dictionary<String, JSONValue>.Index] = []
    keys.reserveCapacity(keyRanges.count)
    indices.reserveCapacity(keyRanges.count)
    for range in keyRanges {
      let raw = UnsafeBufferPointer(start: bytes + range.lowerBound, count: range.count)
      guard !raw.contains(UInt8(ascii: "\\")),
        let index = members.index(forKey: String(decoding: raw, as: UTF8.self))
      else { return }
      keys.append(Array(raw))
      indices.append(index)
    }
    shape = ObjectShape(keys: keys, dictionary: members, indices: indices)
    shapeMisses = 0
  }
}
