import ChartCore
import ChartdJSON

/// What a spec's JSON draws its data sets as: the chart's kind, and each data set's (its own in a
/// combined chart); which members that leaves unused follows from it.
///
/// Read from the JSON rather than a parsed spec, so that it also answers for a text with errors
/// elsewhere, and for the last text that parsed while the current one is being typed.
public struct DrawnKinds: Sendable, Equatable {
  public var chart: ChartKind
  /// Per data set in order: what it is drawn as; nil in a pie (slices) or radar (a polygon) chart.
  public var dataSets: [SeriesKind?]

  /// nil when the chart's kind, or a combined chart's data set's, is not one the reader knows.
  public init?(_ spec: JSONValue) {
    guard spec.objectValue != nil, let chart = ChartKind(rawValue: spec["kind"]?.stringValue ?? ChartKind.line.rawValue) else { return nil }
    var sets: [SeriesKind?] = []
    for ds in spec["dataSets"]?.arrayValue ?? [] {
      switch chart {
      case .pie, .radar: sets.append(nil)
      case .combined:
        guard let own = SeriesKind(rawValue: ds["kind"]?.stringValue ?? SeriesKind.line.rawValue) else { return nil }
        sets.append(own)
      default: sets.append(SeriesKind(rawValue: chart.rawValue))
      }
    }
    self.chart = chart
    self.dataSets = sets
  }

  /// The chart's members `unusedChartMember` may judge unused; any other never is.
  public static let chartMembers = ["pie", "radar", "bars"]
  /// The data set members `unusedDataSetMember` may judge unused; any other never is.
  public static let dataSetMembers = ["hiddenEntries", "stack", "line", "bar", "scatter", "bubble", "candle"]

  /// The x axis's members `unusedXAxisMember` may judge unused; any other never is.
  public static let xAxisMembers = ["slot"]

  /// Why member `key` of the x axis is not used, or nil.
  public func unusedXAxisMember(_ key: String) -> String? {
    switch key {
    case "slot" where !dataSets.contains(.bar) && !dataSets.contains(.candlestick):
      return "slots are for bars and candles, and no data set is drawn as either"
    default: return nil
    }
  }

  /// Why the chart's member `key` is not used, or nil.
  public func unusedChartMember(_ key: String) -> String? {
    switch key {
    case "pie" where chart != .pie: return "this is a \(chart.rawValue) chart, not a pie"
    case "radar" where chart != .radar: return "this is a \(chart.rawValue) chart, not a radar"
    case "bars" where !dataSets.contains(.bar): return "no data set is drawn as bars"
    default: return nil
    }
  }

  /// Why member `key` of data set `index` is not used, or nil (also for a data set past the list).
  public func unusedDataSetMember(_ key: String, dataSet index: Int) -> String? {
    guard dataSets.indices.contains(index) else { return nil }
    let kind = dataSets[index]
    let drawing = kind.map { "this data set is drawn as \(Self.noun($0))" }
      ?? (chart == .pie ? "a pie chart draws slices" : "a radar chart draws a polygon")
    switch key {
    case "hiddenEntries" where chart != .pie: return "only a pie chart hides single entries"
    case "stack" where kind != .line: return "only data sets drawn as lines stack this way; \(drawing)"
    case "line" where kind != .line && chart != .radar: return drawing
    case "bar" where kind != .bar, "scatter" where kind != .scatter, "bubble" where kind != .bubble,
         "candle" where kind != .candlestick:
      return drawing
    default: return nil
    }
  }

  private static func noun(_ kind: SeriesKind) -> String {
    switch kind {
    case .line: return "a line"
    case .bar: return "bars"
    case .scatter: return "a scatter"
    case .bubble: return "bubbles"
    case .candlestick: return "candlesticks"
    }
  }
}
