import Testing
@testable import ChartdJSON

@Suite struct JSONWriterTests {
  @Test func objectKeysAreSorted() {
    let value: JSONValue = ["b": 1, "a": 2, "c": ["z": 1, "y": [true, nil]], "": "e"]
    #expect(JSONWriter.string(value) == #"{"":"e","a":2,"b":1,"c":{"y":[true,null],"z":1}}"#)
  }

  @Test func outputDoesNotDependOnInsertionOrder() {
    let keys = (0..<200).map { "key\($0)" }
    var forward: [String: JSONValue] = [:]
    for (i, k) in keys.enumerated() { forward[k] = .number(Double(i)) }
    var backward: [String: JSONValue] = [:]
    for (i, k) in keys.enumerated().reversed() { backward[k] = .number(Double(i)) }
    #expect(JSONWriter.bytes(.object(forward)) == JSONWriter.bytes(.object(backward)))
  }

  @Test func stringsEscapeOnlyWhatJSONRequires() {
    let value = JSONValue.string("a\"b\\c/\n\r\t\u{8}\u{C}\u{1}\u{1F}\u{0}\u{7F}é😀\u{2028}")
    #expect(JSONWriter.string(value) == "\"a\\\"b\\\\c/\\n\\r\\t\\b\\f\\u0001\\u001f\\u0000\u{7F}é😀\u{2028}\"")
  }

  @Test func bigStringsAreCopiedIntact() throws {
    // An SVG-like payload of 300 KiB with a quote every so often.
    let chunk = "<path d=\"M0 0L10 10\" fill=\"#abc\"/>\n"
    let svg = String(repeating: chunk, count: 300 * 1024 / chunk.utf8.count)
    let written = JSONWriter.string(.string(svg))
    let expectedChunk = "<path d=\\\"M0 0L10 10\\\" fill=\\\"#abc\\\"/>\\n"
    #expect(written == "\"" + String(repeating: expectedChunk, count: 300 * 1024 / chunk.utf8.count) + "\"")
    #expect(try JSONReader.parse(written) == .string(svg))
  }

  @Test(arguments: [
    (0.0, "0"), (-0.0, "-0"), (1, "1"), (-5, "-5"), (1.5, "1.5"), (0.1, "0.1"), (-0.25, "-0.25"),
    (123_456_789_012, "123456789012"), (9_007_199_254_740_991, "9007199254740991"),
    (9_007_199_254_740_992, "9007199254740992"), (1e21, "1e21"), (1.5e300, "1.5e300"),
    (1e-7, "1e-7"), (1.25e-10, "1.25e-10"), (.leastNonzeroMagnitude, "5e-324"),
    (1.7976931348623157e308, "1.7976931348623157e308"), (0.30000000000000004, "0.30000000000000004"),
    (Double.nan, "null"), (Double.infinity, "null"), (-Double.infinity, "null"),
  ] as [(Double, String)])
  func numbersUseShortestForm(_ value: Double, _ expected: String) throws {
    let text = JSONWriter.string(.number(value))
    #expect(text == expected)
    if value.isFinite {
      #expect(try JSONReader.parse(text).numberValue?.bitPattern == value.bitPattern)
    }
  }

  @Test func packedAndGeneralArraysWriteAlike() {
    #expect(JSONWriter.string(.numbers([1, 2.5, -3])) == "[1,2.5,-3]")
    #expect(JSONWriter.string(.array([1, 2.5, -3])) == "[1,2.5,-3]")
    #expect(JSONWriter.string(.numbers([])) == "[]")
    #expect(JSONWriter.string(.numbers([.nan, 1])) == "[null,1]")
  }

  @Test func writeAppendsToExistingBytes() {
    var out = Array("prefix:".utf8)
    JSONWriter.write(["a": [1, "x"]], into: &out)
    #expect(String(decoding: out, as: UTF8.self) == #"prefix:{"a":[1,"x"]}"#)
  }
}

@Suite struct JSONWriterNumberFormTests {
  /// Swift's shortest round-trip digits, rewritten the way the writer rewrites them.
  static func swiftShortest(_ d: Double) -> String {
    var out: [UInt8] = []
    JSONWriter.writeShortestForm(d.description, into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  @Test func fixedPointFormIsNeverLongerThanSwiftsShortest() throws {
    var rng = SplitMix64(seed: 5)
    var longer: [String] = []
    for _ in 0..<50_000 {
      // Measurement-like values with 0…7 decimals, and arbitrary doubles.
      let decimals = Int.random(in: 0...7, using: &rng)
      var scale = 1.0
      for _ in 0..<decimals { scale *= 10 }
      let measured = (Double.random(in: -1e6...1e6, using: &rng) * scale).rounded() / scale
      for d in [measured, Double.random(in: -10...10, using: &rng)] {
        let ours = JSONWriter.string(.number(d))
        if ours.utf8.count > Self.swiftShortest(d).utf8.count, d.rounded() != d { longer.append("\(ours) vs \(d)") }
        #expect(try JSONReader.parse(ours).numberValue?.bitPattern == d.bitPattern, "\(ours)")
      }
    }
    #expect(longer.isEmpty, "\(longer.prefix(5))")
  }

  @Test(arguments: [
    (1234.5678, "1234.5678"), (-0.001, "-0.001"), (0.1, "0.1"), (999_999_999.5, "999999999.5"),
    (0.000999, "0.000999"), (1e9 + 0.5, "1000000000.5"), (0.123456, "0.123456"), (0.1234567, "0.1234567"),
  ] as [(Double, String)])
  func fixedPointBoundaries(_ d: Double, _ expected: String) {
    #expect(JSONWriter.string(.number(d)) == expected)
  }

  /// Integers are written digit by digit from the right: every digit count, both signs and the
  /// extremes come out as Swift's own decimal text, after bytes already there.
  @Test func integersAreWrittenAsTheirDecimalText() {
    var values: [Int64] = [0, -1, 1, 9, 10, -10, Int64.max, Int64.min, Int64.min + 1]
    var power: Int64 = 1
    for _ in 0..<18 {
      power *= 10
      values += [power - 1, power, power + 1, -(power - 1), -power]
    }
    for v in values {
      var out: [UInt8] = Array("x".utf8)
      JSONWriter.writeInteger(v, into: &out)
      #expect(String(decoding: out, as: UTF8.self) == "x\(v)")
    }
  }
}
