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

  @Test func editOpsAreDocumented() throws {
    let text = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("protocol/spec/edits.md"), encoding: .utf8)
    for op in EditOps.all { #expect(text.contains("`\(op)`"), "edit op \(op) is not in protocol/spec/edits.md") }
  }
}
