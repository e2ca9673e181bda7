import ChartCore
import ChartdJSON
import Testing
@testable import ChartdServer

/// Edits are checked and applied against the document as the earlier edits left it, and
/// `chart/getSpec` returns a spec that renders from scratch to exactly the document's SVG.
@Suite struct EditStateTests {
  func json(_ text: String) -> JSONValue { (try? JSONReader.parse(text)) ?? .null }

  func open(_ h: ServerHarness, _ spec: String, uri: String = "m:a") {
    let r = h.request("chart/open", ["uri": .string(uri), "version": 1, "spec": json(spec)])
    #expect(r["result"] != nil, "open failed: \(r)")
  }

  func update(_ h: ServerHarness, _ version: Int, _ edits: String, uri: String = "m:a") -> JSONValue {
    h.request("chart/update", ["uri": .string(uri), "version": .number(Double(version)), "edits": json(edits)])
  }

  func svg(_ h: ServerHarness, uri: String = "m:a") -> String {
    h.request("chart/render", ["uri": .string(uri)])["result"]?["svg"]?.stringValue ?? ""
  }

  /// `chart/renderSpec` of `chart/getSpec` with the document's prefix.
  func rebuilt(_ h: ServerHarness, uri: String = "m:a") -> String {
    let got = h.request("chart/getSpec", ["uri": .string(uri)])["result"] ?? .null
    let r = h.request("chart/renderSpec", ["spec": got["spec"] ?? .null, "idPrefix": got["idPrefix"] ?? .null])
    return r["result"]?["svg"]?.stringValue ?? "renderSpec failed: \(r)"
  }

