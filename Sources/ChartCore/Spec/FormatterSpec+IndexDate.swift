import ChartdJSON

// Reading of the `indexDate` formatter (protocol/spec/axes.md, "Trading days").

extension FormatterSpec {
  /// Most dates one `indexDate` formatter takes (as many as a category formatter's labels).
  static let maxIndexDates = 100_000

  /// The dates of an `indexDate` formatter as Unix seconds: from `dates` (ISO strings, null: no
  /// label, kept as NaN) or `times` (Unix seconds). Exactly one of the two is required.
  static func indexDates(_ o: SpecObject) -> [Double] {
    switch (o.has("dates"), o.has("times")) {
    case (false, false):
      o.reportMissing("dates", "or 'times': Unix seconds")
      return []
    case (true, true):
      o.log.error(o.path / "times", "give either 'dates' or 'times', not both")
      return []
    case (false, true):
      guard let times = o.numbers("times") else { return [] }
      if times.count > maxIndexDates {
        o.log.error(o.path / "times", "has \(times.count) dates; at most \(maxIndexDates) are allowed")
        return []
      }
      // A packed array may hold NaN for a null; dates must be real instants.
      if let bad = times.firstIndex(where: { !$0.isFinite }) {
        o.log.error(o.path / "times" / bad, "expected a finite number (Unix seconds)")
        return []
      }
      return times
    case (true, false):
      return isoDates(o)
    }
  }

  /// The `dates` list: ISO 8601 strings (or nulls), each checked, as Unix seconds.
  private static func isoDates(_ o: SpecObject) -> [Double] {
    let path = o.path / "dates"
    // A list the reader holds as one text column needs no JSON value per date.
    let texts: [String?]
    if let column = o.texts("dates") {
      texts = column
    } else {
      guard let items = o.array("dates") else { return [] }
      var out: [String?] = []
      out.reserveCapacity(items.count)
      for (i, item) in items.enumerated() {
        switch item {
        case .string(let s): out.append(s)
        case .null: out.append(nil)
        default:
          o.log.error(path / i, "expected an ISO 8601 date string like \"2024-03-01\", got \(item.typeName)")
          return []
        }
      }
      texts = out
    }
    if texts.count > maxIndexDates {
      o.log.error(path, "has \(texts.count) dates; at most \(maxIndexDates) are allowed")
      return []
    }
    var seconds: [Double] = []
    seconds.reserveCapacity(texts.count)
    for (i, text) in texts.enumerated() {
      guard let text else { seconds.append(.nan); continue }
      guard let t = ISODate.seconds(text) else {
        o.log.error(path / i, "'\(text.prefix(40))' is not a date: expected yyyy-MM-dd, yyyy-MM-ddTHH:mm or yyyy-MM-ddTHH:mm:ss (UTC, optional Z)")
        return []
      }
      seconds.append(t)
    }
    return seconds
  }
}

/// Reads the ISO 8601 forms the `indexDate` formatter takes, as Unix seconds in UTC.
enum ISODate {
  /// `yyyy-MM-dd`, `yyyy-MM-ddTHH:mm`, `yyyy-MM-ddTHH:mm:ss`, each optionally ending in `Z`; nil
  /// for anything else or a day that does not exist (2023-02-29).
  static func seconds(_ text: String) -> Double? {
    var b = Array(text.utf8)
    if b.last == UInt8(ascii: "Z") { b.removeLast() }
    guard b.count == 10 || b.count == 16 || b.count == 19 else { return nil }
    func digits(_ a: Int, _ n: Int) -> Int? {
      var v = 0
      for k in a..<(a + n) {
        guard b[k] >= 48, b[k] <= 57 else { return nil }
        v = v * 10 + Int(b[k] - 48)
      }
      return v
    }
    guard b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
          let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2),
          (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
    var hour = 0, minute = 0, second = 0
    if b.count >= 16 {
      guard b[10] == UInt8(ascii: "T"), b[13] == UInt8(ascii: ":"), let h = digits(11, 2), let m = digits(14, 2),
            h < 24, m < 60 else { return nil }
      hour = h
      minute = m
    }
    if b.count == 19 {
      guard b[16] == UInt8(ascii: ":"), let s = digits(17, 2), s < 60 else { return nil }
      second = s
    }
    let days = daysFromEpoch(year: year, month: month, day: day)
    return Double(days * 86_400 + hour * 3_600 + minute * 60 + second)
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Days from 1970-01-01 to a civil date (the inverse of `DateText.fields`, same era algorithm).
  static func daysFromEpoch(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = month > 2 ? month - 3 : month + 9
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }
}
