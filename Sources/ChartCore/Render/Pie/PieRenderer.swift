import Foundation

/// Draws the slices of a pie/donut, the translucent ring, centre text and entry/value labels.
///
/// A pure function of its inputs: it writes the inner markup of its region and nothing else.
/// Slices come from `PieSlices.compute` (the rules for negative, zero and NaN values are there);
/// each slice is its own `<path>` with `data-entry` and an `aria-label`.
public enum PieRenderer {
  /// Writes the pie region's inner markup (nothing when there is no pie layout or no slice).
  public static func render(model: ChartModel, layout: ChartLayout, into svg: inout SVGWriter) {
    guard let pie = layout.pie, pie.radius.isFinite, pie.radius > 0, pie.center.x.isFinite, pie.center.y.isFinite
    else { return }
    let spec = model.spec
    let result = PieSlices.compute(model)
    if !result.slices.isEmpty {
      for slice in result.slices {
        guard let d = shape(slice, result, pie, spec, outerRadius: pie.radius, innerRadius: holeRadius(pie, spec)).path()
        else { continue }
        svg.open("path")
        svg.attr("d", d)
        svg.attr("fill", color: slice.color)
        svg.attr("data-entry", Double(slice.index))
        svg.attr("aria-label", PieLabelText.accessibilityLabel(slice, spec))
        svg.selfClose()
      }
      transparentRing(pie, spec, layout.theme, into: &svg)
      for slice in result.slices { insideLabels(slice, pie, spec, into: &svg) }
      if pie.outsideLabels, PieLabelText.hasOutside(spec) {
        let hole = holeRadius(pie, spec)
        let rim = { (slice: PieSlice) in shape(slice, result, pie, spec, outerRadius: pie.radius, innerRadius: hole).outerExtent() }
        for label in PieLabelPlacer.outsideLabels(result.slices, pie, spec, rim: rim) {
          outsideLabel(label, spec, layout.theme, into: &svg)
        }
      }
    }
    centerText(pie, spec, layout.theme, span: result.span, into: &svg)
  }

  /// The effective hole radius (the hole fraction is clamped to 0…1 of the radius).
  static func holeRadius(_ pie: PieLayout, _ spec: ChartSpec) -> Double {
    guard pie.holeRadius.isFinite else { return 0 }
    return min(max(0, pie.holeRadius), pie.radius)
  }

  /// The outline of `slice` between the given radii, with the pie's slice space and rounded ends.
  static func shape(_ slice: PieSlice, _ result: PieSlices.Result, _ pie: PieLayout, _ spec: ChartSpec,
                    outerRadius: Double, innerRadius: Double) -> PieSliceShape {
    let single = result.slices.count == 1
    let space = spec.pie.sliceSpace.isFinite ? max(0, spec.pie.sliceSpace) : 0
    return PieSliceShape(center: pie.center, innerRadius: innerRadius, outerRadius: outerRadius, start: slice.start,
                         sweep: slice.sweep, space: single ? 0 : space, rounded: spec.pie.roundedSlices,
                         fullCircle: single && result.span >= 2 * .pi - 1e-9)
  }

  /// The outline of `slice` highlighted: the slice again, reaching `selectionShift` px beyond the
  /// rim, from the translucent ring's outer edge when there is one (so that the ring drawn over the
  /// pie still shows through, as it does on the other slices), else from the hole.
  static func highlightShape(_ slice: PieSlice, _ result: PieSlices.Result, _ pie: PieLayout, _ spec: ChartSpec) -> PieSliceShape {
    let shift = pie.selectionShift
    let inner = hasTransparentRing(pie, spec) ? min(pie.transparentCircleRadius, pie.radius) : holeRadius(pie, spec)
    return shape(slice, result, pie, spec, outerRadius: pie.radius + shift, innerRadius: inner)
  }

  /// Whether the translucent ring is drawn: a hole, a wider transparent circle, some opacity, and
  /// square ends (over rounded ends the ring would cut a pale crescent into every cap).
  static func hasTransparentRing(_ pie: PieLayout, _ spec: ChartSpec) -> Bool {
    let hole = holeRadius(pie, spec)
    return hole > 0 && pie.transparentCircleRadius.isFinite && pie.transparentCircleRadius > hole
      && spec.pie.transparentCircleOpacity > 0 && !spec.pie.roundedSlices
  }

