/// Derives the axis plans of a chart from its model: data ranges, category mode, viewport, options.
enum AxisPlanner {
  /// Whether any data set (visible or not, so toggling never flips the axis mode) is drawn as bars
  /// or candles, whose x axis is an index axis padded by half a slot.
  static func hasSlots(_ model: ChartModel) -> Bool {
    model.spec.dataSets.indices.contains { i in
      let k = model.seriesKind(of: i)
      return k == .bar || k == .candlestick
    }
  }

  /// The plans of every axis of a chart with axes.
  static func plans(_ model: ChartModel) -> AxisPlans {
    let spec = model.spec
    let slots = hasSlots(model)
    let horizontal = spec.bars.horizontal && slots && (spec.kind == .bar || spec.kind == .combined)
    let xPlan = xPlan(model, horizontal: horizontal)
    var window: ClosedRange<Double>? = nil
    if let v = spec.viewport, v.autoScaleY, v.xMin != nil || v.xMax != nil {
      let lo = xPlan.ticks.fixedMin ?? -Double.infinity, hi = xPlan.ticks.fixedMax ?? Double.infinity
      if lo <= hi { window = lo...hi }
    }
    let needsRight = needsAxis(model, .right)
    let needsLeft = needsAxis(model, .left) || !needsRight
    var plans = AxisPlans(horizontal: horizontal, x: xPlan,
                          left: needsLeft ? yPlan(model, .left, horizontal: horizontal, xWindow: window) : nil,
                          right: needsRight ? yPlan(model, .right, horizontal: horizontal, xWindow: window) : nil)
    if !horizontal, spec.paneCount > 1 {
      plans.panes = (1..<spec.paneCount).map { yPlan(model, .pane($0), horizontal: false, xWindow: window) }
    }
    return plans
  }

  /// The x axis plan; `horizontal` puts it on the left (horizontal bar charts).
  static func xPlan(_ model: ChartModel, horizontal: Bool) -> AxisPlan {
    let spec = model.spec
    let x = spec.xAxis
    let slots = hasSlots(model)
    // Index axes (bars, candles, categories) stay linear; the spec reader warns about a log scale there.
    let log = spec.hasLogXAxis
    var lo: Double? = nil, hi: Double? = nil
    for i in spec.dataSets.indices where model.countsForRange(i) {
      guard let r = log ? model.positiveXRange(dataSet: i) : model.xRange(dataSet: i) else { continue }
      lo = min(lo ?? r.lowerBound, r.lowerBound)
      hi = max(hi ?? r.upperBound, r.upperBound)
    }
    let formatter = xFormatter(model)
    var plan = AxisPlan(role: .x, side: horizontal ? .left : (x.labelPosition == .top ? .top : .bottom),
                        common: x.common, dataMin: lo, dataMax: hi)
    plan.formatter = formatter
    plan.locale = spec.locale
    plan.fontSize = LayoutEngine.fontSize(x.common.fontSize, spec)
    plan.labelsInside = !horizontal && x.labelPosition == .insideBottom
    // Labels inside the plot stand in one row above the axis line: slanted, they would cross it.
    plan.rotation = horizontal || plan.labelsInside ? 0 : x.labelRotation
    plan.mirrored = !horizontal && x.labelPosition == .both
    plan.avoidClipping = x.avoidFirstLastClipping
    plan.drawGrid = x.common.drawGrid ?? !slots
    plan.ticks.granularity = x.common.granularity
    plan.markRadius = AxisPlan.bubbleRadius(model) { model.countsForRange($0) }
    if isCategoryFormatter(formatter) { plan.isCategory = true }
    // Bars and candles at times (a date axis) keep the axis's calendar ticks; at indices they are categories.
    var times = false
    if case .date? = formatter { times = true }
    if slots && !times { plan.isCategory = true }
    if slots { plan.slot = model.slot }
    if log {
      plan.transform = x.common.transform
      plan.minorGrid = x.common.minorGrid
    }
    if case .date = formatter { plan.ticks.family = .time }
    if plan.isCategory {
      plan.ticks.family = .thinning
      plan.ticks.granularity = max(1, x.common.granularity ?? 1)
    }
    // Bars and candles: the domain padded by half a slot so the outer bars fit; categories end on
    // their outer entries. A dense axis rounds its ends outward (IndexAxisEnds).
    var roundedMin: Double? = nil, roundedMax: Double? = nil
    if slots || plan.isCategory {
      let unit = slots ? plan.slot : 1
      let exactMin = slots ? (lo ?? 0) - plan.slot / 2 : lo ?? 0
      let exactMax = slots ? (hi ?? 0) + plan.slot / 2 : hi ?? 1
      let length = (horizontal ? spec.height : spec.width) * spec.largeData.devicePixelRatio
      let ends = IndexAxisEnds.ends(exactMin: exactMin, exactMax: exactMax, unit: unit, devicePixels: length)
      plan.ticks.fixedMin = ends.min
      plan.ticks.fixedMax = ends.max
      plan.tickBounds = ends.ticks
      (roundedMin, roundedMax) = (ends.min, ends.max)
    }
    if let v = spec.viewport {
      let vmin = v.xMin.flatMap { $0.isFinite ? $0 : nil }, vmax = v.xMax.flatMap { $0.isFinite ? $0 : nil }
      if let vmin, let vmax, vmin >= vmax {
        // An empty window is ignored rather than drawn as nothing.
      } else {
        // A log axis has no place for a window end at or below 0: that end stays open.
        if let vmin, plan.transform.admits(vmin) { plan.ticks.fixedMin = vmin }
        if let vmax, plan.transform.admits(vmax) { plan.ticks.fixedMax = vmax }
      }
    }
    if let m = x.common.min, plan.transform.admits(m) { plan.ticks.fixedMin = m }
    if let m = x.common.max, plan.transform.admits(m) { plan.ticks.fixedMax = m }
    // An end given in place of a rounded one frees the ticks on its side.
    if let b = plan.tickBounds {
      let lo = plan.ticks.fixedMin == roundedMin ? b.lowerBound : -Double.infinity
      let hi = plan.ticks.fixedMax == roundedMax ? b.upperBound : Double.infinity
      plan.tickBounds = lo.isFinite || hi.isFinite ? lo...hi : nil
    }
    plan.badges = spec.limitLines.filter { ($0.axis == .bottom || $0.axis == .top) && $0.labelPosition == .axis }
    return plan
  }

