import ChartdJSON

// Parsing of the per-kind series styles. Placeholder bodies: the series work fills them in.

extension LineStyle {
  public init(_ o: SpecObject?) { self.init() }
}

extension BarStyle {
  public init(_ o: SpecObject?) { self.init() }
}

extension ScatterStyle {
  public init(_ o: SpecObject?) { self.init() }
}

extension BubbleStyle {
  public init(_ o: SpecObject?) { self.init() }
}

extension CandleStyle {
  public init(_ o: SpecObject?) { self.init() }
}

extension BarLayoutSpec {
  public init(_ o: SpecObject?) { self.init() }
}

extension ValueLabelStyle {
  public init(_ o: SpecObject?) { self.init() }
}
