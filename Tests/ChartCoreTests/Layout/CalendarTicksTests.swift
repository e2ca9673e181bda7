import Foundation
import Testing
@testable import ChartCore

/// Date axes: month and year ticks on the first of a month, weeks on Mondays, and labels as
/// precise as their step (protocol/spec/axes.md, "Ticks" and the `date` formatter).
@Suite struct CalendarTicksTests {
  /// Every month start is the first of its month at midnight, and its index is the month again.
  @Test func monthStartsAreFirstsOfMonths() throws {
    var rng = SplitMix(seed: 5301)
    let months = (0..<3_000).map { _ in ((rng.next() - 0.5) * 100_000).rounded(.down) } + [0, -1, 23_640, 4_799, 4_800, -4_800]
    for m in months {
      let t = CalendarMonths.start(ofMonth: m)
      let f = try #require(DateText.fields(t))
      #expect(f.year == Int((m / 12).rounded(.down)), "month \(m)")
      #expect(f.month == Int(m - 12 * (m / 12).rounded(.down)) + 1, "month \(m)")
      #expect(f.day == 1 && f.hour == 0 && f.minute == 0 && f.second == 0, "month \(m)")
      #expect(CalendarMonths.index(of: t) == m, "month \(m)")
      #expect(CalendarMonths.start(ofMonth: m + 1) > t)
    }
    // Year 0 is where months are counted from; 1970-01 is month 23,640.
    #expect(CalendarMonths.start(ofMonth: 23_640) == 0)
  }

  /// A time lies in the month its index names, as far into it as the fraction says.
  @Test func indexBracketsTheTime() {
    var rng = SplitMix(seed: 5302)
    for _ in 0..<3_000 {
      let t = ((rng.next() - 0.5) * 2e11).rounded()
      let i = CalendarMonths.index(of: t)
      let k = i.rounded(.down)
      #expect(CalendarMonths.start(ofMonth: k) <= t && t < CalendarMonths.start(ofMonth: k + 1), "t \(t)")
      #expect(i - k >= 0 && i - k < 1)
    }
  }

  @Test func extremesStayOrderedAndDoNotTrap() {
    let values: [Double] = [-.greatestFiniteMagnitude, -1e300, -0x1p53, -0x1p52, -1e13, 0, 1e13, 0x1p52, 0x1p53, 1e300,
                            .greatestFiniteMagnitude]
    let indices = values.map { CalendarMonths.index(of: $0) }
    #expect(zip(indices, indices.dropFirst()).allSatisfy { $0 <= $1 })
    let starts = values.map { CalendarMonths.start(ofMonth: $0) }
    #expect(zip(starts, starts.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(CalendarMonths.index(of: .nan).isNaN && CalendarMonths.start(ofMonth: .nan).isNaN)
    #expect(CalendarMonths.index(of: .infinity) == .infinity && CalendarMonths.start(ofMonth: -.infinity) == -.infinity)
  }

  /// Random spans of Unix time: ticks of a month step stand on the first of a month (January of a
  /// year divisible by the step for year steps), of a week step on Mondays, of a day step at midnight.
  @Test func dateTicksStandOnCalendarBoundaries() throws {
    var rng = SplitMix(seed: 5303)
    var units: Set<String> = []
    for _ in 0..<3_000 {
      let lo = (rng.next() - 0.3) * 4e9
      let hi = lo + pow(10, rng.next() * 11) * (1 + rng.next())
      var o = TickOptions()
      o.family = .time
      o.maxTicks = 2 + Int(rng.next() * 10)
      let t = NiceTicks.compute(dataMin: lo, dataMax: hi, o)
      let what = "\(lo)…\(hi) max \(o.maxTicks): \(t.step)"
      #expect(t.domainMin <= lo && t.domainMax >= hi, "\(what)")
      // Two ticks whose one step would leave the data under half of the axis are the data's ends
      // (as protocol/spec/axes.md says); with more ticks a calendar step always fits.
      if t.labels == .endsOnly {
        #expect(o.maxTicks == 2 && t.values == [lo, hi], "\(what)")
        continue
      }
      for v in t.values {
        let f = try #require(DateText.fields(v))
        switch t.step.unit {
        case .months:
          units.insert(t.step.mantissa % 12 == 0 ? "years" : "months")
          #expect(f.day == 1 && f.hour == 0 && f.minute == 0 && f.second == 0, "\(what): \(v)")
          if t.step.mantissa % 12 == 0 {
            #expect(f.month == 1 && f.year % Int(t.step.mantissa / 12) == 0, "\(what): \(v)")
          } else {
            #expect((f.month - 1) % Int(t.step.mantissa) == 0, "\(what): \(v)")
          }
        case .weeks:
          units.insert("weeks")
          #expect(f.weekday == 1 && f.hour == 0 && f.minute == 0 && f.second == 0, "\(what): \(v)")
        case .number:
          if t.step.value >= 86_400 {
            units.insert("days")
            #expect(f.hour == 0 && f.minute == 0 && f.second == 0, "\(what): \(v)")
          }
        }
      }
    }
    #expect(units == ["years", "months", "weeks", "days"])
  }

