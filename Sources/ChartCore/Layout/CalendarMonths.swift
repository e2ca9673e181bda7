/// The first day of each month of the proleptic Gregorian calendar in UTC, as Unix seconds: where
/// the ticks of month and year steps stand (`TickStep.Unit.months`).
///
/// Months are counted from January of year 0 (month 0), so that a step of n years stands on the
/// years divisible by n (1980, 2000, 2020 for 20 years); a fractional index says how far into its
/// month a time lies. The calendar repeats every 400 years (4,800 months, 146,097 days), so any
/// month is a whole number of cycles plus a month of the first cycle, computed with small integers.
enum CalendarMonths {
  static let cycleMonths = 4_800.0
  static let cycleSeconds = 146_097.0 * 86_400
  /// The average Gregorian month in seconds (the step value of a one-month step).
  static let averageMonth = cycleSeconds / cycleMonths
  /// Days from 0000-01-01 to 1970-01-01.
  static let yearZeroDays = 719_528
  /// Unix seconds at 0000-01-01T00:00:00Z.
  static let yearZero = -Double(yearZeroDays) * 86_400

  /// Unix seconds at the start of month `m` (a whole number; any other value is taken down to one).
  /// Beyond the months a double counts exactly, the average month stands in for the calendar.
  static func start(ofMonth m: Double) -> Double {
    guard m.isFinite else { return m * averageMonth }
    let cycles = (m / cycleMonths).rounded(.down)
    let r = (m - cycles * cycleMonths).rounded(.down)
    guard r >= 0, r < cycleMonths, abs(m) < 0x1p52 else { return yearZero + m.rounded(.down) * averageMonth }
    return yearZero + cycles * cycleSeconds + Double(daysSinceYearZero(month: Int(r))) * 86_400
  }

  /// The month index of a Unix time: its month's number plus the fraction of that month elapsed.
  static func index(of seconds: Double) -> Double {
    let t = seconds - yearZero
    guard t.isFinite else { return t / averageMonth }
    let cycles = (t / cycleSeconds).rounded(.down)
    let rem = t - cycles * cycleSeconds
    guard rem >= 0, rem < cycleSeconds, abs(t) < 0x1p52 else { return t / averageMonth }
    // A day of the first cycle (0 ..< 146,097), so the conversions below hold.
    let day = Int(rem / 86_400)
    let civil = civilDate(daysSince1970: day - yearZeroDays)
    let k = civil.year * 12 + civil.month - 1
    let start = Double(daysSinceYearZero(month: k)) * 86_400, next = Double(daysSinceYearZero(month: k + 1)) * 86_400
    return cycles * cycleMonths + Double(k) + (rem - start) / (next - start)
  }

  /// Days from 0000-01-01 to the first day of month `k` (0 … 4,800) after January of year 0.
  static func daysSinceYearZero(month k: Int) -> Int {
    daysSince1970(year: k / 12, month: k % 12 + 1, day: 1) + yearZeroDays
  }

  /// Days from 1970-01-01 to a civil date (the era-based algorithm popularised by H. Hinnant).
  static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// The civil date of a day counted from 1970-01-01 (the inverse of `daysSince1970`).
  static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, doy - (153 * mp + 2) / 5 + 1)
  }
}
