/// Where every random decision of the generators comes from.
///
/// The same generators run from a seeded PRNG (tests, reproducible by seed) and from libFuzzer's
/// bytes (fuzz targets), so a source only has to answer "a number below n". Once a byte source is
/// exhausted it answers 0, and the generators are written so that choice 0 is always the plain,
/// valid, short option: an empty or short input still gives a small valid conversation.
public protocol ChoiceSource: AnyObject {
  /// A number in `0..<bound`; `bound` below 2 always gives 0.
  func choose(below bound: Int) -> Int
  /// 64 arbitrary bits (for numbers whose bit pattern itself is the interesting part).
  func bits() -> UInt64
}

extension ChoiceSource {
  /// True with probability `numerator / denominator` (false when the source is exhausted).
  public func chance(_ numerator: Int, in denominator: Int) -> Bool {
    choose(below: denominator) >= denominator - numerator
  }

  /// A number in `range` (its lower bound when the source is exhausted).
  public func int(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + choose(below: range.upperBound - range.lowerBound + 1)
  }

  /// One element of a non-empty array (the first when the source is exhausted).
  public func pick<T>(_ options: [T]) -> T { options[choose(below: options.count)] }

  /// A number in `lower ... upper` on a grid of 1/1000 of the span (lower when exhausted).
  public func double(_ lower: Double, _ upper: Double) -> Double {
    lower + (upper - lower) * Double(choose(below: 1001)) / 1000
  }
}
