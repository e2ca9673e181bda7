/// How a chunk of entries is summarised: extents folded as the scalar loop would fold them.
extension SeriesIndex {
  /// The summary of the entries in `range`, its order with the entry before it, and its gaps.
  static func summary(_ range: Range<Int>, _ entries: EntryColumns, plain: Bool) -> Summary {
    var s = plain ? plainSummary(entries.x, entries.y, range) : generalSummary(entries, range)
    s.falls = !entries.x.withUnsafeBufferPointer { ColumnScan.isNonDecreasing($0, max(0, range.lowerBound - 1)..<range.upperBound) }
    s.gaps = entries.y.withUnsafeBufferPointer { ColumnScan.nonFiniteCount($0, range) }
    return s
  }

  /// The summary of a chunk's entries from `a`, that of its first ones, and `b`, that of the rest
  /// (their order with the entry before them included): what `summary` reads from them all. Its
  /// folds keep the earlier of equal lowest values and the later of equal highest ones (which of
  /// 0.0 and -0.0 an end is), and so does this.
  static func merged(_ a: Summary, _ b: Summary) -> Summary {
    Summary(xLo: b.xLo < a.xLo ? b.xLo : a.xLo, xHi: b.xHi >= a.xHi ? b.xHi : a.xHi,
            vLo: b.vLo < a.vLo ? b.vLo : a.vLo, vHi: b.vHi >= a.vHi ? b.vHi : a.vHi,
            xPositiveLo: b.xPositiveLo < a.xPositiveLo ? b.xPositiveLo : a.xPositiveLo,
            vPositiveLo: b.vPositiveLo < a.vPositiveLo ? b.vPositiveLo : a.vPositiveLo,
            revision: b.revision, falls: a.falls || b.falls, gaps: a.gaps + b.gaps)
  }

  /// The summary of entries with a candle range or stacks: each entry's value span.
  fileprivate static func generalSummary(_ entries: EntryColumns, _ range: Range<Int>) -> Summary {
    var s = Summary()
    for i in range {
      let x = entries.x[i]
      if x.isFinite {
        s.xLo = min(s.xLo, x)
        s.xHi = max(s.xHi, x)
        if x > 0 { s.xPositiveLo = min(s.xPositiveLo, x) }
      }
      let v = entries.valueSpan(at: i)
      if v.lo.isFinite { s.vLo = min(s.vLo, v.lo) }
      if v.hi.isFinite { s.vHi = max(s.vHi, v.hi) }
      s.vPositiveLo = min(s.vPositiveLo, entries.lowestPositiveValue(at: i))
    }
    s.revision = Revisions.next()
    return s
  }

  /// The summary of entries with one value each (no candle range, no stack): what the general
  /// loop computes, with y as both ends of the value span. Lanes find each column's extremes; where
  /// the order of comparison could show (an infinity, which the summary leaves out, or a zero at
  /// either end, where 0.0 and -0.0 compare equal) the scalar loop decides.
  static func plainSummary(_ xs: EntryColumn<Double>, _ ys: EntryColumn<Double>, _ range: Range<Int>) -> Summary {
    let laned = xs.withUnsafeBufferPointer { xp in
      ys.withUnsafeBufferPointer { yp in laneExtremes(xp, range).flatMap { x in laneExtremes(yp, range).map { (x, $0) } } }
    }
    guard let (x, v) = laned else { return scalarPlainSummary(xs, ys, range) }
    return Summary(xLo: x.lo, xHi: x.hi, vLo: v.lo, vHi: v.hi, xPositiveLo: x.positiveLo, vPositiveLo: v.positiveLo,
                   revision: Revisions.next())
  }

  /// Finite extremes and lowest positive of one column, or nil when the scalar loop must decide.
  fileprivate static func laneExtremes(_ p: UnsafeBufferPointer<Double>, _ range: Range<Int>)
    -> (lo: Double, hi: Double, positiveLo: Double)? {
    let (lo, hi) = ColumnScan.extremes(p, range)
    if lo == -.infinity || hi == .infinity || lo == 0 || hi == 0 { return nil }
    // Every finite value is at least lo: above 0, lo is the lowest positive one (+∞ when there is
    // no value at all); when every value is below 0, there is none.
    let positiveLo = lo > 0 ? lo : hi < 0 ? .infinity : ColumnScan.lowestPositive(p, range)
    return (lo, hi, positiveLo)
  }

  /// `plainSummary` one element at a time, each extreme decided as `min(_:_:)` and `max(_:_:)` would.
  static func scalarPlainSummary(_ xs: EntryColumn<Double>, _ ys: EntryColumn<Double>, _ range: Range<Int>) -> Summary {
    var xLo = Double.infinity, xHi = -Double.infinity, xPositiveLo = Double.infinity
    var vLo = Double.infinity, vHi = -Double.infinity, vPositiveLo = Double.infinity
    for i in range {
      let x = xs[i], y = ys[i]
      let fx = x.isFinite, fy = y.isFinite
      let xl = fx ? x : .infinity, xh = fx ? x : -.infinity, xp = fx && x > 0 ? x : .infinity
      let yl = fy ? y : .infinity, yh = fy ? y : -.infinity, yp = fy && y > 0 ? y : .infinity
      xLo = xl < xLo ? xl : xLo
      xHi = xh >= xHi ? xh : xHi  // as max(_:_:) picks: the later of equal values (-0.0 after 0.0)
      xPositiveLo = xp < xPositiveLo ? xp : xPositiveLo
      vLo = yl < vLo ? yl : vLo
      vHi = yh >= vHi ? yh : vHi
      vPositiveLo = yp < vPositiveLo ? yp : vPositiveLo
    }
    return Summary(xLo: xLo, xHi: xHi, vLo: vLo, vHi: vHi, xPositiveLo: xPositiveLo, vPositiveLo: vPositiveLo,
                   revision: Revisions.next())
  }
}
