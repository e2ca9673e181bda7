import ChartdOracle
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

  @Test func numbersReadAsTheStandardLibraryReadsThem() {
    for text in ["0", "-0", "1e-400", "4e-324", "2.2250738585072011e-308", "9007199254740993", "0.1", "1.7976931348623157e308", " 12.5e+3 "] {
      #expect(FuzzChecks.jsonRoundTrip(Array(text.utf8)) == nil, "\(text)")
    }
  }
}
