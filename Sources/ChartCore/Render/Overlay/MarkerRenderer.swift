/// Draws the marker box (data set label and formatted value) at the first highlighted entry, or the
/// axis tooltip's box with `marker.trigger: "axis"`.
///
/// A pure function of its inputs: it writes the inner markup of its region and nothing else.
/// The box sits above its point with a pointer down to it, flips below when there is no room
/// above, and is shifted sideways to stay inside the plot area.
public enum MarkerRenderer {
  static let paddingX = 8.0
  static let paddingY = 5.0
  static let cornerRadius = 4.0
  static let pointerHeight = 6.0
  static let pointerHalfWidth = 6.0

  /// Writes the marker of the first highlight (nothing when disabled or when it does not resolve).
  public static func render(model: ChartModel, layout: ChartLayout, into svg: inout SVGWriter) {
    let spec = model.spec
    if spec.usesAxisTooltip {
      if let t = AxisTooltip.resolve(model, layout) { AxisTooltipRenderer.box(t, model: model, layout: layout, into: &svg) }
      return
    }
    guard spec.marker.enabled, let h = spec.highlights.first,
          let target = HighlightTarget.resolve(h, model, layout) else { return }
    let content = MarkerContent.lines(for: target, h, model, layout)
    guard !content.values.isEmpty || content.title != nil else { return }
    let font = spec.fontSize.isFinite && spec.fontSize > 0 ? spec.fontSize : 11
    let lh = font * 1.3
    let titled = content.title != nil
    // Values are drawn bold. A line wider than the canvas leaves for it is shortened with "…": the
    // box stays on the canvas whatever the labels' length.
    let room = max(0, layout.canvas.width - 2 * canvasMargin - 2 * paddingX)
    var widest = 0.0
    let texts = ((content.title.map { [$0] } ?? []) + content.values).enumerated().map { k, text in
      let bold = !(titled && k == 0)
      var (line, w) = (text, TextMetrics.width(text, fontSize: font, bold: bold))
      if w > room {
        line = TextMetrics.truncate(text, toWidth: room, fontSize: font, bold: bold)
        w = TextMetrics.width(line, fontSize: font, bold: bold)
      }
      widest = max(widest, w)
      return line
    }
    let width = widest + 2 * paddingX
    let height = Double(texts.count) * lh + 2 * paddingY
    let canvas = Rect(x: 0, y: 0, width: layout.canvas.width, height: layout.canvas.height)
    // A box the canvas cannot hold is not drawn (as the axis tooltip's): it would be cut off.
    guard width <= canvas.width - 2 * canvasMargin, height <= canvas.height - 2 * canvasMargin else { return }
    let placed = place(width: width, height: height, at: target.anchor, in: layout.frame, canvas: canvas,
                       sides: target.markerSides, fallback: target.markerFallback)
    let theme = layout.theme
    svg.open("path")
    svg.attr("d", path: outline(placed.box, pointer: placed.pointer, tip: target.anchor))
    svg.attr("fill", color: theme.markerBackground)
    svg.attr("fill-opacity", 0.92)
    svg.selfClose()
    for (k, text) in texts.enumerated() {
      let isTitle = content.title != nil && k == 0
      let baseline = placed.box.y + paddingY + Double(k) * lh + lh / 2 + font * 0.35
      svg.open("text")
      svg.attr("x", placed.box.midX)
      svg.attr("y", baseline)
      svg.attr("text-anchor", "middle")
      svg.attr("font-size", font)
      svg.attr("fill", color: theme.markerText)
      if isTitle { svg.attr("fill-opacity", 0.8) } else { svg.attr("font-weight", "600") }
      svg.close()
      svg.text(text)
      svg.end("text")
    }
  }

  /// Px a box larger than the plot keeps from the canvas's edge (as the axis tooltip's).
  static let canvasMargin = 2.0

  enum PointerSide { case bottom, top, none }

  /// The box position: on the first of `sides` with room in the plot (`.bottom`: the box above the
  /// anchor, pointer at its bottom), else centred on `fallback` (or next to the anchor) without a
  /// pointer; horizontally centred on the anchor and shifted to stay inside the plot. A box wider
  /// or taller than the plot keeps inside the canvas instead (`canvasMargin` from its edge).
  static func place(width: Double, height: Double, at p: Point, in plot: Rect, canvas: Rect? = nil,
                    sides: [PointerSide] = [.bottom, .top], fallback: Point? = nil) -> (box: Rect, pointer: PointerSide) {
    let outer = canvas.map { $0.insetBy(dx: canvasMargin, dy: canvasMargin) }
    func clamp(_ v: Double, _ size: Double, _ lo: Double, _ hi: Double, _ outerLo: Double?, _ outerHi: Double?) -> Double {
      if size <= hi - lo { return max(lo, min(v, hi - size)) }
      guard let outerLo, let outerHi else { return lo }
      return max(outerLo, min(v, outerHi - size))
    }
    func clampX(_ x: Double) -> Double { clamp(x, width, plot.minX, plot.maxX, outer?.minX, outer?.maxX) }
    let x = clampX(p.x - width / 2)
    for side in sides {
      switch side {
      case .bottom where p.y - pointerHeight - height >= plot.minY:
        return (Rect(x: x, y: p.y - pointerHeight - height, width: width, height: height), .bottom)
      case .top where p.y + pointerHeight + height <= plot.maxY:
        return (Rect(x: x, y: p.y + pointerHeight, width: width, height: height), .top)
      default: continue
      }
    }
    let c = fallback ?? p
    let y = clamp(c.y - height / 2, height, plot.minY, plot.maxY, outer?.minY, outer?.maxY)
    return (Rect(x: clampX(c.x - width / 2), y: y, width: width, height: height), .none)
  }

  /// A rounded rectangle with the pointer triangle built into its top or bottom edge (one path, no seam).
  static func outline(_ b: Rect, pointer: PointerSide, tip: Point) -> PathBuilder {
    let r = min(cornerRadius, b.width / 2, b.height / 2)
    // Keep the pointer's base on the straight part of the edge.
    let lo = b.minX + r + pointerHalfWidth, hi = b.maxX - r - pointerHalfWidth
    let px = lo <= hi ? min(max(tip.x, lo), hi) : b.midX
    let apex = min(max(tip.x, b.minX), b.maxX)
    // Room for its 13 commands at once: the default would grow twice.
    var p = PathBuilder(capacity: 192)
    p.move(b.minX + r, b.minY)
    if pointer == .top {
      p.horizontal(px - pointerHalfWidth); p.line(apex, b.minY - pointerHeight); p.line(px + pointerHalfWidth, b.minY)
    }
    p.horizontal(b.maxX - r)
    p.arc(rx: r, ry: r, largeArc: false, sweep: true, b.maxX, b.minY + r)
    p.vertical(b.maxY - r)
    p.arc(rx: r, ry: r, largeArc: false, sweep: true, b.maxX - r, b.maxY)
    if pointer == .bottom {
      p.horizontal(px + pointerHalfWidth); p.line(apex, b.maxY + pointerHeight); p.line(px - pointerHalfWidth, b.maxY)
    }
    p.horizontal(b.minX + r)
    p.arc(rx: r, ry: r, largeArc: false, sweep: true, b.minX, b.maxY - r)
    p.vertical(b.minY + r)
    p.arc(rx: r, ry: r, largeArc: false, sweep: true, b.minX + r, b.minY)
    p.closePath()
    return p
  }
}
