/// Stacked bars: segments of one entry piled up from 0, negatives downward.
extension BarRenderer {
  /// The colour of stack segment `segment` of a data set: its colour list cycled per segment;
  /// without a list, the data set colour for the first segment and the following palette colours
  /// for the others (so that a stack is readable without configuration).
  public static func stackSegmentColor(model: ChartModel, dataSetIndex: Int, segment: Int) -> Color {
    let colors = model.spec.dataSets[dataSetIndex].colors
    if !colors.isEmpty { return colors[segment % colors.count] }
    return segment == 0 ? model.color(of: dataSetIndex) : model.theme.paletteColor(dataSetIndex + segment)
  }

  static func writeStack(_ ctx: SeriesContext, entry i: Int, _ placement: Placement, _ style: BarStyle,
                         _ aria: AriaLabels, into svg: inout SVGWriter) {
    for bar in shapes(ctx, entry: i, placement, style) {
      bar.shape.open(into: &svg)
      svg.attr("fill", color: stackSegmentColor(model: ctx.model, dataSetIndex: ctx.dataSetIndex, segment: bar.segment ?? 0))
      writeBorder(ctx, style, into: &svg)
      writeAriaLabel(aria, ctx, entry: i, bar, into: &svg)
      svg.selfClose()
    }
  }
}
