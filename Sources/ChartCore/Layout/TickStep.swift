import Foundation

/// A tick step held as `mantissa · 10^exponent`, so that tick values are computed without float noise.
///
/// `0.1 · 3` is 0.30000000000000004 in binary floating point; `3 · 1 / 10` is exactly the double
/// nearest to 0.3, which is what a label formatter and a layout comparison want to see.
///
/// A step of whole calendar months (`Unit.months`, `mantissa` months) stands on the first day of a
/// month in UTC; its multiples are those month starts, unevenly spaced in seconds. A step of weeks
/// (`Unit.weeks`) stands on Mondays.
public struct TickStep: Sendable, Hashable {
  public var mantissa: Int64
  public var exponent: Int
  public var unit: Unit = .number

  /// What a step counts.
  public enum Unit: Sendable, Hashable {
    /// `mantissa · 10^exponent` of the axis's values.
    case number
    /// `mantissa` calendar months of Unix seconds (`exponent` 0), from January of year 0.
    case months
    /// `mantissa` weeks of Unix seconds (`exponent` 0), from a Monday (1970-01-05).
    case weeks
  }

  /// Unix seconds at the Monday week steps count from.
  static let firstMonday = 4.0 * 86_400
  static let week = 7.0 * 86_400

  public init(mantissa: Int64, exponent: Int) {
    self.mantissa = mantissa
    self.exponent = exponent
  }

  /// A step of `count` calendar months.
  public static func months(_ count: Int64) -> TickStep {
    var s = TickStep(mantissa: count, exponent: 0)
    s.unit = .months
    return s
  }

  /// A step of `count` weeks, standing on Mondays.
  public static func weeks(_ count: Int64) -> TickStep {
    var s = TickStep(mantissa: count, exponent: 0)
    s.unit = .weeks
    return s
  }

  /// The step as a double (a month step: its months at the average month's length).
  public var value: Double {
    switch unit {
    case .number: return TickStep.scale(Double(mantissa), exponent)
    case .months: return Double(mantissa) * CalendarMonths.averageMonth
    case .weeks: return Double(mantissa) * TickStep.week
    }
  }

  /// The `index`-th multiple of the step (index may be negative), correctly rounded when exact.
  @inline(__always)
  public func multiple(_ index: Double) -> Double {
    switch unit {
    case .number: return TickStep.scale(index * Double(mantissa), exponent)
    case .months: return CalendarMonths.start(ofMonth: index * Double(mantissa))
    case .weeks: return TickStep.firstMonday + index * Double(mantissa) * TickStep.week
    }
  }

  /// How many steps from the first multiple `v` lies (`v / value` for a number step; for a month
  /// step, months counted on the calendar): `multiple` of a whole quotient is the value again.
  @inline(__always)
  public func quotient(_ v: Double) -> Double {
    switch unit {
    case .number: return v / value
    case .months: return CalendarMonths.index(of: v) / Double(mantissa)
    case .weeks: return (v - TickStep.firstMonday) / value
    }
  }

  /// The step times `factor`, when it stays representable.
  public func times(_ factor: Int64) -> TickStep? {
    let (m, overflow) = mantissa.multipliedReportingOverflow(by: factor)
    guard !overflow else { return nil }
    var s = self
    s.mantissa = m
    return s
  }

  /// The exact decimal form of a finite positive double's shortest representation ("0.3" → 3e-1).
  public init?(decimal d: Double) {
    guard d.isFinite, d > 0 else { return nil }
    // Swift prints the shortest string that reads back as the same double, in ASCII. Its bytes are
    // read as such: reading its characters asked Unicode's tables about every digit, a fifth of
    // the render of 800 bubbles whose labels hold full-precision values.
    var text = "\(d)"
    guard let (digits, exponent) = text.withUTF8({ Self.shortestDecimal($0) }) else { return nil }
    self.init(mantissa: digits, exponent: exponent)
  }

