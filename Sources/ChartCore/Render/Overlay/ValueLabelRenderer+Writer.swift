/// Collects `<text>` elements of value labels that share font size, colour and anchor.
struct LabelWriter {
  let ctx: SeriesContext
  let fontSize: Double
  /// The colour of labels outside data marks (set once on the group).
  let color: Color
  /// The user's colour, which also wins inside marks; nil picks a readable one there.
  let fixedColor: Color?
  var body = SVGWriter()

  init(ctx: SeriesContext, fontSize: Double, color: Color, fixedColor: Color?) {
    self.ctx = ctx
    self.fontSize = fontSize
    self.color = color
    self.fixedColor = fixedColor
  }

  /// Height of digits above the baseline, to centre text vertically without `dominant-baseline`
  /// (which not every SVG renderer honours).
  var capHeight: Double { fontSize * 0.7 }

  /// A label with its baseline at `baseline`; `on` is the fill behind it when it sits inside a mark.
  mutating func add(_ text: String, x: Double, baseline: Double, anchor: String? = nil, on background: Color? = nil) {
    guard x.isFinite, baseline.isFinite else { return }
    body.open("text")
    body.attr("x", x)
    body.attr("y", baseline)
    if let anchor { body.attr("text-anchor", anchor) }
    if let background {
      let readable = fixedColor ?? Self.readable(on: background, theme: ctx.theme)
      if readable != color { body.attr("fill", color: readable) }
    }
    body.close()
    body.text(text)
    body.end("text")
  }

  /// A label centred vertically on `centerY`.
  mutating func add(_ text: String, x: Double, centerY: Double, anchor: String? = nil, on background: Color? = nil) {
    add(text, x: x, baseline: centerY + capHeight / 2, anchor: anchor, on: background)
  }

  /// The theme's text or background colour, whichever contrasts more with `background` (WCAG ratio).
  static func readable(on background: Color, theme: Theme) -> Color {
    func contrast(_ a: Color, _ b: Color) -> Double {
      let la = a.luminance, lb = b.luminance
      return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }
    let dark = theme.text.luminance < theme.background.luminance ? theme.text : theme.background
    let light = dark == theme.text ? theme.background : theme.text
    return contrast(dark, background) >= contrast(light, background) ? dark : light
  }
}
