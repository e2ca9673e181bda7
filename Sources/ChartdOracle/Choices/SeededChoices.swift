/// A deterministic choice source: SplitMix64, so a failing run is reproduced from its seed alone.
public final class SeededChoices: ChoiceSource {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public func bits() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  public func choose(below bound: Int) -> Int {
    guard bound > 1 else { return 0 }
    return Int(bits() % UInt64(bound))
  }
}
