import ChartCore
import ChartdJSON

extension SpecHover {
  /// Where an entry of a data set is written, from the cursor's place: in a list of bare values
  /// (`entries[j]`), a pair or a row (`entries[j]…`), or a column (`entries.x[j]`).
  static func entry(at ctx: CursorContext) -> (dataSet: Int, entry: Int)? {
    let p = ctx.path
    guard p.count >= 3, p[0] == "dataSets", let i = Int(p[1]), p[2] == "entries" else { return nil }
    if p.count == 3, case .element(let j) = ctx.slot { return (i, j) }  // an element of the list itself
    guard p.count >= 4 else { return nil }
    if let j = Int(p[3]) { return (i, j) }  // a pair, a row, or inside a row's `values`
    if p.count == 4, case .element(let j) = ctx.slot { return (i, j) }  // an element of a column
    return nil
  }

  /// "Entry 12 of `north`: x `Jun 13`, y `12.5`", read from the spec as the axes write it, or nil
  /// when the cursor is not on an entry the spec holds.
  static func entryLine(_ ctx: CursorContext, spec: ChartSpec?) -> String? {
    guard let spec, let (i, j) = entry(at: ctx), spec.dataSets.indices.contains(i) else { return nil }
    let ds = spec.dataSets[i]
    let e = ds.entries
    guard j >= 0, j < e.count else { return nil }
    let locale = spec.locale
    func column(_ c: EntryColumn<Double>?) -> Double? { c.flatMap { j < $0.count ? $0[j] : nil } }
    func text(_ v: Double, _ format: FormatterSpec?) -> String {
      v.isNaN ? "null" : ValueFormatter.format(v, format, locale: locale)
    }
    let yFormat = spec.kind == .pie || spec.kind == .radar ? nil : spec.valueAxisSpec(spec.valueAxis(of: i)).common.formatter
    var parts: [String] = []
    if spec.kind != .pie, spec.kind != .radar {
      let x = text(e.x[j], spec.xAxis.common.formatter)
      parts.append("x `\(x.isEmpty ? text(e.x[j], nil) : x)`")
    }
    if ds.seriesKind(in: spec.kind) == .candlestick, let o = column(e.open), let h = column(e.high), let l = column(e.low) {
      let c = column(e.close) ?? e.y[j]
      parts.append("open `\(text(o, yFormat))` high `\(text(h, yFormat))` low `\(text(l, yFormat))` close `\(text(c, yFormat))`")
    } else {
      parts.append("y `\(text(e.y[j], yFormat))`")
    }
    if ds.seriesKind(in: spec.kind) == .bubble, let s = column(e.size) { parts.append("size `\(text(s, nil))`") }
    if let label = e.labels.flatMap({ j < $0.count ? $0[j] : nil }) { parts.append("label `\(plain(label))`") }
    let name = ds.id.isEmpty ? "data set \(i)" : "`\(plain(ds.id))`"
    return "**Entry \(j)** of \(name): " + parts.joined(separator: ", ")
  }

  /// User text for a code span: a backtick would end it, a line break would break the line.
  private static func plain(_ s: String) -> String {
    String(s.map { $0 == "`" ? "'" : $0.isNewline ? " " : $0 })
  }
}
