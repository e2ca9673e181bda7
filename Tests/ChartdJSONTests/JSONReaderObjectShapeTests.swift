import Testing
@testable import ChartdJSON

/// Rows that repeat a key layout are built from a cached shape; every variation must still
/// give exactly the object the text describes.
@Suite struct JSONReaderObjectShapeTests {
  @Test func repeatedRowsKeepTheirOwnValues() throws {
    var text = "["
    var expected: [JSONValue] = []
    for i in 0..<1000 {
      text += (i > 0 ? "," : "") + #"{"x":\#(i),"y":"v\#(i)","z":[\#(i)]}"#
      expected.append(["x": .number(Double(i)), "y": .string("v\(i)"), "z": .numbers([Double(i)])])
    }
    text += "]"
    #expect(try JSONReader.parse(text) == .array(expected))
  }

  /// Rows that follow a few {"x":..,"y":..} rows (which set the shape), and what they read as.
  static let variations: [(String, JSONValue)] = [
    (#"{"y":1,"x":2}"#, ["y": 1, "x": 2]),
    (#"{"x":1}"#, ["x": 1]),
    (#"{"x":1,"y":2,"z":3}"#, ["x": 1, "y": 2, "z": 3]),
    (#"{"x":1,"x":2}"#, ["x": 2]),
    (#"{"x":1,"y":2,"y":3}"#, ["x": 1, "y": 3]),
    (#"{"x":1,"y":2,"x":3}"#, ["x": 3, "y": 2]),
    (#"{"\u0078":1,"y":2}"#, ["x": 1, "y": 2]),
    (#"{"x":1,"\u0079":2}"#, ["x": 1, "y": 2]),
    (#"{"xy":1,"y":2}"#, ["xy": 1, "y": 2]),
    (#"{"x":1,"yy":2}"#, ["x": 1, "yy": 2]),
    (#"{ "x" : 1 , "y" : 2 }"#, ["x": 1, "y": 2]),
    (#"{"x":{"x":1,"y":2},"y":{"x":3,"y":4}}"#, ["x": ["x": 1, "y": 2], "y": ["x": 3, "y": 4]]),
    (#"{}"#, [:]),
  ]

  @Test(arguments: 0..<variations.count)
  func rowThatDiffersFromTheShape(_ index: Int) throws {
    let (row, expected) = Self.variations[index]
    let prefix = Array(repeating: #"{"x":0,"y":0}"#, count: 3)
    let text = "[" + (prefix + [row] + prefix).joined(separator: ",") + "]"
    let parsed = try JSONReader.parse(text)
    let zero: JSONValue = ["x": 0, "y": 0]
    #expect(parsed == .array([zero, zero, zero, expected, zero, zero, zero]))
  }

  @Test func changingShapesAreAllReadCorrectly() throws {
    var rng = SplitMix64(seed: 3)
    let layouts: [[String]] = [["x", "y"], ["y", "x"], ["a"], ["x", "y", "size"], ["é", "😀"], ["x"], ["t", "o", "h", "l", "c"]]
    var text = "["
    var expected: [JSONValue] = []
    for i in 0..<3000 {
      // Runs of the same layout, as in real data, interleaved with switches.
      let layout = layouts[(i / Int.random(in: 1...20, using: &rng)) % layouts.count]
      var members: [String: JSONValue] = [:]
      var parts: [String] = []
      for key in layout {
        let value = Double(Int.random(in: -1000...1000, using: &rng))
        members[key] = .number(value)
        parts.append("\"\(key)\":\(JSONWriter.string(.number(value)))")
      }
      text += (i > 0 ? "," : "") + "{" + parts.joined(separator: ",") + "}"
      expected.append(.object(members))
    }
    text += "]"
    #expect(try JSONReader.parse(text) == .array(expected))
  }

  @Test func errorsInsideShapedRowsAreStillReported() {
    let rows = Array(repeating: #"{"x":0,"y":0}"#, count: 3).joined(separator: ",")
    #expect(parseError("[" + rows + #",{"x":1 "y":2}]"#)?.message.hasPrefix("unexpected character '\"'") == true)
    #expect(parseError("[" + rows + #",{"x":1,"y"2}]"#)?.message.hasPrefix("unexpected character '2'") == true)
    #expect(parseError("[" + rows + #",{"x":1,"y":}]"#)?.message.hasPrefix("unexpected character '}'") == true)
    #expect(parseError("[" + rows + #",{"x":1,"y":2,}]"#)?.message.hasPrefix("unexpected character '}'") == true)
    #expect(parseError("[" + rows + #",{"x":1,"y":2"#)?.message.hasPrefix("unexpected end of input") == true)
  }
}