  /// The plan of a value axis, given the visible x window (for auto-scaling to a viewport).
  static func yPlan(_ model: ChartModel, _ ref: ValueAxisRef, horizontal: Bool,
                    xWindow: ClosedRange<Double>?) -> AxisPlan {
    let spec = model.spec
    let y = spec.valueAxisSpec(ref)
    var lo: Double? = nil, hi: Double? = nil
    var hasBars = false
    let log = spec.hasLogValueAxis(ref)
    for i in spec.dataSets.indices where effectiveAxis(model, i) == ref {
      if model.seriesKind(of: i) == .bar { hasBars = true }
      guard model.countsForRange(i) else { continue }
      // A stacked line occupies its bands (from the sets below to its cumulative value), not its values.
      let range = model.isStackedLine(i) ? model.stackedValueRange(dataSet: i, xWindow: xWindow, positive: log)
        : log ? model.positiveValueRange(dataSet: i, xWindow: xWindow) : model.valueRange(dataSet: i, xWindow: xWindow)
      guard let r = range else { continue }
      lo = min(lo ?? r.lowerBound, r.lowerBound)
      hi = max(hi ?? r.upperBound, r.upperBound)
    }
    let side: AxisSide = horizontal ? (ref == .right ? .top : .bottom) : (ref == .right ? .right : .left)
    let role: AxisRole
    switch ref {
    case .left: role = .y(.left)
    case .right: role = .y(.right)
    case .pane(let k): role = .pane(k)
    }
    var plan = AxisPlan(role: role, side: side, common: y.common, dataMin: lo, dataMax: hi)
    plan.formatter = y.common.formatter
    plan.locale = spec.locale
    plan.fontSize = LayoutEngine.fontSize(y.common.fontSize, spec)
    plan.labelsInside = y.labelPosition == .inside
    plan.inverted = y.inverted
    plan.drawZeroLine = y.drawZeroLine
    plan.drawGrid = y.common.drawGrid ?? true
    plan.zeroLineColor = y.zeroLineColor
    plan.ticks.granularity = y.common.granularity
    // A log axis has no 0: its bars grow from the axis minimum instead.
    plan.ticks.includeZero = !log && (y.includeZero || hasBars)
    plan.transform = y.common.transform
    plan.minorGrid = log && y.common.minorGrid
    plan.ticks.spaceTop = y.spaceTop
    plan.ticks.spaceBottom = y.spaceBottom
    plan.markRadius = AxisPlan.bubbleRadius(model) { model.countsForRange($0) && effectiveAxis(model, $0) == ref }
    if case .date = y.common.formatter { plan.ticks.family = .time }
    if !log, model.hasPercentStack(on: ref) { percentStackAxis(&plan, y) }
    if let m = y.common.min, plan.transform.admits(m) { plan.ticks.fixedMin = m }
    if let m = y.common.max, plan.transform.admits(m) { plan.ticks.fixedMax = m }
    plan.badges = spec.limitLines.filter { $0.labelPosition == .axis && spec.valueAxis(of: $0) == ref }
    return plan
  }

