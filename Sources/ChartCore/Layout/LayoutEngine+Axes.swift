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
    let bounds = AxisBuilder.Bounds(canvas: canvas, padding: padding)
    // End labels of a vertical axis are centred on the plot's edges and reach half a line beyond.
    let overhang = (TextMetrics.lineHeight(fontSize: fontSize(nil, spec)) / 2).rounded(.up)

    var sides = Sides()
    // Each axis keeps its recent tick choices: an iteration (or a later layout) that asks for the
    // same plan and span reuses one.
    var plot = plotRect(area, sides, overhang: overhang, horizontal: horizontal)
    var x = AxisBuilder.build(xPlan, plot: plot, bounds: bounds, theme: theme, memo: &memos.x)
    var left: BuiltAxis? = nil, right: BuiltAxis? = nil
    for _ in 0..<4 {
      plot = plotRect(area, sides, overhang: overhang, horizontal: horizontal)
      x = AxisBuilder.build(xPlan, plot: plot, bounds: bounds, theme: theme, memo: &memos.x)
      if let leftPlan { left = AxisBuilder.build(leftPlan, plot: plot, bounds: bounds, theme: theme, memo: &memos.left) }
      if let rightPlan { right = AxisBuilder.build(rightPlan, plot: plot, bounds: bounds, theme: theme, memo: &memos.right) }
      var next = Sides()
      for built in [x, left, right].compactMap({ $0 }) {
        next.add(built.thickness, on: built.layout.side)
        if built.oppositeThickness > 0 { next.add(built.oppositeThickness, on: built.layout.side.opposite) }
      }
      next.left = max(next.left, x.startOverhang)
      next.top = min(next.top, area.height * 0.3)
      next.bottom = min(next.bottom, area.height * 0.45)
      next.left = min(next.left, area.width * 0.45)
      next.right = min(next.right, area.width * 0.45)
      if next == sides { break }
      sides = next
    }
    x.layout.band = band(x.layout.side, plot: plot, thickness: x.thickness)
    if let l = left { left?.layout.band = band(l.layout.side, plot: plot, thickness: l.thickness) }
    if let r = right { right?.layout.band = band(r.layout.side, plot: plot, thickness: r.thickness) }

    var layout = ChartLayout(canvas: canvas, plot: plot, theme: theme, x: x.layout, left: left?.layout,
                             right: right?.layout, horizontal: horizontal)
    layout.bars = BarGeometryLayouter.layout(model, pixelsPerUnit: x.layout.scale.pixelsPerUnit)
    layout.limitLines = LimitLineLayouter.layout(spec, x: layout.x, left: layout.left, right: layout.right,
                                                 plot: plot, theme: theme)
    return layout
  }

  /// The plot rectangle left inside `area` by the bands, on whole pixels.
  static func plotRect(_ area: Rect, _ s: Sides, overhang: Double, horizontal: Bool) -> Rect {
    // Vertical axes (y normally, x in horizontal bar charts) need room for their end labels.
    let top = max(s.top, overhang)
    let bottom = max(s.bottom, horizontal ? overhang : 0)
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

  public init() {}
}

extension LayoutEngine.Sides {
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
