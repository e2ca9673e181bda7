import Foundation

extension PieRenderer {
  /// Multi-line centre text ("\n" separates lines), shrunk to fit the hole (or the pie without one).
  ///
  /// In a pie spanning half a circle or less, the block moves out of the centre into the swept side
  /// so that it sits inside the half ring rather than straddling its open edge.
  static func centerText(_ pie: PieLayout, _ spec: ChartSpec, _ theme: Theme, span: Double, into svg: inout SVGWriter) {
    guard let text = spec.pie.centerText, !text.isEmpty else { return }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
    let requested = spec.pie.centerTextFontSize ?? spec.fontSize * 1.3
    let hole = holeRadius(pie, spec)
    let room = (hole > 0 ? hole : pie.radius) * 0.92
    let half = span <= .pi + 1e-9
    // Width and height of the block at font size 1; both grow linearly with the size.
    let unitWidth = lines.map { TextMetrics.width($0, fontSize: 1) }.max() ?? 0
    let unitHeight = Double(lines.count) * 1.2 * (half ? 2 : 1)
    let fitted = room / max(1e-9, ((unitWidth / 2) * (unitWidth / 2) + (unitHeight / 2) * (unitHeight / 2)).squareRoot())
    let font = max(6, min(requested.isFinite && requested > 0 ? requested : 14, fitted))
    let lh = font * 1.2
    let height = lh * Double(lines.count)
    var center = pie.center
    if half {
      let mid = PieSlices.startRadians(spec.pie.rotation) + span / 2
      let extent = unitWidth * font / 2 * abs(cos(mid)) + height / 2 * abs(sin(mid))
      center = polar(center, extent, mid)
    }
    let firstBaseline = center.y - height / 2 + lh / 2 + font * 0.35
    svg.open("text")
    svg.attr("x", center.x)
    svg.attr("y", firstBaseline)
    svg.attr("text-anchor", "middle")
    svg.attr("font-size", font)
    svg.attr("fill", color: spec.pie.centerTextColor ?? theme.text)
    svg.attr("data-role", "center-text")
    svg.close()
    for (k, line) in lines.enumerated() {
      svg.open("tspan")
      // Absolute positions: an empty line has no character to carry a relative `dy`.
      svg.attr("x", center.x)
      svg.attr("y", firstBaseline + Double(k) * lh)
      svg.close()
      svg.text(line)
      svg.end("tspan")
    }
    svg.end("text")
  }
}