  /// A value axis holding a percent stack: 0 … 100 (from −100 when a share is negative), written
  /// as percentages unless the axis has its own formatter; its own `min` and `max` still win.
  static func percentStackAxis(_ plan: inout AxisPlan, _ y: YAxisSpec) {
    plan.formatter = y.common.formatter ?? .percent(decimals: nil, multiply: false)
    plan.ticks.fixedMin = (plan.dataMin ?? 0) < 0 ? -100 : 0
    plan.ticks.fixedMax = (plan.dataMax ?? 0) > 0 || (plan.dataMin ?? 0) >= 0 ? 100 : 0
  }

  /// Whether a formatter names categories or trading days (an index axis).
  static func isCategoryFormatter(_ f: FormatterSpec?) -> Bool {
    switch f {
    case .category, .indexDate: return true
    default: return false
    }
  }

  /// How x values are written: the x axis's format, else categories from the entries' labels.
  static func xFormatter(_ model: ChartModel) -> FormatterSpec? {
    // Entry labels never turn a log axis into an index one: they are for markers and value labels there.
    model.spec.xAxis.common.formatter ?? (model.spec.hasLogXAxis ? nil : automaticCategories(model))
  }

  /// Whether the x axis is an index axis (bars, candles, categories, trading days): its entries
  /// sit in slots one x unit wide.
  static func isIndexXAxis(_ model: ChartModel) -> Bool {
    hasSlots(model) || isCategoryFormatter(xFormatter(model))
  }

  /// The axis a data set is drawn against (pie data sets have none).
  static func effectiveAxis(_ model: ChartModel, _ i: Int) -> ValueAxisRef? {
    model.seriesKind(of: i) == nil ? nil : model.valueAxis(of: i)
  }

  /// Whether a right (or left) value axis is needed: a data set that counts for ranges depends on
  /// it, or a limit line sits on it.
  static func needsAxis(_ model: ChartModel, _ dependency: AxisDependency) -> Bool {
    let side: AxisSide = dependency == .left ? .left : .right
    if model.spec.limitLines.contains(where: { $0.axis == side }) { return true }
    return model.spec.dataSets.indices.contains { model.countsForRange($0) && effectiveAxis(model, $0) == ValueAxisRef(dependency) }
  }

  /// Category labels taken from the entries' own labels when no x formatter is given: the label of
  /// the entry at x = i names index i.
  ///
  /// Only line, bar and candle labels at index positions name categories. Scatter and bubble x
  /// values are measurements, and a labelled entry at a fractional x shows the x is one too: there
  /// the labels are for value labels and markers, and must not turn a numeric axis into an index one.
  static func automaticCategories(_ model: ChartModel) -> FormatterSpec? {
    for i in model.spec.dataSets.indices {
      guard let kind = model.seriesKind(of: i), kind != .scatter, kind != .bubble else { continue }
      let e = model.spec.dataSets[i].entries
      guard let labels = e.labels, labels.contains(where: { $0 != nil }) else { continue }
      let fractional = labels.indices.contains { j in
        labels[j] != nil && j < e.x.count && e.x[j].isFinite && e.x[j] != e.x[j].rounded()
      }
      if fractional { continue }
      var names: [String] = []
      for (j, label) in labels.enumerated() where j < e.x.count {
        guard let label, e.x[j].isFinite, e.x[j] >= 0, e.x[j] < 100_000, e.x[j] == e.x[j].rounded() else { continue }
        let k = Int(e.x[j])
        if k >= names.count { names += Array(repeating: "", count: k + 1 - names.count) }
        names[k] = label
      }
      return names.isEmpty ? nil : .category(labels: names)
    }
    return nil
  }
}
