#if canImport(Glibc)
  import Glibc
#endif
import Testing
@testable import ChartdJSON

/// A list of numbers is read into a column of its final size, and the count that sizes it never
/// changes what is read.
@Suite struct JSONReaderColumnCapacityTests {
  @Test func aColumnOfNumbersGetsItsFinalCapacity() throws {
    // 1,100 elements: grown by doubling the column would end with room for 2,048.
    let text = "[" + (0..<1_100).map { "\($0).5" }.joined(separator: ", ") + "]"
    guard case .numbers(let column) = try JSONReader.parse(text) else {
      Issue.record("not read as a column")
      return
    }
    #expect(column.count == 1_100)
    #expect(column.capacity < 1_200, "capacity \(column.capacity)")
  }

  @Test(arguments: [ColumnRoom.minCount, 200_000])
  func aLongColumnGetsRoomToGrowInPlace(count: Int) throws {
    // 200,000 elements are 1.5 MiB of text: read in parts where there are cores, otherwise in one.
    let text = "[" + (0..<count).map { "\($0).25" }.joined(separator: ",") + "]"
    guard case .numbers(var column) = try JSONReader.parse(text) else {
      Issue.record("not read as a column")
      return
    }
    #expect(column.count == count && column[count - 1] == Double(count - 1) + 0.25)
    let before = column.withUnsafeBufferPointer { $0.baseAddress }
    // Appends as many again, the way a client streams into a data set: the storage stays put.
    for k in 0..<count { column.append(Double(k)) }
    #expect(column.withUnsafeBufferPointer { $0.baseAddress } == before, "the column moved at \(count) appends")
    // One short of the room: read at its length.
    guard case .numbers(let short) = try JSONReader.parse("[" + (0..<(ColumnRoom.minCount - 1)).map { "\($0)" }.joined(separator: ",") + "]")
    else { return }
    #expect(short.capacity < ColumnRoom.minCount + 1_024, "capacity \(short.capacity)")
  }

  @Test func theRoomGivesBackItsResidentPagesAndKeepsTheElements() throws {
    // Pages of the room made resident (written, then given up by the elements), as memory handed
    // out again may be.
    var column = [Double]()
    column.reserveCapacity(ColumnRoom.capacity(for: 100_000))
    column.append(contentsOf: (0..<column.capacity).map(Double.init))
    column.removeLast(column.count - 100_000)
    #expect(column.capacity >= 200_000)
    let before = Self.residentRoomPages(column)
    #expect(before > 100, "\(before) pages of the room resident")
    ColumnRoom.releaseRoom(of: column)
    #expect(Self.residentRoomPages(column) == 0)
    #expect(column.count == 100_000 && column.enumerated().allSatisfy { $0.element == Double($0.offset) })
  }

  /// Resident pages wholly inside the room past `column`'s elements (`mincore`).
  static func residentRoomPages(_ column: [Double]) -> Int {
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    return column.withUnsafeBufferPointer { p in
      let start = Int(bitPattern: p.baseAddress!) + column.count * 8, end = Int(bitPattern: p.baseAddress!) + column.capacity * 8
      let from = (start + page - 1) / page * page, to = end / page * page
      guard to > from else { return 0 }
      var vector = [UInt8](repeating: 0, count: (to - from) / page)
      guard mincore(UnsafeMutableRawPointer(bitPattern: from), to - from, &vector) == 0 else { return -1 }
      return vector.filter { $0 & 1 != 0 }.count
    }
  }

  @Test(arguments: [
    ("[1, 2, 3]", 3), ("[ 7 ]", 1), ("[1,2],[3]", 2), ("[-1e5, 2E-3, 0]", 3),
    ("[1, [2, 3]]", 0), ("[1, {\"a\": 2}]", 0), ("[1, \"x,y\"]", 0), ("[1, null, 2]", 0), ("[1, 2", 0),
  ])
  func theCountReadsAheadToTheClosingBracket(text: String, expected: Int) {
    let bytes = Array(text.utf8)
    let count = bytes.withUnsafeBufferPointer { buffer in
      var parser = JSONParser(base: buffer.baseAddress!, count: buffer.count, maxDepth: 8, positions: NoPositions())
      parser.pos = 1
      return parser.numberCountAhead()
    }
    #expect(count == expected, "\(text)")
  }

  /// The count reads eight bytes at a time: it must agree with a byte-by-byte count whatever the
  /// lengths, and wherever a bracket, quote, `n` or object stops it.
  @Test func theWordAtATimeCountAgreesWithAByteCount() {
    var rng = SplitMix64(seed: 21)
    let stops = ["]", "[", "{", "\"", "n"]
    for _ in 0..<3_000 {
      let elements = Int(rng.next() % 40)
      var text = (0..<elements).map { _ in String(Int(rng.next() % 100_000) - 50_000) + (rng.next() % 3 == 0 ? ".25" : "") }
        .joined(separator: rng.next() % 2 == 0 ? "," : ", ")
      text += rng.next() % 4 == 0 ? "" : stops[Int(rng.next() % UInt64(stops.count))] + "1,2]"
      let bytes = Array(text.utf8)
      let count = bytes.withUnsafeBufferPointer { buffer in
        var parser = JSONParser(base: buffer.baseAddress!, count: buffer.count, maxDepth: 8, positions: NoPositions())
        parser.pos = 0
        return parser.numberCountAhead()
      }
      #expect(count == Self.byteCount(bytes), "\(text)")
    }
  }

  /// What `numberCountAhead` answers, one byte at a time.
  static func byteCount(_ bytes: [UInt8]) -> Int {
    var commas = 0
    for b in bytes {
      switch b {
      case UInt8(ascii: ","): commas += 1
      case UInt8(ascii: "]"): return commas + 1
      case UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "\""), UInt8(ascii: "n"): return 0
      default: continue
      }
    }
    return 0
  }

  @Test func zeroBytesFlagsExactlyTheZeroBytes() {
    var rng = SplitMix64(seed: 22)
    for position in 0..<8 {
      for value in 0...255 {
        var bytes = (0..<8).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        bytes[position] = UInt8(value)
        let w = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        let expected = bytes.enumerated().reduce(UInt64(0)) { $0 | ($1.element == 0 ? UInt64(0x80) << (8 * UInt64($1.offset)) : 0) }
        #expect(JSONParser<NoPositions>.zeroBytes(w) == expected, "\(bytes)")
      }
    }
  }

  @Test(arguments: ["[1, true, 2]", "[1, null]", "[1, [2], 3]", "[1, \"a\"]", "[0, 1, 2, 3, 4, 5]"])
  func mixedListsReadAsBefore(text: String) throws {
    let value = try JSONReader.parse(text)
    #expect(JSONWriter.string(value) == text.replacingOccurrences(of: " ", with: ""))
  }
}
