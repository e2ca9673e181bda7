import Testing
@testable import ChartdJSON

@Suite struct JSONStreamTests {
  /// Strings that need every kind of escape, and text beyond ASCII.
  static let awkward = ["", "plain", "a\"b", "back\\slash", "line\nbreak\t\u{1}\u{1F}", "é😀\u{2028}", "<path d=\"M0 0\"/>"]

  @Test("members and elements written in sorted order give JSONWriter's bytes")
  func matchesTheWriter() {
    var rng = SplitMix64(seed: 7)
    for _ in 0..<300 {
      let s = Self.awkward.randomElement(using: &rng)!
      let d = [0, -0.0, 1, -2.5, 1e300, 123_456_789, 0.1, .nan, .infinity][Int.random(in: 0..<9, using: &rng)]
      let count = Int.random(in: 0..<4, using: &rng)
      let nested: JSONValue = ["k": .string(s), "n": .number(d)]
      let expected: JSONValue = [
        "a": .array((0..<count).map { _ in nested }), "b": .string(s), "c": .number(d), "d": .null,
        "e": ["x": .array([]), "y": .numbers([d, 1])],
      ]
      let written = JSONStream.bytes { w in
        w.beginObject()
        w.key("a")
        w.beginArray()
        for _ in 0..<count {
          w.beginObject()
          w.member("k", s)
          w.member("n", d)
          w.endObject()
        }
        w.endArray()
        w.member("b", s)
        w.key("c")
        w.number(d)
        w.key("d")
        w.null()
        w.key("e")
        w.value(["x": .array([]), "y": .numbers([d, 1])] as JSONValue)
        w.endObject()
      }
      #expect(written == JSONWriter.bytes(expected), "\(String(decoding: written, as: UTF8.self))")
    }
  }

  @Test("writing into bytes continues them without disturbing what was there")
  func continuesExistingBytes() {
    var out = Array("Content-Length: ".utf8)
    JSONStream.write(into: &out) { w in
      w.beginArray()
      w.string("x")
      w.number(2)
      w.beginArray()
      w.endArray()
      w.endArray()
    }
    #expect(String(decoding: out, as: UTF8.self) == #"Content-Length: ["x",2,[]]"#)
  }

  @Test("a value that writes itself reads back as its tree")
  func jsonValueOfAWritable() {
    struct Pair: JSONWritable {
      var a: String
      func write(into out: inout [UInt8]) {
        JSONStream.write(into: &out) { w in
          w.beginObject()
          w.member("a", a)
          w.member("b", 2)
          w.endObject()
        }
      }
    }
    #expect(Pair(a: "q\"").jsonValue == ["a": "q\"", "b": 2])
  }
}
