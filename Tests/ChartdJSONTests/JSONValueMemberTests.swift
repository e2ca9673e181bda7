import Testing
@testable import ChartdJSON

/// `member` finds what `self[key]` finds for the names messages use, in objects small enough to
/// be scanned and in larger ones, and never a name of another length.
@Suite struct JSONValueMemberTests {
  /// Random objects of 0 to 12 members with short ASCII names (many of one length), each looked
  /// up by every name it has and by names it lacks, against the dictionary's own lookup.
  @Test func agreesWithTheSubscriptForASCIINames() {
    var rng = SplitMix64(seed: 2026_11_27)
    let alphabet = Array("xyzab_").map(String.init)
    func name() -> String {
      (0..<Int.random(in: 0...3, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }.joined()
    }
    var scanned = 0, hashed = 0
    for _ in 0..<2_000 {
      var o: [String: JSONValue] = [:]
      for _ in 0..<Int.random(in: 0...12, using: &rng) { o[name()] = .number(Double(Int.random(in: 0...99, using: &rng))) }
      if o.count <= 8 { scanned += 1 } else { hashed += 1 }
      for key in Array(o.keys) + (0..<6).map({ _ in name() }) {
        #expect(o.member(key) == o[key], "\(key) in \(o)")
      }
    }
    #expect(scanned > 100 && hashed > 100)
  }

  @Test func findsValuesOfEveryKindAndTheEmptyName() {
    let o: [String: JSONValue] = ["": 1, "x": "s", "y": [1, 2], "label": nil, "values": ["a": true]]
    #expect(o.member("") == .number(1))
    #expect(o.member("x") == .string("s"))
    #expect(o.member("y") == .array([1, 2]))
    #expect(o.member("label") == .null)
    #expect(o.member("values") == .object(["a": true]))
    #expect(o.member("z") == nil)
    #expect(o.member("labels") == nil)
  }

  /// The Kelvin sign is canonically equivalent to "K", so Swift's lookup takes one for the other;
  /// JSON names are compared code point by code point, and so is `member` for an ASCII name.
  @Test func aCanonicallyEquivalentNameIsNotTheMember() {
    let kelvin = "\u{212A}"
    let small: [String: JSONValue] = [kelvin: 1, "y": 2]
    var large = small
    for k in 0..<10 { large["k\(k)"] = .number(Double(k)) }
    for o in [small, large] {
      #expect(o["K"] == .number(1))
      #expect(o.member("K") == nil)
      #expect(o.member(kelvin) == .number(1))
      #expect(o.member("y") == .number(2))
    }
  }

  /// `JSONValue`'s own subscript goes through `member`.
  @Test func theValueSubscriptUsesIt() {
    let v: JSONValue = ["\u{212A}": 1, "x": 2]
    #expect(v["x"] == .number(2))
    #expect(v["K"] == nil)
    #expect(JSONValue.number(1)["x"] == nil)
  }
}
