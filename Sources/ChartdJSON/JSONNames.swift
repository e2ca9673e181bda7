/// A few member names (or string values) to look a key up among, laid out for a quick compare:
/// each name's length and its first eight bytes as one word, so that a key is told from a name
/// by two integer compares, and only a longer name's rest is compared byte by byte.
public struct JSONNames: Sendable {
  let names: [StaticString]
  let lengths: [Int]
  let heads: [UInt64]

  public init(_ names: [StaticString]) {
    self.names = names
    lengths = names.map(\.utf8CodeUnitCount)
    heads = names.map { name in
      name.withUTF8Buffer { JSONNames.head(UnsafeRawPointer($0.baseAddress!), count: $0.count) }
    }
  }

  public var count: Int { names.count }

  /// The first (up to) eight of `count` bytes at `p` as a little-endian word, zero beyond them.
  @inline(__always)
  static func head(_ p: UnsafeRawPointer, count: Int) -> UInt64 {
    var w: UInt64 = 0
    for i in 0..<min(count, 8) { w |= UInt64(p.load(fromByteOffset: i, as: UInt8.self)) << (8 * UInt64(i)) }
    return w
  }

  /// The index of the name spelled by the `length` bytes at `key`, or nil.
  @inline(__always)
  func index(of key: UnsafePointer<UInt8>, length: Int, headReadable: Bool) -> Int? {
    let word: UInt64
    if headReadable {
      // Eight bytes can be read (the buffer goes on past the key): one load, the rest masked off.
      let w = UInt64(littleEndian: UnsafeRawPointer(key).loadUnaligned(as: UInt64.self))
      word = length >= 8 ? w : w & ((1 << (8 * UInt64(length))) &- 1)
    } else {
      word = Self.head(UnsafeRawPointer(key), count: length)
    }
    for k in 0..<lengths.count where lengths[k] == length && heads[k] == word {
      guard length > 8 else { return k }
      let name = names[k].utf8Start
      var i = 8
      while i < length, name[i] == key[i] { i += 1 }
      if i == length { return k }
    }
    return nil
  }
}
