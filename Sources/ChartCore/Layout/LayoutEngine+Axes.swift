extension LayoutEngine {
  /// Px taken beside the plot on each side.
  struct Sides: Equatable {
    var top = 0.0, left = 0.0, bottom = 0.0, right = 0.0
  }

  /// Plot and axes of a chart with axes: bands sized from the labels until the sizes settle.
  static func axesLayout(_ model: ChartModel, plans: AxisPlans, area: Rect, canvas: Size, padding: Insets, theme: Theme,
                         memos: inout AxisMemos) -> ChartLayout {
    let spec = model.spec
    let horizontal = plans.horizontal
    let (xPlan, leftPlan, rightPlan) = (plans.x, plans.left, plans.right)
    var bounds = AxisBuilder.Bounds(canvas: canvas, padding: padding, minX: area.minX, maxX: area.maxX)
    // End labels of a vertical axis are centred on the plot's edges and reach half a line beyond.
    let overhang = (TextMetrics.lineHeight(fontSize: fontSize(nil, spec)) / 2).rounded(.up)

    var sides = Sides()
    // The share of the area each side may take; an axis fits its labels and title into it.
    func cap(_ side: AxisSide) -> Double {
      switch side {
      case .top: return area.height * 0.3
      case .bottom: return area.height * 0.45
      case .left, .right: return area.width * 0.45
      }
    }
    // Slanted x labels may hang as far beside the plot as a side may grow; flat ones stay in the area.
    bounds.startReach = cap(.left)
    bounds.endReach = cap(.right)
    func build(_ plan: AxisPlan, _ plot: Rect, _ memo: inout AxisBuilder.ChoiceMemo) -> BuiltAxis {
      // Mirrored labels need their room on both sides.
      let most = plan.mirrored ? min(cap(plan.side), cap(plan.side.opposite)) : cap(plan.side)
      return AxisBuilder.build(plan, plot: plot, bounds: bounds, theme: theme, maxThickness: most, memo: &memo)
    }
    // Each axis keeps its recent tick choices: an iteration (or a later layout) that asks for the
    // same plan and span reuses one.
    // With panes, `plot` is the frame they split: the x axis spans it, the value axes their panes.
    var plot = plotRect(area, sides, overhang: overhang, horizontal: horizontal)
    var rects = paneRects(plot, spec, count: plans.panes.count + 1)
    var x = build(xPlan, plot, &memos.x)
    var left: BuiltAxis? = nil, right: BuiltAxis? = nil
    // Every choice of every round counts: another data range must lead each round the same way.
    var read = ChartLayout.CandidatesRead()
    read.x.merge(x.candidatesRead)
    var panes: [BuiltAxis] = []
    if memos.panes.count != plans.panes.count { memos.panes = Array(repeating: AxisBuilder.ChoiceMemo(), count: plans.panes.count) }
    var converged = false
    for _ in 0..<6 {
      plot = plotRect(area, sides, overhang: overhang, horizontal: horizontal)
      rects = paneRects(plot, spec, count: plans.panes.count + 1)
      x = build(xPlan, plot, &memos.x)
      read.x.merge(x.candidatesRead)
      if let leftPlan { left = build(leftPlan, rects[0], &memos.left) }
      if let rightPlan { right = build(rightPlan, rects[0], &memos.right) }
      read.note(left, right)
      panes = plans.panes.indices.map { build(plans.panes[$0], rects[$0 + 1], &memos.panes[$0]) }
      var next = Sides()
      // Each axis is read where it is: an array of them copied every built axis, every round.
      next.take(x)
      if let left { next.take(left) }
      if let right { next.take(right) }
      // The panes' axes stand on the left one above the other: the widest sets the band.
      for built in panes {
        next.left = max(next.left, built.thickness)
        next.right = max(next.right, built.oppositeThickness)
      }
      next.left = max(next.left, x.startOverhang)
      next.right = max(next.right, x.endOverhang)
      next.top = min(next.top, cap(.top))
      next.bottom = min(next.bottom, cap(.bottom))
      next.left = min(next.left, cap(.left))
      next.right = min(next.right, cap(.right))
      if next == sides { converged = true; break }
      sides = next
    }
    if !converged {
      // The bands still moved (a rotation or thinning flipped with the plot's size): keep the
      // plot of the last sizes and fit each axis into the band its side has, shortening labels.
      plot = plotRect(area, sides, overhang: overhang, horizontal: horizontal)
      rects = paneRects(plot, spec, count: plans.panes.count + 1)
      bounds.startReach = plot.minX - area.minX
      bounds.endReach = area.maxX - plot.maxX
      func fitted(_ plan: AxisPlan, _ rect: Rect, _ memo: inout AxisBuilder.ChoiceMemo) -> BuiltAxis {
        var most = min(cap(plan.side), sides.get(plan.side))
        if plan.mirrored { most = min(most, cap(plan.side.opposite), sides.get(plan.side.opposite)) }
        return AxisBuilder.build(plan, plot: rect, bounds: bounds, theme: theme, maxThickness: most, memo: &memo)
      }
      x = fitted(xPlan, plot, &memos.x)
      read.x.merge(x.candidatesRead)
      if let leftPlan { left = fitted(leftPlan, rects[0], &memos.left) }
      if let rightPlan { right = fitted(rightPlan, rects[0], &memos.right) }
      read.note(left, right)
      panes = plans.panes.indices.map { fitted(plans.panes[$0], rects[$0 + 1], &memos.panes[$0]) }
    }
    x.layout.band = band(x.layout.side, plot: plot, thickness: x.thickness)
    if let l = left { left?.layout.band = band(l.layout.side, plot: rects[0], thickness: l.thickness) }
    if let r = right { right?.layout.band = band(r.layout.side, plot: rects[0], thickness: r.thickness) }
    for k in panes.indices { panes[k].layout.band = band(.left, plot: rects[k + 1], thickness: panes[k].thickness) }

    // Where bands meet, texts give way (`settleCorner`): a value axis's to the x axis's (the lowest
    // pane's), a lower pane's to the pane above.
    var xAxis = x.layout
    if var l = left { settleCorner(&l.layout, plot: rects[0], &xAxis, otherPlot: plot); left = l }
    if var r = right { settleCorner(&r.layout, plot: rects[0], &xAxis, otherPlot: plot); right = r }
    for k in panes.indices {
      settleCorner(&panes[k].layout, plot: rects[k + 1], &xAxis, otherPlot: plot)
      if k > 0 {
        var above = panes[k - 1].layout
        settleCorner(&panes[k].layout, plot: rects[k + 1], &above, otherPlot: rects[k])
        panes[k - 1].layout = above
      } else if var l = left {
        settleCorner(&panes[k].layout, plot: rects[k + 1], &l.layout, otherPlot: rects[k])
        left = l
      }
    }
    x.layout = xAxis

    var layout = ChartLayout(canvas: canvas, plot: rects[0], theme: theme, x: x.layout, left: left?.layout,
                             right: right?.layout, horizontal: horizontal)
    layout.panes = panes.indices.map { PaneLayout(rect: rects[$0 + 1], axis: panes[$0].layout) }
    layout.candidatesRead = read
    layout.slot = xPlan.slot
    layout.bars = BarGeometryLayouter.layout(model, pixelsPerUnit: x.layout.scale.pixelsPerUnit, slot: xPlan.slot)
    layout.limitLines = LimitLineLayouter.layout(spec, x: layout.x, left: layout.left, right: layout.right,
                                                 plot: rects[0], panes: layout.panes, theme: theme)
    return layout
  }

  /// `plot` split top to bottom into `count` panes by their weights, with their gaps between them
  /// (at most half the height in all), on whole pixels. One pane: the plot itself.
  static func paneRects(_ plot: Rect, _ spec: ChartSpec, count: Int) -> [Rect] {
    guard count > 1, spec.panes.count >= count else { return [plot] }
    let panes = spec.panes.prefix(count)
    let gapsWanted = panes.dropFirst().reduce(0) { $0 + $1.gap }
    let gapScale = gapsWanted > plot.height / 2 ? plot.height / 2 / gapsWanted : 1
    let room = plot.height - gapsWanted * gapScale
    let total = panes.reduce(0) { $0 + $1.weight }
    var out: [Rect] = []
    var gaps = 0.0, weights = 0.0
    for (k, pane) in panes.enumerated() {
      if k > 0 { gaps += pane.gap * gapScale }
      let start = k == 0 ? plot.minY : (plot.minY + gaps + room * weights / total).rounded()
      weights += pane.weight
      let end = k == count - 1 ? plot.maxY : (plot.minY + gaps + room * weights / total).rounded()
      out.append(Rect(x: plot.minX, y: start, width: plot.width, height: max(1, end - start)))
    }
    return out
  }

  /// The plot rectangle left inside `area` by the bands, on whole pixels.
  static func plotRect(_ area: Rect, _ s: Sides, overhang: Double, horizontal: Bool) -> Rect {
    // Vertical axes (y normally, x in horizontal bar charts) need room for their end labels.
    let top = max(s.top, overhang)
    // A vertical axis's end labels reach half a line past both ends of the plot.
    let bottom = max(s.bottom, overhang)
    let x0 = (area.minX + s.left).rounded(), y0 = (area.minY + top).rounded()
    let x1 = (area.maxX - s.right).rounded(), y1 = (area.maxY - bottom).rounded()
    return Rect(x: x0, y: y0, width: max(1, x1 - x0), height: max(1, y1 - y0))
  }

  /// The band beside the plot that an axis on `side` occupies.
  static func band(_ side: AxisSide, plot: Rect, thickness t: Double) -> Rect {
    switch side {
    case .bottom: return Rect(x: plot.minX, y: plot.maxY, width: plot.width, height: t)
    case .top: return Rect(x: plot.minX, y: plot.minY - t, width: plot.width, height: t)
    case .left: return Rect(x: plot.minX - t, y: plot.minY, width: t, height: plot.height)
    case .right: return Rect(x: plot.maxX, y: plot.minY, width: t, height: plot.height)
    }
  }
}