  /// Domain hysteresis holds for calendar steps: data anywhere inside the domain gives the same ticks.
  @Test func calendarDomainsAreStable() {
    var rng = SplitMix(seed: 5304)
    var checked = 0
    for _ in 0..<1_500 {
      let lo = rng.next() * 2e9, hi = lo + 3e6 * pow(10, rng.next() * 3)
      var o = TickOptions()
      o.family = .time
      let t = NiceTicks.compute(dataMin: lo, dataMax: hi, o)
      guard t.step.unit != .number else { continue }
      checked += 1
      let a = t.domainMin + (lo - t.domainMin) * rng.next(), b = hi + (t.domainMax - hi) * rng.next()
      #expect(NiceTicks.compute(dataMin: a, dataMax: b, o) == t, "\(lo)…\(hi) then \(a)…\(b)")
    }
    #expect(checked > 500)
  }

  /// With no pattern, the labels of a date axis differ from each other at every span (the default
  /// used to write every tick of a minute as the same day).
  @Test func automaticLabelsTellTicksApart() throws {
    var rng = SplitMix(seed: 5305)
    for _ in 0..<200 {
      var s = ChartSpec()
      s.width = 240 + (rng.next() * 800).rounded()
      let lo = 1e9 + rng.next() * 1e9
      // From a tenth of a millisecond (ticks a millisecond apart, the finest written) to decades.
      let hi = lo + pow(10, rng.next() * 13 - 4) * (1 + rng.next())
      s.dataSets = [SampleCharts.dataSet("a", x: [lo, hi], y: [0, 1])]
      s.xAxis.common.formatter = .date(pattern: nil)
      let x = try #require(LayoutEngine.layout(ChartModel(spec: s)).x)
      let labels = x.ticks.map(\.label).filter { !$0.isEmpty }
      #expect(labels.count >= 2, "\(lo)…\(hi)")
      #expect(Set(labels).count == labels.count, "\(lo)…\(hi): \(labels)")
    }
  }

  @Test func tickPatternsFollowTheStep() {
    let day = 86_400.0
    #expect(DateText.tickPattern(step: CalendarMonths.averageMonth * 24, first: 0, last: 1e9) == "yyyy")
    #expect(DateText.tickPattern(step: CalendarMonths.averageMonth * 3, first: 0, last: 1e8) == "yyyy-MM")
    #expect(DateText.tickPattern(step: 7 * day, first: 0, last: 1e7) == "yyyy-MM-dd")
    #expect(DateText.tickPattern(step: 3_600, first: 0, last: 3 * day) == "MM-dd HH:mm")
    #expect(DateText.tickPattern(step: 3_600, first: day, last: day + 3_600 * 6) == "HH:mm")
    #expect(DateText.tickPattern(step: 30, first: 0, last: 120) == "HH:mm:ss")
    #expect(DateText.tickPattern(step: 0.25, first: 0, last: 1) == "HH:mm:ss.SS")
    #expect(DateText.tickPattern(step: 1e-6, first: 0, last: 1e-5) == "HH:mm:ss.SSS")
  }

  @Test func valuesShowTheTimeOfDayTheyHave() {
    #expect(ValueFormatter.format(1_700_000_000, .date(pattern: nil)) == "2023-11-14 22:13:20")
    #expect(ValueFormatter.format(1_699_920_000, .date(pattern: nil)) == "2023-11-14")
    #expect(ValueFormatter.format(1_699_920_000 + 3_600 * 5 + 60, .date(pattern: nil)) == "2023-11-14 05:01")
    #expect(ValueFormatter.format(1_700_000_000.25, .date(pattern: nil)) == "2023-11-14 22:13:20.250")
    #expect(ValueFormatter.format(.nan, .date(pattern: nil)) == "")
    // Rounded to the millisecond first, then written (found by the black box, seed 54416).
    #expect(ValueFormatter.format(0.9996130412213748, .date(pattern: nil)) == "1970-01-01 00:00:01")
    #expect(ValueFormatter.format(59.99996, .date(pattern: nil)) == "1970-01-01 00:01")
  }

  /// Fractions of a second are rounded once, and the fields with them.
  @Test func fractionsOfASecond() {
    #expect(DateText.format(59.9996, pattern: "mm:ss.SSS") == "01:00.000")
    #expect(DateText.format(59.94, pattern: "ss.S") == "59.9")
    #expect(DateText.format(59.96, pattern: "ss.S") == "00.0")
    #expect(DateText.format(1_700_000_000.1, pattern: "ss.SS") == "20.10")
    #expect(DateText.format(-0.25, pattern: "HH:mm:ss.SSSS") == "23:59:59.7500")
    #expect(DateText.format(1.5, pattern: "'S' s") == "S 1")
  }
}
