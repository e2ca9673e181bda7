import Testing
@testable import ChartdJSON

/// A large array of numbers is read in parts on every core, and what comes out is what one parser
/// reading from the start gives: the same values bit for bit, the same error at the same byte.
///
/// The one-parser reading is the positioned parse (`parseWithSourceMap`), which never reads in parts.
@Suite struct JSONReaderPackedPartsTests {
  /// A number as JSON, in one of the forms clients write.
  static func literal(_ rng: inout SplitMix64) -> String {
    switch rng.next() % 6 {
    case 0: return String(Int64(bitPattern: rng.next()) >> Int64(rng.next() % 60))
    case 1: return "\(Double(Int64(bitPattern: rng.next()) >> 20) / 1_000)"
    case 2: return "\(Double(bitPattern: rng.next() >> 2))"  // finite, any exponent
    case 3: return "-0.0"
    case 4: return "\(rng.next() % 1_000)e\(Int(rng.next() % 40) - 20)"
    default: return "\(Double(rng.next() % 100_000) / 7)"
    }
  }

  /// An array of `n` numbers with random whitespace around its commas, inside an object.
  static func document(_ n: Int, seed: UInt64) -> [UInt8] {
    var rng = SplitMix64(seed: seed)
    var text = "{\"x\": ["
    for k in 0..<n {
      if k > 0 { text += [",", ", ", " ,", ",\n  ", "\t,"][Int(rng.next() % 5)] }
      text += literal(&rng)
    }
    text += " ], \"tail\": [1, 2]}"
    return Array(text.utf8)
  }

  static func result(_ bytes: [UInt8], inParts: Bool) -> Result<JSONValue, JSONParseError> {
    do {
      return .success(inParts ? try JSONReader.parse(bytes) : try JSONReader.parseWithSourceMap(bytes).value)
    } catch let error as JSONParseError {
      return .failure(error)
    } catch {
      return .failure(JSONParseError(offset: -1, message: "\(error)"))
    }
  }

  @Test(arguments: [1 as UInt64, 2, 3])
  func aLargeArrayReadInPartsHoldsTheSameNumbers(seed: UInt64) throws {
    let bytes = Self.document(150_000, seed: seed)
    #expect(bytes.count > 2 * JSONParser<NoPositions>.packedPartsMinBytes)
    let parts = try JSONReader.parse(bytes), whole = try JSONReader.parseWithSourceMap(bytes).value
    guard case .numbers(let a)? = parts["x"], case .numbers(let b)? = whole["x"] else {
      Issue.record("not read as a column")
      return
    }
    #expect(a.count == 150_000)
    #expect(a.map(\.bitPattern) == b.map(\.bitPattern))
    #expect(parts["tail"] == whole["tail"])
  }

  @Test(arguments: [
    ("1.e5", "a fraction without digits"), ("1 2", "a missing comma"), ("--1", "a double sign"),
    ("01", "a leading zero"), ("1,", "an empty element"), ("true", "a literal"), ("[3]", "a nested array"),
    ("\"7\"", "a string"), ("null", "null"), ("1e", "an exponent without digits"), ("Infinity", "a word"),
    // Commas the count takes for separators: the parts fail at the first byte that is not a number.
    ("\"a,b,],c\"", "a string of commas and a bracket"), ("[3,4,5]", "a nested array of several"),
    ("{\"a\":1,\"b\":2}", "an object"),
  ])
  func aFaultInAnyPartGivesTheErrorOfOneReader(fault: String, what: String) {
    // The fault in the first, the middle and the last part.
    let clean = Self.document(150_000, seed: 9)
    let text = String(decoding: clean, as: UTF8.self)
    let commas = text.indices.filter { text[$0] == "," }
    for place in [commas[10], commas[commas.count / 2], commas[commas.count - 3]] {
      let faulty = Array((text[..<place] + ", " + fault + text[place...]).utf8)
      let parts = Self.result(faulty, inParts: true), whole = Self.result(faulty, inParts: false)
      switch (parts, whole) {
      case (.failure(let a), .failure(let b)):
        #expect(a.message == b.message && a.offset == b.offset, "\(what): \(a.message) vs \(b.message)")
      case (.success(let a), .success(let b)):
        #expect(a == b, "\(what)")
      default:
        Issue.record("\(what): \(parts) vs \(whole)")
      }
    }
  }

  @Test func aShortArrayIsReadByOneParser() {
    // Below the threshold no part is made: the column keeps the capacity its count gave it.
    let text = "[" + (0..<5_000).map { "\($0).25" }.joined(separator: ",") + "]"
    #expect(text.utf8.count < JSONParser<NoPositions>.packedPartsMinBytes)
    guard case .numbers(let column) = try? JSONReader.parse(text) else {
      Issue.record("not read as a column")
      return
    }
    #expect(column.count == 5_000 && column.last == 4_999.25)
  }

  @Test func cutsFallJustBeforeCommasAndCoverEveryByte() {
    let text = Array("12,345 , 6,78,9,10".utf8)
    text.withUnsafeBufferPointer { buffer in
      let cuts = JSONParser<NoPositions>.cutAtCommas(buffer.baseAddress!, 0..<text.count, into: 3)
      #expect(cuts.count == 3)
      for cut in cuts.dropLast() { #expect(text[cut.upperBound] == UInt8(ascii: ",")) }
      let covered = cuts.reduce(0) { $0 + $1.count } + cuts.count - 1
      #expect(covered == text.count)
      #expect(cuts.map { JSONParser<NoPositions>.elementCount(buffer.baseAddress!, $0) }.reduce(0, +) == 6)
    }
  }
}
