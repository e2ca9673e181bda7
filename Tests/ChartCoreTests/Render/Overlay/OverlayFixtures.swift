import Foundation
@testable import ChartCore

/// A hand-built cartesian layout for highlight and marker tests: plot (50, 20, 500 × 300),
/// x 0…10 → 50…550 px, left y 0…100 → 320…20 px (right y −50…50 on the same pixels).
enum OverlayFixtures {
  static let plot = Rect(x: 50, y: 20, width: 500, height: 300)

  static func layout(horizontal: Bool = false, bars: BarGeometry? = nil) -> ChartLayout {
    let xs: ValueScale, ys: ValueScale, yr: ValueScale
    if horizontal {
      // Horizontal bars: x values run down the plot, y values across it.
      xs = ValueScale(domainMin: 0, domainMax: 10, rangeStart: plot.minY, rangeEnd: plot.maxY)
      ys = ValueScale(domainMin: 0, domainMax: 100, rangeStart: plot.minX, rangeEnd: plot.maxX)
      yr = ys
    } else {
      xs = ValueScale(domainMin: 0, domainMax: 10, rangeStart: plot.minX, rangeEnd: plot.maxX)
      ys = ValueScale(domainMin: 0, domainMax: 100, rangeStart: plot.maxY, rangeEnd: plot.minY)
      yr = ValueScale(domainMin: -50, domainMax: 50, rangeStart: plot.maxY, rangeEnd: plot.minY)
    }
    let band = Rect(x: 0, y: 0, width: 10, height: 10)
    return ChartLayout(canvas: Size(width: 600, height: 360), plot: plot, theme: .light,
                       x: AxisLayout(side: .bottom, scale: xs, ticks: [], band: band, fontSize: 11),
                       left: AxisLayout(side: .left, scale: ys, ticks: [Tick(value: 0, label: "0", position: 320),
                                                                         Tick(value: 20, label: "20", position: 260)],
                                        band: band, fontSize: 11),
                       right: AxisLayout(side: .right, scale: yr, ticks: [], band: band, fontSize: 11),
                       bars: bars, horizontal: horizontal)
  }

  /// A chart of `kind` with one data set "d" holding `x`/`y`, highlighted at `index`.
  static func model(_ kind: ChartKind, x: [Double], y: [Double], highlight index: Int?,
                    _ configure: (inout ChartSpec) -> Void = { _ in }) -> ChartModel {
    var spec = ChartSpec()
    spec.kind = kind
    var ds = DataSetSpec(id: "d", label: "Revenue")
    ds.entries = EntryColumns(x: x, y: y)
    spec.dataSets = [ds]
    if let index { spec.highlights = [HighlightSpec(dataSet: "d", index: index)] }
    configure(&spec)
    return ChartModel(spec: spec)
  }

  static func highlight(_ model: ChartModel, _ layout: ChartLayout) -> String {
    PieFixtures.markup { HighlightRenderer.render(model: model, layout: layout, into: &$0) }
  }

  static func marker(_ model: ChartModel, _ layout: ChartLayout) -> String {
    PieFixtures.markup { MarkerRenderer.render(model: model, layout: layout, into: &$0) }
  }
}
