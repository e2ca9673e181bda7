import ChartdJSON
import Testing
@testable import ChartCore

/// The `indexDate` formatter: reading `dates`/`times` with diagnostics at their pointers, and writing
/// the date of whole indices only.
@Suite struct IndexDateFormatterTests {
  func read(_ json: JSONValue) -> (FormatterSpec?, DiagnosticLog) {
    let log = DiagnosticLog()
    let f = FormatterSpec.parse(json, at: JSONPointer(["spec", "xAxis", "format"]), log: log)
    return (f, log)
  }

  /// 2026-08-07 (a Friday) and 2026-08-10 (the Monday after), as Unix seconds.
  static let friday = 1_786_060_800.0, monday = 1_786_320_000.0

  @Test func datesAreReadAsUnixSecondsAndNullsKeepTheirIndex() {
    let (f, log) = read(["type": "indexDate", "dates": ["2026-08-07", nil, "2026-08-10T00:00:00Z", "2026-08-10T09:30"], "pattern": "MM/dd"])
    #expect(log.items.isEmpty, "\(log.items)")
    guard case .indexDate(let times, let pattern)? = f else { Issue.record("not an indexDate formatter: \(String(describing: f))"); return }
    #expect(pattern == "MM/dd")
    #expect(times.count == 4 && times[1].isNaN)
    #expect(times[0] == Self.friday && times[2] == Self.monday && times[3] == Self.monday + 9.5 * 3_600)
  }

  @Test func timesAreTakenAsTheyAre() {
    let (f, log) = read(["type": "indexDate", "times": [.number(Self.friday), .number(Self.monday)]])
    #expect(log.items.isEmpty)
    #expect(f == .indexDate(times: [Self.friday, Self.monday], pattern: "yyyy-MM-dd"))
  }

  /// Without a pattern: dates alone while every time is a midnight; the time of day as soon as one
  /// has it, to the second where one has seconds; the time alone within one day (a trading session).
  @Test func theAutomaticPatternShowsWhatTellsTheTimesApart() {
    func pattern(_ dates: [JSONValue]) -> String? {
      guard case .indexDate(_, let p)? = read(["type": "indexDate", "dates": .array(dates)]).0 else { return nil }
      return p
    }
    #expect(pattern(["2026-08-07", nil, "2026-08-10"]) == "yyyy-MM-dd")
    #expect(pattern(["2026-08-07T09:30", "2026-08-07T09:35", nil]) == "HH:mm")
    #expect(pattern(["2026-08-07T09:30", "2026-08-10T09:30"]) == "MM-dd HH:mm")
    #expect(pattern(["2026-08-07T09:30:00", "2026-08-07T09:30:05"]) == "HH:mm:ss")
    #expect(pattern(["2026-08-07", "2026-08-10T00:00:01"]) == "MM-dd HH:mm:ss")
    #expect(DateText.listPattern([]) == "yyyy-MM-dd" && DateText.listPattern([-1.5, .nan]) == "HH:mm:ss")
    // Five-minute bars of one session are labelled apart from each other.
    let bars = (0..<78).map { Self.friday + 9.5 * 3_600 + 300 * Double($0) }
    let labels = bars.map { DateText.format($0, pattern: DateText.listPattern(bars)) }
    #expect(Set(labels).count == labels.count && labels.first == "09:30")
  }

  static let invalid: [(JSONValue, String, String)] = [
    (["type": "indexDate"], "/spec/xAxis/format/dates", "missing required property 'dates' (or 'times'"),
    (["type": "indexDate", "dates": ["2026-08-07"], "times": [0]], "/spec/xAxis/format/times", "not both"),
    (["type": "indexDate", "dates": ["2026-08-07", "2023-02-29"]], "/spec/xAxis/format/dates/1", "is not a date"),
    (["type": "indexDate", "dates": ["2026-08-07", "07/08/2026"]], "/spec/xAxis/format/dates/1", "is not a date"),
    (["type": "indexDate", "dates": ["2026-08-07T24:00"]], "/spec/xAxis/format/dates/0", "is not a date"),
    (["type": "indexDate", "dates": ["2026-08-07", 20260807]], "/spec/xAxis/format/dates/1", "got a number"),
    (["type": "indexDate", "dates": "2026-08-07"], "/spec/xAxis/format/dates", "expected an array"),
    (["type": "indexDate", "times": [0, "x"]], "/spec/xAxis/format/times/1", "expected a number"),
    ("indexDate", "/spec/xAxis/format", "needs dates"),
  ]

  @Test(arguments: invalid.indices)
  func badInputIsAnErrorAtItsPointer(_ i: Int) {
    let (json, path, message) = Self.invalid[i]
    let (f, log) = read(json)
    #expect(f == nil)
    let errors = log.items.filter { $0.severity == .error }
    #expect(errors.map(\.path) == [path], "\(log.items)")
    #expect(errors.first?.message.contains(message) == true, "\(errors.first?.message ?? "no error")")
  }

  @Test func wholeIndicesShowTheirDateOthersNothing() {
    let f = FormatterSpec.indexDate(times: [Self.friday, .nan, Self.monday], pattern: "EEE MM/dd")
    #expect(ValueFormatter.format(0, f) == "Fri 08/07")
    #expect(ValueFormatter.format(2, f) == "Mon 08/10")
    for v in [1, 0.5, -1, 3, 2.0001, .nan, .infinity] {
      #expect(ValueFormatter.format(v, f) == "", "\(v)")
    }
  }

  @Test func isoDatesAgreeWithDateText() {
    // Every 997th day over ±400 years: parsing the written date gives the day back.
    for day in stride(from: -146_097, through: 146_097, by: 997) {
      let t = Double(day) * 86_400
      let text = DateText.format(t, pattern: "yyyy-MM-dd'T'HH:mm:ss'Z'")
      #expect(ISODate.seconds(text) == t, "\(text)")
    }
  }
}
