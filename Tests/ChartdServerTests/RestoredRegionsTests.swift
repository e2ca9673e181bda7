import ChartdJSON
import Testing
@testable import ChartdServer

/// The `previousMarkup` capability through the server: declared in `initialize`, patches restore
/// regions instead of sending their markup again, and a full SVG starts the client afresh.
@Suite struct RestoredRegionsTests {
  static func harness(_ capabilities: JSONValue) -> (ServerHarness, JSONValue) {
    let h = ServerHarness(initialize: false)
    let result = h.request("initialize", ["processId": .null, "capabilities": capabilities])["result"] ?? .null
    h.notify("initialized", [:])
    return (h, result)
  }

  static func toggle(_ h: ServerHarness, version: Int, visible: Bool) -> JSONValue {
    h.request("chart/update", ["uri": "mem:a", "version": .number(Double(version)),
                               "edits": [["op": "setVisibility", "dataSet": "b", "visible": .bool(visible)]]])["result"] ?? .null
  }

  @Test(arguments: [["chart": ["previousMarkup": true]], ["experimental": ["chart": ["previousMarkup": true]]]] as [JSONValue])
  func aClientThatKeepsPreviousMarkupGetsRegionsRestored(capabilities: JSONValue) throws {
    let (h, initialized) = Self.harness(capabilities)
    #expect(initialized["capabilities"]?["chart"]?["previousMarkup"] == true)
    var svg = try #require(h.request("chart/open", ["uri": "mem:a", "version": 1, "spec": DocumentTests.spec])["result"]?["svg"]?.stringValue)
    var previous: [String: String] = [:]
    let hide = Self.toggle(h, version: 2, visible: false)
    #expect(hide["restored"] == nil, "left out when empty")
    svg = try #require(DocumentTests.apply(hide, to: svg, previous: &previous))
    let show = Self.toggle(h, version: 3, visible: true)
    let ids = hide["fragments"]?.arrayValue?.compactMap { $0["id"] } ?? []
    #expect(!ids.isEmpty)
    #expect(show["restored"]?.arrayValue == ids)
    #expect(show["fragments"] == [])
    #expect(show["stats"]?["markupBytes"] == 0)
    #expect(show["stats"]?["reusedRegions"] == .number(Double(ids.count)))
    svg = try #require(DocumentTests.apply(show, to: svg, previous: &previous))
    #expect(svg == h.request("chart/render", ["uri": "mem:a"])["result"]?["svg"]?.stringValue)
    // chart/render sent the full SVG: the client may have dropped what it kept.
    previous = [:]
    let afterRender = Self.toggle(h, version: 4, visible: false)
    #expect(afterRender["restored"] == nil)
    svg = try #require(DocumentTests.apply(afterRender, to: svg, previous: &previous))
    // Pushed patches (update notifications) restore as well.
    h.notify("chart/update", ["uri": "mem:a", "version": 5, "edits": [["op": "setVisibility", "dataSet": "b", "visible": true]]])
    h.synchronize()
    let pushed = try #require(h.sink.all.last { $0["method"] == "chart/patch" }?["params"])
    #expect(pushed["restored"]?.arrayValue == ids)
    svg = try #require(DocumentTests.apply(pushed, to: svg, previous: &previous))
    // A render to compare keeps what the client holds: the next toggle back is restored.
    #expect(svg == h.request("chart/render", ["uri": "mem:a", "keepPreviousMarkup": true])["result"]?["svg"]?.stringValue)
    let hideAgain = Self.toggle(h, version: 6, visible: false)
    #expect(hideAgain["restored"]?.arrayValue == ids)
    svg = try #require(DocumentTests.apply(hideAgain, to: svg, previous: &previous))
    #expect(svg == h.request("chart/render", ["uri": "mem:a"])["result"]?["svg"]?.stringValue)
    let bad = h.request("chart/render", ["uri": "mem:a", "keepPreviousMarkup": "yes"])
    #expect(bad["error"]?["code"] == -32602)
    #expect(bad["error"]?["data"]?["diagnostics"]?.arrayValue?.first?["path"] == "/keepPreviousMarkup")
  }

  @Test(arguments: [[:], ["chart": ["previousMarkup": false]], ["chart": ["previousMarkup": "yes"]]] as [JSONValue])
  func aClientThatDoesNotDeclareItGetsTheMarkup(capabilities: JSONValue) throws {
    let (h, _) = Self.harness(capabilities)
    var svg = try #require(h.request("chart/open", ["uri": "mem:a", "version": 1, "spec": DocumentTests.spec])["result"]?["svg"]?.stringValue)
    for version in 2...5 {
      let patch = Self.toggle(h, version: version, visible: version % 2 == 1)
      #expect(patch["restored"] == nil)
      svg = try #require(DocumentTests.apply(patch, to: svg))
    }
    #expect(svg == h.request("chart/render", ["uri": "mem:a"])["result"]?["svg"]?.stringValue)
  }
}
