import Foundation
import Testing
@testable import ChartCore

/// Renders showcase pies end to end. With CHARTD_GALLERY_DIR set, the SVGs are written there to be
/// rasterised and looked at.
@Suite struct PieGalleryTests {
  static let fruit = ["Apples", "Bananas", "Cherries", "Dates", "Elderberries", "Figs"]

  static let gallery: [(String, ChartSpec, Int)] = [
    ("rounded-donut", PieFixtures.spec([30, 22, 18, 12, 10, 8], labels: fruit) {
      $0.pie.roundedSlices = true
      $0.pie.sliceSpace = 3
      $0.pie.holeRadius = 0.6
      $0.pie.transparentCircleRadius = 0.65
      $0.pie.centerText = "Fruit sales\n2024"
    }, 6),
    ("half-pie", PieFixtures.spec([40, 25, 20, 15], labels: Array(fruit.prefix(4))) {
      $0.pie.maxAngle = 180
      $0.pie.rotation = 180
      $0.pie.centerText = "Half"
      $0.pie.sliceSpace = 2
    }, 4),
    ("outside-labels", PieFixtures.spec([120, 3, 2, 2, 1, 1, 1, 40, 30, 1, 2, 1.5],
                                        labels: ["Main", "Tiny a", "Tiny b", "Tiny c", "Tiny d", "Tiny e", "Tiny f",
                                                 "Large", "Medium", "Tiny g", "Tiny h", "Tiny i"]) {
      $0.pie.entryLabels = .outside
      $0.pie.valueLabels = .outside
      $0.pie.holeRadius = 0.4
      $0.pie.transparentCircleRadius = 0.45
    }, 12),
    ("highlighted-slice", PieFixtures.spec([30, 22, 18, 12, 10, 8], labels: fruit) {
      $0.pie.sliceSpace = 2
      $0.pie.centerText = "Selected:\nCherries"
      $0.highlights = [HighlightSpec(dataSet: "share", index: 2)]
    }, 6),
    ("plain-pie", PieFixtures.spec([5, -3, 0, .nan, 2], labels: ["Five", "Minus three", "Zero", "NaN", "Two"]) {
      $0.pie.holeRadius = 0
      $0.pie.transparentCircleRadius = 0
      $0.pie.percentValues = false
      $0.highlights = [HighlightSpec(dataSet: "share", index: 4)]
    }, 2),
    ("single-slice", PieFixtures.spec([42], labels: ["All"]) { $0.pie.roundedSlices = true; $0.pie.centerText = "100%" }, 1),
    ("rounded-tiny", PieFixtures.spec([50, 0.2, 0.5, 1, 30, 0.1, 18], labels: ["A", "B", "C", "D", "E", "F", "G"]) {
      $0.pie.roundedSlices = true
      $0.pie.sliceSpace = 4
      $0.pie.holeRadius = 0.7
      $0.pie.transparentCircleRadius = 0
      $0.pie.entryLabels = .none
      $0.theme = .dark
      $0.highlights = [HighlightSpec(dataSet: "share", index: 4)]
    }, 5),
    ("rounded-half-highlight", PieFixtures.spec([40, 25, 20, 15], labels: Array(fruit.prefix(4))) {
      $0.pie.maxAngle = 180
      $0.pie.rotation = 180
      $0.pie.roundedSlices = true
      $0.pie.sliceSpace = 2
      $0.pie.valueLabels = .outside
      $0.pie.centerText = "Q3\nrevenue"
      $0.highlights = [HighlightSpec(dataSet: "share", index: 1)]
    }, 4),
    ("pie-space-apex", PieFixtures.spec([55, 15, 12, 10, 8], labels: ["Most", "b", "c", "d", "e"]) {
      $0.pie.holeRadius = 0
      $0.pie.sliceSpace = 8
    }, 5),
    ("mixed-labels", PieFixtures.spec([9, 8, 7, 6, 5, 4, 3, 2, 1, 1], labels: (1...10).map { "Region \($0)" }) {
      $0.pie.rotation = 0
      $0.pie.valueLabels = .outside
      $0.pie.entryLabels = .inside
      $0.theme = .dark
    }, 10),
    ("small-canvas", PieFixtures.spec([5, 3, 2, 1], labels: ["North", "East", "South", "West"], width: 220, height: 150) {
      $0.pie.entryLabels = .outside
      $0.pie.centerText = "Total\n11"
      $0.highlights = [HighlightSpec(dataSet: "share", index: 0)]
    }, 4),
    ("many-slices", PieFixtures.spec((1...40).map { Double(($0 * 37) % 23 + 1) }, labels: (1...40).map { "Item \($0)" }) {
      $0.pie.sliceSpace = 1
      $0.pie.entryLabels = .outside
      $0.pie.valueLabels = .outside
    }, 40),
  ]

  @Test func galleryRendersEverySlice() throws {
    let dir = ProcessInfo.processInfo.environment["CHARTD_GALLERY_DIR"]
    for (name, spec, drawn) in Self.gallery {
      let svg = PieFixtures.document(spec)
      let pieLine = svg.split(separator: "\n").first { $0.contains("id=\"c-pie\"") }.map(String.init) ?? ""
      #expect(PieFixtures.attributes("data-entry", in: PieFixtures.elements("path", in: pieLine).filter { $0.contains("aria-label") }.joined()).count == drawn, "\(name)")
      if let dir {
        try svg.write(toFile: "\(dir)/\(name).svg", atomically: true, encoding: .utf8)
        try ChartRenderer.render(ChartModel(spec: spec), prefix: "c").svg
          .write(toFile: "\(dir)/\(name)-pipeline.svg", atomically: true, encoding: .utf8)
      }
    }
  }
}

/// Highlights and markers on cartesian charts (the series themselves are drawn by other renderers).
@Suite struct OverlayGalleryTests {
  @Test func overlaysRender() throws {
    func spec(_ kind: ChartKind, _ configure: (inout ChartSpec) -> Void) -> ChartSpec {
      var s = ChartSpec()
      s.kind = kind
      s.width = 640
      s.height = 360
      var ds = DataSetSpec(id: "d", label: "Revenue")
      ds.entries = EntryColumns(x: [0, 1, 2, 3, 4, 5], y: [12, 40, 25, 60, 33, 48])
      s.dataSets = [ds]
      configure(&s)
      return s
    }
    let cases: [(String, ChartSpec)] = [
      ("overlay-line", spec(.line) { $0.highlights = [HighlightSpec(dataSet: "d", index: 3)]; $0.highlightStyle.dash = [4, 3] }),
      ("overlay-line-top-right", spec(.line) { $0.highlights = [HighlightSpec(dataSet: "d", index: 5)]; $0.dataSets[0].entries.y[5] = 60 }),
      ("overlay-bar", spec(.bar) { $0.highlights = [HighlightSpec(dataSet: "d", index: 2)] }),
      ("overlay-bubble", spec(.bubble) {
        $0.dataSets[0].entries.size = [1, 4, 9, 16, 25, 36]
        $0.highlights = [HighlightSpec(dataSet: "d", index: 4)]
      }),
    ]
    let dir = ProcessInfo.processInfo.environment["CHARTD_GALLERY_DIR"]
    for (name, s) in cases {
      let svg = ChartRenderer.render(ChartModel(spec: s), prefix: "c").svg
      #expect(svg.contains("data-role=\"marker\"><path"), "\(name)")
      if let dir { try svg.write(toFile: "\(dir)/\(name).svg", atomically: true, encoding: .utf8) }
    }
  }
}
