import ChartdProtocol
import Foundation
import Testing
@testable import ChartdServer

/// protocol/methods.md and the method registry must list the same methods.
@Suite struct ProtocolDocumentationTests {
  static var repositoryRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  }

  /// Method names from headings of the form ### `name`.
  static func documentedMethods() throws -> Set<String> {
    let text = try String(contentsOf: repositoryRoot.appendingPathComponent("protocol/methods.md"), encoding: .utf8)
    var out = Set<String>()
    for line in text.split(separator: "\n") where line.hasPrefix("### `") {
      let name = line.dropFirst(5).prefix { $0 != "`" }
      out.insert(String(name))
    }
    return out
  }

  @Test func everyRegisteredMethodIsDocumented() throws {
    let documented = try Self.documentedMethods()
    let missing = Set(MessageRegistry.allMethods).subtracting(documented)
    #expect(missing.isEmpty, "registered but not documented in protocol/methods.md: \(missing.sorted())")
  }

  @Test func everyDocumentedMethodIsRegistered() throws {
    let documented = try Self.documentedMethods()
    let unknown = documented.subtracting(MessageRegistry.allMethods)
    #expect(unknown.isEmpty, "documented but not registered: \(unknown.sorted())")
  }

  @Test func everyRegisteredRequestIsDispatched() {
    // A registered request must reach a handler: none may answer "unknown method".
    let h = ServerHarness()
    for type in MessageRegistry.requests where type.method != "initialize" && type.method != "shutdown" {
      #expect(h.request(type.method, [:]).errorCode != -32601, "\(type.method) is registered but not dispatched")
    }
  }

  /// The kinds of -32803 in transport.md's list and in the messages schema are the ones chartd sends.
  @Test func failureKindsAreDocumented() throws {
    let kinds = FailureKind.allCases.map(\.rawValue)
    let transport = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("protocol/transport.md"), encoding: .utf8)
    let line = try #require(transport.components(separatedBy: "`RequestFailed` kinds: ").dropFirst().first?.components(separatedBy: ".\n").first)
    #expect(line.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element) == kinds)
    let schema = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("protocol/schema/messages.schema.json"), encoding: .utf8)
    #expect(schema.contains(#""kind": {"enum": ["# + kinds.map { "\"\($0)\"" }.joined(separator: ", ") + "]}"))
  }

  @Test func editOpsAreDocumented() throws {
    let text = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("protocol/spec/edits.md"), encoding: .utf8)
    for op in EditOps.all { #expect(text.contains("`\(op)`"), "edit op \(op) is not in protocol/spec/edits.md") }
  }
}
