/// Which value axis a data set is drawn against: the main pane's left or right axis, or the axis
/// of a lower pane (`ChartSpec.panes`).
public enum ValueAxisRef: Hashable, Sendable {
  case left, right
  /// Pane 1 or below.
  case pane(Int)

  /// The main pane's axis on this side.
  init(_ dependency: AxisDependency) { self = dependency == .left ? .left : .right }
}

/// A plot pane below the main one: its rectangle and its value axis (on the left).
public struct PaneLayout: Sendable, Hashable {
  public var rect: Rect
  public var axis: AxisLayout
  public init(rect: Rect, axis: AxisLayout) {
    self.rect = rect
    self.axis = axis
  }
}

extension ChartLayout {
  /// The value axis `ref` names (a missing main-pane side falls back to the other side).
  public func valueAxis(_ ref: ValueAxisRef) -> AxisLayout? {
    switch ref {
    case .left: return yAxis(.left)
    case .right: return yAxis(.right)
    case .pane(let k): return k >= 1 && k <= panes.count ? panes[k - 1].axis : nil
    }
  }

  /// The rectangle the data sets drawn against `ref` live in: the main plot, or a lower pane's.
  public func plotRect(_ ref: ValueAxisRef) -> Rect {
    if case .pane(let k) = ref, k >= 1, k <= panes.count { return panes[k - 1].rect }
    return plot
  }

  /// Every pane's rectangle, top to bottom (the main plot first).
  public var paneRects: [Rect] { [plot] + panes.map(\.rect) }

  /// The plot and the panes below it: what the x axis spans.
  public var frame: Rect {
    guard let last = panes.last else { return plot }
    return Rect(x: plot.minX, y: plot.minY, width: plot.width, height: last.rect.maxY - plot.minY)
  }
}

extension ChartModel {
  /// The value axis data set `i` is drawn against.
  public func valueAxis(of i: Int) -> ValueAxisRef { spec.valueAxis(of: i) }
}
