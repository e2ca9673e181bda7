import Testing

@testable import ChartdJSON

/// A pointer is a chain of nodes; these check that it still behaves as its list of tokens.
@Suite struct JSONPointerTests {
  /// Tokens chosen to meet the escapes (`~`, `/`), digits (an index prints as its digits) and "".
  static let pieces = ["a", "0", "12", "", "~", "/", "~1", "b/c", "x~0y", "dataSets", "entries", "-"]

  /// A reproducible token list and the same pointer built by appending, with numbers as indices.
  static func randomPointer(_ rng: inout SplitMix64) -> (tokens: [String], appended: JSONPointer) {
    var tokens: [String] = []
    var p = JSONPointer.root
    for _ in 0..<Int(rng.next() % 6) {
      if rng.next() % 3 == 0 {
        let i = Int(rng.next() % 40)
        tokens.append(String(i))
        p = p / i
      } else {
        let t = pieces[Int(rng.next() % UInt64(pieces.count))]
        tokens.append(t)
        p = p / t
      }
    }
    return (tokens, p)
  }

  @Test func appendedPointersEqualTheirTokensParsedAndBuiltWhole() {
    var rng = SplitMix64(seed: 20261127)
    for _ in 0..<2_000 {
      let (tokens, p) = Self.randomPointer(&rng)
      let whole = JSONPointer(tokens)
      #expect(p.tokens == tokens)
      #expect(p == whole)
      #expect(p.hashValue == whole.hashValue)
      #expect(p.description == whole.description)
      let parsed = JSONPointer(parsing: p.description)
      #expect(parsed == p)
      #expect(parsed?.tokens == tokens)
    }
  }

  @Test func pointersDifferWhenTheirTokensDo() {
    var rng = SplitMix64(seed: 7)
    for _ in 0..<2_000 {
      let (a, pa) = Self.randomPointer(&rng)
      let (b, pb) = Self.randomPointer(&rng)
      #expect((pa == pb) == (a == b), "\(a) vs \(b)")
    }
    let base = JSONPointer.root / "dataSets" / 0
    #expect(base / "entries" != base)
    #expect(base != base / "entries")
    #expect(base / "entries" != base / "entriez")
    #expect(base / 3 == base / "3")
    #expect(base / 3 != base / "03")
    #expect(base / 3 != base / 4)
    #expect(Set([base / 3, base / "3", JSONPointer(["dataSets", "0", "3"])]).count == 1)
  }

  @Test func escapesFollowRFC6901() {
    let p = JSONPointer.root / "a/b" / "m~n" / "" / 2
    #expect(p.description == "/a~1b/m~0n//2")
    #expect(JSONPointer.root.description == "")
    #expect(JSONPointer.root.tokens.isEmpty)
    #expect(JSONPointer(parsing: "") == .root)
    #expect(JSONPointer(parsing: "a") == nil)
    #expect(JSONPointer(parsing: "/a~2") == nil)
  }

  @Test func resolvingReadsIndicesAsNumbers() throws {
    let doc = try JSONReader.parse(Array(#"{"a": [{"b": 1}, {"b": [5, 6]}]}"#.utf8))
    #expect(((JSONPointer.root / "a" / 1 / "b" / 1).resolve(in: doc)) == .number(6))
    #expect(((JSONPointer.root / "a" / 2).resolve(in: doc)) == nil)
    #expect(((JSONPointer.root / "a" / "x").resolve(in: doc)) == nil)
  }
}
