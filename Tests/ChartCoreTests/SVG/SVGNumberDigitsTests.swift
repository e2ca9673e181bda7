import Testing
@testable import ChartCore

/// Whole numbers are written with the digits `String` gives them, at every length up to the
/// largest UInt64, from either end of a buffer.
@Suite struct SVGNumberDigitsTests {
  @Test func everyLengthIsWrittenAsStringWritesIt() {
    var rng = SeededRandom(seed: 31)
    var values: [UInt64] = [0, 9, 10, 99, 100, 999, 1_000, 9_999, 10_000, 99_999, 100_000, UInt64.max, UInt64.max - 1]
    var power: UInt64 = 1
    for _ in 0..<19 {
      values += [power - 1, power, power + 1, power * 5]
      power *= 10
    }
    for _ in 0..<5_000 { values.append(rng.next() >> (rng.next() % 64)) }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer in
      for v in values {
        let expected = String(v)
        #expect(SVGNumber.digitCount(v) == expected.count, "\(v)")
        let start = SVGNumber.writeDigits(v, endingAt: 40, in: buffer)
        #expect(String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<40]), as: UTF8.self) == expected)
        let end = SVGNumber.writeDigits(v, startingAt: 3, in: buffer)
        #expect(String(decoding: UnsafeBufferPointer(rebasing: buffer[3..<end]), as: UTF8.self) == expected)
      }
    }
  }
}
