import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// The `radar` object and what a radar chart asks of its data sets: values, defaults and
/// diagnostics at exact pointers.
@Suite struct RadarSpecParseTests {
  static func spec(_ radar: JSONValue, _ sets: [JSONValue]) -> JSONValue {
    ["kind": "radar", "radar": radar, "dataSets": .array(sets)]
  }

  static func parse(_ json: JSONValue) -> (ChartSpec?, DiagnosticLog) {
    let log = DiagnosticLog()
    return (ChartSpec.parse(json, at: JSONPointer(["spec"]), log: log), log)
  }

  @Test func readsEveryField() {
    let (spec, log) = Self.parse(Self.spec([
      "categories": ["A", "B", "C"], "rotation": 90, "min": -5, "max": 20, "ringCount": 4, "drawWeb": false,
      "webLineWidth": 2, "innerWebLineWidth": 0.5, "webColor": "#112233", "innerWebColor": "red", "webOpacity": 0.3,
      "skipWebLineCount": 1, "drawRingLabels": false, "format": "percent", "labelFontSize": 13, "labelColor": "#00ff00",
    ], [["id": "a", "entries": [1, 2, 3]]]))
    #expect(log.items.isEmpty, "\(log.items)")
    let r = try? #require(spec?.radar)
    #expect(r?.categories == ["A", "B", "C"])
    #expect(r?.rotation == 90)
    #expect(r?.min == -5 && r?.max == 20)
    #expect(r?.ringCount == 4)
    #expect(r?.drawWeb == false)
    #expect(r?.webLineWidth == 2 && r?.innerWebLineWidth == 0.5)
    #expect(r?.webColor == Color(hex: 0x112233) && r?.innerWebColor == Color(hex: 0xff0000))
    #expect(r?.webOpacity == 0.3 && r?.skipWebLineCount == 1 && r?.drawRingLabels == false)
    #expect(r?.format != nil && r?.labelFontSize == 13 && r?.labelColor == Color(hex: 0x00ff00))
    #expect(RadarSpec(nil) == RadarSpec())
  }

  @Test func moreValuesThanCategoriesIsAnErrorAtTheFirstValueWithout() {
    let (spec, log) = Self.parse(Self.spec(["categories": ["a", "b", "c"]], [["id": "s", "entries": [1, 2, 3, 4, 5]]]))
    #expect(spec == nil)
    #expect(log.errors.map(\.path) == ["/spec/dataSets/0/entries/3"])
    #expect(log.errors.first?.message.contains("has no category") == true)
  }

  @Test func fewerValuesThanCategoriesIsAWarning() {
    let (spec, log) = Self.parse(Self.spec(["categories": ["a", "b", "c", "d", "e"]], [["id": "s", "entries": [1, 2, 3]]]))
    #expect(spec != nil)
    #expect(log.errors.isEmpty)
    #expect(log.items.map(\.path) == ["/spec/dataSets/0/entries"])
    #expect(log.items.first?.message == "3 values for 5 categories (radar/categories): spokes 3…4 get no vertex")
  }

  @Test func entryShapesOfOtherKindsAreErrors() {
    let cases: [(JSONValue, String)] = [
      (["y": [1, 2], "size": [3, 4]], "'size'"),
      (["open": [1], "high": [2], "low": [0], "close": [1]], "'open', 'high', 'low', 'close'"),
      ([["values": [1, 2]], ["y": 3]], "'values (stacks)'"),
    ]
    for (entries, named) in cases {
      let (spec, log) = Self.parse(Self.spec(["categories": ["a", "b"]], [["id": "s", "entries": entries]]))
      #expect(spec == nil)
      #expect(log.errors.map(\.path) == ["/spec/dataSets/0/entries"])
      #expect(log.errors.first?.message.contains(named) == true, "\(log.items)")
    }
  }

  @Test func valuesBelowTheCentreAreWarnedAboutUnlessMinIsLowEnough() {
    let (spec, log) = Self.parse(Self.spec(["categories": ["a", "b", "c"]], [["id": "s", "entries": [4, -2, 5]]]))
    #expect(spec != nil)
    #expect(log.items.map(\.path) == ["/spec/dataSets/0/entries/1"])
    #expect(log.items.first?.message == "value -2 is below the centre value 0: drawn at the centre; set radar/min to show it")
    let (_, fine) = Self.parse(Self.spec(["categories": ["a", "b", "c"], "min": -5], [["id": "s", "entries": [4, -2, 5]]]))
    #expect(fine.items.isEmpty)
  }

  @Test func optionErrorsAreLocated() {
    let cases: [(JSONValue, String)] = [
      (["max": -5], "/spec/radar/max"),
      (["min": 3, "max": 3], "/spec/radar/max"),
      (["ringCount": 0], "/spec/radar/ringCount"),
      (["webOpacity": 2], "/spec/radar/webOpacity"),
      (["categories": ["a", 3]], "/spec/radar/categories/1"),
      (["webColor": "nope"], "/spec/radar/webColor"),
    ]
    for (radar, path) in cases {
      let (spec, log) = Self.parse(Self.spec(radar, []))
      #expect(spec == nil, "\(radar)")
      #expect(log.errors.map(\.path) == [path], "\(radar): \(log.items)")
    }
    let (_, typo) = Self.parse(Self.spec(["ringcount": 3], []))
    #expect(typo.items.map(\.path) == ["/spec/radar/ringcount"])
    #expect(typo.errors.isEmpty)
  }

  @Test func editsThatOverfillTheCategoriesAreRejected() throws {
    let json = Self.spec(["categories": ["a", "b", "c", "d"]], [["id": "s", "entries": [1, 2, 3]]])
    let (parsed, _) = Self.parse(json)
    let doc = ChartDocument(model: ChartModel(spec: try #require(parsed)), prefix: "r", specJSON: json)
    func plan(_ edits: JSONValue) -> DiagnosticLog {
      let log = DiagnosticLog()
      _ = doc.plan(edits, at: JSONPointer(["edits"]), limits: SpecLimits(), log: log)
      return log
    }
    #expect(plan([["op": "appendEntries", "dataSet": "s", "entries": [4]]]).errors.isEmpty)
    #expect(plan([["op": "appendEntries", "dataSet": "s", "entries": [4, 5]]]).errors.map(\.path) == ["/edits/0/entries"])
    #expect(plan([["op": "appendEntries", "dataSet": "s", "entries": [4, 5], "maxEntries": 4]]).errors.isEmpty)
    #expect(plan([["op": "replaceEntries", "dataSet": "s", "entries": [1, 2, 3, 4, 5]]]).errors.map(\.path) == ["/edits/0/entries"])
    #expect(plan([["op": "appendEntries", "dataSet": "s", "entries": ["y": [1], "size": [2]]]]).errors.map(\.path) == ["/edits/0/entries"])
    #expect(plan([["op": "addDataSet", "dataSet": ["id": "t", "entries": [1, 2, 3, 4, 5]]]]).errors.map(\.path)
      == ["/edits/0/dataSet/entries/4"])
    #expect(plan([["op": "mergeSpec", "patch": ["radar": ["categories": ["a", "b"]]]]]).errors.map(\.path)
      == ["/edits/0/patch/dataSets/0/entries/2"])
  }
}
