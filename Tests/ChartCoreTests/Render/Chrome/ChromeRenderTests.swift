import Foundation
import Testing
@testable import ChartCore

/// Renders real charts; with CHARTD_RENDER_DIR set, writes their SVG there to be rasterized and looked at.
@Suite struct ChromeRenderTests {
  @Test(arguments: SampleCharts.all.map(\.0))
  func renders(_ name: String) throws {
    let spec = try #require(SampleCharts.all.first { $0.0 == name }?.1)
    let chart = ChartRenderer.render(ChartModel(spec: spec), prefix: "c")
    let svg = chart.svg
    // One line per region, and the same input gives the same bytes.
    #expect(svg.split(separator: "\n").count == chart.markup.count + 2)
    #expect(ChartRenderer.render(ChartModel(spec: spec), prefix: "c").svg == svg)
    if let dir = ProcessInfo.processInfo.environment["CHARTD_RENDER_DIR"] {
      try svg.write(toFile: dir + "/" + name + ".svg", atomically: true, encoding: .utf8)
    }
  }
}
