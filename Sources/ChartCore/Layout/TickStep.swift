import Foundation

/// A tick step held as `mantissa · 10^exponent`, so that tick values are computed without float noise.
///
/// `0.1 · 3` is 0.30000000000000004 in binary floating point; `3 · 1 / 10` is exactly the double
/// nearest to 0.3, which is what a label formatter and a layout comparison want to see.
public struct TickStep: Sendable, Hashable {
  public var mantissa: Int64
  public var exponent: Int

  public init(mantissa: Int64, exponent: Int) {
    self.mantissa = mantissa
    self.exponent = exponent
  }

  /// The step as a double.
  public var value: Double { TickStep.scale(Double(mantissa), exponent) }

  /// The `index`-th multiple of the step (index may be negative), correctly rounded when exact.
  @inline(__always)
  public func multiple(_ index: Double) -> Double { TickStep.scale(index * Double(mantissa), exponent) }

  /// The step times `factor`, when it stays representable.
  public func times(_ factor: Int64) -> TickStep? {
    let (m, overflow) = mantissa.multipliedReportingOverflow(by: factor)
    return overflow ? nil : TickStep(mantissa: m, exponent: exponent)
  }

  /// The exact decimal form of a finite positive double's shortest representation ("0.3" → 3e-1).
  public init?(decimal d: Double) {
    guard d.isFinite, d > 0 else { return nil }
    // Swift prints the shortest string that reads back as the same double.
    let text = "\(d)"
    var digits: Int64 = 0
    var exponent = 0
    var afterPoint = false
    var significant = 0
    var chars = Substring(text)
    if let e = chars.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      guard let x = Int(chars[chars.index(after: e)...]) else { return nil }
      exponent = x
      chars = chars[..<e]
    }
    for c in chars {
      if c == "." { afterPoint = true; continue }
      guard let v = c.wholeNumberValue else { return nil }
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
    self.init(mantissa: digits, exponent: exponent)
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
    return -e <= 22 ? x / powersOfTen[-e] : x / pow(10, Double(-e))
  }

  /// 10^0 … 10^22, built by exact multiplication (all of them are representable doubles).
  private static let powersOfTen: [Double] = {
    var out: [Double] = [1]
    for _ in 1...22 { out.append((out.last ?? 1) * 10) }
    return out
  }()
}
