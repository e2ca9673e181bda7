import Foundation
import Testing
@testable import ChartCore

/// Tick labels at tiny and huge magnitudes: only the digits the step needs, scientific when long,
/// and the scientific labels of one axis with one decimals count.
@Suite struct ValueFormatterScientificTests {
  static let cases: [(value: Double, step: Double?, text: String)] = [
    (1e-6, 5e-7, "1.0e-6"), (5e-7, 5e-7, "5e-7"), (-5e-7, 5e-7, "-5e-7"), (0, 5e-7, "0"), (-0.0, 5e-7, "0"),
    (1.5e-6, 5e-7, "1.5e-6"), (1e-6, 2.5e-7, "1.00e-6"), (7.5e-7, 2.5e-7, "7.5e-7"),
    (3e-7 + 1e-22, 1e-7, "3e-7"), (2e12, 5e11, "2.0e12"), (-1e12, 5e11, "-1.0e12"), (1e300, 2e299, "1.0e300"),
    (6e299, 2e299, "6e299"), (1.234e-7, nil, "1.23e-7"), (-2e20, nil, "-2e20"), (1e-9, nil, "1e-9"),
    (3.0001e-5, 1e-9, "3.0001e-5"), (1.000000001, 2e-10, "1.0000000010"),
    // Inside the bounds labels stay plain.
    (0.0005, 1e-4, "0.0005"), (5e8, 1e8, "500000000"), (1234567.891, nil, "1234567.89"),
  ]

  @Test(arguments: cases.indices)
  func labelsUseOnlyTheDigitsTheStepNeeds(_ i: Int) {
    let c = Self.cases[i]
    #expect(ValueFormatter.format(c.value, nil, step: c.step) == c.text)
  }

  @Test func resolvedStepsFormatLikeTheUnresolvedOnes() {
    for step in [5e-7, 2.5e-7, 5e11, 2e299] {
      let resolved = ValueFormatter.resolvingStep(nil, step: step)
      for k in -4...4 {
        let v = Double(k) * step
        #expect(ValueFormatter.format(v, resolved.spec, step: resolved.step) == ValueFormatter.format(v, nil, step: step))
      }
    }
  }

  /// Three significant digits without a step, rounded in decimal: a value just below a power of
  /// ten far from 1 (where a power of ten is no double) is written as that power, not in full.
  @Test(arguments: [(9.999999999999999e299, "1e300"), (-9.999999999999999e299, "-1e300"), (1.2345e299, "1.23e299"),
                    (9.995e-200, "1e-199"), (1.0000000000000001e-300, "1e-300"), (4.4445e250, "4.44e250"),
                    (9.99999e20, "1e21"), (1.234567e20, "1.23e20")])
  func valuesWithoutAStepKeepThreeSignificantDigitsAtEveryMagnitude(_ c: (Double, String)) {
    #expect(ValueFormatter.format(c.0, nil) == c.1)
  }

  @Test func roundingInDecimalIsHalfAwayFromZeroOnTheShortestForm() throws {
    let r = try #require(TickStep(decimal: 0.285, significantDigits: 2))
    #expect(r.mantissa == 29 && r.exponent == -2)
    let carry = try #require(TickStep(decimal: 9.96, significantDigits: 2))
    #expect(carry.mantissa == 1 && carry.exponent == 1)
    let kept = try #require(TickStep(decimal: 0.30000000000000004, significantDigits: 12))
    #expect(kept.mantissa == 3 && kept.exponent == -1)
    #expect(TickStep(decimal: 0, significantDigits: 3) == nil && TickStep(decimal: .infinity, significantDigits: 3) == nil)
  }

