/// A choice source reading libFuzzer's input: each choice consumes as few bytes as its range
/// needs (one byte below 256), so mutating one byte changes one decision.
///
/// When the bytes run out every choice is 0, so the generators fall back to short, valid defaults
/// and a run always ends.
public final class ByteChoices: ChoiceSource {
  private let bytes: [UInt8]
  private var position = 0

  public init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// True once every byte has been consumed.
  public var isExhausted: Bool { position >= bytes.count }

  /// How many bytes have been consumed so far.
  public var consumed: Int { min(position, bytes.count) }

  public func choose(below bound: Int) -> Int {
    guard bound > 1 else { return 0 }
    var width = 1
    while width < 8, UInt64(bound - 1) >> UInt64(8 * width) != 0 { width += 1 }
    let value = take(width)
    return Int(value % UInt64(bound))
  }

  public func bits() -> UInt64 { take(8) }

  private func take(_ count: Int) -> UInt64 {
    var value: UInt64 = 0
    for _ in 0..<count {
      let byte = position < bytes.count ? bytes[position] : 0
      position += 1
      value = value << 8 | UInt64(byte)
    }
    return value
  }
}
