/// How large bubbles are drawn in a plot: the one rule the axes pad their domains for
/// (`AxisBuilder`, `AxisPlan.paddedForMarks`) and the renderers, the hit test and the highlight
/// draw and measure by.
enum BubbleSizing {
  /// The share of the plot's shorter side the largest bubble may span.
  static let plotShare = 0.25

  /// The diameter of a data set's largest bubble in `plot` (its pane): the style's `maxDiameter`,
  /// at most `plotShare` of the plot's shorter side, 0 when not positive and finite.
  ///
  /// The axes widen their domains so that the largest bubble stays whole inside the plot, which no
  /// widening can do once it spans half the plot: 40 px bubbles on a tile's 70 px plot were cut at
  /// its edges.
  static func maxDiameter(_ style: BubbleStyle, in plot: Rect) -> Double {
    guard style.maxDiameter.isFinite, style.maxDiameter > 0 else { return 0 }
    return min(style.maxDiameter, largestDiameter(in: plot))
  }

  /// `plotShare` of the shorter side of `plot`: the most any bubble's diameter may be there.
  static func largestDiameter(in plot: Rect) -> Double {
    let side = min(plot.width, plot.height)
    return side.isFinite ? max(0, side) * plotShare : 0
  }
}