  @Test func prefixSuffixAndDecimalSeparatorApplyToTheMantissa() {
    var locale = LocaleSpec()
    locale.decimalSeparator = ","
    locale.useGrouping = true
    let text = ValueFormatter.format(1.5e-6, .number(decimals: nil, prefix: "$", suffix: " m"), step: 5e-7, locale: locale)
    #expect(text == "$1,5e-6 m")
    #expect(ValueFormatter.format(5e-7, .number(decimals: 9, prefix: "", suffix: ""), step: 5e-7) == "0.000000500",
            "explicit decimals are kept")
  }

  /// The y tick labels of a line chart through `ys`.
  func yLabels(_ ys: [Double]) throws -> [String] {
    var s = ChartSpec()
    s.kind = .line
    s.dataSets = [SampleCharts.dataSet("a", x: ys.indices.map(Double.init), y: ys)]
    let layout = LayoutEngine.layout(ChartModel(spec: s))
    return try #require(layout.left).ticks.map(\.label)
  }

  /// Data at the largest doubles leaves no room for a nice domain: the axis ends on the data with
  /// a step of many digits. Its labels keep the digits that tell them apart, not three.
  @Test func labelsOfAStepOfManyDigitsDiffer() throws {
    let lo = 1.7976931348622518e308, hi = 1.7976931348623157e308
    #expect(ValueFormatter.format(lo, nil, step: hi - lo) != ValueFormatter.format(hi, nil, step: hi - lo))
    // Rounded at the step's last digit (it has three, the last at 10^292): seventeen digits.
    #expect(ValueFormatter.format(hi, nil, step: hi - lo) == "1.7976931348623157e308")
    let labels = try yLabels([lo, hi])
    #expect(labels.count == 2 && Set(labels).count == 2, "\(labels)")
  }

  /// Every y tick label is its value correctly rounded to the label's own last digit, at any
  /// magnitude. Where no nice step fits (ends a double apart, or of opposite signs near the largest
  /// double) the labels were once the ends rounded to half the span: -1.7e308 and 1.8e308 were
  /// written "-1.74884656743e308" and "1.74884656743e308".
  @Test func labelsAreTheirValuesRounded() throws {
    var random = SeededRandom(seed: 0x1abe1)
    func magnitude() -> Double {
      switch random.next() % 4 {
      case 0: return [Double.greatestFiniteMagnitude, 1.7e308, 1e308, 1.7976931348622518e308][Int(random.next() % 4)]
      case 1: return Double.greatestFiniteMagnitude * (1 - random.uniform() * 1e-12)
      default: return Foundation.pow(10, random.uniform() * 616 - 308)
      }
    }
    for _ in 0..<1_500 {
      let a = magnitude() * (random.next() % 3 == 0 ? -1 : 1), b = magnitude() * (random.next() % 2 == 0 ? -1 : 1)
      var s = ChartSpec()
      s.kind = .line
      s.dataSets = [SampleCharts.dataSet("a", x: [0, 1], y: [a, b])]
      let ticks = try #require(LayoutEngine.layout(ChartModel(spec: s)).left).ticks
      for t in ticks where !t.label.isEmpty && !t.label.contains("…") {
        // Read as mantissa and exponent: "1.8e308" as a double would be infinite.
        let parts = t.label.replacingOccurrences(of: ",", with: "").split(separator: "e")
        let mantissa = try #require(Double(parts[0]), "\(t.label)")
        let exponent = parts.count > 1 ? try #require(Int(parts[1]), "\(t.label)") : 0
        let decimals = parts[0].split(separator: ".").dropFirst().first?.count ?? 0
        let scaled = t.value / Foundation.pow(10, Double(exponent))
        let unit = Foundation.pow(10, Double(-decimals))
        #expect(abs(mantissa - scaled) <= unit * 0.5 * (1 + 1e-9) + abs(scaled) * 1e-12,
                "data \(a), \(b): tick \(t.value) labelled \(t.label)")
      }
    }
  }

  /// The ends of an axis no nice step fits keep two digits where they need them, and drop a last
  /// digit that is a zero: 1 beside 1.7e308 was written "1.0".
  @Test func endsOnlyLabelsDropZerosTheirValuesDoNotHave() throws {
    #expect(try yLabels([1, 1.7e308]) == ["1", "1.7e308"])
    // The 0 between them sits too close to -1 to be labelled.
    #expect(try yLabels([-1, 1.7e308]) == ["-1", "", "1.7e308"])
    #expect(try yLabels([0.25, 1.7976931348623157e308]) == ["0.25", "1.8e308"])
  }

  /// An end's label rounds its value by at most 1 % of the ends' span: 1999.2 … 2001 were written
  /// `1999` and `2001`, an axis that reads 2 wide where it is 1.8 wide.
  @Test func endsOnlyLabelsStayWithinAHundredthOfTheirSpan() {
    func labels(_ values: [Double]) -> [String] {
      let steps = ValueFormatter.distinguishingSteps(values, nil, locale: LocaleSpec())
      return zip(values, steps).map { ValueFormatter.format($0, nil, step: $1, locale: LocaleSpec()) }
    }
    #expect(labels([1999.2, 2001]) == ["1999.2", "2001"])
    #expect(labels([0.1234, 0.1456]) == ["0.1234", "0.1456"])
    // Two digits still do where they round by little (whole numbers keep their integer digits).
    #expect(labels([150, 210]) == ["150", "210"])
    #expect(labels([0.5, 0.75]) == ["0.5", "0.75"])
    #expect(labels([1234.5678, 98_765.4321]) == ["1235", "98765"])
  }

  @Test func tinySymmetricRangeIsLabelledShortly() throws {
    let labels = try yLabels([-1e-6, 3e-7, 1e-6, -5e-7])
    #expect(labels.contains("0"))
    #expect(labels.contains("1.0e-6") && labels.contains("-1.0e-6"))
    #expect(labels.allSatisfy { $0.count <= 7 }, "\(labels)")
  }

  @Test(arguments: [[1e12, 3e12, 2.5e12], [-1e12, -3e12], [1e300, -3e299, 7e299], [-4e-9, -1e-9]])
  func hugeTinyAndNegativeRangesGiveShortDistinctLabels(_ ys: [Double]) throws {
    let labels = try yLabels(ys)
    #expect(labels.count >= 2)
    #expect(Set(labels).count == labels.count, "\(labels)")
    #expect(labels.allSatisfy { $0.count <= 8 }, "\(labels)")
  }

  /// The labels of ticks `values` as an axis writes them: one decimals count for its scientific ones.
  static func tickLabels(_ values: [Double], _ spec: FormatterSpec?, step: Double) -> [String] {
    let shared = ValueFormatter.sharedMantissaDecimals(values, spec, step: step)
    return values.map { ValueFormatter.format($0, spec, step: step, locale: LocaleSpec(), mantissaDecimals: shared) }
  }

  @Test func theScientificLabelsOfAnAxisShareTheirDecimals() {
    #expect(Self.tickLabels([-1e-6, -5e-7, 0, 5e-7, 1e-6], nil, step: 5e-7) == ["-1.0e-6", "-5.0e-7", "0", "5.0e-7", "1.0e-6"])
    #expect(Self.tickLabels([7.5e-8, 1e-7, 1.25e-7], nil, step: 2.5e-8) == ["7.50e-8", "1.00e-7", "1.25e-7"])
    // Nothing to share: every label already has the same decimals.
    #expect(Self.tickLabels([0, 2e12, 4e12], nil, step: 2e12) == ["0", "2e12", "4e12"])
    #expect(Self.tickLabels([1e12, 1.5e12], nil, step: 5e11) == ["1.0e12", "1.5e12"])
    // A percent's value and step are scaled first; prefix and suffix stay around the mantissa.
    #expect(Self.tickLabels([5e-9, 1e-8], .percent(decimals: nil, multiply: true), step: 5e-9) == ["5.0e-7%", "1.0e-6%"])
    #expect(Self.tickLabels([5e-7, 1e-6], .number(decimals: nil, prefix: "$", suffix: ""), step: 5e-7) == ["$5.0e-7", "$1.0e-6"])
    // Plain steps, explicit decimals and other formatters have nothing to share.
    #expect(ValueFormatter.sharedMantissaDecimals([0.5, 1], nil, step: 0.5) == nil)
    #expect(ValueFormatter.sharedMantissaDecimals([5e-7, 1e-6], .number(decimals: 9, prefix: "", suffix: ""), step: 5e-7) == nil)
    #expect(ValueFormatter.sharedMantissaDecimals([5e12, 1e13], .compact(decimals: nil), step: 5e12) == nil)
  }

  /// Compact has no symbol below a unit: there a tiny step or value is written as `number` writes
  /// it, where every tick of an axis at 1e-64 read `0`. Huge steps stay compact.
  @Test func compactBelowAUnitWritesTinyValuesAsNumberDoes() {
    let c = FormatterSpec.compact(decimals: nil)
    #expect(Self.tickLabels([-1e-6, -5e-7, 0, 5e-7, 1e-6], c, step: 5e-7) == ["-1.0e-6", "-5.0e-7", "0", "5.0e-7", "1.0e-6"])
    #expect(Self.tickLabels([-9.2e-64, -9.15e-64, -9.1e-64], c, step: 5e-66) == ["-9.20e-64", "-9.15e-64", "-9.10e-64"])
    #expect(ValueFormatter.format(1.23e-7, c) == ValueFormatter.format(1.23e-7, nil))
    #expect(ValueFormatter.format(1.23e-7, c).contains("e-7"))
    // Steps of 10^-4 and more, huge steps, and explicit decimals keep compact's own text.
    #expect(Self.tickLabels([0.5, 1], c, step: 0.5) == ["0.5", "1"])
    #expect(Self.tickLabels([0, 2e9, 4e9], c, step: 2e9) == ["0", "2B", "4B"])
    #expect(ValueFormatter.format(1.23e-7, .compact(decimals: 2)) == "0.00")
  }

  /// Ticks a step apart that plain labels cannot write are told apart in scientific notation:
  /// from 10^21 on (where every value is scientific) with the step's digits, not three; and below a
  /// step of 10^-15, finer than the 15 decimals of a plain label.
  @Test func ticksAStepApartKeepTheStepsDigitsWherePlainLabelsCannot() {
    let huge = Self.tickLabels([6.9770276504378e21, 6.9770276504380e21, 6.9770276504382e21], nil, step: 2e8)
    #expect(Set(huge).count == 3 && huge.allSatisfy { $0.contains("e21") }, "\(huge)")
    // The resolved form (the decimals worked out once, as an axis formats its ticks) writes the same.
    let resolved = ValueFormatter.resolvingStep(nil, step: 2e8)
    #expect(huge == [6.9770276504378e21, 6.9770276504380e21, 6.9770276504382e21].map {
      ValueFormatter.format($0, resolved.spec, step: resolved.step, locale: LocaleSpec(), mantissaDecimals: nil)
    })
    let fine = Self.tickLabels([0.00168327104837807, 0.00168327104837812, 0.00168327104837817], nil, step: 5e-20)
    #expect(Set(fine).count == 3 && fine.allSatisfy { $0.contains("e-3") }, "\(fine)")
    // A tiny step where plain decimals suffice stays plain.
    #expect(Self.tickLabels([1.0000001, 1.0000002], nil, step: 1e-7) == ["1.0000001", "1.0000002"])
  }

  /// Every scientific tick label of a laid-out axis has as many decimals in its mantissa as the others.
  @Test(arguments: [[2e-8, 1.6e-7, 9e-8], [-1e-6, 3e-7, 1e-6, -5e-7], [1e12, 3.7e12, 2.5e12], [8e12, 1.2e13], [1e-300, 1.3e-299]])
  func aLaidOutAxisWritesItsScientificLabelsAlike(_ ys: [Double]) throws {
    let labels = try yLabels(ys).filter { $0.contains("e") }
    #expect(labels.count >= 2, "\(labels)")
    let decimals = Set(labels.map { label -> Int in
      let mantissa = label.prefix { $0 != "e" }
      return mantissa.firstIndex(of: ".").map { mantissa.distance(from: $0, to: mantissa.endIndex) - 1 } ?? 0
    })
    #expect(decimals.count == 1, "\(labels)")
  }
}
