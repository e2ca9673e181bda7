/// Draws one chunk of a bubble data set (size normalised as √(size/max)).
///
/// A pure function of its inputs: it writes the inner markup of its region and nothing else.
/// One `<circle>` per bubble, with an `aria-label`; the largest size over the whole data set gets
/// `maxDiameter` (at most a quarter of the pane's shorter side, `BubbleSizing`), so every chunk
/// scales alike. Sizes that are not positive draw nothing.
public enum BubbleRenderer {
  /// Writes one circle per bubble of the chunk.
  public static func render(_ ctx: SeriesContext, into svg: inout SVGWriter) {
    let style = ctx.dataSet.bubble
    let e = ctx.entries
    let maxDiameter = BubbleSizing.maxDiameter(style, in: ctx.plot)
    guard let sizes = e.size, let maxSize = ctx.model.largestBubbleSize(dataSet: ctx.dataSetIndex), maxDiameter > 0 else { return }
    let n = min(e.x.count, e.y.count, sizes.count)
    let opacity = min(max(style.opacity, 0), 1)
    let plot = ctx.plot
    let aria = AriaLabels(ctx)
    ctx.indices.forEach { i in
      guard i >= 0, i < n else { return }
      let size = sizes[i]
      guard size.isFinite, size > 0, let p = ctx.point(x: e.x[i], y: e.y[i]) else { return }
      let r = diameter(size: size, maxSize: maxSize, maxDiameter: maxDiameter) / 2
      guard p.x >= plot.minX - r, p.x <= plot.maxX + r, p.y >= plot.minY - r, p.y <= plot.maxY + r else { return }
      let color = ctx.color(ofEntry: i)
      svg.open("circle")
      svg.attr("cx", p.x)
      svg.attr("cy", p.y)
      svg.attr("r", r)
      svg.attr("fill", color.hexString)
      svg.attr("fill-opacity", color.alpha * opacity)
      // A crisp outline keeps overlapping translucent bubbles apart.
      svg.attr("stroke", color: color)
      svg.attr("aria-label") {
        aria.start(entry: i, into: &$0)
        aria.value(e.y[i], into: &$0)
        aria.words(Self.sizeWords, into: &$0)
        aria.value(size, into: &$0)
      }
      svg.selfClose()
    }
  }

  /// ", size " between a bubble's value and its size in its `aria-label`.
  private static let sizeWords = Array(", size ".utf8)

  /// Diameter = maxDiameter · √(size / maxSize): bubble areas are proportional to sizes.
  public static func diameter(size: Double, maxSize: Double, maxDiameter: Double) -> Double {
    guard size > 0, maxSize > 0 else { return 0 }
    return maxDiameter * min(1, (size / maxSize).squareRoot())
  }

  /// The pixels a bubble may cover beyond its centre: half the largest diameter (each bubble's
  /// own radius, at most that, is what `render` culls by).
  static func reach(_ style: BubbleStyle, in plot: Rect) -> Double { BubbleSizing.maxDiameter(style, in: plot) / 2 }

  /// The largest finite positive size, or nil (`ChartModel.largestBubbleSize` keeps it per data set).
  static func largestSize<C: Collection<Double>>(_ sizes: C) -> Double? {
    var best = 0.0
    for s in sizes where s.isFinite && s > best { best = s }
    return best > 0 ? best : nil
  }
}
