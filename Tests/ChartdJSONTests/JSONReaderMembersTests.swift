import Testing
@testable import ChartdJSON

/// `JSONReader.parseMembers` against `JSONReader.parse`: the same values whenever it reads a text,
/// and it reads every plain object of the names it is given.
@Suite struct JSONReaderMembersTests {
  static let names = JSONNames(["jsonrpc", "id", "method", "params"])
  static let plainKeys = ["jsonrpc", "id", "method", "params"]
  /// Keys it must not take as one of the names: escaped spellings of them, other names, near misses.
  static let otherKeys = [#"j\u0073onrpc"#, #"id\/"#, "Id", "idx", "", "result", "ïd", "method ", #"para\"ms"#]
  static let spaces = ["", " ", "\n", "\t", "\r\n ", "  "]

  /// A random object text: its bytes, and whether it is plain (only the names, each once, no damage).
  static func randomText(_ rng: inout SplitMix64) -> (bytes: [UInt8], plain: Bool) {
    func space() -> String { spaces[Int.random(in: 0..<spaces.count, using: &rng)] }
    var plain = true
    var keys: [String] = []
    for _ in 0..<Int.random(in: 0...5, using: &rng) {
      if Int.random(in: 0..<5, using: &rng) == 0 {
        keys.append(otherKeys[Int.random(in: 0..<otherKeys.count, using: &rng)])
        plain = false
      } else {
        let key = plainKeys[Int.random(in: 0..<plainKeys.count, using: &rng)]
        if keys.contains(key) { plain = false }
        keys.append(key)
      }
    }
    var text = Bool.random(using: &rng) && Int.random(in: 0..<8, using: &rng) == 0 ? "\u{FEFF}" : ""
    text += space() + "{"
    for (k, key) in keys.enumerated() {
      let value = JSONWriter.string(JSONRoundTripTests.randomValue(&rng, depth: 2))
      text += space() + "\"" + key + "\"" + space() + ":" + space() + value + space() + (k < keys.count - 1 ? "," : "")
    }
    text += "}" + space()
    var bytes = Array(text.utf8)
    switch Int.random(in: 0..<10, using: &rng) {
    case 0:
      bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &rng)))
      plain = false
    case 1:
      let junk: [String] = ["x", ",", "}", "{}", "\u{0}", "[", "\"", "1"]
      bytes += Array(junk[Int.random(in: 0..<junk.count, using: &rng)].utf8)
      plain = false
    case 2 where !keys.isEmpty:
      // A trailing comma, or a missing colon.
      let at = bytes.lastIndex(of: UInt8(ascii: "}"))!
      bytes.insert(UInt8(ascii: ","), at: at)
      plain = false
    default:
      break
    }
    return (bytes, plain)
  }

  @Test func readsTheSameValuesAsTheParserAndEveryPlainObject() throws {
    var rng = SplitMix64(seed: 20261128)
    let membersCache = JSONShapeCache(), parseCache = JSONShapeCache()
    var read = 0, plainCount = 0
    for _ in 0..<4_000 {
      let (bytes, plain) = Self.randomText(&rng)
      let fast = bytes.withUnsafeBytes { JSONReader.parseMembers($0, names: Self.names, shapes: membersCache) }
      let full = bytes.withUnsafeBytes { try? JSONReader.parse($0, shapes: parseCache) }
      let text = String(decoding: bytes, as: UTF8.self)
      if plain {
        plainCount += 1
        #expect(fast != nil, "a plain object was not read: \(text)")
      }
      guard let fast else { continue }
      read += 1
      guard case .object(let o)? = full else {
        Issue.record("read a text the parser does not read as an object: \(text)")
        continue
      }
      #expect(o.keys.allSatisfy(Self.plainKeys.contains), "\(text)")
      for (k, name) in Self.plainKeys.enumerated() {
        switch (fast[k], o[name]) {
        case (nil, nil): break
        case let (a?, b?): #expect(sameShape(a, b), "member \(name) of \(text)")
        default: Issue.record("member \(name) present in one reading only: \(text)")
        }
      }
    }
    #expect(plainCount > 1_000)
    #expect(read >= plainCount)
  }

  @Test func leavesToTheParserWhatItWouldReadOtherwise() {
    func members(_ text: String, maxDepth: Int = 512) -> [JSONValue?]? {
      Array(text.utf8).withUnsafeBytes { JSONReader.parseMembers($0, names: Self.names, maxDepth: maxDepth) }
    }
    // The parser keeps the last of repeated names; escaped names are names too.
    #expect(members(#"{"id":1,"id":2}"#) == nil)
    #expect(members(#"{"\u0069d":1}"#) == nil)
    #expect(members(#"{"id":1,"other":2}"#) == nil)
    #expect(members(#"[{"id":1}]"#) == nil)
    #expect(members(#"{"id":1} {}"#) == nil)
    #expect(members(#"{"id":01}"#) == nil)
    #expect(members("") == nil)
    // Nesting counts from the envelope, as in the parser.
    #expect(members(#"{"params":[[1]]}"#, maxDepth: 3) != nil)
    #expect(members(#"{"params":[[1]]}"#, maxDepth: 2) == nil)
    #expect(parseError(#"{"params":[[1]]}"#, maxDepth: 2) != nil)
    // What it reads.
    let read = members("\u{FEFF} {\"method\" : \"m\", \"id\":7 }\n")
    #expect(read?.count == 4)
    #expect(read?[1] == .number(7))
    #expect(read?[2] == .string("m"))
    #expect(read?[0] == nil)
    #expect(members("{}")?.allSatisfy { $0 == nil } == true)
  }
}
