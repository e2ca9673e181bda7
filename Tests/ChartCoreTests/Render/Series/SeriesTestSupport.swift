import Foundation
@testable import ChartCore

/// Hand-built inputs for series renderer tests: a 100 × 100 px plot at (0, 0) unless told otherwise.
enum SeriesFixture {
  static let plot = Rect(x: 0, y: 0, width: 100, height: 100)

  /// A model of one data set of `kind` and a layout with the given linear scales.
  static func context(_ dataSet: DataSetSpec, kind: ChartKind, x: ClosedRange<Double> = 0...10,
                      y: ClosedRange<Double> = 0...10, plot: Rect = plot, horizontal: Bool = false,
                      bars: BarGeometry? = nil, indices: EntryIndices? = nil, theme: Theme = .light,
                      configure: (inout ChartSpec) -> Void = { _ in }) -> SeriesContext {
    var spec = ChartSpec()
    spec.kind = kind
    spec.dataSets = [dataSet]
    configure(&spec)
    let model = ChartModel(spec: spec)
    let xs = horizontal
      ? ValueScale(domainMin: x.lowerBound, domainMax: x.upperBound, rangeStart: plot.minY, rangeEnd: plot.maxY)
      : ValueScale(domainMin: x.lowerBound, domainMax: x.upperBound, rangeStart: plot.minX, rangeEnd: plot.maxX)
    let ys = horizontal
      ? ValueScale(domainMin: y.lowerBound, domainMax: y.upperBound, rangeStart: plot.minX, rangeEnd: plot.maxX)
      : ValueScale(domainMin: y.lowerBound, domainMax: y.upperBound, rangeStart: plot.maxY, rangeEnd: plot.minY)
    let layout = ChartLayout(
      canvas: Size(width: plot.maxX + 20, height: plot.maxY + 20), plot: plot, theme: theme,
      x: AxisLayout(side: horizontal ? .left : .bottom, scale: xs, ticks: [], band: .zero, fontSize: 11),
      left: AxisLayout(side: horizontal ? .bottom : .left, scale: ys, ticks: [], band: .zero, fontSize: 11),
      bars: bars, horizontal: horizontal)
    return SeriesContext(model: model, layout: layout, dataSetIndex: 0, color: model.color(of: 0), xScale: xs,
                         yScale: ys, indices: indices ?? .range(0..<dataSet.entries.count), regionID: "c-s-a-0")
  }

  static func dataSet(_ id: String = "a", x: [Double], y: [Double], _ configure: (inout DataSetSpec) -> Void = { _ in }) -> DataSetSpec {
    var ds = DataSetSpec(id: id)
    ds.entries = EntryColumns(x: x, y: y)
    configure(&ds)
    return ds
  }

  static func render(_ draw: (SeriesContext, inout SVGWriter) -> Void, _ ctx: SeriesContext) -> String {
    var svg = SVGWriter()
    draw(ctx, &svg)
    return svg.output
  }
}

/// Small readers of the markup the renderers write (attribute values by element).
enum Markup {
  /// Every element `<name …>` as a dictionary of its attributes, in document order.
  static func elements(_ name: String, in svg: String) -> [[String: String]] {
    var out: [[String: String]] = []
    var rest = svg[...]
    while let open = rest.range(of: "<" + name + " ") ?? rest.range(of: "<" + name + ">") {
      let tail = rest[open.upperBound...]
      guard let end = tail.firstIndex(of: ">") else { break }
      out.append(attributes(String(tail[..<end])))
      rest = tail[end...]
    }
    return out
  }

  static func attributes(_ text: String) -> [String: String] {
    var out: [String: String] = [:]
    var rest = text[...]
    while let eq = rest.range(of: "=\"") {
      let name = rest[..<eq.lowerBound].split(separator: " ").last.map(String.init) ?? ""
      let valueStart = eq.upperBound
      guard let close = rest[valueStart...].firstIndex(of: "\"") else { break }
      let value = String(rest[valueStart..<close])
      // Path data as what it draws, so tests read the same points however they are written.
      out[name] = name == "d" ? PathData.absolute(value) : value
      rest = rest[rest.index(after: close)...]
    }
    return out
  }

  /// The numbers of a path `d`, per command letter, in absolute coordinates: "M1 2l2 2" →
  /// [("M", [1, 2]), ("L", [3, 4])] (see `PathData`).
  static func commands(_ d: String) -> [(String, [Double])] {
    PathData.commands(d).map { (String($0.letter), $0.numbers) }
  }
}

extension Markup {
  /// Every `<text>` element: its attributes and its (escaped) content.
  static func texts(in svg: String) -> [(attributes: [String: String], content: String)] {
    var out: [([String: String], String)] = []
    var rest = svg[...]
    while let open = rest.range(of: "<text ") {
      let tail = rest[open.upperBound...]
      guard let end = tail.firstIndex(of: ">"), let close = tail.range(of: "</text>") else { break }
      out.append((attributes(String(tail[..<end])), String(tail[tail.index(after: end)..<close.lowerBound])))
      rest = tail[close.upperBound...]
    }
    return out
  }
}
