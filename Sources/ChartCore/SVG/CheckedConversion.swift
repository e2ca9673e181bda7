extension Int {
  /// `d` truncated toward zero and clamped to `bounds`; NaN gives `bounds.lowerBound`.
  ///
  /// A computed double becomes an integer only through this: `Int(d)` traps on NaN, infinities and
  /// anything beyond ±2^63, and chart input (a zoom to 1e-300, an x of 1e300) produces all of them.
  @inline(__always)
  public init(clamping d: Double, to bounds: ClosedRange<Int> = Int.min...Int.max) {
    if d.isNaN || d <= Double(bounds.lowerBound) {
      self = bounds.lowerBound
    } else if d >= Double(bounds.upperBound) {
      self = bounds.upperBound
    } else {
      self = Int(d)
    }
  }
}
