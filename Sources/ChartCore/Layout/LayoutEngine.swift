/// Computes the layout of a chart state: plot rectangle, axes with ticks, legend, title, pie and bars.
///
/// - Note: placeholder body (plain linear scales, no ticks); the layout work replaces it.
public enum LayoutEngine {
  public static func layout(_ model: ChartModel) -> ChartLayout {
    let spec = model.spec
    let plot = Rect(x: 50, y: 20, width: max(1, spec.width - 100), height: max(1, spec.height - 60))
    var xr: ClosedRange<Double>? = nil
    var yr: ClosedRange<Double>? = nil
    for i in spec.dataSets.indices where model.countsForRange(i) {
      if let r = model.xRange(dataSet: i) { xr = xr.map { min($0.lowerBound, r.lowerBound)...max($0.upperBound, r.upperBound) } ?? r }
      if let r = model.valueRange(dataSet: i) { yr = yr.map { min($0.lowerBound, r.lowerBound)...max($0.upperBound, r.upperBound) } ?? r }
    }
    let xs = LinearScale(domainMin: xr?.lowerBound ?? 0, domainMax: xr?.upperBound ?? 1, rangeStart: plot.minX, rangeEnd: plot.maxX)
    let ys = LinearScale(domainMin: yr?.lowerBound ?? 0, domainMax: yr?.upperBound ?? 1, rangeStart: plot.maxY, rangeEnd: plot.minY)
    let theme = model.theme
    if spec.kind == .pie {
      let r = min(plot.width, plot.height) / 2
      return ChartLayout(canvas: Size(width: spec.width, height: spec.height), plot: plot, theme: theme,
                         pie: PieLayout(center: Point(x: plot.midX, y: plot.midY), radius: r, holeRadius: r * spec.pie.holeRadius,
                                        transparentCircleRadius: r * spec.pie.transparentCircleRadius, total: 1))
    }
    return ChartLayout(
      canvas: Size(width: spec.width, height: spec.height), plot: plot, theme: theme,
      x: AxisLayout(side: .bottom, scale: xs, ticks: [], band: Rect(x: plot.minX, y: plot.maxY, width: plot.width, height: 20), fontSize: spec.fontSize),
      left: AxisLayout(side: .left, scale: ys, ticks: [], band: Rect(x: 0, y: plot.minY, width: plot.minX, height: plot.height), fontSize: spec.fontSize),
      bars: BarGeometry(barWidth: spec.bars.barWidth, offsets: [:]))
  }
}
