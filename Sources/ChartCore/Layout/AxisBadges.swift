/// On-axis limit-line labels: a filled box on the axis band at the line's value (the K-line
/// "specific value" label), placed from the scale so that it follows zoom and resize.
enum AxisBadges {
  /// Badges of the plan's limit lines whose value lies inside the axis domain, fitted as every frame
  /// text is: a text longer than the band (across a vertical axis) or the canvas (along a
  /// horizontal one) is shortened with "…", a badge along a horizontal axis is moved inward to stay
  /// on the canvas, and a badge that would overlap an earlier one is left out.
  /// `step` is the tick step (nil on log axes, whose ticks share none); `base`: px between the plot
  /// edge and the labels (tick and gap), which a badge takes too.
  static func make(_ plan: AxisPlan, scale: ValueScale, step: Double?, plot: Rect, bounds: AxisBuilder.Bounds,
                   base: Double, theme: Theme) -> [AxisBadge] {
    guard plan.enabled else { return [] }
    let fs = plan.fontSize
    let height = (fs + 6).rounded()
    let horizontal = plan.side.isHorizontal
    // The box is the text and 4 px each side; across a vertical axis it keeps to the labels' band.
    let textLimit = horizontal ? bounds.maxX - bounds.minX - 8 : bounds.widestAcross + base - 10
    // A band too thin for a badge across it has none.
    if horizontal, height + 2 > bounds.labelRoom + base { return [] }
    var out: [AxisBadge] = []
    for line in plan.badges where line.value.isFinite && scale.contains(line.value) {
      // Two more decimals than the ticks: the line marks a precise value (a price), not a round one.
      var text = line.label.flatMap { $0.isEmpty ? nil : $0 }
        ?? ValueFormatter.format(line.value, plan.formatter, step: step.map { $0 / 100 }, locale: plan.locale)
      text = TextMetrics.truncate(text, toWidth: max(0, textLimit), fontSize: fs)
      guard !text.isEmpty, text != "…" else { continue }
      let width = (TextMetrics.width(text, fontSize: fs) + 8).rounded(.up)
      let p = scale.map(line.value)
      // Along a horizontal axis: centred on the value, moved inward where it would leave the canvas.
      let x = min(max(Pixel.round(p - width / 2), bounds.minX), bounds.maxX - width)
      let box: Rect
      switch plan.side {
      case .right: box = Rect(x: plot.maxX + 1, y: Pixel.round(p - height / 2), width: width, height: height)
      case .left: box = Rect(x: plot.minX - 1 - width, y: Pixel.round(p - height / 2), width: width, height: height)
      case .bottom: box = Rect(x: x, y: plot.maxY + 1, width: width, height: height)
      case .top: box = Rect(x: x, y: plot.minY - 1 - height, width: width, height: height)
      }
      let apart = horizontal
        ? { (b: Rect) in box.minX >= b.maxX + 2 || box.maxX + 2 <= b.minX }
        : { (b: Rect) in box.minY >= b.maxY || box.maxY <= b.minY }
      guard out.allSatisfy({ apart($0.box) }) else { continue }
      let background = line.labelBackground ?? line.color ?? theme.limitLine
      let textColor = line.labelColor ?? (background.luminance > 0.45 ? Color(hex: 0x1f2328) : Color(hex: 0xffffff))
      out.append(AxisBadge(text: text, box: box, background: background, textColor: textColor))
    }
    return out
  }
}