  @Test func mergeSpecSeesEntriesAppendedEarlierInTheBatch() {
    let h = ServerHarness()
    open(h, #"{"dataSets":[{"id":"a","entries":[1,2]}]}"#)
    let r = update(h, 2, #"[{"op":"appendEntries","dataSet":"a","entries":[3]},{"op":"mergeSpec","patch":{"highlights":[{"dataSet":"a","index":2}]}}]"#)
    #expect(r["error"] == nil, "\(r)")
    #expect(svg(h) == rebuilt(h))
  }

  @Test func mergeSpecSeesADataSetAddedEarlierInTheBatch() {
    let h = ServerHarness()
    open(h, #"{"dataSets":[{"id":"a","entries":[1,2]}]}"#)
    let r = update(h, 2, #"[{"op":"addDataSet","dataSet":{"id":"b","entries":[5,6,7]}},{"op":"mergeSpec","patch":{"highlights":[{"dataSet":"b","index":2}]}}]"#)
    #expect(r["error"] == nil, "\(r)")
    #expect(svg(h) == rebuilt(h))
  }

  @Test func mergedUpdateNotificationsSeeEachOthersEdits() {
    // However the reader splits them, the second notification meets the document the first left.
    let h = ServerHarness()
    open(h, #"{"dataSets":[{"id":"a","entries":[1,2]}]}"#)
    h.notify("chart/update", ["uri": "m:a", "version": 2, "edits": json(#"[{"op":"appendEntries","dataSet":"a","entries":[3]}]"#)])
    h.notify("chart/update", ["uri": "m:a", "version": 3, "edits": json(#"[{"op":"mergeSpec","patch":{"highlights":[{"dataSet":"a","index":2}]}}]"#)])
    h.synchronize()
    let spec = h.request("chart/getSpec", ["uri": "m:a"])["result"]
    #expect(spec?["version"] == 3)
    #expect(spec?["spec"]?["highlights"] == json(#"[{"dataSet":"a","index":2}]"#))
  }

  @Test func mergeSpecKeepsAutoScaleYFalseFromAnEarlierViewport() {
    let h = ServerHarness()
    open(h, #"{"dataSets":[{"id":"a","entries":[1,5,2,8,3,9]}]}"#)
    _ = update(h, 2, #"[{"op":"setViewport","xMin":0.5,"xMax":2.5,"autoScaleY":false}]"#)
    let zoomed = svg(h)
    _ = update(h, 3, #"[{"op":"setViewport","xMin":1,"xMax":3}]"#)
    _ = update(h, 4, #"[{"op":"mergeSpec","patch":{"title":"t"}}]"#)
    let after = svg(h)
    // The left axis keeps the full range's ticks (0 … 10); re-fitted it would end at 8.
    #expect(axisLabels(zoomed) == axisLabels(after))
    #expect(h.request("chart/getSpec", ["uri": "m:a"])["result"]?["spec"]?["viewport"]?["autoScaleY"] == false)
    #expect(after == rebuilt(h))
  }

  @Test func mergeSpecKeepsAutoScaleYFalseGivenByTheSpec() {
    let h = ServerHarness()
    open(h, #"{"viewport":{"xMin":0.5,"xMax":2.5,"autoScaleY":false},"dataSets":[{"id":"a","entries":[1,5,2,8,3,9]}]}"#)
    _ = update(h, 2, #"[{"op":"setViewport","xMin":1,"xMax":3},{"op":"mergeSpec","patch":{"title":"t"}}]"#)
    #expect(h.request("chart/getSpec", ["uri": "m:a"])["result"]?["spec"]?["viewport"]?["autoScaleY"] == false)
    #expect(svg(h) == rebuilt(h))
  }

  @Test func resettingTheViewportKeepsAnExplicitAutoScaleYFalse() {
    let h = ServerHarness()
    open(h, #"{"dataSets":[{"id":"a","entries":[1,5,2,8,3,9]}]}"#)
    _ = update(h, 2, #"[{"op":"setViewport","xMin":null,"xMax":null,"autoScaleY":false}]"#)
    _ = update(h, 3, #"[{"op":"setViewport","xMin":1,"xMax":3}]"#)
    let kept = svg(h)
    let r = h.request("chart/getSpec", ["uri": "m:a"])["result"]?["spec"]?["viewport"]
    #expect(r?["autoScaleY"] == false)
    // Against a fresh zoom that re-fits: the axes must differ.
    let h2 = ServerHarness()
    open(h2, #"{"dataSets":[{"id":"a","entries":[1,5,2,8,3,9]}]}"#)
    _ = update(h2, 2, #"[{"op":"setViewport","xMin":1,"xMax":3}]"#)
    #expect(axisLabels(kept) != axisLabels(svg(h2)))
  }

  @Test func removingEntriesDropsHighlightsThatNoLongerNameOne() {
    let h = ServerHarness()
    open(h, #"{"highlights":[{"dataSet":"a","index":3}],"dataSets":[{"id":"a","entries":[1,2,3,4]}]}"#)
    _ = update(h, 2, #"[{"op":"removeEntries","dataSet":"a","start":2,"count":2}]"#)
    #expect(h.request("chart/getSpec", ["uri": "m:a"])["result"]?["spec"]?["highlights"] == nil)
    // A merge patch after the removal is not rejected for the highlight that went with the entry.
    let r = update(h, 3, #"[{"op":"mergeSpec","patch":{"title":"t"}}]"#)
    #expect(r["error"] == nil, "\(r)")
    #expect(svg(h) == rebuilt(h))
  }

  @Test(arguments: [
    #"[{"op":"replaceEntries","dataSet":"a","entries":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]}]"#,
    #"[{"op":"replaceDataSet","dataSet":{"id":"a","entries":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]}}]"#,
    #"[{"op":"mergeSpec","patch":{"title":"t"}}]"#,
    #"[{"op":"appendEntries","dataSet":"a","entries":[5],"maxEntries":20}]"#,
  ])
  func chunkNumbersAfterASlidingWindowMatchARenderFromScratch(edits: String) {
    let h = ServerHarness()
    open(h, #"{"largeData":{"chunkSize":16},"dataSets":[{"id":"a","entries":[]}]}"#)
    for v in 0..<40 {
      _ = update(h, 2 + v, #"[{"op":"appendEntries","dataSet":"a","entries":[\#(v % 7)],"maxEntries":20}]"#)
    }
    let r = update(h, 100, edits)
    #expect(r["error"] == nil, "\(r)")
    #expect(svg(h) == rebuilt(h))
  }

  @Test func getSpecOfAnEditedDocumentRendersToItsSVG() {
    let h = ServerHarness()
    open(h, ##"{"kind":"bar","title":"T","dataSets":[{"id":"s","stackLabels":["one","two"],"color":"rgba(10,20,30,0.3)","entries":{"stacks":[[1,2],[3,null]]}},{"id":"b","entries":[{"y":3,"color":"#ff000080","label":"x"}]}]}"##)
    _ = update(h, 2, #"[{"op":"setVisibility","dataSet":"b","visible":false},{"op":"resize","width":500,"height":300},{"op":"setHighlight","highlights":[{"dataSet":"s","index":0,"stackIndex":1}]}]"#)
    #expect(svg(h) == rebuilt(h))
  }

  @Test func aPieRefusesASecondDataSetAndAMergeToPieKeepsOnlyTheFirst() {
    let h = ServerHarness()
    open(h, #"{"kind":"pie","dataSets":[{"id":"a","entries":[1,2,3]}]}"#)
    let r = update(h, 2, #"[{"op":"addDataSet","dataSet":{"id":"b","entries":[4,5]}}]"#)
    #expect(r["error"]?["data"]?["diagnostics"]?.arrayValue?.first?["path"] == "/edits/0/dataSet")
    #expect(svg(h) == rebuilt(h))
    open(h, #"{"kind":"line","dataSets":[{"id":"a","entries":[1,2,3]},{"id":"b","entries":[3,2,1]}]}"#, uri: "m:b")
    let m = update(h, 2, #"[{"op":"mergeSpec","patch":{"kind":"pie"}}]"#, uri: "m:b")
    #expect(m["error"] == nil, "\(m)")
    #expect(h.request("chart/getSpec", ["uri": "m:b"])["result"]?["spec"]?["dataSets"]?.arrayCount == 1)
    #expect(svg(h, uri: "m:b") == rebuilt(h, uri: "m:b"))
  }

  @Test func entryOffsetStopsAtItsLargestAcceptedValue() {
    let h = ServerHarness()
    open(h, #"{"largeData":{"chunkSize":16},"dataSets":[{"id":"a","entryOffset":1125899906842620,"entries":[1,2,3,4,5,6,7,8,9,10]}]}"#)
    let r = update(h, 2, #"[{"op":"removeEntries","dataSet":"a","start":0,"count":8}]"#)
    #expect(r["error"] == nil, "\(r)")
    let offset = h.request("chart/getSpec", ["uri": "m:a"])["result"]?["spec"]?["dataSets"]?.arrayValue?.first?["entryOffset"]
    #expect(offset == .number(Double(DataSetSpec.entryOffsetRange.upperBound)))
    #expect(svg(h) == rebuilt(h))
  }

  /// The left axis's tick labels (the text of its region).
  func axisLabels(_ svg: String) -> [Substring] {
    guard let line = svg.split(separator: "\n").first(where: { $0.contains("-left-axis\"") }) else { return [] }
    return line.split(separator: ">").filter { $0.hasSuffix("</text") }
  }
}

/// Merged update notifications publish their patches and diagnostics in version order.
@Suite struct UpdateNotificationOrderTests {
  @Test func aBurstInterleavingDocumentsGivesOnePatchPerDocument() {
    let h = ServerHarness()
    for uri in ["m:a", "m:b"] {
      _ = h.request("chart/open", ["uri": .string(uri), "version": 1, "spec": ["dataSets": [["id": "s", "entries": [1, 2]]]]])
    }
    let before = ["m:a": h.request("chart/render", ["uri": "m:a"])["result"]?["svg"]?.stringValue ?? "",
                  "m:b": h.request("chart/render", ["uri": "m:b"])["result"]?["svg"]?.stringValue ?? ""]
    h.occupyWorker()
    for v in 2...5 {
      for uri in ["m:a", "m:b"] {
        h.notify("chart/update", ["uri": .string(uri), "version": .number(Double(v)),
                                  "edits": [["op": "appendEntries", "dataSet": "s", "entries": [.number(Double(v * 3))]]]])
      }
    }
    h.synchronize()
    let patches = h.sink.all.filter { $0["method"] == "chart/patch" }.compactMap { $0["params"] }
    // Read while the worker was busy, the eight notifications are one burst: one patch per document,
    // from version 1 to 5, which turns the SVG of version 1 into that of version 5.
    #expect(patches.map { $0["uri"]?.stringValue ?? "" } == ["m:a", "m:b"], "\(patches.map { $0["uri"] ?? .null })")
    for patch in patches {
      let uri = patch["uri"]?.stringValue ?? ""
      #expect(patch["baseVersion"] == 1 && patch["version"] == 5)
      let now = h.request("chart/render", ["uri": .string(uri)])["result"]?["svg"]?.stringValue
      #expect(DocumentTests.apply(patch, to: before[uri] ?? "") == now, "\(uri)")
    }
  }

  @Test func theLastDiagnosticsOfAMergedBurstAreThoseOfItsLastVersion() {
    let h = ServerHarness()
    // A warning on open, so that the accepted version 2 publishes `[]` (clearing it).
    _ = h.request("chart/open", ["uri": "m:a", "version": 1, "spec": ["colour": "red", "dataSets": [["id": "a", "entries": [1, 2]]]]])
    h.occupyWorker()
    h.notify("chart/update", ["uri": "m:a", "version": 2, "edits": [["op": "appendEntries", "dataSet": "a", "entries": [3]]]])
    h.notify("chart/update", ["uri": "m:a", "version": 3, "edits": [["op": "removeDataSet", "dataSet": "nope"]]])
    h.synchronize()
    let published = h.sink.all.filter { $0["method"] == "chart/diagnostics" || $0["method"] == "chart/patch" }
    let versions = published.compactMap { $0["params"]?["version"]?.intValue }
    #expect(versions == versions.sorted(), "published out of order: \(versions)")
    let last = h.sink.all.last { $0["method"] == "chart/diagnostics" }
    #expect(last?["params"]?["version"] == 3)
    #expect(last?["params"]?["diagnostics"]?.arrayValue?.first?["path"] == "/edits/0/dataSet")
    #expect(h.request("chart/render", ["uri": "m:a"])["result"]?["version"] == 2)
  }
}
