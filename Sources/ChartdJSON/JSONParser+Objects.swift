#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The keys, in order, of a small object, with a dictionary holding them.
///
/// Data sets in row form repeat the same keys in the same order a million times, and the messages
/// of a connection repeat a few envelopes. An object whose raw keys match a shape byte for byte is
/// built by copying the shape's dictionary and overwriting its values by index: no key strings are
/// created and nothing is hashed.
///
/// A class: the parser hands shapes around for every object, and a reference is one retain.
final class ObjectShape {
  /// Raw key bytes (escape-free), in member order.
  let keys: [[UInt8]]
  let dictionary: [String: JSONValue]
  /// Where each key's value sits in `dictionary`; valid in copies of it too.
  let indices: [Dictionary<String, JSONValue>.Index]

  init(keys: [[UInt8]], dictionary: [String: JSONValue], indices: [Dictionary<String, JSONValue>.Index]) {
    self.keys = keys
    self.dictionary = dictionary
    self.indices = indices
  }

  /// The same keys with every value null, to keep beyond one parse without keeping its data.
  func blank() -> ObjectShape {
    var values = dictionary
    for index in indices { values.values[index] = .null }
    return ObjectShape(keys: keys, dictionary: values, indices: indices)
  }

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

    // Phase 1: follow a shape while the keys match it in order: the latest object's (rows repeat
    // it), else one the cache kept from earlier messages (envelopes repeat those).
    var matched = 0
    let valueBase = valueStack.count
    let keyBase = keyRangeStack.count
    let triedLocal = shape != nil
    var current: ObjectShape? = nil
    var onLocal = false
    if let local = shape, keyIsNext(local.keys[0]) {
      current = local
      onLocal = true
    } else {
      current = cachedShape(agreeingWith: nil, upTo: 0, more: true)
    }
    if var followed = current {
      while true {
        skipWhitespace()
        let keyStart = pos
        guard matchKey(followed.keys[matched]) else {
          // Another kept shape may agree so far and go on with this key.
          guard let other = cachedShape(agreeingWith: followed, upTo: matched, more: true) else { break }
          followed = other
          onLocal = false
          continue
        }
        positions.key(keyStart..<pos)
        keyRangeStack.append((keyStart + 1)..<(pos - 1))
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
          if matched != followed.keys.count {
            guard let other = cachedShape(agreeingWith: followed, upTo: matched, more: false) else { break }
            followed = other
            onLocal = false
          }
          var members = followed.dictionary
          for j in 0..<matched { members.values[followed.indices[j]] = valueStack[valueBase + j] }
          valueStack.removeSubrange(valueBase...)
          keyRangeStack.removeSubrange(keyBase...)
          if onLocal {
            shapeMisses = 0
          } else {
            if triedLocal { shapeMisses += 1 }
            // Rows that repeat a kept shape follow it locally, without a look through the cache.
            if shape == nil || shapeMisses >= ObjectShape.missesBeforeReplacing {
              shape = followed
              shapeMisses = 0
            }
          }
          return .object(members)
        }
        guard b == UInt8(ascii: ",") else { throw unexpected() }
        pos += 1
        if matched == followed.keys.count {
          // More members than this shape has: perhaps a kept one with more.
          skipWhitespace()
          guard let other = cachedShape(agreeingWith: followed, upTo: matched, more: true) else { break }
          followed = other
          onLocal = false
        }
      }
      current = followed
    }

    // Phase 2: the general path, starting with whatever phase 1 matched.
    var members = [String: JSONValue](minimumCapacity: max(2, matched + 1))
    if triedLocal { shapeMisses += 1 }
    if let current, matched > 0 {
      for j in 0..<matched {
        members[current.dictionary[current.indices[j]].key] = valueStack[valueBase + j]
      }
      valueStack.removeSubrange(valueBase...)
      // Phase 1 stopped on a closing brace: the object had fewer members than the shape.
      if bytes[pos - 1] == UInt8(ascii: "}") {
        adoptShape(members, keyRanges: keyRangeStack[keyBase...], memberCount: matched)
        keyRangeStack.removeSubrange(keyBase...)
        return .object(members)
      }
    }
    var memberCount = matched
    while true {
      skipWhitespace()
      guard pos < count, bytes[pos] == UInt8(ascii: "\"") else { throw unexpected() }
      let keyStart = pos + 1
      let key = try parseString()
      positions.key((keyStart - 1)..<pos)
      if memberCount < ObjectShape.maxMembers { keyRangeStack.append(keyStart..<(pos - 1)) }
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
        adoptShape(members, keyRanges: keyRangeStack[keyBase...], memberCount: memberCount)
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
    guard keyIsNext(key) else { return false }
    pos += key.count + 2
    return true
  }

  /// Whether the string literal at `pos` has exactly the raw bytes `key`.
  @inline(__always)
  private func keyIsNext(_ key: [UInt8]) -> Bool {
    let n = key.count
    guard pos + n + 1 < count, bytes[pos] == UInt8(ascii: "\""), bytes[pos + n + 1] == UInt8(ascii: "\"") else {
      return false
    }
    return key.withUnsafeBufferPointer { k in
      guard let start = k.baseAddress else { return n == 0 }  // the empty key: the quotes were all
      return memcmp(bytes + pos + 1, start, n) == 0
    }
  }

  /// A kept shape whose first `matched` keys are those of `followed` (any shape when nil) and that
  /// goes on with the key at `pos` (`more`), or ends there (not `more`).
  private func cachedShape(agreeingWith followed: ObjectShape?, upTo matched: Int, more: Bool) -> ObjectShape? {
    guard let cache = shapes else { return nil }
    for candidate in cache.shapes {
      let keyCount = candidate.keys.count
      guard more ? keyCount > matched : keyCount == matched else { continue }
      if more, !keyIsNext(candidate.keys[matched]) { continue }
      if let followed, candidate === followed || !Self.samePrefix(candidate.keys, followed.keys, matched) { continue }
      return candidate
    }
    return nil
  }

  /// Whether two key lists agree in their first `n` keys.
  private static func samePrefix(_ a: [[UInt8]], _ b: [[UInt8]], _ n: Int) -> Bool {
    for j in 0..<n where a[j] != b[j] { return false }
    return true
  }

  /// Makes `members` the shape for the objects that follow (when the last one has missed often
  /// enough) and offers it to the cache, if it is small, its keys escape-free and not repeated.
  private mutating func adoptShape(_ members: [String: JSONValue], keyRanges: ArraySlice<Range<Int>>, memberCount: Int) {
    let replacesLocal = shape == nil || shapeMisses >= ObjectShape.missesBeforeReplacing
    guard replacesLocal || shapes != nil, memberCount <= ObjectShape.maxMembers, members.count == memberCount,
      keyRanges.count == memberCount
    else { return }
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
    let made = ObjectShape(keys: keys, dictionary: members, indices: indices)
    if replacesLocal {
      shape = made
      shapeMisses = 0
    }
    shapes?.keep(made)
  }
}
