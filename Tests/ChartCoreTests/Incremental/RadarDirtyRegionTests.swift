import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// A radar re-renders one polygon for an edit of its data set that keeps the rings, and the web with
/// every polygon when the outer ring moves.
@Suite struct RadarDirtyRegionTests {
  static let spec: JSONValue = [
    "kind": "radar", "width": 520, "height": 400,
    "radar": ["categories": ["A", "B", "C", "D", "E", "F"]],
    "dataSets": [["id": "a", "line": ["fill": true], "valueLabels": ["show": true], "entries": [40, 75, 60, 88, 52]],
                 ["id": "b", "line": ["fill": true], "entries": [62, 48, 81, 70, 66, 58]]],
  ]

  func apply(_ doc: inout ChartDocument, _ edits: JSONValue) throws -> ChartPatch {
    let patch = try doc.applyChecked(edits)
    #expect(doc.svg == ChartRenderer.render(doc.model, prefix: "d").svg)
    return patch
  }

  func document() throws -> ChartDocument {
    let log = DiagnosticLog()
    let parsed = try #require(ChartSpec.parse(Self.spec, log: log))
    return ChartDocument(model: ChartModel(spec: parsed), prefix: "d", specJSON: Self.spec)
  }

  @Test func appendInsideTheRingsRendersOnlyThatPolygonAndItsLabels() throws {
    var doc = try document()
    let rings = doc.layout.radar?.rings
    let patch = try apply(&doc, [["op": "appendEntries", "dataSet": "a", "entries": [71]]])
    #expect(doc.layout.radar?.rings == rings, "the fixture must append inside the rings")
    #expect(Set(patch.rendered) == [.radarPolygon(dataSet: "a"), .valueLabels(dataSet: "a")])
    #expect(Set(patch.fragments.map(\.id)) == ["d-radar-a", "d-labels-a"])
  }

  /// The differential test (protocol-noise seed 2017): renaming a category left each polygon's
  /// accessible label ("plot: Speed 3, …") naming the old one.
  @Test func renamingACategoryRedrawsThePolygonsThatNameIt() throws {
    var doc = try document()
    let patch = try apply(&doc, [["op": "mergeSpec", "patch": ["radar": ["categories": ["A", "B", "Range", "D", "E", "F"]]]]])
    #expect(Set(patch.rendered).isSuperset(of: [.radarPolygon(dataSet: "a"), .radarPolygon(dataSet: "b"), .radarCategories]))
    #expect(doc.svg.contains("Range 60"))
  }

  @Test func replacingAValueInsideTheRingsRendersOnlyThatPolygon() throws {
    var doc = try document()
    let patch = try apply(&doc, [["op": "updateEntries", "dataSet": "b", "start": 2, "entries": [35]]])
    #expect(patch.rendered == [.radarPolygon(dataSet: "b")])
    #expect(patch.fragments.map(\.id) == ["d-radar-b"])
  }

  @Test func aValueBeyondTheOuterRingRendersTheWebAndEveryPolygon() throws {
    var doc = try document()
    let patch = try apply(&doc, [["op": "updateEntries", "dataSet": "b", "start": 0, "entries": [140]]])
    let rendered = Set(patch.rendered)
    for name in [RegionName.radarWeb, .radarScale, .radarPolygon(dataSet: "a"), .radarPolygon(dataSet: "b"), .valueLabels(dataSet: "a")] {
      #expect(rendered.contains(name), "\(name)")
    }
    #expect(!rendered.contains(.radarCategories))
    #expect(!rendered.contains(.background))
  }

  @Test func legendToggleHidesThePolygonAndLeavesTheAutoscale() throws {
    var doc = try document()
    let before = doc.layout.radar?.geometry.domainMax
    // "b" holds the largest value (81 → rings to 100); hiding "a" (max 88) keeps it, hiding both… not needed.
    let patch = try apply(&doc, [["op": "setVisibility", "dataSet": "a", "visible": false]])
    #expect(doc.layout.radar?.geometry.domainMax == before)
    #expect(Set(patch.rendered) == [.radarPolygon(dataSet: "a"), .valueLabels(dataSet: "a"), .legendItem(.dataSet("a")),
                                    .accessibleDescription])
    #expect(doc.markup(of: .radarPolygon(dataSet: "a"))?.contains("display=\"none\"") == true)
    // A large value in a hidden data set does not stretch the web.
    let grow = try apply(&doc, [["op": "updateEntries", "dataSet": "a", "start": 0, "entries": [500]]])
    #expect(doc.layout.radar?.geometry.domainMax == before)
    #expect(!Set(grow.rendered).contains(.radarWeb))
  }
}
