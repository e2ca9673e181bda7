/// Where a UTF-8 text has characters of more than one byte, and what they count in each position
/// encoding: enough to turn byte offsets into code units and back by binary search.
///
/// A byte of ASCII is one code unit in every encoding; only these characters differ. Counting
/// from the start of the line each time would cost the length of the line for every position, and
/// a minified spec is a single line of megabytes.
struct WideCharacters: Sendable {
  /// The first byte of each character of two or more bytes, ascending.
  private(set) var starts: [Int] = []
  /// Before character `k` of `starts`: bytes beyond UTF-16 code units of all the ones before it.
  private var extra16: [Int] = [0]
  /// The same for UTF-32 (a code point per character).
  private var extra32: [Int] = [0]

  init(_ bytes: [UInt8]) {
    starts = Self.starts(bytes[...], from: 0)
    recount(bytes)
  }

  /// The characters of `slice`, whose first byte is at `base`.
  private static func starts(_ slice: ArraySlice<UInt8>, from base: Int) -> [Int] {
    var out: [Int] = []
    var i = slice.startIndex
    while i < slice.endIndex {
      if slice[i] >= 0xC0 { out.append(base + i - slice.startIndex) }
      i += 1
    }
    return out
  }

  /// Bytes of the character starting with `lead`.
  private static func length(_ lead: UInt8) -> Int { lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4 }

  private mutating func recount(_ bytes: [UInt8]) {
    extra16 = [0]
    extra32 = [0]
    extra16.reserveCapacity(starts.count + 1)
    extra32.reserveCapacity(starts.count + 1)
    for s in starts {
      let n = Self.length(bytes[s])
      extra16.append(extra16[extra16.count - 1] + n - (n == 4 ? 2 : 1))
      extra32.append(extra32[extra32.count - 1] + n - 1)
    }
  }

  /// After `bytes[range]` was replaced by `inserted` (the text is now `bytes`).
  mutating func replace(_ range: Range<Int>, with inserted: [UInt8], in bytes: [UInt8]) {
    let delta = inserted.count - range.count
    let lo = index(of: range.lowerBound), hi = index(of: range.upperBound)
    var next = Array(starts[..<lo])
    next += Self.starts(inserted[...], from: range.lowerBound)
    next += starts[hi...].map { $0 + delta }
    starts = next
    recount(bytes)
  }

  /// How many characters start before byte `offset`.
  private func index(of offset: Int) -> Int {
    var lo = 0, hi = starts.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if starts[mid] < offset { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }

  /// Bytes beyond code units of the characters before index `k`.
  private func extra(_ k: Int, _ encoding: PositionEncoding) -> Int {
    switch encoding {
    case .utf8: return 0
    case .utf16: return extra16[k]
    case .utf32: return extra32[k]
    }
  }

  /// Code units from byte `start` to byte `end` (both at character boundaries).
  func units(from start: Int, to end: Int, encoding: PositionEncoding) -> Int {
    (end - start) - (extra(index(of: end), encoding) - extra(index(of: start), encoding))
  }

  /// The byte `unit` code units after `start` (a line's start); a unit inside a character gives
  /// that character's first byte. The caller clamps the answer to the line.
  func offset(ofUnit unit: Int, from start: Int, encoding: PositionEncoding) -> Int {
    let first = index(of: start)
    // The last character at or after `start` that begins at or before `unit` code units.
    var lo = first, hi = starts.count
    while lo < hi {
      let mid = (lo + hi) / 2
      let at = (starts[mid] - start) - (extra(mid, encoding) - extra(first, encoding))
      if at <= unit { lo = mid + 1 } else { hi = mid }
    }
    guard lo > first else { return start + unit }
    let k = lo - 1
    let at = (starts[k] - start) - (extra(k, encoding) - extra(first, encoding))
    let bytes = byteLength(k)
    let width = bytes - (extra(k + 1, encoding) - extra(k, encoding))
    return unit < at + width ? starts[k] : starts[k] + bytes + (unit - at - width)
  }

  /// Bytes of character `k`.
  private func byteLength(_ k: Int) -> Int { (extra32[k + 1] - extra32[k]) + 1 }
}
