import ChartdJSON

// Readers of the spec's `pie`, `highlightStyle` and `marker` objects. Absent fields keep their
// defaults; a wrong type or an out-of-range value is an error at its JSON Pointer; unknown keys
// are warnings (a typo should be visible without blocking the edit).

extension PieSpec {
  static let knownKeys: Set<String> = SpecTable.pie.keys

  /// Reads a `pie` object; nil gives the defaults.
  public init(_ o: SpecObject?) {
    self.init()
    guard let o else { return }
    o.warnUnknownKeys(Self.knownKeys)
    let t = SpecTable.pie
    holeRadius = o.number("holeRadius", default: holeRadius, in: t.range("holeRadius"))
    transparentCircleRadius = o.number("transparentCircleRadius", default: transparentCircleRadius, in: t.range("transparentCircleRadius"))
    transparentCircleOpacity = o.number("transparentCircleOpacity", default: transparentCircleOpacity, in: t.range("transparentCircleOpacity"))
    sliceSpace = o.number("sliceSpace", default: sliceSpace, in: t.range("sliceSpace"))
    roundedSlices = o.bool("roundedSlices", default: roundedSlices)
    centerText = o.optionalString("centerText", maxLength: t["centerText"]?.maxLength ?? 1_000)
    centerTextFontSize = o.optionalNumber("centerTextFontSize", in: t.range("centerTextFontSize"))
    centerTextColor = o.color("centerTextColor")
    entryLabels = o.choice("entryLabels", default: entryLabels)
    valueLabels = o.choice("valueLabels", default: valueLabels)
    percentValues = o.bool("percentValues", default: percentValues)
    valueFormat = FormatterSpec.parse(o["valueFormat"], at: o.path / "valueFormat", log: o.log)
    labelFontSize = o.optionalNumber("labelFontSize", in: t.range("labelFontSize"))
    labelColor = o.color("labelColor")
    valueLineColor = o.color("valueLineColor")
    maxAngle = o.number("maxAngle", default: maxAngle, in: t.range("maxAngle"))
    rotation = o.number("rotation", default: rotation, in: t.range("rotation"))
    selectionShift = o.number("selectionShift", default: selectionShift, in: t.range("selectionShift"))
  }
}

extension HighlightStyle {
  static let knownKeys: Set<String> = SpecTable.highlightStyle.keys

  /// Reads a `highlightStyle` object; nil gives the defaults.
  public init(_ o: SpecObject?) {
    self.init()
    guard let o else { return }
    o.warnUnknownKeys(Self.knownKeys)
    let t = SpecTable.highlightStyle
    color = o.color("color")
    lineWidth = o.number("lineWidth", default: lineWidth, in: t.range("lineWidth"))
    verticalLine = o.bool("verticalLine", default: verticalLine)
    horizontalLine = o.bool("horizontalLine", default: horizontalLine)
    dash = Self.readDash(o, "dash") ?? dash
    barOverlayOpacity = o.number("barOverlayOpacity", default: barOverlayOpacity, in: t.range("barOverlayOpacity"))
  }

  /// A dash pattern: an array of at most 16 non-negative lengths, not all zero (an all-zero pattern
  /// would hide the line in some viewers and draw it solid in others).
  private static func readDash(_ o: SpecObject, _ key: String) -> [Double]? {
    guard let values = o.numbers(key) else { return nil }
    let path = o.path / key
    if values.count > 16 {
      o.log.error(path, "at most 16 dash lengths are allowed, got \(values.count)")
      return nil
    }
    for (i, v) in values.enumerated() where !(v.isFinite && v >= 0) {
      o.log.error(path / i, "dash lengths must be finite and not negative")
      return nil
    }
    if !values.isEmpty && values.allSatisfy({ $0 == 0 }) {
      o.log.error(path, "a dash pattern needs at least one length above 0")
      return nil
    }
    return values
  }
}

extension MarkerSpec {
  static let knownKeys: Set<String> = SpecTable.marker.keys

  /// Reads a `marker` object; nil gives the defaults.
  public init(_ o: SpecObject?) {
    self.init()
    guard let o else { return }
    o.warnUnknownKeys(Self.knownKeys)
    enabled = o.bool("enabled", default: enabled)
    trigger = o.choice("trigger", default: trigger)
    format = FormatterSpec.parse(o["format"], at: o.path / "format", log: o.log)
    showLabel = o.bool("showLabel", default: showLabel)
  }
}
