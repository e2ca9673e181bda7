import ChartdJSON
import Testing

@testable import ChartdProtocol

@Suite("Request and notification params")
struct RequestDecodingTests {
  @Test("chart/open reads uri, version, spec and an optional id prefix")
  func open() throws {
    let r = try OpenChartRequest(params: ["uri": "mem:a", "version": 0, "spec": ["kind": "line"], "idPrefix": "p-1"])
    #expect(r.uri == "mem:a")
    #expect(r.version == 0)
    #expect(r.spec == ["kind": "line"])
    #expect(r.idPrefix == "p-1")
    for bad in ["1abc", "", "a b", "a\"", String(repeating: "a", count: 65)] {
      let e = try #require(thrown { try OpenChartRequest(params: ["uri": "u", "version": 0, "spec": [:], "idPrefix": .string(bad)]) })
      #expect(diagnosticPath(e) == "/idPrefix", "prefix \(bad)")
    }
    #expect(diagnosticPath(try #require(thrown { try OpenChartRequest(params: ["uri": "u", "version": 0]) })) == "/spec")
  }

  @Test("chart/update requires an array of edits")
  func update() throws {
    let r = try UpdateChartRequest(params: ["uri": "u", "version": 3, "edits": []])
    #expect(r.version == 3)
    let e = try #require(thrown { try UpdateChartRequest(params: ["uri": "u", "version": 3, "edits": ["op": "resize"]]) })
    #expect(diagnosticPath(e) == "/edits")
    #expect(diagnosticPath(try #require(thrown { try UpdateChartRequest(params: ["uri": "u", "version": 1.5, "edits": []]) })) == "/version")
  }

  @Test("chart/hitTest needs numeric coordinates")
  func hitTest() throws {
    let r = try HitTestRequest(params: ["uri": "u", "x": 10.5, "y": 3])
    #expect(r.x == 10.5 && r.y == 3)
    #expect(diagnosticPath(try #require(thrown { try HitTestRequest(params: ["uri": "u", "x": "1", "y": 3]) })) == "/x")
  }

  @Test("initialize accepts a null processId and checks clientInfo's type")
  func initialize() throws {
    let r = try InitializeRequest(params: ["processId": .null, "clientInfo": ["name": "t"], "capabilities": [:]])
    #expect(r.processId == nil)
    #expect(r.clientName == "t")
    #expect(try InitializeRequest(params: ["processId": 42]).processId == 42)
    #expect(diagnosticPath(try #require(thrown { try InitializeRequest(params: ["clientInfo": "t"]) })) == "/clientInfo")
  }

  @Test("$/cancelRequest takes an integer or string id")
  func cancel() throws {
    #expect(try CancelRequestNotification(params: ["id": 9]).id == .number(9))
    #expect(try CancelRequestNotification(params: ["id": "r"]).id == .string("r"))
    #expect(diagnosticPath(try #require(thrown { try CancelRequestNotification(params: ["id": 1.25]) })) == "/id")
  }
}

@Suite("MessageRegistry")
struct MessageRegistryTests {
  @Test("method names are unique per kind and found by name")
  func lookup() {
    for names in [MessageRegistry.requests.map { $0.method }, MessageRegistry.clientNotifications.map { $0.method },
                  MessageRegistry.serverNotifications.map { $0.method }] {
      #expect(Set(names).count == names.count)
    }
    // chart/update is the one method that is both: a request, or a notification answered by chart/patch.
    let both = Set(MessageRegistry.requests.map { $0.method }).intersection(MessageRegistry.clientNotifications.map { $0.method })
    #expect(both == ["chart/update"])
    for r in MessageRegistry.requests { #expect(MessageRegistry.request(named: r.method) == r) }
    for n in MessageRegistry.clientNotifications { #expect(MessageRegistry.clientNotification(named: n.method) == n) }
    #expect(MessageRegistry.request(named: "chart/nope") == nil)
    #expect(MessageRegistry.request(named: "initialized") == nil)
  }

  @Test("the lifecycle and document methods of the contract are all registered")
  func contract() {
    let expected: Set = ["initialize", "initialized", "shutdown", "exit", "$/cancelRequest", "chart/open", "chart/update",
                         "chart/render", "chart/renderSpec", "chart/close", "chart/hitTest", "chart/synchronize",
                         "chart/patch", "window/logMessage"]
    #expect(expected.isSubset(of: Set(MessageRegistry.allMethods)))
  }
}
