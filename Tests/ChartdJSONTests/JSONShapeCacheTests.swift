import Testing
@testable import ChartdJSON

/// A reader that keeps object shapes across messages must read every message exactly as a
/// reader without them does, keep no message's data, and stay within its capacity.
@Suite struct JSONShapeCacheTests {
  private func parse(_ text: String, _ cache: JSONShapeCache) throws -> JSONValue {
    try Array(text.utf8).withUnsafeBytes { try JSONReader.parse($0, shapes: cache) }
  }

  /// Messages whose objects share first keys, differ in the middle or at the end, repeat keys,
  /// escape them, nest the same layout, or are laid out like a kept shape with more or fewer members.
  static let conversation: [String] = [
    #"{"jsonrpc":"2.0","id":1,"method":"chart/update","params":{"uri":"u","version":2,"edits":[]}}"#,
    #"{"jsonrpc":"2.0","id":2,"method":"chart/synchronize"}"#,
    #"{"jsonrpc":"2.0","id":3,"method":"chart/update","params":{"uri":"u","version":3,"edits":[{"op":"appendEntries","dataSet":"s","entries":[{"x":1,"y":2}]}]}}"#,
    #"{"jsonrpc":"2.0","id":4,"method":"chart/update","params":{"uri":"u","version":4,"edits":[{"op":"setVisibility","dataSet":"r","visible":false}]}}"#,
    #"{"jsonrpc":"2.0","id":5,"method":"chart/update","params":{"uri":"u","version":5,"edits":[{"op":"setVisibility","dataSet":"r"}]}}"#,
    #"{"jsonrpc":"2.0","id":6,"method":"chart/update","params":{"uri":"u","version":6,"edits":[{"op":"setVisibility","dataSet":"r","visible":true,"more":1}]}}"#,
    #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":6}}"#,
    #"{"jsonrpc":"2.0","id":7,"method":"m","params":{"uri":"u","uri":"v","edits":[]}}"#,
    #"{"jsonrpc":"2.0","id":8,"method":"m","params":{"uri":"u","version":1,"version":9}}"#,
    #"{"jsonrpc":"2.0","id":9,"method":"m","params":{"\u0075ri":"u","version":1,"edits":null}}"#,
    #"{"jsonrpc":"2.0","id":10,"method":"m","params":{"uri":{"uri":{"uri":"deep","version":1,"edits":2},"version":3,"edits":4},"version":5,"edits":6}}"#,
    #"{ "jsonrpc" : "2.0" , "id" : 11 , "method" : "m" , "params" : { "uri" : "u" , "version" : 1 , "edits" : [ ] } }"#,
    #"{"id":12,"jsonrpc":"2.0","method":"m","params":{}}"#,
    #"{"jsonrpc":"2.0","id":13,"method":"m","params":{"uri":"u","version":1,"edits":[],"x":1,"y":2,"z":3,"w":4,"v":5,"t":6}}"#,
    #"{"jsonrpc":"2.0","id":14,"result":{"uri":"u","version":1}}"#,
    #"{"":1,"a":{"":2,"":3},"":{"":{}}}"#,
    #"{"":1,"a":{"":2},"b":[{"":4,"a":5},{"":6,"a":7}]}"#,
    #"{"jsonrpc":"2.0","id":15,"method":"chart/update","params":{"uri":"u","version":7,"edits":[{"op":"appendEntries","dataSet":"s","entries":[{"x":3,"y":4}]}]}}"#,
  ]

  @Test func everyMessageReadsAsWithoutTheCache() throws {
    let cache = JSONShapeCache()
    // Twice over, so that the second pass meets every layout kept by the first.
    for text in Self.conversation + Self.conversation + Self.conversation.reversed() {
      let expected = try JSONReader.parse(text)
      #expect(try parse(text, cache) == expected, "\(text)")
    }
    #expect(cache.count > 0)
  }

  @Test func randomLayoutsReadAsWithoutTheCache() throws {
    var rng = SplitMix64(seed: 17)
    let keys = ["a", "b", "ab", "op", "dataSet", "x", "é", "id", ""]
    let cache = JSONShapeCache()
    for _ in 0..<2000 {
      // Objects of one to nine members, keys drawn from few, so layouts share prefixes and repeat
      // (a key may come twice); sometimes an object nests another.
      func object(_ depth: Int) -> String {
        let n = Int.random(in: 0...9, using: &rng)
        let members = (0..<n).map { _ -> String in
          let key = keys[Int.random(in: 0..<keys.count, using: &rng)]
          let value = depth < 2 && Bool.random(using: &rng) ? object(depth + 1) : String(Int.random(in: 0...9, using: &rng))
          return "\"\(key)\":\(value)"
        }
        return "{" + members.joined(separator: ",") + "}"
      }
      let text = object(0)
      #expect(try parse(text, cache) == JSONReader.parse(text), "\(text)")
      #expect(cache.count <= JSONShapeCache.capacity)
    }
  }

  @Test func keptShapesHoldNoValues() throws {
    let cache = JSONShapeCache()
    let big = "[" + (0..<1000).map(String.init).joined(separator: ",") + "]"
    _ = try parse(#"{"jsonrpc":"2.0","id":1,"method":"chart/open","params":{"uri":"u","data":\#(big)}}"#, cache)
    #expect(cache.count == 2)
    for shape in cache.shapes {
      #expect(shape.dictionary.values.allSatisfy { $0 == .null })
    }
  }

  @Test func aFullCacheReplacesItsOldestShape() throws {
    let cache = JSONShapeCache()
    for k in 0..<(JSONShapeCache.capacity + 5) {
      _ = try parse("{\"k\(k)\":1}", cache)
    }
    #expect(cache.count == JSONShapeCache.capacity)
    let kept = Set(cache.shapes.map { String(decoding: $0.keys[0], as: UTF8.self) })
    #expect(!kept.contains("k0") && kept.contains("k\(JSONShapeCache.capacity + 4)"))
    // A layout met again is not kept twice.
    _ = try parse("{\"k\(JSONShapeCache.capacity + 4)\":2}", cache)
    #expect(cache.count == JSONShapeCache.capacity)
  }

  @Test func errorsAreReportedAsWithoutTheCache() throws {
    let cache = JSONShapeCache()
    _ = try parse(Self.conversation[2], cache)
    for text in [#"{"jsonrpc":"2.0","id":1 "method":"m"}"#, #"{"jsonrpc":"2.0","id":}"#, #"{"jsonrpc":"2.0","id":1,}"#,
                 #"{"jsonrpc":"2.0","id":1"#, #"{"jsonrpc""#] {
      let cached = #expect(throws: JSONParseError.self) { try parse(text, cache) }
      #expect(cached?.message == parseError(text)?.message, "\(text)")
    }
  }
}
