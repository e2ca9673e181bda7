import Foundation
import Testing
@testable import ChartCore

/// Log axes: decade domains, 1-2-5 / power / every k-th power ticks, short labels, and no trap or
/// non-finite number anywhere between 1e-300 and 1e300.
@Suite struct LogTicksTests {
  func ticks(_ lo: Double?, _ hi: Double?, base: Double = 10, maxTicks: Int = 10,
             fixedMin: Double? = nil, fixedMax: Double? = nil) -> NiceTicks {
    let (a, b) = LogTicks.domain(dataMin: lo, dataMax: hi, base: base, fixedMin: fixedMin, fixedMax: fixedMax)
    return LogTicks.compute(domain: a, b, base: base, maxTicks: maxTicks)
  }

  @Test func fewDecadesGetOneTwoFivePerDecade() {
    let t = ticks(2, 80)
    #expect(t.domainMin == 1 && t.domainMax == 100)
    #expect(t.values == [1, 2, 5, 10, 20, 50, 100])
    #expect(t.logSpaced)
  }

  @Test func manyDecadesGetPowersThenEveryKthPower() {
    let t = ticks(3, 52_000)
    #expect(t.domainMin == 1 && t.domainMax == 100_000)
    #expect(t.values == [1, 10, 100, 1_000, 10_000, 100_000])
    // 0.004 … 3e11: fourteen decades need every second power for 10 ticks at most.
    let wide = ticks(0.004, 3e11)
    #expect(wide.domainMin == 0.001 && wide.domainMax == 1e12)
    #expect(wide.values == [0.01, 1, 100, 1e4, 1e6, 1e8, 1e10, 1e12])
  }

  @Test func baseTwoTicksArePowersOfTwo() {
    let t = ticks(3, 100, base: 2)
    #expect(t.domainMin == 2 && t.domainMax == 128)
    #expect(t.values == [2, 4, 8, 16, 32, 64, 128])
    let wide = ticks(1, 1e6, base: 2, maxTicks: 6)
    #expect(wide.values.count <= 6 && wide.values.count >= 2)
    #expect(wide.values.allSatisfy { $0.exponent >= 0 && $0.significand == 1 })
  }

  @Test func singleValueAndSingleDecade() {
    let one = ticks(100, 100)
    #expect(one.domainMin == 10 && one.domainMax == 1_000)
    let decade = ticks(20, 80)
    #expect(decade.values == [10, 20, 50, 100])
    let none = ticks(nil, nil)
    #expect(none.domainMin == 1 && none.domainMax == 10)
  }

  @Test func domainIsStableForDataInsideTheDecades() {
    #expect(ticks(3, 52_000) == ticks(1.5, 99_999))
    #expect(ticks(3, 52_000) != ticks(3, 100_001))
  }

  @Test(arguments: [(1e-300, 1e300), (Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude), (1e-5, 1e-4), (1e307, 1.7e308), (Double.leastNormalMagnitude * 0.99, 3e-308)])
  func extremeRangesStayFinite(_ range: (Double, Double)) {
    for base in [10.0, 2.0] {
      let t = ticks(range.0, range.1, base: base)
      #expect(t.domainMin > 0 && t.domainMin.isFinite && t.domainMax.isFinite && t.domainMin < t.domainMax)
      #expect(t.values.count >= 1 && t.values.count <= 10, "\(range) base \(base): \(t.values.count) ticks")
      #expect(t.values.allSatisfy { $0 > 0 && $0.isFinite })
      let scale = ValueScale(domainMin: t.domainMin, domainMax: t.domainMax, rangeStart: 300, rangeEnd: 0, transform: .log(base: base))
      for v in t.values + [range.0, range.1] {
        let p = scale.map(v)
        #expect(p.isFinite, "\(v) maps to \(p)")
      }
      for v in t.values {
        let label = ValueFormatter.logTick(v, base: base, nil, locale: LocaleSpec())
        #expect(!label.isEmpty && label.count <= 10, "\(v) → \(label)")
      }
    }
  }

  @Test func hugeRangeLabelsAreShortPowers() {
    let t = ticks(1e-300, 1e300)
    let labels = t.values.map { ValueFormatter.logTick($0, base: 10, nil, locale: LocaleSpec()) }
    #expect(labels.first == "1e-300" && labels.last == "1e300")
    #expect(labels.contains("1"))
  }

  @Test func zoomInsideOneDecadeGetsLinearTicks() {
    let t = ticks(1, 1_000, fixedMin: 22, fixedMax: 48)
    #expect(t.domainMin == 22 && t.domainMax == 48)
    #expect(!t.logSpaced)
    #expect(t.values.count >= 2 && t.values.allSatisfy { $0 >= 22 && $0 <= 48 })
  }

  @Test func labelsAreShortWithoutTrailingZeros() {
    func label(_ v: Double, _ base: Double = 10, _ f: FormatterSpec? = nil) -> String {
      ValueFormatter.logTick(v, base: base, f, locale: LocaleSpec())
    }
    #expect([1, 10, 100, 1_000, 20_000, 1e6, 5e9, 1e15].map { label($0) } == ["1", "10", "100", "1k", "20k", "1M", "5B", "1e15"])
    #expect([0.5, 0.02, 0.001, 0.0001, 1e-5, 2e-7].map { label($0) } == ["0.5", "0.02", "0.001", "0.0001", "1e-5", "2e-7"])
    #expect([0.125, 1, 8, 1_024, 65_536].map { label($0, 2) } == ["0.125", "1", "8", "1024", "65536"])
    // The axis's formatter still applies, with the digits of each tick's own power.
    #expect(label(0.02, 10, .percent(decimals: nil, multiply: true)) == "2%")
    #expect(label(2_000, 10, .number(decimals: nil, prefix: "$", suffix: "")) == "$2000")
    #expect(label(0.05, 10, .number(decimals: nil, prefix: "", suffix: " s")) == "0.05 s")
  }

  @Test func logScaleMapsRatiosToEqualLengths() {
    let s = ValueScale(domainMin: 1, domainMax: 1_000, rangeStart: 300, rangeEnd: 0, transform: .log(base: 10))
    #expect(s.map(1) == 300 && s.map(1_000) == 0)
    #expect(abs(s.map(10) - 200) < 1e-9 && abs(s.map(100) - 100) < 1e-9)
    #expect(abs(s.invert(150) - 1_000.0.squareRoot()) < 1e-9)
    #expect(s.map(0).isNaN && s.map(-5).isNaN && s.map(.infinity).isNaN)
    #expect(s.placeable(0) == 1 && s.placeable(50) == 50)
    #expect(s.pixelsPerUnit == 0)
    let w = s.window(aroundPixel: 200, pixels: 100)
    #expect(abs(w.lo - 1) < 1e-9 && abs(w.hi - 100) < 1e-9)
  }

  @Test func minorGridFillsTheDecadesBetweenTicks() {
    let minor = LogTicks.minor(domain: 1, 100, base: 10, ticks: [1, 10, 100])
    #expect(minor == [2, 3, 4, 5, 6, 7, 8, 9, 20, 30, 40, 50, 60, 70, 80, 90])
    #expect(LogTicks.minor(domain: 1, 1e4, base: 10, ticks: [1, 100, 1e4]).contains(10))
  }
}
