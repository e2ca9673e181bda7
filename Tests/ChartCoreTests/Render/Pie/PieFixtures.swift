import Foundation
import ChartdJSON
@testable import ChartCore

/// Builders for pie specs and layouts used by the pie and highlight tests.
enum PieFixtures {
  /// A pie chart whose first data set has `values` (and optional slice labels).
  static func spec(_ values: [Double], labels: [String]? = nil, width: Double = 640, height: Double = 400,
                   _ configure: (inout ChartSpec) -> Void = { _ in }) -> ChartSpec {
    var spec = ChartSpec()
    spec.kind = .pie
    spec.width = width
    spec.height = height
    var ds = DataSetSpec(id: "share", label: "Share")
    ds.entries = EntryColumns(x: values.indices.map(Double.init), y: values)
    if let labels { ds.entries.labels = EntryColumn(labels.map { Optional($0) }) }
    spec.dataSets = [ds]
    configure(&spec)
    return spec
  }

  /// The layout of `spec` with the pie laid out by `PieLayouter` in the whole canvas minus padding.
  static func layout(_ model: ChartModel) -> ChartLayout {
    var layout = LayoutEngine.layout(model)
    let s = model.spec
    layout.plot = Rect(x: s.padding.left, y: s.padding.top, width: s.width - s.padding.left - s.padding.right,
                       height: s.height - s.padding.top - s.padding.bottom)
    layout.pie = PieLayouter.layout(model, in: layout.plot)
    return layout
  }

  /// The inner markup of one renderer call.
  static func markup(_ body: (inout SVGWriter) -> Void) -> String {
    var svg = SVGWriter()
    body(&svg)
    return svg.output
  }

  /// The whole SVG of `spec`, rendered region by region with `layout(_:)` (the real pipeline's layout
  /// engine decides the pie's space; this one gives it the canvas).
  static func document(_ spec: ChartSpec, prefix: String = "c") -> String {
    let model = ChartModel(spec: spec)
    let layout = layout(model)
    let aggregations = Aggregations.compute(model, layout)
    let names = RegionPlan.regions(model, layout, aggregations)
    let chart = RenderedChart(root: ChartRenderer.rootTag(prefix: prefix, model: model, layout: layout),
                              regionIDs: names.map { $0.id(prefix: prefix) },
                              markup: names.map {
                                RegionRenderer.render($0, prefix: prefix, model: model, layout: layout, aggregations: aggregations)
                              })
    return chart.svg
  }

  /// All vertices (end points of every command) of path data, in order.
  static func vertices(_ d: String) -> [(x: Double, y: Double)] {
    var out: [(x: Double, y: Double)] = []
    var current = (x: 0.0, y: 0.0)
    for c in PathData.commands(d) {
      switch c.letter {
      case "M", "L": current = (c.numbers[0], c.numbers[1])
      case "A": current = (c.numbers[5], c.numbers[6])
      case "C": current = (c.numbers[4], c.numbers[5])
      case "H": current.x = c.numbers[0]
      case "V": current.y = c.numbers[0]
      default: continue
      }
      out.append(current)
    }
    return out
  }

  /// Values of attribute `name` in `markup`, in order; path data (`d`) as absolute commands.
  static func attributes(_ name: String, in markup: String) -> [String] {
    var out: [String] = []
    var rest = Substring(markup)
    let key = " \(name)=\""
    while let r = rest.range(of: key) {
      rest = rest[r.upperBound...]
      guard let end = rest.firstIndex(of: "\"") else { break }
      let value = String(rest[..<end])
      out.append(name == "d" ? PathData.absolute(value) : value)
      rest = rest[rest.index(after: end)...]
    }
    return out
  }

  /// Elements `<name …>` of `markup` (the opening tags).
  static func elements(_ name: String, in markup: String) -> [String] {
    var out: [String] = []
    var rest = Substring(markup)
    while let r = rest.range(of: "<\(name) ") {
      rest = rest[r.lowerBound...]
      guard let end = rest.firstIndex(of: ">") else { break }
      out.append(String(rest[...end]))
      rest = rest[rest.index(after: end)...]
    }
    return out
  }
}

extension PieFixtures {
  /// Parses JSON text with Foundation into a `JSONValue` (test input only).
  static func json(_ text: String) -> JSONValue? {
    guard let any = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) else { return nil }
    return convert(any)
  }

  private static func convert(_ any: Any) -> JSONValue {
    switch any {
    case let s as String: return .string(s)
    case let n as NSNumber:
      // Foundation marks booleans with the "c" (char) type code.
      if String(cString: n.objCType) == "c" { return .bool(n.boolValue) }
      return .number(n.doubleValue)
    case let a as [Any]: return .array(a.map(convert))
    case let o as [String: Any]: return .object(o.mapValues(convert))
    default: return .null
    }
  }
}
