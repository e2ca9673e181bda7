/// Chunks whose marks all lie beyond the plot along x draw nothing, and are seen to without a look
/// at their entries: a pan or a zoom into a large data set draws every chunk again (the x scale
/// moved), and all but the few in view are empty groups.
extension RegionRenderer {
  /// Whether every entry of chunk `chunk` lies further beyond the plot along x than its kind's
  /// marks reach (`reach` of each renderer, which leaves such entries out), so that its renderer
  /// would write nothing. False where that is not known from the chunk's x extent: lines (their
  /// segments join the chunks), and M4 chunks (numbered by columns).
  static func chunkDrawsNothing(_ ctx: SeriesContext, kind: SeriesKind?, chunk: Int) -> Bool {
    let offset: Double, margin: Double
    switch kind {
    case .scatter?: (offset, margin) = (0, ScatterRenderer.reach(ctx.dataSet.scatter))
    case .bubble?: (offset, margin) = (0, BubbleRenderer.reach(ctx.dataSet.bubble, in: ctx.plot))
    case .candlestick?: (offset, margin) = (0, CandleRenderer.reach(ctx))
    case .bar?: (offset, margin) = BarRenderer.reach(ctx, BarRenderer.placement(ctx))
    case .line?, nil: return false
    }
    guard margin.isFinite, offset.isFinite, let extent = ctx.model.series[ctx.dataSetIndex].xExtent(ofChunks: chunk...chunk)
    else { return false }
    // The scale is monotonic, so every entry's position lies between those of the extent's ends;
    // two pixels more than the marks reach, for the rounding of positions to hundredths.
    let a = ctx.xScale.map(extent.lowerBound + offset), b = ctx.xScale.map(extent.upperBound + offset)
    let r = ctx.xPixelRange, slack = margin + 2
    return max(a, b) < r.lowerBound - slack || min(a, b) > r.upperBound + slack
  }
}