/// Recent tick choices of each axis, kept by a document from one layout to the next.
public struct AxisMemos: Sendable {
  var x = AxisBuilder.ChoiceMemo()
  var left = AxisBuilder.ChoiceMemo()
  var right = AxisBuilder.ChoiceMemo()
  /// One per pane below the main one.
  var panes: [AxisBuilder.ChoiceMemo] = []

  public init() {}
}

extension ChartLayout.CandidatesRead {
  /// Counts the choices of the value axes just built (nil: the chart has no such axis).
  mutating func note(_ left: BuiltAxis?, _ right: BuiltAxis?) {
    if let left { self.left.merge(left.candidatesRead) }
    if let right { self.right.merge(right.candidatesRead) }
  }
}

extension LayoutEngine.Sides {
  func get(_ side: AxisSide) -> Double {
    switch side {
    case .top: return top
    case .left: return left
    case .bottom: return bottom
    case .right: return right
    }
  }

  /// Adds the room an axis takes on its side, and on the opposite side for mirrored labels.
  mutating func take(_ built: BuiltAxis) {
    add(built.thickness, on: built.layout.side)
    if built.oppositeThickness > 0 { add(built.oppositeThickness, on: built.layout.side.opposite) }
  }

  mutating func add(_ v: Double, on side: AxisSide) {
    switch side {
    case .top: top += v
    case .left: left += v
    case .bottom: bottom += v
    case .right: right += v
    }
  }
}

extension AxisSide {
  /// The side across the plot.
  var opposite: AxisSide {
    switch self {
    case .top: return .bottom
    case .bottom: return .top
    case .left: return .right
    case .right: return .left
    }
  }
}
