import Foundation
import Testing
@testable import ChartCore

/// The chrome renderers: crisp lines, labels, badges, dimmed legend items, front/back limit lines
/// (every in-plot label in front).
@Suite struct ChromeRendererTests {
  func render(_ spec: ChartSpec, _ body: (ChartModel, ChartLayout, inout SVGWriter) -> Void) -> String {
    let model = ChartModel(spec: spec)
    var svg = SVGWriter()
    body(model, LayoutEngine.layout(model), &svg)
    return svg.output
  }

  @Test func gridLinesAreCrisp() throws {
    let out = render(SampleCharts.line) { GridRenderer.render(model: $0, layout: $1, into: &$2) }
    #expect(out.hasPrefix("<path d=\"M"))
    #expect(!out.contains("\n"))
    // Every horizontal grid line sits on a half pixel: "M<x> <y>.5H" (or "h", a step).
    let d = Markup.elements("path", in: out).compactMap { $0["d"] }.joined()
    let l = LayoutEngine.layout(ChartModel(spec: SampleCharts.line))
    for t in try #require(l.left).ticks {
      let y = Pixel.crisp(t.position, width: 1)
      #expect(y - y.rounded(.down) == 0.5)
      #expect(d.contains("M\(SVGNumber.format(l.plot.minX)) \(SVGNumber.format(y))H"))
    }
  }

  @Test func axisLabelsAndTitle() throws {
    let spec = SampleCharts.line
    let model = ChartModel(spec: spec)
    let l = LayoutEngine.layout(model)
    var svg = SVGWriter()
    AxisRenderer.render(axis: try #require(l.left), plot: l.plot, model: model, layout: l, into: &svg)
    for label in ["100", "300", "600", "req/s"] { #expect(svg.output.contains(">\(label)</text>")) }
    #expect(svg.output.contains("text-anchor=\"end\""))
    #expect(svg.output.contains("rotate(-90"))
  }

  @Test func rotatedLabelsCarryTheirRotation() throws {
    let spec = SampleCharts.rotated
    let out = render(spec) { m, l, svg in if let x = l.x { AxisRenderer.render(axis: x, plot: l.frame, model: m, layout: l, into: &svg) } }
    #expect(out.contains("transform=\"rotate(-45 "))
    #expect(out.contains(">January 2024</text>"))
  }

  @Test func badgeIsDrawnOnTheAxis() throws {
    let out = render(SampleCharts.candles) { m, l, svg in
      if let r = l.right { AxisRenderer.render(axis: r, plot: l.plot, model: m, layout: l, into: &svg) }
    }
    #expect(out.contains("<rect"))
    #expect(out.contains("fill=\"#d1242f\""))
  }

  @Test func legendItemDimmedButInPlace() throws {
    var spec = SampleCharts.line
    spec.dataSets[0].visible = false
    let model = ChartModel(spec: spec)
    let l = LayoutEngine.layout(model)
    let items = try #require(l.legend?.items)
    var hidden = SVGWriter(), shown = SVGWriter()
    LegendRenderer.render(item: items[0], id: "legend-a", model: model, layout: l, into: &hidden)
    LegendRenderer.render(item: items[1], id: "legend-b", model: model, layout: l, into: &shown)
    #expect(hidden.output.contains("opacity=\"0.45\"") && hidden.output.contains(">api</text>"))
    #expect(!shown.output.contains("opacity"))
    // The hit area is painted (transparent) so a browser delivers clicks on the whole item.
    #expect(shown.output.hasPrefix("<rect x=\"\(SVGNumber.format(items[1].hitRect.x))\""))
  }

  @Test func limitLinesSplitFrontAndBack() {
    var spec = SampleCharts.darkLine
    spec.limitLines[1].inFront = true
    let back = render(spec) { LimitLineRenderer.render(front: false, model: $0, layout: $1, into: &$2) }
    let front = render(spec) { LimitLineRenderer.render(front: true, model: $0, layout: $1, into: &$2) }
    // The line behind the data draws its path there; its label goes in front, over the data.
    #expect(!back.contains("<text") && back.components(separatedBy: "<path").count == 2)
    #expect(back.contains("stroke-dasharray=\"6 4\""))
    #expect(front.components(separatedBy: "<path").count == 2 && !front.contains("stroke-dasharray=\"6 4\""))
    let slo = try! #require(front.range(of: "SLO 75 ms")), deploy = try! #require(front.range(of: "deploy"))
    let lastPath = try! #require(front.range(of: "<path", options: .backwards))
    #expect(lastPath.lowerBound < slo.lowerBound && slo.lowerBound < deploy.lowerBound)
  }

  @Test func titleIsBoldAndCentred() throws {
    let out = render(SampleCharts.line) { m, l, svg in if let t = l.title { TitleRenderer.render(title: t, model: m, layout: l, into: &svg) } }
    #expect(out.contains("font-weight=\"bold\"") && out.contains("text-anchor=\"middle\""))
    #expect(out.contains(">Requests per second</text>"))
  }
}