  /// Digits and exponent of a positive number written in decimal ("12.5" → (125, -1), "1e-05" →
  /// (1, -5)), trailing zeros moved into the exponent; digits past the 17th significant one are
  /// dropped. Nil for anything else.
  private static func shortestDecimal(_ b: UnsafeBufferPointer<UInt8>) -> (Int64, Int)? {
    var end = b.count
    var exponent = 0
    if let e = b.firstIndex(where: { $0 | 0x20 == UInt8(ascii: "e") }) {
      guard let x = Int(String(decoding: UnsafeBufferPointer(rebasing: b[(e + 1)...]), as: UTF8.self)) else { return nil }
      exponent = x
      end = e
    }
    var digits: Int64 = 0
    var afterPoint = false
    var significant = 0
    for c in b[..<end] {
      if c == UInt8(ascii: ".") { afterPoint = true; continue }
      let v = c &- UInt8(ascii: "0")
      guard v < 10 else { return nil }
      if significant >= 17 { if !afterPoint { exponent += 1 }; continue }
      digits = digits * 10 + Int64(v)
      if digits > 0 { significant += 1 }
      if afterPoint { exponent -= 1 }
    }
    guard digits > 0 else { return nil }
    while digits % 10 == 0 {
      digits /= 10
      exponent += 1
    }
    return (digits, exponent)
  }

  /// The exact decimal form of `d`'s shortest representation rounded to `significantDigits`
  /// significant digits, half away from zero (`d` > 0 and finite; nil otherwise).
  ///
  /// Rounded in decimal, not as a double: 9.999999999999999e299 to three digits is 1e300, which
  /// `(d / 10^298).rounded() * 10^298` misses (the double product is `d` again, as 10^298 is not
  /// a double), leaving sixteen digits where three were asked for.
  public init?(decimal d: Double, significantDigits: Int) {
    guard let exact = TickStep(decimal: d) else { return nil }
    var m = exact.mantissa, e = exact.exponent
    // At most 17 digits (`shortestDecimal`), so the powers of ten below stay within Int64.
    var digits = 1, p: Int64 = 10
    while p <= m {
      digits += 1
      p *= 10
    }
    let drop = digits - max(1, significantDigits)
    if drop > 0 {
      var divisor: Int64 = 1
      for _ in 0..<drop { divisor *= 10 }
      let (q, r) = m.quotientAndRemainder(dividingBy: divisor)
      m = q + (r * 2 >= divisor ? 1 : 0)
      e += drop
    }
    while m % 10 == 0 {
      m /= 10
      e += 1
    }
    self.init(mantissa: m, exponent: e)
  }

  /// Decimal places needed to write every multiple of the step exactly.
  public var decimals: Int {
    var m = mantissa, e = exponent
    while m != 0, m % 10 == 0 {
      m /= 10
      e += 1
    }
    return max(0, -e)
  }

  /// `x · 10^e`, exact whenever `x` is an integer below 2^53 and |e| ≤ 22.
  @inline(__always)
  static func scale(_ x: Double, _ e: Int) -> Double {
    if e == 0 { return x }
    if e > 0 { return e <= 22 ? x * powersOfTen[e] : x * pow(10, Double(e)) }
    // Division by an exact power of ten rounds once; multiplying by 10^-k would round twice.
    if -e <= 22 { return x / powersOfTen[-e] }
    if -e <= 308 { return x / pow(10, Double(-e)) }
    // 10^-e is past the largest double: the decimal text is read, which rounds once (the
    // result is subnormal or 0).
    return Double("\(x)e\(e)") ?? x / 1e300 / pow(10, Double(-e - 300))
  }

  /// 10^0 … 10^22, built by exact multiplication (all of them are representable doubles).
  private static let powersOfTen: [Double] = {
    var out: [Double] = [1]
    for _ in 1...22 { out.append((out.last ?? 1) * 10) }
    return out
  }()
}
