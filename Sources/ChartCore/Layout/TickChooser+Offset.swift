import Foundation

/// Tick labels written from an offset: ticks that share their leading digits (1733011200000.2 beside
/// 1733011200000.4) are labelled with the digits that change, and what every label leaves out is
/// shown once, beside the axis, as plotting libraries do for such data.
extension TickChooser {
  /// Whether the axis writes its labels as automatic plain numbers, the only labels an offset may
  /// shorten (a prefix, a suffix, fixed decimals, percent, compact, dates and categories are
  /// written as asked).
  var writesPlainNumbers: Bool {
    guard case .number(nil, "", "") = plan.formatter ?? .number(decimals: nil, prefix: "", suffix: "") else { return false }
    return true
  }

  /// Labels of ticks written as their difference from `offset`, and the offset as the axis shows it.
  struct OffsetLabels {
    /// The leading digits an offset must take off every label of a row (a horizontal axis) before
    /// it is worth a line of its own where the labels would fit whole: four, as in plotting
    /// libraries that show an offset (1,733,011,200,000 + 0 … 60,000, not 1,000 + 0 … 5).
    static let digitsSavedOnARow = 4

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
  /// `digitsSaved`: nil also when the offset takes fewer leading digits off the labels than that.
  func offsetLabels(_ values: [Double], step: Double, format: (spec: FormatterSpec?, step: Double?),
                    limit: Double, digitsSaved: Int = 1) -> OffsetLabels? {
    guard writesPlainNumbers else { return nil }
    guard let lo = values.min(), let hi = values.max() else { return nil }
    let span = max(hi - lo, step)
    guard span.isFinite, span > 0 else { return nil }
    let unit = pow(10, log10(span).rounded(.down) + 1)
    let offset = (lo / unit).rounded(.down) * unit
    guard unit.isFinite, unit > 0, offset.isFinite, offset != 0 else { return nil }
    // `offset / unit` is a whole number: its digits are those every label leaves out.
    guard abs(offset / unit) >= pow(10, Double(digitsSaved - 1)) else { return nil }
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

  /// A flat row of labels written from an offset, when that fits a finer step than the whole labels
  /// do (`before`: the candidate they fit at, nil when none fits). Long labels that share most of
  /// their digits otherwise leave two or three ticks, and the nice domain of that coarse step can
  /// double the axis; the offset's labels keep the ticks a short number would have.
  ///
  /// `judged`: the candidates read, never more than `before`.
  func finerFromOffset(_ options: TickOptions, before: Int?) -> (choice: Choice, judged: Int)? {
    guard offsetAllowed, labelsDrawn, before.map({ $0 > 1 }) ?? true,
          writesPlainNumbers,
          let lo = plan.dataMin, let hi = plan.dataMax, lo.isFinite, hi.isFinite else { return nil }
    // Cheap refusal of the common case: data whose span is not far below its size has no offset
    // worth a line (the exact test is `offsetLabels`' own).
    let size = max(abs(lo), abs(hi))
    guard size >= pow(10, Double(OffsetLabels.digitsSavedOnARow - 1)) * (hi - lo) else { return nil }
    var judged = 0
    var found: Choice? = nil
    _ = NiceTicks.compute(dataMin: lo, dataMax: hi, options) { candidate in
      judged += 1
      // No finer than the whole labels' step: stop there.
      if let before, judged >= before { return true }
      let c = make(candidate, rotation: 0, preferOffset: true)
      guard c.offset != nil, fits(c) else { return false }
      found = c
      return true
    }
    return found.map { ($0, judged) }
  }
}
