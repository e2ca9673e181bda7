/// The rows of an axis tooltip: labels, colours and values written like their axis.
extension AxisTooltip {
  /// Values use `marker.format`, else the data set's `valueLabels.format`, else its axis's format;
  /// automatic decimals are those the values on one axis need (12.5 and 13.0 line up).
  static func rows(_ found: [(set: Int, entry: Int, numbers: [Double])], _ model: ChartModel, _ layout: ChartLayout) -> [Row] {
    let spec = model.spec
    // The axis each set is read on: a missing main-pane side falls back to the other, as drawn.
    func axis(_ j: Int) -> ValueAxisRef {
      let ref = model.valueAxis(of: j)
      if case .pane = ref { return ref }
      return layout.valueAxis(ref)?.side == .right ? .right : .left
    }
    var numbersByAxis: [ValueAxisRef: [Double]] = [:]
    for f in found { numbersByAxis[axis(f.set), default: []] += f.numbers.filter(\.isFinite) }
    return found.map { f in
      let ds = spec.dataSets[f.set], e = ds.entries, k = f.entry
      let ref = axis(f.set)
      let axisFormat = spec.valueAxisSpec(ref).common.formatter
      let format = MarkerContent.dataPrecision(spec.marker.format ?? ds.valueLabels.format ?? axisFormat, numbersByAxis[ref] ?? [])
      func text(_ v: Double) -> String { v.isFinite ? ValueFormatter.format(v, format, locale: spec.locale) : "–" }
      let n = f.numbers
      var values: [String]
      switch model.seriesKind(of: f.set) {
      case .candlestick?: values = ["O \(text(n[1]))  H \(text(n[2]))", "L \(text(n[3]))  C \(text(n[0]))"]
      case .bubble?: values = [text(n[0]), "size \(ValueFormatter.format(n[1], nil, locale: spec.locale))"]
      default: values = [text(n[0])]
      }
      var point = Point(x: 0, y: 0)
      if let xs = layout.x?.scale, let ys = layout.valueAxis(ref)?.scale {
        let x = e.x[k] + (model.seriesKind(of: f.set) == .bar ? layout.bars?.offsets[ds.id] ?? 0 : 0)
        point = HighlightTarget.clamp(layout.project(x: x, y: n[0], xScale: xs, yScale: ys), layout.plotRect(ref))
      }
      // A candle's row takes the candle's colour (its direction's), as it is drawn; other rows the set's.
      var color = model.color(of: f.set)
      if model.seriesKind(of: f.set) == .candlestick, let candle = CandleRenderer.candle(e, k) {
        color = CandleRenderer.color(candle.direction, entry: k, e, ds.candle, model.theme)
      }
      return Row(dataSet: ds.id, label: ds.label, color: color, values: values, point: point)
    }
  }
}
