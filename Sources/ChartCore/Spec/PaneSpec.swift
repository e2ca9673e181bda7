/// One plot pane of a chart whose plot is split into panes stacked top to bottom (ECharts' grids
/// sharing one x axis; a K-line over its volume bars). Every pane shares the x axis, the viewport
/// and the legend; each has its own value axis. Pane 0 is the main pane, drawn against `leftAxis`
/// and `rightAxis`; a data set names its pane with `pane`.
public struct PaneSpec: Sendable, Equatable {
  /// The pane's share of the plot's height, relative to the other panes' weights.
  public var weight: Double = 1
  /// Px between this pane and the one above it (ignored for pane 0).
  public var gap: Double = 8
  /// The value axis of a lower pane (pane 0 uses `leftAxis` and `rightAxis`), on the left.
  public var axis = YAxisSpec(side: .left)

  public init(weight: Double = 1, gap: Double = 8, axis: YAxisSpec = YAxisSpec(side: .left)) {
    self.weight = weight
    self.gap = gap
    self.axis = axis
  }
}

extension PaneSpec {
  /// Most panes a chart may have (a data set's `pane` is below it).
  public static let maxPanes = SpecTable.dataSet.integers("pane").upperBound + 1
  static let weightRange: ClosedRange<Double> = SpecTable.pane.range("weight")
  static let gapRange: ClosedRange<Double> = SpecTable.pane.range("gap")

  /// Why a data set or limit line cannot name `pane` in a spec that lists `paneCount` panes, or nil when it can.
  static func missing(_ pane: Int, paneCount: Int) -> String? {
    guard pane >= max(1, paneCount) else { return nil }
    return paneCount <= 1 ? "pane \(pane) does not exist: the chart has one pane (add 'panes' to split the plot)"
      : "pane \(pane) does not exist: the chart has \(paneCount) panes (panes/0 … panes/\(paneCount - 1))"
  }

  /// Reads one pane object; index 0 is the main pane, whose `axis` would be ignored.
  init(_ o: SpecObject, index: Int) {
    self.init()
    o.warnUnknownKeys(SpecTable.pane.keys)
    weight = o.number("weight", default: weight, in: Self.weightRange)
    gap = o.number("gap", default: gap, in: Self.gapRange)
    if let a = o.object("axis") {
      if index == 0 {
        o.log.warning(a.path, "pane 0 is drawn against leftAxis and rightAxis: its 'axis' is ignored")
      } else {
        axis = YAxisSpec(side: .left, a)
      }
    }
  }
}

extension ChartSpec {
  /// Whether this kind of chart can split its plot: pies, radars and horizontal bars have no
  /// vertical stack of value axes along one x axis.
  var canSplitIntoPanes: Bool {
    kind != .pie && kind != .radar && !(bars.horizontal && (kind == .bar || kind == .combined))
  }

  /// The number of panes drawn: 1 unless `panes` lists two or more in a chart that can split.
  public var paneCount: Int { panes.count > 1 && canSplitIntoPanes ? panes.count : 1 }

  /// The pane data set `i` is drawn in (0 when the plot is one pane).
  public func pane(of i: Int) -> Int { drawnPane(dataSets[i].pane) }

  /// The pane drawn for a data set or limit line that names `pane` (0 when the plot is one pane).
  public func drawnPane(_ pane: Int) -> Int { paneCount > 1 ? min(max(pane, 0), paneCount - 1) : 0 }

  /// The value axis a limit line is drawn against: its pane's (pane 0: `axis` left or right); nil for an x line.
  public func valueAxis(of line: LimitLineSpec) -> ValueAxisRef? {
    guard line.axis == .left || line.axis == .right else { return nil }
    let k = drawnPane(line.pane)
    return k > 0 ? .pane(k) : line.axis == .left ? .left : .right
  }
}
