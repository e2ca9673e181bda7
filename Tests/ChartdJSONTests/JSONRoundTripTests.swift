import Testing
@testable import ChartdJSON

/// Random values survive write → read unchanged, and writing is a fixed point.
@Suite struct JSONRoundTripTests {
  static let alphabet: [String] = [
    "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{8}", "\u{C}", "\u{0}", "\u{1F}",
    "\u{7F}", "é", "€", "😀", "𝄞", "\u{FFFD}", "\u{2028}", "ß", "中",
  ]

  static func randomString(_ rng: inout SplitMix64) -> String {
    let length = Int.random(in: 0...12, using: &rng)
    return (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] }.joined()
  }

  static func randomNumber(_ rng: inout SplitMix64) -> Double {
    switch Int.random(in: 0..<4, using: &rng) {
    case 0:
      let d = Double(bitPattern: rng.next())
      return d.isFinite ? d : 0
    case 1: return Double(Int.random(in: -1_000_000...1_000_000, using: &rng))
    case 2: return Double(Int.random(in: -100_000...100_000, using: &rng)) / 100
    default: return Double.random(in: -1e6...1e6, using: &rng)
    }
  }

  static func randomValue(_ rng: inout SplitMix64, depth: Int) -> JSONValue {
    let choice = Int.random(in: 0..<(depth > 4 ? 5 : 8), using: &rng)
    switch choice {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &rng))
    case 2, 3: return .number(randomNumber(&rng))
    case 4: return .string(randomString(&rng))
    case 5: return .numbers((0..<Int.random(in: 0...6, using: &rng)).map { _ in randomNumber(&rng) })
    case 6: return .array((0..<Int.random(in: 0...5, using: &rng)).map { _ in randomValue(&rng, depth: depth + 1) })
    default:
      var members: [String: JSONValue] = [:]
      for _ in 0..<Int.random(in: 0...5, using: &rng) { members[randomString(&rng)] = randomValue(&rng, depth: depth + 1) }
      return .object(members)
    }
  }

  @Test func randomValuesRoundTrip() throws {
    var rng = SplitMix64(seed: 2024)
    for _ in 0..<3_000 {
      let value = Self.randomValue(&rng, depth: 0)
      let written = JSONWriter.bytes(value)
      let read = try JSONReader.parse(written)
      #expect(read == value, "\(JSONWriter.string(value))")
      #expect(JSONWriter.bytes(read) == written)
    }
  }

  @Test func doublesRoundTripBitForBit() throws {
    var rng = SplitMix64(seed: 99)
    var values: [Double] = [0, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .leastNormalMagnitude,
      -.leastNonzeroMagnitude, 9_007_199_254_740_992, 9_007_199_254_740_994, 1e21, 1e-7, 0.1]
    for _ in 0..<20_000 { values.append(Self.randomNumber(&rng)) }
    let read = try JSONReader.parse(JSONWriter.bytes(.numbers(values)))
    guard case .numbers(let back) = read else { Issue.record("expected packed numbers"); return }
    #expect(back.map(\.bitPattern) == values.map(\.bitPattern))
  }
}
