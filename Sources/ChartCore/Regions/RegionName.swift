/// Names one region of a chart; with the document's prefix it gives the element's id.
///
/// Regions are the unit of incremental rendering: each is one top-level element of the SVG, on
/// one line, re-rendered only when something it reads has changed.
public enum RegionName: Hashable, Sendable {
  case accessibleTitle
  case accessibleDescription
  /// Shared definitions: the plot clip path.
  case definitions
  case background
  case grid
  case limitLines(front: Bool)
  case series(dataSet: String, chunk: Int)
  case pie
  /// A radar's spokes and rings.
  case radarWeb
  /// One data set's polygon in a radar chart.
  case radarPolygon(dataSet: String)
  /// The ring values along a radar's first spoke.
  case radarScale
  /// The category labels around a radar's web.
  case radarCategories
  case valueLabels(dataSet: String)
  case xAxis
  case leftAxis
  case rightAxis
  /// The value axis of pane 1 or below.
  case paneAxis(Int)
  /// A legend entry: a data set's, or a pie slice's / stack label's.
  case legendItem(LegendKey)
  case title
  /// The text of a chart without entries (`ChartSpec.noDataText`).
  case noData
  case highlight
  case marker

  /// The id suffix after the document prefix. Data set ids are encoded so any string is a valid,
  /// unambiguous XML id part.
  public var idSuffix: String {
    switch self {
    case .accessibleTitle: return "a11y-title"
    case .accessibleDescription: return "a11y-desc"
    case .definitions: return "defs"
    case .background: return "bg"
    case .grid: return "grid"
    case .limitLines(let front): return front ? "limits-front" : "limits-back"
    case .series(let id, let chunk): return "s-\(RegionName.encode(id))-\(chunk)"
    case .pie: return "pie"
    case .radarWeb: return "radar-web"
    case .radarPolygon(let id): return "radar-\(RegionName.encode(id))"
    case .radarScale: return "radar-scale"
    case .radarCategories: return "radar-categories"
    case .valueLabels(let id): return "labels-\(RegionName.encode(id))"
    case .xAxis: return "x-axis"
    case .leftAxis: return "left-axis"
    case .rightAxis: return "right-axis"
    case .paneAxis(let k): return "pane-axis-\(k)"
    case .legendItem(.dataSet(let id)): return "legend-\(RegionName.encode(id))"
    // An encoded data set id never contains "-", so this cannot meet one.
    case .legendItem(.entry(let n)): return "legend-entry-\(n)"
    // Neither a data set's (it contains "-") nor an entry's (not a number).
    case .legendItem(.more): return "legend-entry-more"
    case .title: return "title"
    case .noData: return "no-data"
    case .highlight: return "highlight"
    case .marker: return "marker"
    }
  }

  public func id(prefix: String) -> String { prefix + "-" + idSuffix }

  /// What a legend item stands for. Data set ids are the client's strings and entry items are
  /// numbered by chartd: two cases, so no choice of id can make them collide.
  public enum LegendKey: Hashable, Sendable {
    case dataSet(String)
    /// A pie slice or a stack label, numbered across the chart.
    case entry(Int)
    /// The "+N more" item summarising the entries that did not fit.
    case more
  }

  /// Keeps ASCII letters and digits; writes every other scalar as `_hex_` (so `_` itself is `_5f_`).
  static func encode(_ s: String) -> String {
    var out = ""
    for u in s.unicodeScalars {
      switch u.value {
      case 0x30...0x39, 0x41...0x5a, 0x61...0x7a: out.unicodeScalars.append(u)
      default: out += "_" + String(u.value, radix: 16) + "_"
      }
    }
    return out
  }
}
