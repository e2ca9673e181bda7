/// Lays out the legend: items measured, wrapped into rows (or columns) within the maximum size,
/// aligned, and placed inside the plot or beside it.
///
/// Item sizes depend only on labels and options, never on visibility: a toggled item is dimmed in
/// place, so the legend (and the plot beside it) keeps its size.
enum LegendLayouter {
  /// Where the legend goes relative to the plot.
  enum Placement: Equatable {
    case top, bottom, left, right, inside
  }

  /// A measured legend with item geometry relative to its own top-left corner.
  struct Measured {
    var items: [LegendItemLayout]
    var size: Size
  }

  static let rowGap = 4.0
  /// Space between the legend and the plot/axes beside it.
  static let margin = 8.0

  static func placement(_ legend: LegendSpec) -> Placement {
    if legend.inside { return .inside }
    if legend.orientation == .vertical { return legend.horizontalAlignment == .left ? .left : .right }
    return legend.verticalAlignment == .top ? .top : .bottom
  }

  /// Measures and wraps the entries: rows no wider than `maxWidth` and, together, no taller than
  /// `maxHeight` (horizontal orientation; `wordWrap: false` keeps one row), or columns no taller than
  /// `maxHeight` and, together, no wider than `maxWidth` (vertical orientation).
  ///
  /// A label is shortened with "…" only when its item alone is wider than a row (or, without word
  /// wrap, when the labels share one row). Entries that do not fit are summarised by a last item
  /// "+N more" (no form, toggles nothing), so a legend never leaves its space.
  ///
  /// - Parameter total: how many entries there are in all (`entryCount`); `entries` may be only the
  ///   first of them (`maxItems`), and the ones after it are left out as well.
  static func measure(_ entries: [LegendEntry], total: Int = 0, _ legend: LegendSpec, fontSize fs: Double, textColor: Color,
                      maxWidth: Double, maxHeight: Double) -> Measured {
    let total = max(total, entries.count)
    let formSize = legend.form == .none ? 0 : clamp(legend.formSize, 0, 100)
    let formWidth = legend.form == .line ? formSize * 2 : formSize
    let formSpace = legend.form == .none ? 0 : clamp(legend.formToTextSpace, 0, 100)
    let entrySpace = clamp(legend.entrySpace, 0, 200)
    let rowHeight = max(formSize, TextMetrics.lineHeight(fontSize: fs)).rounded(.up)
    let padX = max(0, min(3, entrySpace / 2 - 0.5)), padY = rowGap / 2
    let horizontal = legend.orientation == .horizontal
    // Item widths are rounded up to whole px: a label shortened to the row leaves that px.
    var textMax = max(0, maxWidth - formWidth - formSpace - 1)
    if !legend.wordWrap, !entries.isEmpty, horizontal {
      // One row: labels share the width equally when they do not all fit, down to two em each.
      let n = Double(entries.count)
      let natural = entries.reduce(0.0) { $0 + TextMetrics.width($1.label, fontSize: fs) }
      let fixed = n * (formWidth + formSpace + 1) + (n - 1) * entrySpace
      if natural + fixed > maxWidth { textMax = min(textMax, max(fs * 2, (maxWidth - fixed) / n)) }
    }
    let labels = entries.map { TextMetrics.truncate($0.label, toWidth: textMax, fontSize: fs) }
    let widths = labels.map { (formWidth + formSpace + TextMetrics.width($0, fontSize: fs)).rounded(.up) }
    // Rows of a horizontal legend: as many as the height holds (at least one).
    let maxRows = !legend.wordWrap ? 1 : max(1, Int(clamping: ((maxHeight + rowGap) / (rowHeight + rowGap)).rounded(.down), to: 0...10_000))

    // The first `k` entries and, when some are left out, the "+N more" item, flowed into lines.
    struct Flow {
      var boxes: [(x: Double, y: Double, w: Double)] = []
      var lineOf: [Int] = []
      var lineWidths: [Double] = []
      var size = Size(width: 0, height: 0)
    }
    func flow(_ k: Int) -> Flow? {
      var items = Array(widths.prefix(k))
      if k < total { items.append(TextMetrics.width(moreLabel(total - k), fontSize: fs).rounded(.up)) }
      var f = Flow()
      var cursor = 0.0, line = 0.0, lineExtent = 0.0, lineIndex = 0
      for w in items {
        if w > maxWidth + 1e-9 { return nil }
        if horizontal {
          if cursor > 0, cursor + w > maxWidth {
            if lineIndex + 1 >= maxRows { return nil }
            f.lineWidths.append(cursor - entrySpace)
            cursor = 0
            line += rowHeight + rowGap
            lineIndex += 1
          }
          f.boxes.append((cursor, line, w))
          cursor += w + entrySpace
        } else {
          if cursor > 0, cursor + rowHeight > maxHeight {
            if line + lineExtent + entrySpace + w > maxWidth { return nil }
            f.lineWidths.append(lineExtent)
            line += lineExtent + entrySpace
            cursor = 0
            lineExtent = 0
            lineIndex += 1
          }
          if line + w > maxWidth + 1e-9 { return nil }
          f.boxes.append((line, cursor, w))
          lineExtent = max(lineExtent, w)
          cursor += rowHeight + rowGap
        }
        f.lineOf.append(lineIndex)
      }
      if !f.boxes.isEmpty { f.lineWidths.append(horizontal ? cursor - entrySpace : lineExtent) }
      if horizontal {
        f.size = Size(width: f.lineWidths.max() ?? 0, height: line + (f.boxes.isEmpty ? 0 : rowHeight))
      } else {
        let tallest = f.boxes.map { $0.y + rowHeight }.max() ?? 0
        f.size = Size(width: line + (f.lineWidths.last ?? 0), height: tallest)
      }
      return f
    }
    // As many entries as fit with the summary item after them.
    var k = entries.count
    var chosen = flow(k)
    while chosen == nil, k > 0 {
      k -= 1
      chosen = flow(k)
    }
    guard let f = chosen else { return Measured(items: [], size: Size(width: 0, height: 0)) }

    var items: [LegendItemLayout] = []
    for (i, b) in f.boxes.enumerated() {
      var x = b.x
      if horizontal {
        let free = f.size.width - f.lineWidths[f.lineOf[i]]
        switch legend.horizontalAlignment {
        case .left: break
        case .center: x += free / 2
        case .right: x += free
        }
      }
      let hit = Rect(x: x - padX, y: b.y - padY, width: b.w + 2 * padX, height: rowHeight + 2 * padY)
      if i == k {
        let origin = Point(x: x, y: b.y + rowHeight / 2 + TextMetrics.centeringOffset(fontSize: fs))
        var more = LegendItemLayout(dataSetID: nil, label: moreLabel(total - k), color: textColor, form: .none,
                                    formRect: Rect(x: x, y: b.y + rowHeight / 2, width: 0, height: 0), textOrigin: origin,
                                    hitRect: hit, dimmed: false, textColor: textColor)
        more.moreCount = total - k
        items.append(more)
        continue
      }
      let e = entries[i]
      let formRect = Rect(x: x, y: b.y + (rowHeight - formSize) / 2, width: formWidth, height: formSize)
      let origin = Point(x: x + formWidth + formSpace, y: b.y + rowHeight / 2 + TextMetrics.centeringOffset(fontSize: fs))
      var item = LegendItemLayout(dataSetID: e.dataSetID, entryIndex: e.entryIndex, label: labels[i], color: e.color,
                                  form: legend.form, formRect: formRect, textOrigin: origin, hitRect: hit,
                                  dimmed: e.dimmed, textColor: textColor)
      item.gradient = e.gradient
      item.split = e.split
      items.append(item)
    }
    return Measured(items: items, size: f.size)
  }

