/// Room at the ends of a value domain for marks drawn with a size in pixels (bubbles).
///
/// A bubble is centred on its value but reaches `maxDiameter / 2` pixels beyond it, so a bubble at
/// the data's edge would spill out of the plot. Like iOS Charts, the data range is widened before
/// it is niced so that the largest bubble fits inside the plot on every side.
extension AxisPlan {
  /// Largest pixel radius of a bubble drawn against this axis by the data sets `included` admits;
  /// 0 when none has a positive size.
  static func bubbleRadius(_ model: ChartModel, where included: (Int) -> Bool) -> Double {
    var radius = 0.0
    for i in model.spec.dataSets.indices where model.seriesKind(of: i) == .bubble && included(i) {
      let ds = model.spec.dataSets[i]
      guard ds.bubble.maxDiameter.isFinite, ds.bubble.maxDiameter > 0,
            model.largestBubbleSize(dataSet: i) != nil else { continue }
      radius = max(radius, ds.bubble.maxDiameter / 2)
    }
    return radius
  }

  /// The plan with its data range widened so that `markRadius` pixels fit at both ends of an axis
  /// `length` pixels long (unchanged when both ends are fixed: zoom or explicit min and max). The widening p solves p = r · (span + 2p) / length: after niceing the
  /// domain only grows, so the data's ends stay at least r pixels inside the plot.
  /// On a log axis the padding is worked out in log units (a bubble reaches as many pixels up as down).
  func paddedForMarks(length: Double) -> AxisPlan {
    let r = markRadius
    let f = transform
    guard r > 0, ticks.fixedMin == nil || ticks.fixedMax == nil, let lo = dataMin.map(f.forward), let hi = dataMax.map(f.forward),
          lo.isFinite, hi.isFinite, hi > lo, length.isFinite, length > 4 * r else { return self }
    // r · span / (length − 2r), by halves: a span from −1.8e308 to 1e300 is past the largest double.
    let p = (0.5 * hi - 0.5 * lo) * (2 * r / (length - 2 * r))
    guard p.isFinite, p > 0 else { return self }
    var padded = self
    padded.dataMin = Self.held(f.inverse(lo - p), f)
    padded.dataMax = Self.held(f.inverse(hi + p), f)
    return padded
  }

  /// `v`, an end widened for marks, within the values the axis holds: each end on its own, so that
  /// data at the largest double leaves the other end free to widen (both were left as they were).
  private static func held(_ v: Double, _ f: ScaleTransform) -> Double {
    if v.isNaN { return v }
    if f.isLog { return min(max(v, .leastNonzeroMagnitude), .greatestFiniteMagnitude) }
    return min(max(v, -.greatestFiniteMagnitude), .greatestFiniteMagnitude)
  }

  /// A wider plan when the data's ends sit less than `markRadius` pixels inside `domain` (a nice
  /// domain that grew on one side maps fewer pixels to a unit); nil when the marks already fit.
  /// The new padding, r · span(domain) / length, exceeds the one that gave `domain`. A single value
  /// (which `paddedForMarks(length:)` cannot widen: it has no span) is widened here, by the domain
  /// it was given.
  func paddedForMarks(length: Double, domain: ClosedRange<Double>) -> AxisPlan? {
    let r = markRadius
    let f = transform
    guard r > 0, ticks.fixedMin == nil || ticks.fixedMax == nil, let lo = dataMin.map(f.forward), let hi = dataMax.map(f.forward),
          lo.isFinite, hi.isFinite, hi >= lo, length.isFinite, length > 4 * r else { return nil }
    let d0 = f.forward(domain.lowerBound), d1 = f.forward(domain.upperBound)
    guard d0.isFinite, d1.isFinite, d1 > d0 else { return nil }
    // By halves, as above: a domain across the whole line of doubles is twice the largest one.
    let halfSpanPerPixel = (0.5 * d1 - 0.5 * d0) / length
    let p = halfSpanPerPixel * 2 * r
    // A hundredth of a pixel of slack: the domain is niced, so a fit is rarely that close.
    let slack = halfSpanPerPixel * 0.02
    guard p.isFinite, lo - d0 < p - slack || d1 - hi < p - slack else { return nil }
    let a = Self.held(f.inverse(lo - p), f), b = Self.held(f.inverse(hi + p), f)
    guard a.isFinite, b.isFinite else { return nil }
    var padded = self
    padded.dataMin = a
    padded.dataMax = b
    return padded
  }
}
