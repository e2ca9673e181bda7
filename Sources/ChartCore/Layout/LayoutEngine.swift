/// Computes the layout of a chart state: plot rectangle, axes with ticks, legend, title, pie, radar and bars.
///
/// The one place where layout is decided; renderers only read the result. Every stored value is
/// rounded (plot edges to whole pixels, positions to 1/100 px, domains to exact decimals) so that
/// equal inputs give equal layouts and the incremental engine can compare them by value.
public enum LayoutEngine {
  public static func layout(_ model: ChartModel) -> ChartLayout {
    var memos = AxisMemos()
    return layout(model, memos: &memos)
  }

  /// The layout, reusing tick choices in `memos` that were made for the same axis plan and span
  /// (the result is the same as without them).
  public static func layout(_ model: ChartModel, memos: inout AxisMemos) -> ChartLayout {
    layout(model, plans: model.spec.kind == .pie ? nil : AxisPlanner.plans(model), memos: &memos)
  }

  /// The layout, with the axis plans already made (nil for a pie).
  static func layout(_ model: ChartModel, plans: AxisPlans?, memos: inout AxisMemos) -> ChartLayout {
    var result = fitted(model, plans: plans, memos: &memos)
    leaveOutCrowdedTexts(&result, model)
    return result
  }

  /// The layout with every text fitted by its own rules (bands, wrapping, shortening, thinning, the
  /// corners), before the last step that leaves out what a canvas too small still cannot hold.
  static func fitted(_ model: ChartModel, plans: AxisPlans?, memos: inout AxisMemos) -> ChartLayout {
    let spec = model.spec
    let theme = model.theme
    let canvas = Size(width: sane(spec.width, 800, 1...100_000), height: sane(spec.height, 400, 1...100_000))
    let pad = Insets(top: sane(spec.padding.top, 10, 0...canvas.height * 0.4),
                     left: sane(spec.padding.left, 10, 0...canvas.width * 0.4),
                     bottom: sane(spec.padding.bottom, 10, 0...canvas.height * 0.4),
                     right: sane(spec.padding.right, 10, 0...canvas.width * 0.4))
    let fs = fontSize(nil, spec)
    var area = Rect(x: pad.left, y: pad.top, width: max(1, canvas.width - pad.left - pad.right),
                    height: max(1, canvas.height - pad.top - pad.bottom))

    // Title: a bold line above everything else, in a band of at most 30 % of the height (its line
    // at least); left out when its line alone would take more than 40 %.
    var title: TitleLayout? = nil
    let tfs = (fs * 1.45).rounded()
    let titleLine = TextMetrics.lineHeight(fontSize: tfs)
    if let text = spec.title?.trimmingWhitespace(), !text.isEmpty, titleLine <= area.height * 0.4 {
      let shown = TextMetrics.truncate(text, toWidth: area.width, fontSize: tfs, bold: true)
      title = TitleLayout(text: shown, origin: Point(x: area.midX, y: Pixel.round(area.minY + TextMetrics.ascender * tfs)),
                          fontSize: tfs)
      let h = min((titleLine + 8).rounded(.up), max(titleLine.rounded(.up), area.height * 0.3))
      area.y += h
      area.height = max(1, area.height - h)
    }

    // Legend outside the plot takes its space now, at most a third of the canvas across it (the
    // entries that do not fit are summarised as "+N more"); inside it is placed over the final plot.
    let legendSpec = spec.legend
    var entries = legendSpec.enabled ? LegendLayouter.entries(model) : []
    let legendTotal = entries.isEmpty ? 0 : LegendLayouter.entryCount(model)
    let lfs = sane(legendSpec.fontSize ?? fs, fs, 4...72)
    let legendText = legendSpec.textColor ?? theme.text
    let placement = LegendLayouter.placement(legendSpec)
    let legendArea = area
    var measured: LegendLayouter.Measured? = nil
    if !entries.isEmpty, placement != .inside {
      let share = sane(legendSpec.maxSizePercent, 0.95, 0.1...1)
      let sideways = placement == .left || placement == .right
      let maxWidth = sideways ? min(area.width * 0.4, canvas.width / 3) : area.width * share
      let maxHeight = sideways ? area.height * share : min(area.height * 0.5, canvas.height / 3) - LegendLayouter.margin
      let m = LegendLayouter.measure(entries, total: legendTotal, legendSpec, fontSize: lfs, textColor: legendText,
                                     maxWidth: maxWidth, maxHeight: maxHeight)
      measured = m
      // Not even one row (or one item) fits the room a legend may take: the chart goes without it
      // and the plot keeps the band.
      if m.size.height > maxHeight + 0.5 || m.size.width > maxWidth + 0.5 { entries = [] }
      switch placement {
      case _ where entries.isEmpty: break
      case .top, .bottom:
        let h = min(m.size.height + LegendLayouter.margin, area.height * 0.5).rounded(.up)
        if placement == .top { area.y += h }
        area.height = max(1, area.height - h)
      case .left, .right:
        let w = min(m.size.width + LegendLayouter.margin, area.width * 0.5).rounded(.up)
        if placement == .left { area.x += w }
        area.width = max(1, area.width - w)
      case .inside: break
      }
    }

    var result: ChartLayout
    if spec.kind == .pie {
      let plot = Rect(x: area.minX.rounded(), y: area.minY.rounded(), width: max(1, area.width.rounded()),
                      height: max(1, area.height.rounded()))
      result = ChartLayout(canvas: canvas, plot: plot, theme: theme, pie: PieLayouter.layout(model, in: plot))
    } else if spec.kind == .radar {
      let plot = Rect(x: area.minX.rounded(), y: area.minY.rounded(), width: max(1, area.width.rounded()),
                      height: max(1, area.height.rounded()))
      result = ChartLayout(canvas: canvas, plot: plot, theme: theme)
      result.radar = RadarLayouter.layout(model, in: plot)
    } else {
      result = axesLayout(model, plans: plans ?? AxisPlanner.plans(model), area: area, canvas: canvas, padding: pad, theme: theme, memos: &memos)
    }

    // The legend and title are placed around every pane; a legend inside the plot goes over the
    // main pane (a K-line's legend over its prices, not over the volume pane below them).
    let plot = result.frame
    if !entries.isEmpty {
      result.legend = placeLegend(entries, total: legendTotal, measured: measured, placement: placement, spec: legendSpec, fontSize: lfs,
                                  textColor: legendText, plot: placement == .inside ? result.plot : plot, area: legendArea,
                                  canvas: canvas, padding: pad)
    }
    result.noData = noData(model, in: result.pie.map { Rect(x: $0.center.x, y: $0.center.y, width: 0, height: 0) } ?? result.plot)
    if var t = title {
      // Centred over the plot, but never pushed past the canvas edges.
      let half = TextMetrics.width(t.text, fontSize: t.fontSize, bold: true) / 2
      let cx = min(max(plot.midX, pad.left + half), canvas.width - pad.right - half)
      t.origin.x = Pixel.round(half * 2 > canvas.width - pad.left - pad.right ? canvas.width / 2 : cx)
      result.title = t
    }
    return result
  }

