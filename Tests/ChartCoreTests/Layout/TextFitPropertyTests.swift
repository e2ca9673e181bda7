import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// Text fitting over random charts (label lengths 0…300, Latin, CJK, mixed and unbroken words, font
/// sizes, canvases down to 16×16, every kind, titles on every axis, 1…60 legend items at every legend
/// position): their frame texts (`ChartTexts`) never leave the canvas and never overlap one another
/// (touching allowed), and the renderers draw exactly those texts. The layout's last step enforces
/// the first two (`LayoutEngine.leaveOutCrowdedTexts`), so here they guard that step and how much it
/// must leave out on canvases that hold their texts (nothing, `LayoutEngineCrowdingTests`); the
/// oracle that shares none of the layout's measures is the black-box check of the ink librsvg paints
/// (`clients/blackbox/texts.py`). CHARTD_PROPERTY_STEPS runs longer.
@Suite struct TextFitPropertyTests {
  static let steps = PropertySteps.count(default: 300)
  /// CHARTD_TEXTFIT_DIR: write the SVG of every failing case (and the first few others) there for a look.
  static let dumpFolder = ProcessInfo.processInfo.environment["CHARTD_TEXTFIT_DIR"]

  static func dump(_ model: ChartModel, name: String) {
    guard let folder = dumpFolder else { return }
    let svg = ChartRenderer.render(model, prefix: "t").svg
    try? svg.write(toFile: folder + "/" + name + ".svg", atomically: true, encoding: .utf8)
  }

  /// One violation, described for the failure message.
  static func violations(_ model: ChartModel, _ layout: ChartLayout) -> [String] {
    let items = ChartTexts.list(model, layout)
    let canvas = Rect(x: 0, y: 0, width: layout.canvas.width, height: layout.canvas.height)
    var out: [String] = []
    for item in items where !item.box.isInside(canvas) {
      out.append("\(item.role) '\(item.text.text.prefix(40))' leaves the canvas: \(item.box.bounds)")
    }
    let boxes = items.map(\.box)
    // A legend placed inside the plot covers the plot by request, the texts drawn in it included.
    let insideLegend = model.spec.legend.inside
    func exempt(_ i: Int, _ j: Int) -> Bool {
      guard insideLegend else { return false }
      let (a, b) = (items[i].role, items[j].role)
      if a == "legend", b != "legend" { return boxes[j].bounds.intersects(layout.plot) }
      if b == "legend", a != "legend" { return boxes[i].bounds.intersects(layout.plot) }
      return false
    }
    for i in items.indices {
      for j in items.indices where j > i && !exempt(i, j) && boxes[i].overlaps(boxes[j]) {
        out.append("\(items[i].role) '\(items[i].text.text.prefix(30))' overlaps \(items[j].role) '\(items[j].text.text.prefix(30))'")
      }
    }
    return out
  }

  @Test func randomChartsFitEveryText() throws {
    var rng = SeededRandom(seed: UInt64(ProcessInfo.processInfo.environment["CHARTD_PROPERTY_SEED"] ?? "") ?? 16)
    var failures: [String] = []
    for step in 0..<Self.steps {
      let json = TextFitSpecs.random(&rng)
      let log = DiagnosticLog()
      guard let spec = ChartSpec.parse(json, log: log) else {
        Issue.record("step \(step): spec rejected: \(log.errors)")
        continue
      }
      let model = ChartModel(spec: spec)
      let layout = LayoutEngine.layout(model)
      var v = Self.violations(model, layout)
      if layout.canvas.width >= 160, layout.canvas.height >= 120 {
        // Where the canvas holds its texts, the fitting rules alone place them apart: the last
        // step leaves nothing out.
        var memos = AxisMemos()
        let fitted = LayoutEngine.fitted(model, plans: spec.kind == .pie ? nil : AxisPlanner.plans(model), memos: &memos)
        v += Self.violations(model, fitted).map { "before the last step: " + $0 }
        if fitted != layout { v.append("the last step changed a layout whose texts fit") }
      }
      if step % 10 == 0 {
        // The renderers draw the listed texts: each one is a text node of the SVG.
        let svg = ChartRenderer.render(model, prefix: "t").svg
        for item in ChartTexts.list(model, layout) {
          var escaped = ""
          XMLEscape.appendText(item.text.text, to: &escaped)
          if !svg.contains(">" + escaped + "</") { v.append("\(item.role) '\(item.text.text.prefix(30))' is not drawn") }
        }
      }
      if !v.isEmpty || step < 8 {
        Self.dump(model, name: "\(v.isEmpty ? "ok" : "fail")-\(step)")
        if let folder = Self.dumpFolder {
          try? JSONWriter.indented(json).write(toFile: folder + "/\(step).json", atomically: true, encoding: .utf8)
        }
      }
      if !v.isEmpty, failures.count < 12 {
        failures.append("step \(step) \(spec.kind) \(layout.canvas.width)x\(layout.canvas.height) legend \(LegendLayouter.placement(spec.legend)) \(spec.legend.orientation) n=\(layout.legend?.items.count ?? 0): \(v.prefix(3).joined(separator: "; "))")
      }
    }
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
  }

  /// The oracle can fail: two tick labels drawn on one spot overlap, a title past the edge leaves.
  @Test func theOracleSeesOverlapAndOverflow() throws {
    let a = PlacedText("Revenue", x: 50, y: 50, fontSize: 11), b = PlacedText("Profit", x: 60, y: 52, fontSize: 11)
    #expect(a.box.overlaps(b.box))
    let slanted1 = PlacedText("January 2026", x: 100, y: 100, anchor: .end, fontSize: 11, rotation: -45)
    let slanted2 = PlacedText("February 2026", x: 120, y: 100, anchor: .end, fontSize: 11, rotation: -45)
    #expect(!slanted1.box.overlaps(slanted2.box))
    #expect(slanted1.box.bounds.intersects(slanted2.box.bounds))
    let touching = PlacedText("Profit", x: 50, y: 50 + TextMetrics.lineHeight(fontSize: 11), fontSize: 11)
    #expect(!a.box.overlaps(touching.box))
    let canvas = Rect(x: 0, y: 0, width: 100, height: 100)
    #expect(!PlacedText("A long title", x: 95, y: 20, fontSize: 11).box.isInside(canvas))
  }

  /// The issue's case: 640×360, a 200-character y title, long categories, legend labels and x title.
  @Test func issueCaseFitsEveryText() throws {
    let log = DiagnosticLog()
    let spec = try #require(ChartSpec.parse(TextFitSpecs.issueCase, log: log), "\(log.errors)")
    let model = ChartModel(spec: spec)
    let layout = LayoutEngine.layout(model)
    let v = Self.violations(model, layout)
    #expect(v.isEmpty, "\(v.joined(separator: "\n"))")
    let titleLines = try #require(layout.left?.titleLines)
    #expect(titleLines.count == AxisTexts.maxTitleLines)
    #expect(titleLines.last?.hasSuffix("…") == true)
  }
}
