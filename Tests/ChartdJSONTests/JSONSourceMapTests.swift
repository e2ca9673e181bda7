import ChartdJSON
import Testing

/// `JSONReader.parseWithSourceMap`: the same value as the plain parse, and for every JSON Pointer
/// into it, the text of exactly that value (and of its key).
@Suite struct JSONSourceMapTests {
  /// Every pointer to a value inside `v`, the root included.
  static func pointers(_ v: JSONValue, _ at: JSONPointer = .root) -> [JSONPointer] {
    switch v {
    case .object(let o): return [at] + o.keys.sorted().flatMap { pointers(o[$0]!, at / $0) }
    case .array, .numbers: return [at] + (v.arrayValue ?? []).enumerated().flatMap { pointers($1, at / $0) }
    default: return [at]
    }
  }

  /// Checks the map of `text` against its value: each pointer's range re-parses to the value it names.
  static func check(_ text: String) throws {
    let bytes = Array(text.utf8)
    let (value, map) = try JSONReader.parseWithSourceMap(bytes)
    #expect(value == (try JSONReader.parse(bytes)))
    try bytes.withUnsafeBufferPointer { buffer in
      for pointer in pointers(value) {
        let node = try #require(map.node(at: pointer, in: buffer), "no node at \(pointer) in \(text)")
        let slice = Array(bytes[map.valueRange(node)])
        #expect(try JSONReader.parse(slice) == pointer.resolve(in: value), "\(pointer) in \(text)")
        if let key = pointer.tokens.last, let range = map.keyRange(node) {
          #expect(try JSONReader.parse(Array(bytes[range])) == .string(key))
        }
      }
    }
  }

  @Test(arguments: [
    #"{"a": 1, "b": [true, null, "x"], "c": {"d": [1.5, -2e3, 3]}}"#,
    "  [ 1 , 2 ,3 ]  ",
    "\u{FEFF}{\"bom\": [[1, 2], [3, 4]]}",
    #"{"rows": [{"x": 1, "y": 2}, {"x": 3, "y": 4}, {"x": 5, "y": 6}, {"x": 7}, {"x": 8, "y": 9, "z": 0}]}"#,
    #"{"a~b": 1, "c/d": {"e\"f": [2]}, "\u00e9": 3, "😀": "日本"}"#,
    #"[[], {}, [[]], {"": {"": 1}}]"#,
    "42",
  ])
  func everyPointerNamesItsText(_ text: String) throws {
    try Self.check(text)
  }

  @Test func keysAndValuesOfMembers() throws {
    let text = #"{"kind": "line", "dataSets": [{"id": "a", "entries": [1, 2, 3]}]}"#
    let bytes = Array(text.utf8)
    let (_, map) = try JSONReader.parseWithSourceMap(bytes)
    try bytes.withUnsafeBufferPointer { b in
      let kind = try #require(map.node(at: JSONPointer(["kind"]), in: b))
      #expect(String(decoding: bytes[map.keyRange(kind)!], as: UTF8.self) == #""kind""#)
      #expect(String(decoding: bytes[map.valueRange(kind)], as: UTF8.self) == #""line""#)
      let third = try #require(map.node(at: JSONPointer(["dataSets", "0", "entries", "2"]), in: b))
      #expect(String(decoding: bytes[map.valueRange(third)], as: UTF8.self) == "3")
      #expect(map.keyRange(third) == nil)
      #expect(map.node(at: JSONPointer(["dataSets", "1"]), in: b) == nil)
      #expect(map.node(at: JSONPointer(["kind", "x"]), in: b) == nil)
      #expect(map.node(at: JSONPointer(["dataSets", "-1"]), in: b) == nil)
      #expect(map.children(0).count == 2)
    }
  }