  /// The ring between the hole and the transparent circle, in the background colour, translucent.
  static func transparentRing(_ pie: PieLayout, _ spec: ChartSpec, _ theme: Theme, into svg: inout SVGWriter) {
    guard hasTransparentRing(pie, spec) else { return }
    let outer = min(pie.transparentCircleRadius, pie.radius)
    let ring = PieSliceShape(center: pie.center, innerRadius: holeRadius(pie, spec), outerRadius: outer,
                             start: 0, sweep: 2 * .pi, fullCircle: true)
    guard let d = ring.path() else { return }
    svg.open("path")
    svg.attr("d", d)
    svg.attr("fill", color: theme.background.withAlpha(min(1, spec.pie.transparentCircleOpacity)))
    svg.attr("data-role", "transparent-circle")
    svg.selfClose()
  }

  /// The labels drawn inside a slice (also redrawn over a highlighted slice), skipped when they
  /// would not fit between the slice's edges and rims.
  static func insideLabels(_ slice: PieSlice, _ pie: PieLayout, _ spec: ChartSpec, into svg: inout SVGWriter) {
    let lines = PieLabelText.insideLines(slice, spec)
    guard !lines.isEmpty else { return }
    let font = PieLabelText.fontSize(spec), lh = PieLabelText.lineHeight(spec)
    let hole = holeRadius(pie, spec)
    let labelRadius = hole > 0 ? (hole + pie.radius) / 2 : pie.radius * 0.62
    let width = lines.map { TextMetrics.width($0, fontSize: font) }.max() ?? 0
    let height = lh * Double(lines.count)
    // Extent of the text box across and along the radius at the bisector.
    let a = slice.midAngle
    let across = width * abs(sin(a)) + height * abs(cos(a))
    let along = width * abs(cos(a)) + height * abs(sin(a))
    let arcRoom = slice.sweep >= .pi ? Double.infinity : 2 * labelRadius * sin(slice.sweep / 2)
    guard across <= arcRoom - spec.pie.sliceSpace, along <= (pie.radius - hole) * (hole > 0 ? 1 : 0.75) else { return }
    let center = polar(pie.center, labelRadius, a)
    let color = spec.pie.labelColor ?? (slice.color.luminance > 0.4 ? Color(hex: 0x1f2328) : Color(hex: 0xffffff))
    let top = center.y - height / 2 + lh / 2
    for (k, line) in lines.enumerated() {
      svg.textElement(line, x: center.x, y: top + Double(k) * lh + font * 0.35, anchor: "middle", fontSize: font,
                      color: color, weight: k == lines.count - 1 && lines.count > 1 ? "600" : nil)
    }
  }

  /// One outside label and its value line.
  static func outsideLabel(_ label: PieOutsideLabel, _ spec: ChartSpec, _ theme: Theme, into svg: inout SVGWriter) {
    var p = PathBuilder()
    for (k, q) in label.line.enumerated() {
      if k == 0 { p.move(q.x, q.y) } else { p.line(q.x, q.y) }
    }
    svg.open("path")
    svg.attr("d", path: p)
    svg.attr("fill", "none")
    svg.attr("stroke", color: spec.pie.valueLineColor ?? label.slice.color)
    svg.attr("stroke-width", 1)
    svg.attr("data-entry", Double(label.slice.index))
    svg.selfClose()
    let font = PieLabelText.fontSize(spec)
    svg.open("text")
    svg.attr("x", label.textX)
    svg.attr("y", label.centerY + font * 0.35)
    svg.attr("text-anchor", label.rightSide ? "start" : "end")
    svg.attr("font-size", font)
    svg.attr("fill", color: spec.pie.labelColor ?? theme.text)
    svg.close()
    if let text = label.label { svg.text(text) }
    if let value = label.value {
      if label.label != nil { svg.text(" ") }
      svg.open("tspan")
      svg.attr("font-weight", "600")
      svg.close()
      svg.text(value)
      svg.end("tspan")
    }
    svg.end("text")
  }
}
