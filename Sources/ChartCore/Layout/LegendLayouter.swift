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

  /// Measures and wraps the entries: rows no wider than `maxWidth` (horizontal orientation) or
  /// columns no taller than `maxHeight` (vertical orientation). Entries past the last row (column)
  /// that fits are left out; `wordWrap: false` keeps one row and shortens labels to fit it.
  static func measure(_ entries: [LegendEntry], _ legend: LegendSpec, fontSize fs: Double, textColor: Color,
                      maxWidth: Double, maxHeight: Double) -> Measured {
    let formSize = legend.form == .none ? 0 : clamp(legend.formSize, 0, 100)
    let formWidth = legend.form == .line ? formSize * 2 : formSize
    let formSpace = legend.form == .none ? 0 : clamp(legend.formToTextSpace, 0, 100)
    let entrySpace = clamp(legend.entrySpace, 0, 200)
    let rowHeight = max(formSize, TextMetrics.lineHeight(fontSize: fs)).rounded(.up)
    let padX = max(0, min(3, entrySpace / 2 - 0.5)), padY = rowGap / 2
    var textMax = max(10, maxWidth - formWidth - formSpace)
    if !legend.wordWrap, !entries.isEmpty, legend.orientation == .horizontal {
      // One row: labels share the width equally when they do not all fit.
      let n = Double(entries.count)
      let natural = entries.reduce(0.0) { $0 + TextMetrics.width($1.label, fontSize: fs) }
      let fixed = n * (formWidth + formSpace + 1) + (n - 1) * entrySpace
      if natural + fixed > maxWidth { textMax = max(10, (maxWidth - fixed) / n) }
    }

    // Item boxes (x, y, width) before alignment.
    var boxes: [(x: Double, y: Double, w: Double, label: String)] = []
    var lineWidths: [Double] = []  // width of each row (horizontal) or column (vertical)
    var cursor = 0.0, line = 0.0, lineExtent = 0.0, lineIndex = 0
    var lineOf: [Int] = []
    var shown: [LegendEntry] = []
    for e in entries {
      let label = TextMetrics.truncate(e.label, toWidth: textMax, fontSize: fs)
      let w = (formWidth + formSpace + TextMetrics.width(label, fontSize: fs)).rounded(.up)
      if legend.orientation == .horizontal {
        if cursor > 0, cursor + w > maxWidth, legend.wordWrap {
          // Rows beyond the height allowed are left out rather than drawn over the chart.
          if line + 2 * rowHeight + rowGap > maxHeight { break }
          lineWidths.append(cursor - entrySpace)
          cursor = 0
          line += rowHeight + rowGap
          lineIndex += 1
        }
        boxes.append((cursor, line, w, label))
        cursor += w + entrySpace
      } else {
        if cursor > 0, cursor + rowHeight > maxHeight {
          if line + lineExtent + entrySpace + w > maxWidth { break }
          lineWidths.append(lineExtent)
          line += lineExtent + entrySpace
          cursor = 0
          lineExtent = 0
          lineIndex += 1
        }
        boxes.append((line, cursor, w, label))
        lineExtent = max(lineExtent, w)
        cursor += rowHeight + rowGap
      }
      lineOf.append(lineIndex)
      shown.append(e)
    }
    if !boxes.isEmpty { lineWidths.append(legend.orientation == .horizontal ? cursor - entrySpace : lineExtent) }
    let size: Size
    if legend.orientation == .horizontal {
      size = Size(width: lineWidths.max() ?? 0, height: line + (boxes.isEmpty ? 0 : rowHeight))
    } else {
      let tallest = boxes.map { $0.y + rowHeight }.max() ?? 0
      size = Size(width: line + (lineWidths.last ?? 0), height: tallest)
    }

    var items: [LegendItemLayout] = []
    for (i, e) in shown.enumerated() {
      let b = boxes[i]
      var x = b.x
      if legend.orientation == .horizontal {
        let free = size.width - lineWidths[lineOf[i]]
        switch legend.horizontalAlignment {
        case .left: break
        case .center: x += free / 2
        case .right: x += free
        }
      }
      let formRect = Rect(x: x, y: b.y + (rowHeight - formSize) / 2, width: formWidth, height: formSize)
      let origin = Point(x: x + formWidth + formSpace, y: b.y + rowHeight / 2 + TextMetrics.centeringOffset(fontSize: fs))
      let hit = Rect(x: x - padX, y: b.y - padY, width: b.w + 2 * padX, height: rowHeight + 2 * padY)
      items.append(LegendItemLayout(dataSetID: e.dataSetID, entryIndex: e.entryIndex, label: b.label, color: e.color,
                                    form: legend.form, formRect: formRect, textOrigin: origin, hitRect: hit,
                                    dimmed: e.dimmed, textColor: textColor))
    }
    return Measured(items: items, size: size)
  }

  /// The measured legend moved to `origin` (top-left corner), every value rounded to 1/100 px.
  static func place(_ m: Measured, at origin: Point, fontSize: Double) -> LegendLayout {
    let ox = Pixel.round(origin.x), oy = Pixel.round(origin.y)
    func move(_ r: Rect) -> Rect {
      Rect(x: Pixel.round(r.x + ox), y: Pixel.round(r.y + oy), width: Pixel.round(r.width), height: Pixel.round(r.height))
    }
    let items = m.items.map { item -> LegendItemLayout in
      var it = item
      it.formRect = move(item.formRect)
      it.hitRect = move(item.hitRect)
      it.textOrigin = Point(x: Pixel.round(item.textOrigin.x + ox), y: Pixel.round(item.textOrigin.y + oy))
      return it
    }
    return LegendLayout(items: items, bounds: move(Rect(x: 0, y: 0, width: m.size.width, height: m.size.height)),
                        fontSize: fontSize)
  }

  private static func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double { v.isFinite ? min(max(v, lo), hi) : lo }
}
