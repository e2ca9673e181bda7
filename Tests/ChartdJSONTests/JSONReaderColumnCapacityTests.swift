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

  @Test(arguments: ["[1, true, 2]", "[1, null]", "[1, [2], 3]", "[1, \"a\"]", "[0, 1, 2, 3, 4, 5]"])
  func mixedListsReadAsBefore(text: String) throws {
    let value = try JSONReader.parse(text)
    #expect(JSONWriter.string(value) == text.replacingOccurrences(of: " ", with: ""))
  }
}
