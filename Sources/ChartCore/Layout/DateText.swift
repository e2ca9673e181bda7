import Foundation

/// Formats Unix times (seconds, UTC) with a small pattern language, without Foundation's calendars.
///
/// Tokens: `yyyy` `yy` (year), `MMMM` `MMM` `MM` `M` (month: name, short name, padded, plain),
/// `dd` `d`, `HH` `H`, `mm`, `ss`, `S`… (tenths, hundredths, milliseconds of the second), `EEE`
/// (weekday); text in single quotes is literal, `''` is a quote. Anything else is copied.
/// Deterministic: no time zone, no locale data.
public enum DateText {
  /// Calendar fields of a Unix time in UTC.
  public struct Fields: Sendable, Hashable {
    public var year, month, day, hour, minute, second, weekday: Int
  }

  static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                           "September", "October", "November", "December"]
  static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

  /// `seconds` as text; "" for values that are not a date (NaN, beyond ±300,000 years).
  public static func format(_ seconds: Double, pattern: String) -> String {
    let p = Array(pattern)
    // With fractions of a second the time is rounded to the finest one written first, so that the
    // fraction and the fields agree (59.9996 s to milliseconds is the next minute, not 59.1000).
    let fractionDigits = min(longestRun(of: "S", in: p), 3)
    let scale = [1.0, 10, 100, 1000][fractionDigits]
    let rounded = fractionDigits > 0 ? (seconds * scale).rounded() / scale : seconds
    guard let f = fields(rounded) else { return "" }
    // `rounded` lies on the grid of 1/scale as nearly as a double can: the fraction is the nearest
    // whole number of grid steps (below `scale`, and a whole number under 1,000, so the conversion holds).
    let fraction = fractionDigits > 0 ? min(((rounded - rounded.rounded(.down)) * scale).rounded(), scale - 1) : 0
    var out = ""
    var i = 0
    while i < p.count {
      let c = p[i]
      if c == "'" {
        // Quoted literal; '' inside or outside quotes is one quote.
        var j = i + 1
        if j < p.count, p[j] == "'" { out += "'"; i += 2; continue }
        while j < p.count {
          if p[j] == "'" {
            if j + 1 < p.count, p[j + 1] == "'" { out += "'"; j += 2; continue }
            break
          }
          out.append(p[j])
          j += 1
        }
        i = j + 1
        continue
      }
      var run = 1
      while i + run < p.count, p[i + run] == c { run += 1 }
      switch c {
      case "y": out += run == 2 ? pad(((f.year % 100) + 100) % 100, 2) : pad(f.year, max(run, 1))
      case "M":
        switch run {
        case 1: out += String(f.month)
        case 2: out += pad(f.month, 2)
        case 3: out += String(monthNames[f.month - 1].prefix(3))
        default: out += monthNames[f.month - 1]
        }
      case "d": out += pad(f.day, run)
      case "H": out += pad(f.hour, run)
      case "m": out += pad(f.minute, run)
      case "s": out += pad(f.second, run)
      case "E": out += weekdayNames[f.weekday]
      case "S":
        // The first digits of the rounded fraction; zeros beyond milliseconds.
        let digits = pad(Int(fraction), fractionDigits)
        out += String(digits.prefix(run)) + String(repeating: "0", count: max(0, run - fractionDigits))
      default: out += String(repeating: String(c), count: run)
      }
      i += run
    }
    return out
  }

  /// Calendar fields of `seconds` since 1970-01-01T00:00:00Z (proleptic Gregorian calendar).
  public static func fields(_ seconds: Double) -> Fields? {
    guard seconds.isFinite, abs(seconds) < 1e13 else { return nil }
    let t = Int64(floor(seconds))
    let days = t >= 0 ? t / 86_400 : -((-t + 86_399) / 86_400)
    let secs = t - days * 86_400
    // |days| < 1.2e8 here, well inside Int.
    let civil = CalendarMonths.civilDate(daysSince1970: Int(days))
    // 1970-01-01 was a Thursday (index 4).
    let weekday = Int(((days % 7) + 7 + 4) % 7)
    return Fields(year: civil.year, month: civil.month, day: civil.day, hour: Int(secs / 3_600),
                  minute: Int(secs % 3_600 / 60), second: Int(secs % 60), weekday: weekday)
  }

  /// The longest run of `c` outside quoted text in a pattern.
  static func longestRun(of c: Character, in p: [Character]) -> Int {
    var longest = 0, run = 0, quoted = false
    for ch in p {
      if ch == "'" { quoted.toggle(); run = 0; continue }
      run = !quoted && ch == c ? run + 1 : 0
      longest = max(longest, run)
    }
    return longest
  }

  private static func pad(_ v: Int, _ width: Int) -> String {
    let s = String(abs(v))
    let padded = s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    return v < 0 ? "-" + padded : padded
  }
}
