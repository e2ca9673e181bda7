import ChartdJSON
import Testing
import ChartCore
@testable import ChartdOracle

/// `JSONValue.asWritten`, which the fuzz targets use instead of a write and read per message, is
/// exactly what the JSON reader reads back from the writer's bytes, for values of every form with
/// and without numbers JSON cannot hold.
@Suite struct AsWrittenTests {
  static func number(_ rng: inout SeededRandom) -> Double {
    switch rng.next() % 6 {
    case 0: return .nan
    case 1: return rng.uniform() < 0.5 ? .infinity : -.infinity
    case 2: return -0.0
    default: return (rng.normal() * 1e3).rounded() / 8
    }
  }

  static func value(_ rng: inout SeededRandom, depth: Int = 0) -> JSONValue {
    switch rng.next() % (depth > 2 ? 4 : 8) {
    case 0: return .null
    case 1: return .bool(rng.uniform() < 0.5)
    case 2: return .number(number(&rng))
    case 3: return .string(["", "a", "\"q\"", "売"][Int(rng.next() % 4)])
    case 4: return .numbers((0..<Int(rng.next() % 5)).map { _ in number(&rng) })
    case 5:
      let n = 1 + Int(rng.next() % 4)
      let columns: [JSONTable.Column] = [.numbers((0..<n).map { _ in number(&rng) }),
                                         .strings((0..<n).map { _ in rng.uniform() < 0.3 ? nil : "s" })]
      return .table(JSONTable(rows: .objects(keys: ["y", "label"]), columns: columns))
    case 6: return .array((0..<Int(rng.next() % 4)).map { _ in value(&rng, depth: depth + 1) })
    default:
      var o: [String: JSONValue] = [:]
      for k in 0..<Int(rng.next() % 4) { o["k\(k)"] = value(&rng, depth: depth + 1) }
      return .object(o)
    }
  }

  @Test func isWhatTheReaderReadsFromTheWritersBytes() throws {
    var rng = SeededRandom(seed: 5)
    var nonFinite = 0
    for _ in 0..<3_000 {
      let v = Self.value(&rng)
      let text = JSONWriter.bytes(v)
      let read = try JSONReader.parse(text)
      #expect(read == v.asWritten, "\(String(decoding: text, as: UTF8.self))")
      if read != v { nonFinite += 1 }
    }
    // The lossy rule was exercised: many values changed on the way.
    #expect(nonFinite > 300)
  }
}
