/// Shared geometry and text helpers of the series renderers.
extension SeriesContext {
  /// Pixel coordinates are kept within ±`pixelLimit`: data far outside the plot (1e300) would
  /// otherwise give numbers no SVG consumer handles; the plot clip hides the difference.
  static let pixelLimit = 1_000_000.0

  /// The SVG position of a data point, or nil when either value is not finite or the scale is degenerate.
  @inline(__always)
  func point(x: Double, y: Double) -> Point? {
    guard x.isFinite, y.isFinite else { return nil }
    let p = layout.project(x: x, y: y, xScale: xScale, yScale: yScale)
    // Finite data can still overflow to ±∞ in pixels (1e308 on a small domain): clamp it. NaN
    // only comes from a degenerate scale, which places nothing.
    guard !p.x.isNaN, !p.y.isNaN else { return nil }
    return Point(x: Self.clampPixel(p.x), y: Self.clampPixel(p.y))
  }

  /// `point(x:y:)` for an x already mapped: `px` is `xScale.map(x)`, or NaN when x is not finite.
  /// (A NaN from the map itself, a degenerate scale, places nothing either way.)
  @inline(__always)
  func point(mappedX px: Double, y: Double) -> Point? {
    guard !px.isNaN, y.isFinite else { return nil }
    let py = yScale.map(y)
    guard !py.isNaN else { return nil }
    return layout.horizontal ? Point(x: Self.clampPixel(py), y: Self.clampPixel(px))
      : Point(x: Self.clampPixel(px), y: Self.clampPixel(py))
  }

  /// Where entry `i` is drawn and the base of its band: its value and the baseline for a plain
  /// data set, the top and base of its stack band for a stacked one; nil for a gap.
  func stackedPoints(entry i: Int) -> (point: Point, base: Point?)? {
    stackedPoints(entry: i, x: entries.x, y: entries.y)
  }

  /// `stackedPoints(entry:)` with the data set's columns passed in: a loop over a chunk reads
  /// them once instead of copying the entries (a retain per column) for every point.
  @inline(__always)
  func stackedPoints<Column: RandomAccessCollection<Double>>(entry i: Int, x: Column, y: Column) -> (point: Point, base: Point?)?
  where Column.Index == Int {
    guard let stack else { return point(x: x[i], y: y[i]).map { ($0, nil) } }
    return stackedPoints(x: x[i], band: stack.band(entry: i))
  }

  /// Where an entry at `x` on the stack band `band` is drawn, and the base of the band; nil for a
  /// gap (no band).
  @inline(__always)
  func stackedPoints(x: Double, band: StackBands.Band?) -> (point: Point, base: Point?)? {
    // A log axis has no 0: the bottom of the stack stands on the axis minimum, as bars do.
    guard let band, let top = point(x: x, y: band.top), let base = point(x: x, y: yScale.placeable(band.base)) else { return nil }
    return (top, base)
  }

  @inline(__always)
  static func clampPixel(_ v: Double) -> Double { min(max(v, -pixelLimit), pixelLimit) }

  /// The value bars and area fills grow from: 0 when the y domain contains it, else the domain end
  /// nearest to 0 (as iOS Charts' default fill formatter).
  var baseline: Double {
    let lo = min(yScale.domainMin, yScale.domainMax), hi = max(yScale.domainMin, yScale.domainMax)
    guard lo.isFinite, hi.isFinite else { return 0 }
    return min(max(0, lo), hi)
  }

  /// Position of an x value along the x direction in pixels (vertical for horizontal bar charts).
  @inline(__always)
  func xPixel(_ x: Double) -> Double { xScale.map(x) }

  /// The plot's extent along the x direction.
  var xPixelRange: ClosedRange<Double> {
    layout.horizontal ? plot.minY...plot.maxY : plot.minX...plot.maxX
  }

  /// Whether an x value lands on the plot, widened by `margin` pixels on each side.
  @inline(__always)
  func isNearPlot(x: Double, margin: Double) -> Bool {
    let p = xScale.map(x)
    let r = xPixelRange
    return p >= r.lowerBound - margin && p <= r.upperBound + margin
  }

  /// A value as the data set's value labels would show it.
  func valueText(_ v: Double) -> String {
    ValueFormatter.format(v, dataSet.valueLabels.format, locale: spec.locale)
  }

  /// True when `i` is the last entry of the previous chunk, drawn again only so that lines join.
  func isJoiningEntry(_ i: Int, in indices: EntryIndices) -> Bool {
    guard i == indices.first, let last = indices.last, last != i, dataSetIndex < model.series.count else { return false }
    let index = model.series[dataSetIndex]
    return (index.origin + i) / index.chunkSize != (index.origin + last) / index.chunkSize
  }
}

extension EntryIndices {
  /// The last index, if any.
  var last: Int? {
    switch self {
    case .range(let r): return r.isEmpty ? nil : r.upperBound - 1
    case .list(let l): return l.last
    }
  }
}
