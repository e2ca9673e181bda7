/// A custom label placed on an axis: its tick mark at the value, its text centred beside it.
public struct PlacedAxisLabel: Sendable, Hashable {
  public var text: String
  /// Px along the axis of the value (where the tick mark is).
  public var position: Double
  /// Px along the axis of the text's centre: the position, moved so the text stays on the canvas.
  public var center: Double
  public var color: Color
  /// Measured text width in px.
  public var width: Double
}

/// Places an axis's `customLabels` (protocol/spec/axes.md, "Custom labels"): each one inside the
/// domain gets a tick mark and a text that stays on the canvas; a label that would overlap an
/// earlier custom label is left out (`AxisBuilder.hideOverlappingLabels` empties the regular tick
/// labels it would overlap).
enum AxisCustomLabels {
  /// Gap in px kept between two labels along the axis.
  static let gap = 4.0

  static func place(_ plan: AxisPlan, scale: ValueScale, bounds: AxisBuilder.Bounds, color: Color) -> [PlacedAxisLabel] {
    guard plan.enabled, !plan.common.customLabels.isEmpty else { return [] }
    let fs = plan.fontSize
    let horizontal = plan.side.isHorizontal
    // The stretch of canvas the text may use along the axis: along a horizontal one, the space the
    // axes share (as their tick labels), beside a legend on the left or right.
    let (lo, hi) = horizontal
      ? (bounds.minX, bounds.maxX)
      : (bounds.padding.top, bounds.canvas.height - bounds.padding.bottom)
    // Longer texts are shortened with "…": along the axis to that stretch, across it to the band.
    // A band without a line's room has none (as a row of tick labels).
    if horizontal, TextMetrics.lineHeight(fontSize: fs) > bounds.labelRoom { return [] }
    let limit = horizontal ? hi - lo : bounds.widestAcross
    var out: [PlacedAxisLabel] = []
    for label in plan.common.customLabels where label.value.isFinite && scale.admits(label.value) && scale.contains(label.value) {
      let whole = label.text ?? ValueFormatter.format(label.value, plan.formatter, step: nil, locale: plan.locale)
      let text = TextMetrics.truncate(whole, toWidth: max(0, limit), fontSize: fs)
      guard !text.isEmpty, text != "…" else { continue }
      let width = TextMetrics.width(text, fontSize: fs)
      let position = Pixel.round(scale.map(label.value))
      let half = extent(width: width, fontSize: fs, horizontal: horizontal) / 2
      // Centred on its tick, moved inward where it would leave the canvas (never past the far edge).
      var center = position
      if center + half > hi { center = hi - half }
      if center - half < lo { center = lo + half }
      let placed = PlacedAxisLabel(text: text, position: position, center: Pixel.round(center),
                                   color: label.color ?? color, width: width)
      guard !out.contains(where: { overlap(placed, $0, fontSize: fs, horizontal: horizontal) }) else { continue }
      out.append(placed)
    }
    return out
  }

  /// Length of a label along the axis: its width on a horizontal axis, its line height on a vertical one.
  static func extent(width: Double, fontSize fs: Double, horizontal: Bool) -> Double {
    horizontal ? width : TextMetrics.lineHeight(fontSize: fs)
  }

  static func overlap(_ a: PlacedAxisLabel, _ b: PlacedAxisLabel, fontSize fs: Double, horizontal: Bool) -> Bool {
    let ha = extent(width: a.width, fontSize: fs, horizontal: horizontal) / 2
    let hb = extent(width: b.width, fontSize: fs, horizontal: horizontal) / 2
    return abs(a.center - b.center) < ha + hb + (horizontal ? gap : 1)
  }
}
