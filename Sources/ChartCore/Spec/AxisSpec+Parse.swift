import ChartdJSON

// Parsing of axes, legend, limit lines and formatters. Placeholder bodies: the layout work fills them in.

extension XAxisSpec {
  public init(_ o: SpecObject?) { self.init() }
}

extension YAxisSpec {
  public init(side: AxisSide, _ o: SpecObject?) { self.init(side: side) }
}

extension LegendSpec {
  public init(_ o: SpecObject?) { self.init() }
}

extension LimitLineSpec {
  /// One element of `limitLines`; nil (with diagnostics) when invalid.
  public static func parse(_ v: JSONValue, at path: JSONPointer, log: DiagnosticLog) -> LimitLineSpec? { nil }
}

extension FormatterSpec {
  /// A formatter given as a string ("percent") or an object ({"type": "number", "decimals": 2}).
  public static func parse(_ v: JSONValue?, at path: JSONPointer, log: DiagnosticLog) -> FormatterSpec? { nil }
}
