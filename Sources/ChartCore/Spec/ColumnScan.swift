/// Scans of plain `Double` columns run four lanes at a time: extremes, order, gaps and the first
/// index of a value.
///
/// A scalar min/max loop waits for each comparison before the next (one element every three or
/// four cycles); lanes keep several independent chains going. Every function returns exactly
/// what the scalar loop beside it in `ColumnScanTests` returns: lanes change only the order in
/// which elements are compared, and the callers fall back to a scalar loop where the order could
/// show (equal values of different sign: 0.0 and -0.0).
enum ColumnScan {
  typealias Lanes = SIMD4<Double>
  private static let width = 4

  /// The lowest and highest element of `range` under `<` (NaN never compares, so it is skipped;
  /// infinities count); (+∞, -∞) when every element is NaN or the range is empty.
  ///
  /// Which of two equal elements wins is not specified (0.0 and -0.0 compare equal).
  static func extremes(_ p: UnsafeBufferPointer<Double>, _ range: Range<Int>) -> (lo: Double, hi: Double) {
    var lo = Lanes(repeating: .infinity), hi = Lanes(repeating: -.infinity)
    var i = range.lowerBound
    if let base = p.baseAddress, range.count >= width {
      let raw = UnsafeRawPointer(base)
      // Two sets of lanes, eight elements a step: each comparison waits for the one before it in
      // its own set only, so twice as many run at once.
      var lo2 = lo, hi2 = hi
      while i + 2 * width <= range.upperBound {
        let v = raw.loadUnaligned(fromByteOffset: i &* 8, as: Lanes.self)
        let w = raw.loadUnaligned(fromByteOffset: (i &+ width) &* 8, as: Lanes.self)
        lo.replace(with: v, where: v .< lo)
        hi.replace(with: v, where: v .> hi)
        lo2.replace(with: w, where: w .< lo2)
        hi2.replace(with: w, where: w .> hi2)
        i &+= 2 * width
      }
      lo.replace(with: lo2, where: lo2 .< lo)
      hi.replace(with: hi2, where: hi2 .> hi)
      if i + width <= range.upperBound {
        let v = raw.loadUnaligned(fromByteOffset: i &* 8, as: Lanes.self)
        lo.replace(with: v, where: v .< lo)
        hi.replace(with: v, where: v .> hi)
        i &+= width
      }
    }
    // Across the lanes by hand: the generic `min()` and `max()` are calls. Lanes hold no NaN.
    var l = Swift.min(Swift.min(lo[0], lo[1]), Swift.min(lo[2], lo[3]))
    var h = Swift.max(Swift.max(hi[0], hi[1]), Swift.max(hi[2], hi[3]))
    while i < range.upperBound {
      let v = p[i]
      if v < l { l = v }
      if v > h { h = v }
      i += 1
    }
    return (l, h)
  }

  /// The lowest element of `range` that is above 0 and finite; +∞ when there is none.
  static func lowestPositive(_ p: UnsafeBufferPointer<Double>, _ range: Range<Int>) -> Double {
    var lo = Lanes(repeating: .infinity)
    let zero = Lanes(repeating: 0)
    var i = range.lowerBound
    if let base = p.baseAddress, range.count >= width {
      let raw = UnsafeRawPointer(base)
      while i + width <= range.upperBound {
        let v = raw.loadUnaligned(fromByteOffset: i &* 8, as: Lanes.self)
        // +∞ is never below the +∞ the lanes start from, so it is never taken.
        lo.replace(with: v, where: (v .> zero) .& (v .< lo))
        i &+= width
      }
    }
    var l = lo.min()
    while i < range.upperBound {
      let v = p[i]
      if v > 0 && v < l { l = v }
      i += 1
    }
    return l
  }

  /// Whether every element of `range` is finite: `v * 0` is NaN exactly for NaN and ±∞, and a
  /// NaN stays in a sum.
  static func allFinite(_ p: UnsafeBufferPointer<Double>, _ range: Range<Int>) -> Bool {
    var i = range.lowerBound
    var a = Lanes(), b = Lanes()
    if let base = p.baseAddress {
      let raw = UnsafeRawPointer(base)
      let zero = Lanes(repeating: 0)
      while i + 2 * width <= range.upperBound {
        a += raw.loadUnaligned(fromByteOffset: i &* 8, as: Lanes.self) * zero
        b += raw.loadUnaligned(fromByteOffset: (i &+ width) &* 8, as: Lanes.self) * zero
        i &+= 2 * width
      }
    }
    var sum = (a + b).sum()
    while i < range.upperBound {
      sum += p[i] * 0
      i += 1
    }
    return !sum.isNaN
  }

  /// Whether no element of `range` is below the one before it (NaN compares with nothing, as in a
  /// scalar `x[i] < x[i - 1]` check).
  static func isNonDecreasing(_ p: UnsafeBufferPointer<Double>, _ range: Range<Int>) -> Bool {
    guard range.count > 1 else { return true }
    var i = range.lowerBound + 1
    if let base = p.baseAddress, range.count > width {
      let raw = UnsafeRawPointer(base)
      var falls = SIMDMask<SIMD4<Int64>>(repeating: false)
      while i + width <= range.upperBound {
        let v = raw.loadUnaligned(fromByteOffset: i &* 8, as: Lanes.self)
        let before = raw.loadUnaligned(fromByteOffset: (i &- 1) &* 8, as: Lanes.self)
        falls .|= v .< before
        i &+= width
      }
      if any(falls) { return false }
    }
    while i < range.upperBound {
      if p[i] < p[i - 1] { return false }
      i += 1
    }
    return true
  }

  /// How many elements of `range` are not finite (NaN or ±∞).
  static func nonFiniteCount(_ p: UnsafeBufferPointer<Double>, _ range: Range<Int>) -> Int {
    var i = range.lowerBound
    var count = 0
    if let base = p.baseAddress, range.count >= width {
      let raw = UnsafeRawPointer(base)
      let zero = Lanes(repeating: 0)
      // v - v is 0 exactly when v is finite; a lane that is not adds 1 (the mask's -1, negated).
      var lanes = SIMD4<Int64>(repeating: 0)
      while i + width <= range.upperBound {
        let v = raw.loadUnaligned(fromByteOffset: i &* 8, as: Lanes.self)
        lanes &-= unsafeBitCast(.!((v - v) .== zero), to: SIMD4<Int64>.self)
        i &+= width
      }
      count = Int(lanes.wrappedSum())
    }
    while i < range.upperBound {
      if !p[i].isFinite { count += 1 }
      i += 1
    }
    return count
  }

  /// The first index in `range` whose element equals `value` (`==`: 0.0 finds -0.0), or nil.
  static func firstIndex(of value: Double, in p: UnsafeBufferPointer<Double>, _ range: Range<Int>) -> Int? {
    var i = range.lowerBound
    if let base = p.baseAddress, range.count >= width {
      let raw = UnsafeRawPointer(base)
      let target = Lanes(repeating: value)
      // Two loads per test: one branch per eight elements, and the tail below finds the index.
      while i + 2 * width <= range.upperBound {
        let a = raw.loadUnaligned(fromByteOffset: i &* 8, as: Lanes.self)
        let b = raw.loadUnaligned(fromByteOffset: (i &+ width) &* 8, as: Lanes.self)
        if any((a .== target) .| (b .== target)) { break }
        i &+= 2 * width
      }
    }
    while i < range.upperBound {
      if p[i] == value { return i }
      i += 1
    }
    return nil
  }
}
