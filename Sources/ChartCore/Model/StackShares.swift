/// The shares of percent-stacked lines: how the group's total at an x is added up and how a value
/// becomes its share of it.
///
/// One rule for every path that works shares out (the bands of `StackBands`, and through them the
/// axis ranges, highlights, markers and value labels): the total at x adds up, in group order, the
/// absolute value of each member's first entry at x (an entry's own set counts the entry's own
/// value), so every member's entry at x is divided by the same total, made by the same additions in
/// the same order.
enum StackShares {
  /// The total at one x of a group of `count` members, `value(q)` the value member `q` (group order)
  /// adds there (finite, or 0), and the scale the values were added up at: 1, or 2⁻⁶⁴ when the sum
  /// at 1 is too large for a double (a power of two: exact, so shares stay what they would have been).
  @inline(__always)
  static func total(members count: Int, _ value: (Int) -> Double) -> (total: Double, scale: Double) {
    @inline(__always) func sum(_ scale: Double) -> Double {
      // From 0: 0 + |v| is |v|, so the first addition adds nothing but the first value.
      var total = 0.0
      for q in 0..<count { total += abs(value(q)) * scale }
      return total
    }
    let total = sum(1)
    guard total.isInfinite else { return (total, 1) }
    return (sum(0x1p-64), 0x1p-64)
  }

  /// The share in percent of value `w` at an x whose total is `total` at `scale`: divided first, so
  /// a tiny total cannot overflow; 0 when the total is 0 (a stack of zeros has no shares).
  @inline(__always)
  static func share(_ w: Double, total: Double, scale: Double) -> Double {
    total > 0 && total.isFinite ? w * scale / total * 100 : 0
  }
}