  /// The no-data text of a chart without entries, centred on `plot` and shortened to its width
  /// (nil when the chart has entries or the spec's text is empty).
  static func noData(_ model: ChartModel, in plot: Rect) -> NoDataLayout? {
    let spec = model.spec
    guard !model.hasEntries, case let text = spec.noDataText.trimmingWhitespace(), !text.isEmpty else { return nil }
    let fs = fontSize(nil, spec) + 1
    let room = plot.width > 0 ? plot.width - 8 : Double(spec.width) - 16
    let shown = TextMetrics.truncate(text, toWidth: room, fontSize: fs)
    guard !shown.isEmpty else { return nil }
    return NoDataLayout(text: shown, center: Point(x: Pixel.round(plot.midX), y: Pixel.round(plot.midY)), fontSize: fs)
  }

  /// A font size in 4…72 px: the override, else the chart's base size, else 11.
  static func fontSize(_ override: Double?, _ spec: ChartSpec) -> Double {
    sane(override ?? spec.fontSize, sane(spec.fontSize, 11, 4...72), 4...72)
  }

  /// A finite value inside `range`, or the default.
  static func sane(_ v: Double, _ def: Double, _ range: ClosedRange<Double>) -> Double {
    guard v.isFinite else { return def }
    return min(max(v, range.lowerBound), range.upperBound)
  }
}
