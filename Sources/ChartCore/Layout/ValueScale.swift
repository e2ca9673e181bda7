import Foundation

/// How an axis spaces its values: evenly (linear) or by ratio (logarithmic).
public enum ScaleTransform: Sendable, Hashable {
  case linear
  /// Equal ratios take equal lengths; only positive values have a position. Base 10 or 2.
  case log(base: Double)

  /// Whether the axis is logarithmic.
  public var isLog: Bool { base != nil }

  /// The base of a log scale, nil for a linear one.
  public var base: Double? { if case .log(let b) = self { return b } else { return nil } }

  /// The position of `v` in transformed units (log_base v), or NaN where the transform has none
  /// (zero, negative or non-finite values on a log scale).
  @inline(__always)
  public func forward(_ v: Double) -> Double {
    switch self {
    case .linear: return v
    case .log(let base):
      guard v > 0, v.isFinite else { return .nan }
      // log2 and log10 are exact at powers of their base; a quotient of logs is not.
      if base == 2 { return log2(v) }
      if base == 10 { return log10(v) }
      return Foundation.log(v) / Foundation.log(base)
    }
  }

  /// The value at a transformed position (`forward`'s inverse).
  @inline(__always)
  public func inverse(_ t: Double) -> Double {
    switch self {
    case .linear: return t
    case .log(let base): return pow(base, t)
    }
  }

  /// Whether `v` has a position on a scale of this transform.
  @inline(__always)
  public func admits(_ v: Double) -> Bool {
    switch self {
    case .linear: return v.isFinite
    case .log: return v.isFinite && v > 0
    }
  }
}

/// Maps a domain of data values onto a pixel range, linearly or logarithmically.
///
/// `rangeStart` is where `domainMin` lands: for a y axis that is the bottom of the plot (unless
/// inverted), for an x axis the left edge. The domain is in data units on every scale; a log
/// scale interpolates between the logarithms of its ends. Renderers only call `map`, `invert` and
/// `contains`, so they draw on either kind alike; `map` gives NaN for a value the scale cannot
/// place (0 or a negative on a log scale), which `SeriesContext.point` turns into a gap.
public struct ValueScale: Sendable, Hashable {
  public private(set) var domainMin: Double
  public private(set) var domainMax: Double
  public let rangeStart: Double
  public let rangeEnd: Double
  public let transform: ScaleTransform
  /// The domain ends in transformed units (the ends themselves on a linear scale).
  private let t0: Double
  private let t1: Double
  /// Pixels per transformed unit, `(rangeEnd - rangeStart) / (t1 - t0)`: `map` multiplies by it
  /// rather than dividing per value (a division is most of a point's cost on a large line). +∞ for
  /// a domain so narrow that the quotient overflows, or none at all, and for one so wide that
  /// `t1 - t0` does (−1.8e308 … 1.8e308); `map` then divides as before, in halves for the wide one.
  /// (Never NaN, which would make two equal scales compare unequal.)
  private let factor: Double

  public init(domainMin: Double, domainMax: Double, rangeStart: Double, rangeEnd: Double,
              transform: ScaleTransform = .linear) {
    self.domainMin = domainMin
    self.domainMax = domainMax
    self.rangeStart = rangeStart
    self.rangeEnd = rangeEnd
    self.transform = transform
    t0 = transform.forward(domainMin)
    t1 = transform.forward(domainMax)
    let quotient = (rangeEnd - rangeStart) / (t1 - t0)
    factor = quotient.isFinite && (t1 - t0).isFinite ? quotient : .infinity
  }

  @inline(__always)
  public func map(_ value: Double) -> Double {
    let span = t1 - t0
    guard span != 0 else { return (rangeStart + rangeEnd) / 2 }
    let t = transform.forward(value) - t0
    guard factor.isFinite else { return slowMap(value, t, span) }
    return rangeStart + t * factor
  }

  /// `map` where `factor` would not do: a domain too narrow for it, or one wider than the largest
  /// double, whose positions are taken in halves (halving is exact, and no difference overflows).
  /// Kept out of line: inlined into `map`, it cost every append 400 instructions.
  @inline(never)
  private func slowMap(_ value: Double, _ t: Double, _ span: Double) -> Double {
    guard span.isFinite else {
      return rangeStart + (transform.forward(value) / 2 - t0 / 2) / (t1 / 2 - t0 / 2) * (rangeEnd - rangeStart)
    }
    return rangeStart + t / span * (rangeEnd - rangeStart)
  }

  @inline(__always)
  public func callAsFunction(_ value: Double) -> Double { map(value) }

  /// The data value at a pixel position (hit testing).
  public func invert(_ pixel: Double) -> Double {
    let span = rangeEnd - rangeStart
    guard span != 0 else { return domainMin }
    let fraction = (pixel - rangeStart) / span
    guard (t1 - t0).isFinite else { return transform.inverse(2 * (t0 / 2 + fraction * (t1 / 2 - t0 / 2))) }
    return transform.inverse(t0 + fraction * (t1 - t0))
  }

  /// Pixels per data unit (signed) of a linear scale; 0 on a log scale, which has no constant one
  /// (callers that need a data width around a value use `invert` on pixel offsets instead).
  public var pixelsPerUnit: Double {
    guard case .linear = transform else { return 0 }
    let span = domainMax - domainMin
    guard span.isFinite else { return (rangeEnd - rangeStart) / 2 / (domainMax / 2 - domainMin / 2) }
    return span == 0 ? 0 : (rangeEnd - rangeStart) / span
  }

  public func contains(_ value: Double) -> Bool {
    value >= Swift.min(domainMin, domainMax) && value <= Swift.max(domainMin, domainMax)
  }

  /// Whether `value` has a position on this scale (any finite value; only positive ones on a log scale).
  @inline(__always)
  public func admits(_ value: Double) -> Bool { transform.admits(value) }

  /// `value` where the scale can place it, else the lower end of the domain: a bar or a stack
  /// grows from 0 on a linear scale and from the axis minimum on a log scale, which has no 0.
  @inline(__always)
  public func placeable(_ value: Double) -> Double { admits(value) ? value : Swift.min(domainMin, domainMax) }

  /// The data values drawn within `pixels` px of the pixel position `p`, in increasing order (hit
  /// testing on either kind of scale).
  public func window(aroundPixel p: Double, pixels: Double) -> (lo: Double, hi: Double) {
    guard p.isFinite, pixels.isFinite else { return (-.infinity, .infinity) }
    let a = invert(p - pixels), b = invert(p + pixels)
    guard !a.isNaN, !b.isNaN else { return (-.infinity, .infinity) }
    return (Swift.min(a, b), Swift.max(a, b))
  }
}
