import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Large arrays of numbers (a data set's column of a million values) read on every core.
///
/// The array is cut at commas into one part per core. Each part's commas are counted, then each
/// part's numbers are read by a parser of its own into its place in one buffer. Every number is
/// read by the same `parseNumber` as on one core, so the values are the same; anything unexpected
/// in any part (a malformed number, a missing comma) gives up, and the array is read again on one
/// core, which reports the error exactly as before.
extension JSONParser {
  /// Bytes from which an array of numbers is read in parts (below it, starting threads costs more
  /// than it saves).
  static var packedPartsMinBytes: Int { 1 << 20 }

  /// The numbers of the array whose first element is at `pos`, read in parts, with `pos` after its
  /// `]`; nil (and `pos` unchanged) when the array is short, not an array of numbers only, or not
  /// well formed.
  mutating func packedNumbersInParts() -> [Double]? {
    let start = pos
    guard !Positions.recordsPositions, count - start >= Self.packedPartsMinBytes,
      let found = memchr(bytes + start, Int32(UInt8(ascii: "]")), count - start)
    else { return nil }
    let end = bytes.distance(to: found.assumingMemoryBound(to: UInt8.self))
    guard end - start >= Self.packedPartsMinBytes else { return nil }
    let parts = Self.cutAtCommas(bytes, start..<end, into: Self.cores)
    guard parts.count > 1 else { return nil }
    let base = UncheckedSendable(bytes), depth = maxDepth
    // Elements per part, if the parts hold numbers only (`readNumbers` finds out).
    var counts = [Int](repeating: 0, count: parts.count)
    counts.withUnsafeMutableBufferPointer { out in
      let out = UncheckedSendable(out)
      DispatchQueue.concurrentPerform(iterations: parts.count) { k in
        // Named on the concrete parser: the generic one's metatype is not Sendable (a warning).
        out.value[k] = JSONParser<NoPositions>.elementCount(base.value, parts[k])
      }
    }
    let total = counts.reduce(0, +)
    var starts = [0]
    for c in counts.dropLast() { starts.append(starts[starts.count - 1] + c) }
    let offsets = starts, sizes = counts
    var failed = false
    let numbers = [Double](unsafeUninitializedCapacity: ColumnRoom.capacity(for: total)) { buffer, initialized in
      let ok = [Bool](unsafeUninitializedCapacity: parts.count) { flags, flagCount in
        let out = UncheckedSendable(buffer), results = UncheckedSendable(flags)
        DispatchQueue.concurrentPerform(iterations: parts.count) { k in
          var part = JSONParser<NoPositions>(base: base.value, count: parts[k].upperBound, maxDepth: depth,
                                             positions: NoPositions())
          part.pos = parts[k].lowerBound
          results.value[k] = part.readNumbers(into: out.value.baseAddress! + offsets[k], count: sizes[k])
        }
        flagCount = parts.count
      }
      failed = ok.contains(false)
      // Doubles need no initialization; on failure the array is dropped unread.
      initialized = total
    }
    guard !failed else { return nil }
    pos = end + 1
    return numbers
  }

  /// Parts to cut an array into: the processors online, at most 8.
  static var cores: Int { min(max(sysconf(Int32(_SC_NPROCESSORS_ONLN)), 1), 8) }

  /// Reads exactly `expected` comma-separated numbers from `pos` to `count` (the end of its part)
  /// into `out`; false when the part holds anything else.
  mutating func readNumbers(into out: UnsafeMutablePointer<Double>, count expected: Int) -> Bool {
    var k = 0
    skipWhitespace()
    while k < expected {
      guard pos < count, JSONParser.isNumberStart(bytes[pos]), let d = try? parseNumber() else { return false }
      out[k] = d
      k += 1
      skipWhitespace()
      if pos == count { return k == expected }
      guard bytes[pos] == UInt8(ascii: ","), k < expected else { return false }
      pos += 1
      skipWhitespace()
    }
    return false
  }

  /// Up to `parts` ranges covering `range`, each ending just before a comma (the last at the
  /// range's end); the commas between ranges belong to none.
  static func cutAtCommas(_ bytes: UnsafePointer<UInt8>, _ range: Range<Int>, into parts: Int) -> [Range<Int>] {
    var cuts: [Range<Int>] = []
    var from = range.lowerBound
    for k in 1..<max(parts, 1) {
      var i = max(from, range.lowerBound + (range.count / parts) * k)
      while i < range.upperBound, bytes[i] != UInt8(ascii: ",") { i += 1 }
      guard i < range.upperBound else { break }
      cuts.append(from..<i)
      from = i + 1
    }
    cuts.append(from..<range.upperBound)
    return cuts
  }

  /// Commas in `range` plus one: the part's element count if it holds numbers only.
  ///
  /// Nothing else is looked for: a part that holds anything but numbers and commas (a string, a
  /// nested array, `null`) makes `readNumbers` fail at that byte, and the array is read again on
  /// one core, so a count thrown off by a comma inside a string is never used.
  static func elementCount(_ bytes: UnsafePointer<UInt8>, _ range: Range<Int>) -> Int {
    var commas = 0
    var i = range.lowerBound
    while i + 8 <= range.upperBound {
      let w = UInt64(littleEndian: UnsafeRawPointer(bytes + i).loadUnaligned(as: UInt64.self))
      commas += zeroBytes(w ^ everyByte(0x2C)).nonzeroBitCount
      i += 8
    }
    while i < range.upperBound {
      if bytes[i] == UInt8(ascii: ",") { commas += 1 }
      i += 1
    }
    return commas + 1
  }
}

/// A value handed to the parts of a concurrent read, each of which touches only its own elements.
private struct UncheckedSendable<T>: @unchecked Sendable {
  let value: T
  init(_ value: T) { self.value = value }
}