  @Test func duplicateKeysNameTheLastMember() throws {
    let text = #"{"a": 1, "a": 22}"#
    let bytes = Array(text.utf8)
    let (_, map) = try JSONReader.parseWithSourceMap(bytes)
    let node = try bytes.withUnsafeBufferPointer { try #require(map.node(at: JSONPointer(["a"]), in: $0)) }
    #expect(String(decoding: bytes[map.valueRange(node)], as: UTF8.self) == "22")
  }

  @Test func randomDocuments() throws {
    var rng = SplitMix64(seed: 7)
    for _ in 0..<300 { try Self.check(Self.random(&rng, depth: 0)) }
  }

  static func random(_ rng: inout SplitMix64, depth: Int) -> String {
    let space = [" ", "", "\n  ", "\t"][Int(rng.next() % 4)]
    switch rng.next() % (depth > 3 ? 4 : 7) {
    case 0: return String(Double(Int(rng.next() % 2000)) / 8 - 100)
    case 1: return ["\"s\"", "\"é\\n\"", "\"\\u00e9😀\"", "\"\""][Int(rng.next() % 4)]
    case 2: return ["true", "false", "null"][Int(rng.next() % 3)]
    case 3: return String(Int(rng.next() % 100))
    case 4, 5:
      let n = Int(rng.next() % 5)
      let keys = ["a", "b", "k\\\"q", "x", "a"]
      return "{" + (0..<n).map { "\(space)\"\(keys[$0])\"\(space):\(space)\(random(&rng, depth: depth + 1))" }.joined(separator: ",") + "}"
    default:
      let n = Int(rng.next() % 6)
      return "[" + (0..<n).map { _ in space + random(&rng, depth: depth + 1) }.joined(separator: ",") + space + "]"
    }
  }

  /// A number beyond a double's range fails the strict reader as such (not as a syntax error); read
  /// clamping numbers, the text gives its values, the number as the largest double of its sign.
  @Test func numbersOutOfRangeAreToldApartAndCanBeLocated() throws {
    let text = Array(#"{"a":[1,-1e400],"b":2e999,"c":1e-400}"#.utf8)
    do {
      _ = try JSONReader.parse(text)
      Issue.record("read")
    } catch let error as JSONParseError {
      #expect(error.kind == .numberOutOfRange)
      #expect(error.offset == 8)
    }
    do {
      _ = try JSONReader.parse(Array("[1e400,]".utf8))
    } catch let error as JSONParseError {
      #expect(error.kind == .numberOutOfRange)  // the first problem found
    }
    do {
      _ = try JSONReader.parse(Array("[1,]".utf8))
    } catch let error as JSONParseError {
      #expect(error.kind == .syntax)
    }
    let (value, map) = try JSONReader.parseWithSourceMap(text, clampingNumbers: true)
    #expect(value == ["a": [1, .number(-.greatestFiniteMagnitude)], "b": .number(.greatestFiniteMagnitude), "c": 0])
    let found = text.withUnsafeBufferPointer { map.innermost(containing: 8..<9, in: $0) }
    #expect(found?.tokens == ["a", "1"])
    #expect(throws: JSONParseError.self) { try JSONReader.parseWithSourceMap(Array("[1e400,]".utf8), clampingNumbers: true) }
  }

  /// With duplicate keys the parsed value keeps the last member: `innermostKept` finds only values
  /// that are in it, `innermost` any value of the text.
  @Test func innermostKeptSkipsMembersALaterOneReplaces() throws {
    let text = Array(#"{"a": 1, "b": {"c": 2, "\u0063": 3}, "a": 4, "d": [5, 6]}"#.utf8)
    let (value, map) = try JSONReader.parseWithSourceMap(text)
    #expect(value["a"] == 4 && value["b"]?["c"] == 3)
    /// The byte of the number after ": " or ", " in `needle` (keys hold digits too: "\u0063").
    func at(_ needle: String) -> Range<Int> {
      let s = String(decoding: text, as: UTF8.self)
      let r = s.range(of: needle)!
      let start = s.utf8.distance(from: s.startIndex, to: r.lowerBound) + 2
      return start..<(start + 1)
    }
    text.withUnsafeBufferPointer { t in
      #expect(map.innermost(containing: at(": 1"), in: t)?.tokens == ["a"])
      #expect(map.innermostKept(containing: at(": 1"), in: t) == nil)
      #expect(map.innermostKept(containing: at(": 4"), in: t)?.tokens == ["a"])
      #expect(map.innermostKept(containing: at(": 2"), in: t) == nil)  // "\u0063" is "c" too
      #expect(map.innermostKept(containing: at(": 3"), in: t)?.tokens == ["b", "c"])
      #expect(map.innermostKept(containing: at(", 6"), in: t)?.tokens == ["d", "1"])
    }
  }
}
