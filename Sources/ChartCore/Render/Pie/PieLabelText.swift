/// Sizes and texts of pie labels, shared by the layouter (room for outside labels) and the renderer.
public enum PieLabelText {
  /// Radial length of the first leg of a value line, beyond the rim.
  static let elbow = 10.0
  /// Horizontal distance from the rim (plus the selection shift) to the end of a value line.
  static let lineReach = 22.0
  /// Gap between a value line's end and its label.
  static let textGap = 4.0

  static func fontSize(_ spec: ChartSpec) -> Double {
    let f = spec.pie.labelFontSize ?? spec.fontSize
    return f.isFinite && f > 0 ? f : 11
  }

  static func lineHeight(_ spec: ChartSpec) -> Double { fontSize(spec) * 1.25 }

  /// The value label of a slice: its percentage or its value, through the pie's formatter.
  public static func value(_ slice: PieSlice, _ spec: ChartSpec) -> String {
    if spec.pie.percentValues {
      return ValueFormatter.format(slice.percent, spec.pie.valueFormat ?? .percent(decimals: 1, multiply: false),
                                   locale: spec.locale)
    }
    return ValueFormatter.format(slice.value, spec.pie.valueFormat, locale: spec.locale)
  }

  /// The percentage with one decimal and a "%" sign, for accessibility labels and the marker.
  public static func percent(_ slice: PieSlice, _ spec: ChartSpec) -> String {
    ValueFormatter.format(slice.percent, .number(decimals: 1, prefix: "", suffix: ""), locale: spec.locale) + "%"
  }

  /// "Label: value (pct%)": what a screen reader announces for the slice.
  public static func accessibilityLabel(_ slice: PieSlice, _ spec: ChartSpec) -> String {
    let value = ValueFormatter.format(slice.value, spec.pie.percentValues ? nil : spec.pie.valueFormat, locale: spec.locale)
    return "\(name(slice)): \(value) (\(percent(slice, spec)))"
  }

  /// The slice's label, or "Entry n" when it has none.
  static func name(_ slice: PieSlice) -> String { slice.label ?? "Entry \(slice.index + 1)" }

  /// Texts drawn inside the slice (entry label above the value), per the pie's label positions.
  static func insideLines(_ slice: PieSlice, _ spec: ChartSpec) -> [String] {
    var lines: [String] = []
    if spec.pie.entryLabels == .inside, let label = slice.label, !label.isEmpty { lines.append(label) }
    if spec.pie.valueLabels == .inside { lines.append(value(slice, spec)) }
    return lines
  }

  /// The label and value drawn outside the slice (either may be nil).
  static func outsideParts(_ slice: PieSlice, _ spec: ChartSpec) -> (label: String?, value: String?)? {
    var label: String? = nil, val: String? = nil
    if spec.pie.entryLabels == .outside, let l = slice.label, !l.isEmpty { label = l }
    if spec.pie.valueLabels == .outside { val = value(slice, spec) }
    return label == nil && val == nil ? nil : (label, val)
  }

  /// Width of an outside label drawn on one line ("label value").
  static func outsideWidth(_ parts: (label: String?, value: String?), fontSize: Double) -> Double {
    TextMetrics.width([parts.label, parts.value].compactMap { $0 }.joined(separator: " "), fontSize: fontSize)
  }

  /// Whether any slice label is drawn outside the pie.
  static func hasOutside(_ spec: ChartSpec) -> Bool {
    spec.pie.entryLabels == .outside || spec.pie.valueLabels == .outside
  }

  /// `text` shortened with "…" so that it is at most `maxWidth` wide (empty when not even "…" fits).
  static func truncated(_ text: String, maxWidth: Double, fontSize: Double) -> String {
    if TextMetrics.width(text, fontSize: fontSize) <= maxWidth { return text }
    // Binary search on the kept prefix length: widths grow with the prefix, and labels may be long.
    let chars = Array(text)
    var lo = 0, hi = chars.count - 1
    var best: String? = nil
    while lo <= hi {
      let n = (lo + hi) / 2
      var prefix = String(chars[0..<n])
      while prefix.last?.isWhitespace == true { prefix.removeLast() }
      let candidate = prefix + "…"
      if TextMetrics.width(candidate, fontSize: fontSize) <= maxWidth {
        best = candidate
        lo = n + 1
      } else {
        hi = n - 1
      }
    }
    return best ?? ""
  }
}
