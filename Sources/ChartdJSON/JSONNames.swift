/// A few member names (or string values) to look a key up among, laid out for a quick compare:
/// each name's length and its first eight bytes as one word, so that a key is told from a name
/// by two integer compares, and only a longer name's rest is compared byte by byte.
public struct JSONNames: Sendable {
  /// Each name's bytes (read through `withUTF8Buffer`, which every form of `StaticString` has).
  let names: [[UInt8]]
  let lengths: [Int]
  let heads: [UInt64]

  public init(_ names: [StaticString]) {
    self.names = names.map { $0.withUTF8Buffer { Array($0) } }
    lengths = self.names.map(\.count)
    heads = self.names.map { name in name.withUnsafeBytes { JSONNames.head($0.baseAddress, count: $0.count) } }
  }

  public var count: Int { names.count }

  /// Name `k` as text.
  public func name(_ k: Int) -> String { String(decoding: names[k], as: UTF8.self) }

  /// The first (up to) eight of `count` bytes at `p` as a little-endian word, zero beyond them.
  @inline(__always)
  static func head(_ p: UnsafeRawPointer?, count: Int) -> UInt64 {
    guard let p else { return 0 }
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
      var i = 8
      while i < length, names[k][i] == key[i] { i += 1 }
      if i == length { return k }
    }
    return nil
  }
}
