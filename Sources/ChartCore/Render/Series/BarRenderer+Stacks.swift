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

  static func writeStack(_ ctx: SeriesContext, entry i: Int, segments: [Double], _ placement: Placement,
                         _ style: BarStyle, into svg: inout SVGWriter) {
    let x = ctx.entries.x[i]
    let lastPositive = segments.lastIndex { $0.isFinite && $0 > 0 }
    let lastNegative = segments.lastIndex { $0.isFinite && $0 < 0 }
    let firstPositive = segments.firstIndex { $0.isFinite && $0 > 0 }
    let firstNegative = segments.firstIndex { $0.isFinite && $0 < 0 }
    var positive = 0.0, negative = 0.0
    for (s, v) in segments.enumerated() where v.isFinite && v != 0 {
      let from = v > 0 ? positive : negative
      let to = from + v
      if v > 0 { positive = to } else { negative = to }
      guard let (rect, end) = segment(ctx, x: x, from: from, to: to, placement) else { continue }

      var ends: [BarShape.End] = []
      if style.roundOuterEndOnly {
        // Only the two outer ends of the whole stack are rounded, never a joint between segments.
        if s == lastPositive || s == lastNegative { ends.append(end) }
        if style.corners == .both {
          if lastNegative == nil, s == firstPositive { ends.append(end.opposite) }
          if lastPositive == nil, s == firstNegative { ends.append(end.opposite) }
        }
      } else {
        ends = roundedEnds(end, style)
      }
      BarShape(rect: rect, rounding: ends, radius: style.cornerRadius).open(into: &svg)
      svg.attr("fill", color: stackSegmentColor(model: ctx.model, dataSetIndex: ctx.dataSetIndex, segment: s))
      writeBorder(ctx, style, into: &svg)
      let labels = ctx.dataSet.stackLabels
      let name = s < labels.count ? "\(ctx.dataSet.label), \(labels[s])" : ctx.dataSet.label
      svg.attr("aria-label", ctx.ariaLabel(entry: i, value: ctx.valueText(v), name: name))
      svg.selfClose()
    }
  }
}
