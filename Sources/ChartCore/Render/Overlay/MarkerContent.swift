/// The texts of a marker: an optional title (data set, slice or stack label) and value lines.
struct MarkerContent {
  var title: String?
  var values: [String]

  static func lines(for t: HighlightTarget, _ h: HighlightSpec, _ model: ChartModel, _ layout: ChartLayout) -> MarkerContent {
    let spec = model.spec
    let ds = spec.dataSets[t.dataSetIndex]
    let showLabel = spec.marker.showLabel
    if case .slice(let slice, _) = t.shape {
      let format = spec.marker.format ?? (spec.pie.percentValues ? nil : spec.pie.valueFormat)
      let value = ValueFormatter.format(slice.value, format, locale: spec.locale)
      return MarkerContent(title: showLabel ? (slice.label ?? ds.label) : nil,
                           values: ["\(value) (\(PieLabelText.percent(slice, spec)))"])
    }
    if case .vertex = t.shape {
      // "Data set · Category" over the value, written like the ring values (at the data's precision).
      let category = RadarRenderer.category(spec, t.entry)
      let title = showLabel ? (ds.label.isEmpty ? category : "\(ds.label) · \(category)") : nil
      let format = dataPrecision(spec.marker.format ?? spec.radar.format, [t.value])
      return MarkerContent(title: title, values: [ValueFormatter.format(t.value, format, locale: spec.locale)])
    }
    // Values read like the axis they are measured on: its formatter and its tick step.
    let ref = model.valueAxis(of: t.dataSetIndex)
    let axis = layout.valueAxis(ref)
    let axisFormat: FormatterSpec?
    if case .pane = ref { axisFormat = spec.valueAxisSpec(ref).common.formatter } else {
      axisFormat = axis?.side == .right ? spec.rightAxis.common.formatter : spec.leftAxis.common.formatter
    }
    let percentStack = spec.stackMode == .percent && model.isStackedLine(t.dataSetIndex)
    // A share reads as a percentage, as the percent stack's axis does.
    let format = spec.marker.format ?? (percentStack ? axisFormat ?? .percent(decimals: nil, multiply: false) : axisFormat)
    let step = axis?.tickStep
    func text(_ v: Double) -> String { ValueFormatter.format(v, format, step: step, locale: spec.locale) }
    var title: String? = showLabel && !ds.label.isEmpty ? ds.label : nil
    let e = ds.entries, k = t.entry
    switch t.kind {
    case .candlestick:
      // Prices read at the data's precision, not the axis's: a tick step of 5 would print 104.8 as 105.
      let prices = [e.open, e.high, e.low, e.close ?? e.y].compactMap { HighlightTarget.column($0, k) }
      let priceFormat = dataPrecision(format, prices)
      func v(_ c: EntryColumn<Double>?) -> String {
        HighlightTarget.column(c, k).map { ValueFormatter.format($0, priceFormat, locale: spec.locale) } ?? "–"
      }
      return MarkerContent(title: withDate(title, e.x[k], model),
                           values: ["O \(v(e.open))  H \(v(e.high))", "L \(v(e.low))  C \(v(e.close ?? e.y))"])
    case .bubble:
      let size = HighlightTarget.column(e.size, k).map { ValueFormatter.format($0, nil, locale: spec.locale) } ?? "–"
      return MarkerContent(title: title, values: [text(t.value), "size \(size)"])
    case .bar:
      if let s = h.stackIndex, let stacks = e.stacks, k < stacks.count, !stacks[k].isEmpty, s >= 0, s < ds.stackLabels.count, showLabel {
        title = title.map { "\($0) · \(ds.stackLabels[s])" } ?? ds.stackLabels[s]
      }
      return MarkerContent(title: title, values: [text(t.value)])
    case .line where percentStack && k < e.y.count:
      // The share, then the value it is a share of.
      return MarkerContent(title: title, values: [text(t.value), ValueFormatter.format(e.y[k], nil, locale: spec.locale)])
    default:
      return MarkerContent(title: title, values: [text(t.value)])
    }
  }

  /// A candle's title with the day it stands for ("ACME · 08/14"), when the x axis writes x as a
  /// date or a category (a candle's x is usually an index that means nothing by itself).
  static func withDate(_ title: String?, _ x: Double, _ model: ChartModel) -> String? {
    let format = AxisPlanner.xFormatter(model)
    switch format {
    case .category?, .indexDate?, .date?:
      let day = ValueFormatter.format(x, format, locale: model.spec.locale)
      guard !day.isEmpty else { return title }
      return title.map { "\($0) · \(day)" } ?? day
    default:
      return title
    }
  }

  /// `format` with automatic decimals replaced by the most any of `values` needs, so that the values
  /// of one marker share their decimals (O 104.80  H 105.00); explicit decimals and other formats stay.
  static func dataPrecision(_ format: FormatterSpec?, _ values: [Double]) -> FormatterSpec? {
    let d = values.map(ValueFormatter.automaticDecimals).max() ?? 0
    switch format ?? .number(decimals: nil, prefix: "", suffix: "") {
    case .number(nil, let prefix, let suffix): return .number(decimals: d, prefix: prefix, suffix: suffix)
    default: return format
    }
  }
}
