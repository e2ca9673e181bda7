import Foundation

/// A small deterministic generator (SplitMix64) for gallery and benchmark data.
public struct SeededRandom: Sendable {
  private var state: UInt64

  public init(seed: UInt64) { state = seed &+ 0x9e37_79b9_7f4a_7c15 }

  public mutating func next() -> UInt64 {
    state &+= 0x9e37_79b9_7f4a_7c15
    var z = state
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }

  /// Uniform in [0, 1).
  public mutating func uniform() -> Double { Double(next() >> 11) / Double(1 << 53) }

  /// Standard normal (Box–Muller).
  public mutating func normal() -> Double {
    let u = max(uniform(), 1e-12), v = uniform()
    return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
  }
}

