/// Where an axis tooltip's box and texts go: sized to its texts, shortened and cut to fit the
/// canvas, beside the pointer line (the other side near an edge).
struct AxisTooltipBox: Equatable {
  /// One text line of the box; `slot` is the width it may take (it never takes more).
  struct Text: Equatable {
    var text: String
    var x: Double
    var baseline: Double
    var anchorEnd: Bool
    var bold: Bool
    var slot: Double
  }

  /// A row's colour swatch.
  struct Swatch: Equatable {
    var center: Point
    var radius: Double
    var color: Color
    var dataSet: String
  }

  var box: Rect
  var font: Double
  var texts: [Text]
  var swatches: [Swatch]
  /// Rows left out for want of height (listed as "+N more").
  var more: Int

  static let paddingX = 8.0
  static let paddingY = 6.0
  static let cornerRadius = 4.0
  /// Between the pointer line and the box.
  static let gap = 10.0
  /// Kept free between the box and the canvas edge.
  static let margin = 2.0
  static let columnGap = 12.0
  static let swatchGap = 5.0

  /// The box of `t` on a canvas; nil when not even its first row fits.
  static func place(_ t: AxisTooltip, canvas: Size, plot: Rect, fontSize: Double, horizontal: Bool) -> AxisTooltipBox? {
    let font = fontSize.isFinite && fontSize > 0 ? fontSize : 11
    let lh = font * 1.3
    let maxWidth = canvas.width - 2 * margin - 2 * paddingX
    let maxLines = Int(clamping: ((canvas.height - 2 * margin - 2 * paddingY) / lh).rounded(.down), to: 0...10_000)
    guard maxWidth > 0, maxLines >= 1 else { return nil }
    let header = t.header.isEmpty ? nil : TextMetrics.truncate(t.header, toWidth: maxWidth, fontSize: font)
    // Rows whole, in order, while they fit; the rest counted on a last line.
    var budget = maxLines - (header == nil ? 0 : 1)
    var rows: [AxisTooltip.Row] = []
    for (n, row) in t.rows.enumerated() {
      let needed = max(1, row.values.count)
      let moreLine = n + 1 < t.rows.count ? 1 : 0
      guard needed + moreLine <= budget else { break }
      rows.append(row)
      budget -= needed
    }
    // A box without one row (only a header, or only "+N more") tells nothing.
    guard !rows.isEmpty else { return nil }
    let more = t.rows.count - rows.count
    let moreText = more > 0 ? TextMetrics.truncate("+\(more) more", toWidth: maxWidth, fontSize: font) : nil
    // Columns: swatch, label, values (right-aligned). Labels give way first, then values.
    let swatch = font * 0.7
    let lead = swatch + swatchGap
    // A box too narrow for a swatch and an em of value would show swatches beside nothing and
    // stick out of the canvas: it is not drawn.
    guard lead + font <= maxWidth else { return nil }
    var valueSlot = rows.flatMap(\.values).map { TextMetrics.width($0, fontSize: font, bold: true) }.max() ?? 0
    valueSlot = min(valueSlot, max(0, maxWidth - lead))
    let labelWidth = rows.map { TextMetrics.width($0.label, fontSize: font) }.max() ?? 0
    let labelRoom = maxWidth - lead - valueSlot - columnGap
    let labelSlot = labelRoom >= font ? min(labelWidth, labelRoom) : 0
    func label(_ s: String) -> String { labelSlot > 0 ? TextMetrics.truncate(s, toWidth: labelSlot, fontSize: font) : "" }
    func value(_ s: String) -> String { TextMetrics.truncate(s, toWidth: valueSlot, fontSize: font, bold: true) }
    let rowWidth = rows.isEmpty ? 0 : lead + (labelSlot > 0 ? labelSlot + columnGap : 0) + valueSlot
    let inner = max(rowWidth, header.map { TextMetrics.width($0, fontSize: font) } ?? 0,
                    moreText.map { TextMetrics.width($0, fontSize: font) } ?? 0)
    let lines = (header == nil ? 0 : 1) + rows.reduce(0) { $0 + max(1, $1.values.count) } + (moreText == nil ? 0 : 1)
    let size = Size(width: inner + 2 * paddingX, height: Double(lines) * lh + 2 * paddingY)
    let o = origin(size, t, canvas: canvas, plot: plot, horizontal: horizontal)
    let box = Rect(x: o.x, y: o.y, width: size.width, height: size.height)
    // Lay the lines out top to bottom.
    var texts: [Text] = [], swatches: [Swatch] = []
    var line = 0
    func baseline(_ k: Int) -> Double { box.y + paddingY + Double(k) * lh + lh / 2 + font * 0.35 }
    let left = box.x + paddingX, right = box.maxX - paddingX
    if let header {
      texts.append(Text(text: header, x: left, baseline: baseline(line), anchorEnd: false, bold: false, slot: inner))
      line += 1
    }
    for row in rows {
      let middle = box.y + paddingY + Double(line) * lh + lh / 2
      swatches.append(Swatch(center: Point(x: left + swatch / 2, y: middle), radius: swatch / 2, color: row.color, dataSet: row.dataSet))
      if labelSlot > 0, !row.label.isEmpty {
        texts.append(Text(text: label(row.label), x: left + lead, baseline: baseline(line), anchorEnd: false, bold: false, slot: labelSlot))
      }
      for v in row.values.isEmpty ? [""] : row.values {
        if !v.isEmpty { texts.append(Text(text: value(v), x: right, baseline: baseline(line), anchorEnd: true, bold: true, slot: valueSlot)) }
        line += 1
      }
    }
    if let moreText { texts.append(Text(text: moreText, x: left, baseline: baseline(line), anchorEnd: false, bold: false, slot: inner)) }
    return AxisTooltipBox(box: box, font: font, texts: texts, swatches: swatches, more: more)
  }

  /// Beside the pointer (right of it, or below it in horizontal bar charts), on the other side near
  /// an edge, over it when neither side has room; across, centred on the listed points and kept
  /// inside the plot when it fits there, else inside the canvas.
  static func origin(_ size: Size, _ t: AxisTooltip, canvas: Size, plot: Rect, horizontal: Bool) -> Point {
    // After the pointer, else before it: inside the plot when it fits there (the axes' labels stay
    // readable), else inside the canvas; over the pointer when neither side has room.
    func along(_ p: Double, _ extent: Double, _ lo: Double, _ hi: Double, _ limit: Double) -> Double {
      for (a, b) in [(lo, hi), (margin, limit - margin)] {
        if p + gap + extent <= b { return p + gap }
        if p - gap - extent >= a { return p - gap - extent }
      }
      return max(margin, min(p - extent / 2, limit - margin - extent))
    }
    func across(_ centre: Double, _ extent: Double, _ lo: Double, _ hi: Double, _ limit: Double) -> Double {
      let want = centre - extent / 2
      if extent <= hi - lo { return max(lo, min(want, hi - extent)) }
      return max(margin, min(want, limit - margin - extent))
    }
    let points = t.rows.map(\.point)
    let n = Double(max(1, points.count))
    if horizontal {
      let cx = points.isEmpty ? plot.midX : points.reduce(0) { $0 + $1.x } / n
      return Point(x: across(cx, size.width, plot.minX, plot.maxX, canvas.width), y: along(t.position, size.height, plot.minY, plot.maxY, canvas.height))
    }
    let cy = points.isEmpty ? plot.midY : points.reduce(0) { $0 + $1.y } / n
    return Point(x: along(t.position, size.width, plot.minX, plot.maxX, canvas.width), y: across(cy, size.height, plot.minY, plot.maxY, canvas.height))
  }
}
