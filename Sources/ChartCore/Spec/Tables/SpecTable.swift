/// The properties of one kind of spec object (the chart, a data set, an axis, a line style, …).
///
/// These tables are the one description of the spec: the readers take their key sets, ranges and
/// choices from them, the language features their descriptions and defaults, and a test holds the
/// JSON Schema in protocol/schema to them.
public struct SpecTable: Sendable {
  /// The table's name, as `SpecType.object` refers to it.
  public let name: String
  /// Where the schema describes the same object (`file#/$defs/Name`, or the file for the root).
  public let schema: String
  public let summary: String
  public let properties: [SpecProperty]
  /// The property names, for the readers' unknown-key warnings.
  public let keys: Set<String>
  private let index: [String: Int]

  public init(_ name: String, schema: String, summary: String, properties: [SpecProperty]) {
    self.name = name
    self.schema = schema
    self.summary = summary
    self.properties = properties
    self.keys = Set(properties.map(\.name))
    self.index = Dictionary(properties.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
  }

  public subscript(name: String) -> SpecProperty? { index[name].map { properties[$0] } }

  /// The closed range of a property the table bounds; a missing entry is a programming error.
  public func range(_ name: String) -> ClosedRange<Double> {
    guard let b = self[name]?.bounds else { preconditionFailure("\(self.name).\(name) has no bounds") }
    return b.closed
  }

  /// The integer range of an integer property the table bounds.
  public func integers(_ name: String) -> ClosedRange<Int> {
    guard let b = self[name]?.bounds else { preconditionFailure("\(self.name).\(name) has no bounds") }
    return b.integers
  }

  /// Every table, the root (`chart`) first.
  public static let all: [SpecTable] = [
    chart, viewport, pane, largeData, locale, padding, highlight, dataSet, entryRow, entryColumns, xAxis, yAxis, legend,
    limitLine, customLabel, formatter, gradient, gradientStop, lineStyle, barStyle, scatterStyle, bubbleStyle, candleStyle, barLayout,
    valueLabels, pie, radar, highlightStyle, marker,
  ]

  private static let byName: [String: SpecTable] = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })

  /// The table `SpecType.object(name)` refers to.
  public static func named(_ name: String) -> SpecTable? { byName[name] }
}
