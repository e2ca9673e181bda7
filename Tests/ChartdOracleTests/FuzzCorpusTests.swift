import ChartCore
import ChartdJSON
import ChartdOracle
import ChartdProtocol
import ChartdServer
import Foundation
import Testing

/// Replays the checked-in fuzz corpus (seeds, and crashes kept as regressions) through the fuzz
/// targets' checks, so `swift test` covers them without the libFuzzer runtime.
@Suite struct FuzzCorpusTests {
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../Fuzz/corpus").standardized

  static func inputs(_ target: String) -> [(name: String, bytes: [UInt8])] {
    let dir = corpus.appendingPathComponent(target)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    return names.sorted().compactMap { name in
      (try? Data(contentsOf: dir.appendingPathComponent(name))).map { (name, [UInt8]($0)) }
    }
  }

  @Test(arguments: ["FuzzFraming", "FuzzSpec", "FuzzEdits", "FuzzProtocol"])
  func corpusPassesItsTarget(target: String) {
    let inputs = Self.inputs(target)
    #expect(!inputs.isEmpty, "no corpus for \(target) at \(Self.corpus.path)")
    for (name, bytes) in inputs {
      let problem: String?
      switch target {
      case "FuzzFraming": problem = FuzzChecks.framing(bytes)
      case "FuzzSpec": problem = FuzzChecks.spec(bytes)
      case "FuzzEdits": problem = FuzzChecks.edits(bytes)
      default: problem = FuzzChecks.conversation(bytes)
      }
      #expect(problem == nil, "\(target)/\(name): \(problem ?? "")")
    }
  }

  /// The envelope reader (`JSONReader.parseMembers`) is held to the reference reader on every input;
  /// the check itself reports a reader that takes a member for another value.
  @Test func envelopeReaderAgreesWithTheReferenceReader() {
    let texts = [#"{"jsonrpc":"2.0","id":1,"method":"m","params":{"a":[1,2]}}"#, #"{"id":1,"id":2}"#, "{}",
                 #"{"i\u0064":1}"#, #"{"method":"m"} x"#, #"{"params":[{"x":1},{"x":2}]}"#]
    for t in texts {
      #expect(FuzzChecks.jsonRoundTrip(Array(t.utf8)) == nil, "\(t)")
    }
    let read = Array(#"{"id":1,"method":"m"}"#.utf8)
    #expect(FuzzChecks.envelopeMembers(read, reference: ["id": 1, "method": "m"]) == nil)
    #expect(FuzzChecks.envelopeMembers(read, reference: ["id": 2, "method": "m"]) != nil)
    #expect(FuzzChecks.envelopeMembers(read, reference: ["id": 1, "method": "m", "params": nil]) != nil)
    #expect(FuzzChecks.envelopeMembers(read, reference: [1]) != nil)
  }

  /// The seed of plain `chart/update` lines is read by the server's own reader, so the check that
  /// holds it to the general reader has something to compare from the first run on.
  @Test func plainUpdatesInTheCorpusAreReadAndChecked() throws {
    let seed = try #require(Self.inputs("FuzzFraming").first { $0.name == "ndjson-plain-updates" })
    let lines = seed.bytes.split(separator: UInt8(ascii: "\n")).map(Array.init)
    #expect(lines.count == 3)
    for line in lines {
      #expect(line.withUnsafeBytes { ChartServer.prepare($0, limits: SpecLimits()) } != nil)
      #expect(FuzzChecks.preparedUpdate(line) == nil)
    }
  }

  @Test func numbersOutOfRangeInTheCorpusAreLocatedAndAnswered() throws {
    let seed = try #require(Self.inputs("FuzzFraming").first { $0.name == "ndjson-numbers-out-of-range" })
    let lines = seed.bytes.split(separator: UInt8(ascii: "\n")).map(Array.init)
    var answered = 0
    for line in lines {
      #expect(FuzzChecks.numbersOutOfRange(line) == nil)
      do {
        _ = try JSONReader.parse(line)
        Issue.record("read: \(String(decoding: line, as: UTF8.self))")
      } catch let error as JSONParseError {
        if line.withUnsafeBytes({ IncomingMessage.numberOutOfRange($0, error) }) != nil { answered += 1 }
      }
    }
    #expect(lines.count == 5)
    #expect(answered == 2)  // the update and the synchronize with an extra member; the rest name no request
  }

  @Test func numbersReadAsTheStandardLibraryReadsThem() {
    for text in ["0", "-0", "1e-400", "4e-324", "2.2250738585072011e-308", "9007199254740993", "0.1", "1.7976931348623157e308", " 12.5e+3 "] {
      #expect(FuzzChecks.jsonRoundTrip(Array(text.utf8)) == nil, "\(text)")
    }
  }
}

/// The reference JSON reader agrees with `JSONReader` on the documented edge cases.
@Suite struct ReferenceJSONTests {
  @Test func edgeCasesAgree() {
    let texts = [
      "[]", "{}", " [1, 2.5, -0, 1e-400] ", "\u{FEFF}{\"a\":[{\"x\":1,\"y\":null},{\"x\":2,\"y\":3}]}",
      #"[[1,2],[3,null],[4,5]]"#, #"[[1,2],[3,"x"]]"#, #"[{"x":1},{"x":2,"y":3}]"#, #"[{"x":1,"x":2}]"#,
      #""\ud83d\ude00 \ud800 \udc00x""#, "\"a\u{01}\"", "1e400", "01", "1.", ".5", "+1", "[1,]", "{\"a\"}",
      "nul", "[{\"x\":1},", String(repeating: "[", count: 512) + String(repeating: "]", count: 512),
      String(repeating: "[", count: 513) + String(repeating: "]", count: 513), "\"\u{FF}\"", "",
    ]
    for t in texts {
      #expect(FuzzChecks.jsonRoundTrip(Array(t.utf8)) == nil, "\(t.prefix(40))")
    }
    #expect(FuzzChecks.jsonRoundTrip([0x22, 0xC3, 0x22]) == nil)  // invalid UTF-8: both refuse
  }
}
