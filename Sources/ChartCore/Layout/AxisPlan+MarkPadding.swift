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
            ds.entries.size?.contains(where: { $0.isFinite && $0 > 0 }) == true else { continue }
      radius = max(radius, ds.bubble.maxDiameter / 2)
    }
    return radius
  }

  /// The plan with its data range widened so that `markRadius` pixels fit at both ends of an axis
  /// `length` pixels long (unchanged when both ends are fixed: zoom or explicit min and max). The widening p solves p = r · (span + 2p) / length: after niceing the
  /// domain only grows, so the data's ends stay at least r pixels inside the plot.
  func paddedForMarks(length: Double) -> AxisPlan {
    let r = markRadius
    guard r > 0, ticks.fixedMin == nil || ticks.fixedMax == nil, let lo = dataMin, let hi = dataMax, lo.isFinite, hi.isFinite, hi > lo,
          length.isFinite, length > 4 * r else { return self }
    let p = r * (hi - lo) / (length - 2 * r)
    guard p.isFinite, (lo - p).isFinite, (hi + p).isFinite else { return self }
    var padded = self
    padded.dataMin = lo - p
    padded.dataMax = hi + p
    return padded
  }

  /// A wider plan when the data's ends sit less than `markRadius` pixels inside `domain` (a nice
  /// domain that grew on one side maps fewer pixels to a unit); nil when the marks already fit.
  /// The new padding, r · span(domain) / length, exceeds the one that gave `domain`.
  func paddedForMarks(length: Double, domain: ClosedRange<Double>) -> AxisPlan? {
    let r = markRadius
    guard r > 0, ticks.fixedMin == nil || ticks.fixedMax == nil, let lo = dataMin, let hi = dataMax, lo.isFinite, hi.isFinite, hi > lo,
          length.isFinite, length > 4 * r, domain.upperBound > domain.lowerBound else { return nil }
    let unitsPerPixel = (domain.upperBound - domain.lowerBound) / length
    let p = r * unitsPerPixel
    // A hundredth of a pixel of slack: the domain is niced, so a fit is rarely that close.
    let slack = 0.01 * unitsPerPixel
    guard lo - domain.lowerBound < p - slack || domain.upperBound - hi < p - slack else { return nil }
    guard (lo - p).isFinite, (hi + p).isFinite else { return nil }
    var padded = self
    padded.dataMin = lo - p
    padded.dataMax = hi + p
    return padded
  }
}
