/// How the segments of one stack lie on the value axis: positive values pile up from 0 and negative
/// ones down from 0, each in order (protocol/spec/series.md: the `stacks` of a bar entry, and the
/// sets of a line stack at one x).
///
/// The one place that adds segments up: the value ranges, the bars, their labels and highlights,
/// and the bands of stacked lines all pile them here, so they agree on where each segment lies. A pile whose total would pass the
/// largest double stops there (`sum`): finite data gives a finite pile, which an axis can reach and
/// a renderer can draw, where an infinity would leave the segment, and the axis above it, out.
public struct StackPile: Sendable {
  /// The top of the positive pile (0 before any positive segment).
  public private(set) var positive = 0.0
  /// The bottom of the negative pile (0 before any negative segment).
  public private(set) var negative = 0.0

  public init() {}

  /// Puts segment value `v` (finite) on its side of the pile and returns where it lies, from the
  /// pile's end before it to the end after it. A zero lies on the positive side, at its top.
  @inline(__always)
  public mutating func add(_ v: Double) -> (from: Double, to: Double) {
    if v < 0 {
      let from = negative
      negative = Self.sum(from, v)
      return (from, negative)
    }
    let from = positive
    positive = Self.sum(from, v)
    return (from, positive)
  }

  /// The pile of every finite segment of `segments`.
  public init(_ segments: some Sequence<Double>) {
    for v in segments where v.isFinite { _ = add(v) }
  }

  /// The entry's value: both sides together.
  public var total: Double { positive + negative }

  /// `a + b` for finite values, held at ±`greatestFiniteMagnitude` where it would overflow.
  @inline(__always)
  public static func sum(_ a: Double, _ b: Double) -> Double {
    let s = a + b
    guard s.isInfinite else { return s }
    return s > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude
  }
}