  /// The summary item's text for `n` entries left out.
  static func moreLabel(_ n: Int) -> String { "+\(n) more" }

  /// The measured legend moved to `origin` (top-left corner), every value rounded to 1/100 px, and
  /// every hit rectangle cut to the canvas.
  ///
  /// A legend can be larger than the smallest canvases (16 px); a click can only land on the canvas,
  /// so a hit rectangle reaching past it would promise an area no client can hit.
  static func place(_ m: Measured, at origin: Point, fontSize: Double, canvas: Size) -> LegendLayout {
    let ox = Pixel.round(origin.x), oy = Pixel.round(origin.y)
    func move(_ r: Rect) -> Rect {
      Rect(x: Pixel.round(r.x + ox), y: Pixel.round(r.y + oy), width: Pixel.round(r.width), height: Pixel.round(r.height))
    }
    func onCanvas(_ r: Rect) -> Rect {
      let x0 = min(max(r.minX, 0), canvas.width), x1 = min(max(r.maxX, x0), canvas.width)
      let y0 = min(max(r.minY, 0), canvas.height), y1 = min(max(r.maxY, y0), canvas.height)
      return Rect(x: x0, y: y0, width: Pixel.round(x1 - x0), height: Pixel.round(y1 - y0))
    }
    let items = m.items.map { item -> LegendItemLayout in
      var it = item
      it.formRect = move(item.formRect)
      it.hitRect = onCanvas(move(item.hitRect))
      it.textOrigin = Point(x: Pixel.round(item.textOrigin.x + ox), y: Pixel.round(item.textOrigin.y + oy))
      return it
    }
    return LegendLayout(items: items, bounds: move(Rect(x: 0, y: 0, width: m.size.width, height: m.size.height)),
                        fontSize: fontSize)
  }

  private static func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double { v.isFinite ? min(max(v, lo), hi) : lo }
}
