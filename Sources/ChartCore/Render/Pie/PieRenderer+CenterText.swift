import Foundation

extension PieRenderer {
  /// The centre text as fitted by `PieCenterText` ("\n" separates lines; long lines wrap, then shrink).
  static func centerText(_ pie: PieLayout, _ spec: ChartSpec, _ theme: Theme, span: Double, into svg: inout SVGWriter) {
    let lines = PieCenterText.fit(pie, spec, span: span)
    guard let first = lines.first else { return }
    svg.open("text")
    svg.attr("x", first.x)
    svg.attr("y", first.y)
    svg.attr("text-anchor", "middle")
    svg.attr("font-size", first.fontSize)
    svg.attr("fill", color: spec.pie.centerTextColor ?? theme.text)
    svg.attr("data-role", "center-text")
    svg.close()
    for line in lines {
      svg.open("tspan")
      // Absolute positions: an empty line has no character to carry a relative `dy`.
      svg.attr("x", line.x)
      svg.attr("y", line.y)
      svg.close()
      svg.text(line.text)
      svg.end("tspan")
    }
    svg.end("text")
  }
}
