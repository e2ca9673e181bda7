import ChartdJSON
import Testing

@testable import ChartdProtocol

/// `IncomingMessage.decode`, which reads a plain envelope member by member, against parsing the
/// body whole and classifying it.
@Suite struct IncomingMessageDecodeTests {
  /// A small deterministic generator.
  struct Generator {
    var state: UInt64
    mutating func next(_ n: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(n))
    }
    mutating func pick<T>(_ options: [T]) -> T { options[next(options.count)] }
  }

  static let ids = [#"1"#, #"0"#, #"-7"#, #"2.5"#, #"1e3"#, #"9007199254740993"#, #""a-1""#, #""""#, "null", "true", "[]", "{}"]
  static let versions = [#""2.0""#, #""2.00""#, #""1.0""#, "2", "null", #""2\u002e0""#]
  static let methods = [#""chart/update""#, #""chart/render""#, #""$/cancelRequest""#, #""""#, "5", "null", #""ch\u0061rt/update""#]
  static let params = [#"{"uri":"a","version":2,"edits":[{"op":"appendEntries","dataSet":"s","entries":[{"x":1,"y":2}]}]}"#,
                       "{}", "[]", "[1,2]", "null", "3", #""p""#, #"{"uri":"é漢😀","n":[1,2,3]}"#]
  static let extras = [#""result":null"#, #""error":{"code":1}"#, #""other":1"#, #""id":2"#]

  @Test func givesWhatParsingWholeGives() throws {
    var g = Generator(state: 2026_11_28)
    var fast = 0
    let cache = JSONShapeCache()
    for _ in 0..<3_000 {
      var members: [String] = []
      if g.next(8) > 0 { members.append(#""jsonrpc":"# + g.pick(Self.versions)) }
      if g.next(4) > 0 { members.append(#""id":"# + g.pick(Self.ids)) }
      if g.next(8) > 0 { members.append(#""method":"# + g.pick(Self.methods)) }
      if g.next(3) > 0 { members.append(#""params":"# + g.pick(Self.params)) }
      if g.next(6) == 0 { members.append(g.pick(Self.extras)) }
      // Any order.
      for k in stride(from: members.count - 1, to: 0, by: -1) { members.swapAt(k, g.next(k + 1)) }
      var text = "{" + members.joined(separator: g.pick([",", ", ", ",\n"])) + "}"
      if g.next(12) == 0 { text = "[" + text + "]" }
      if g.next(12) == 0 { text = String(text.dropLast()) }
      let bytes = Array(text.utf8)
      let whole = Result { IncomingMessage.classify(try JSONReader.parse(bytes)) }
      let decoded = Result { try bytes.withUnsafeBytes { try IncomingMessage.decode($0, shapes: cache) } }
      switch (whole, decoded) {
      case let (.success(a), .success(b)): #expect(a == b, "\(text)")
      case (.failure, .failure): break
      default: Issue.record("one reading failed, the other did not: \(text)")
      }
      if bytes.withUnsafeBytes({ JSONReader.parseMembers($0, names: IncomingMessage.envelopeNames) }) != nil {
        fast += 1
      }
    }
    // Most envelopes are read member by member.
    #expect(fast > 1_500)
  }
}
