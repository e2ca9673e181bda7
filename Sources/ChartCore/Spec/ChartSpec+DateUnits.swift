import ChartdJSON

/// A `date` x format reads Unix seconds. Times given in milliseconds, microseconds or nanoseconds
/// land tens of thousands of years ahead (or beyond the dates it writes at all), and the axis
/// labels them so without complaint: the spec reader warns instead.
extension ChartSpec {
  /// x values at or beyond this many seconds from 1970 (the year 5138) are not meant as seconds.
  static let farDateSeconds = 1e11

  /// Warns at the entries of every data set whose x reach `farDateSeconds` under a `date` x format.
  func checkDateUnits(at path: JSONPointer, log: DiagnosticLog, facts: EntryFacts) {
    guard kind != .pie, kind != .radar, case .date = xAxis.common.formatter else { return }
    for (i, ds) in dataSets.enumerated() {
      let (lo, hi) = facts.xExtremes(ds)
      // The end furthest from 1970; every value NaN or no entries: (∞, -∞), skipped.
      let far = abs(lo) > abs(hi) ? lo : hi
      guard far.isFinite, abs(far) >= Self.farDateSeconds else { continue }
      log.warning(path / "dataSets" / i / "entries",
                  "x values under a 'date' x format are Unix seconds, and \(ValueFormatter.format(far, nil)) is "
                  + Self.whenThatIs(far) + Self.likelyUnit(far))
    }
  }

  /// "in the year 55840" (or that no date is written that far out).
  private static func whenThatIs(_ seconds: Double) -> String {
    guard let year = DateText.fields(seconds)?.year else { return "beyond the dates the axis writes (±300,000 years)" }
    return "in the year \(year)"
  }

  /// What the value likely counts, from the factor that brings it to a date of this era.
  private static func likelyUnit(_ seconds: Double) -> String {
    for (unit, factor, divide) in [("milliseconds", 1e3, "1,000"), ("microseconds", 1e6, "1,000,000"),
                                   ("nanoseconds", 1e9, "1,000,000,000")] {
      let v = abs(seconds) / factor
      if v >= 1e8, v < farDateSeconds { return ": \(unit)? Give seconds (divide by \(divide))" }
    }
    return ": give seconds since 1970-01-01"
  }
}
