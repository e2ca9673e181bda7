import Foundation

/// Tick labels written from an offset: ticks that share their leading digits (1733011200000.2 beside
/// 1733011200000.4) are labelled with the digits that change, and what every label leaves out is
/// shown once, beside the axis, as plotting libraries do for such data.
extension TickChooser {
  /// Labels of ticks written as their difference from `offset`, and the offset as the axis shows it.
  struct OffsetLabels {
    var offset: Double
    /// `+1733011200000`, or the negative offset with its sign: label + offset is the tick's value.
    var text: String
    var labels: [String]
    var widths: [Double]
  }

  /// The labels of `values` (multiples of `step`) as their difference from an offset, for ticks
  /// whose full labels do not fit `limit` px. The offset is the largest multiple of the power of ten
  /// above the ticks' span at or below the lowest tick, so each label writes only the digits that
  /// change; it is written as a tick label of that power's step would be.
  ///
  /// Nil when the axis's labels are not automatic plain numbers (a prefix, a suffix, fixed decimals,
  /// percent, compact, dates and categories are written as asked), the offset is zero (the labels
  /// are long on their own, not for digits they share), or even the shorter labels do not fit.
  /// `format`: the axis's formatter resolved for `step` (`ValueFormatter.resolvingStep`).
  func offsetLabels(_ values: [Double], step: Double, format: (spec: FormatterSpec?, step: Double?),
                    limit: Double) -> OffsetLabels? {
    guard case .number(nil, "", "") = plan.formatter ?? .number(decimals: nil, prefix: "", suffix: "") else { return nil }
    guard let lo = values.min(), let hi = values.max() else { return nil }
    let span = max(hi - lo, step)
    guard span.isFinite, span > 0 else { return nil }
    let unit = pow(10, log10(span).rounded(.down) + 1)
    let offset = (lo / unit).rounded(.down) * unit
    guard unit.isFinite, unit > 0, offset.isFinite, offset != 0 else { return nil }
    let differences = values.map { $0 - offset }
    let shared = format.step.flatMap { ValueFormatter.sharedMantissaDecimals(differences, format.spec, step: $0) }
    var labels: [String] = [], widths: [Double] = []
    for d in differences {
      let label = ValueFormatter.format(d, format.spec, step: format.step, locale: plan.locale, mantissaDecimals: shared)
      let width = TextMetrics.width(label, fontSize: fs)
      guard width <= limit else { return nil }
      labels.append(label)
      widths.append(width)
    }
    // Labels that no longer tell their ticks apart would say less than the shortened ones.
    guard Set(labels).count == labels.count else { return nil }
    let written = ValueFormatter.format(offset, nil, step: unit, locale: plan.locale)
    return OffsetLabels(offset: offset, text: offset > 0 ? "+" + written : written, labels: labels, widths: widths)
  }
}
