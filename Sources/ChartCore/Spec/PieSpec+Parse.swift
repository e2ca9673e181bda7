import ChartdJSON

// Parsing of pie options, highlight style and marker. Placeholder bodies: the pie work fills them in.

extension PieSpec {
  public init(_ o: SpecObject?) { self.init() }
}

extension HighlightStyle {
  public init(_ o: SpecObject?) { self.init() }
}

extension MarkerSpec {
  public init(_ o: SpecObject?) { self.init() }
}
