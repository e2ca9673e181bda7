/// The patterns of a `date` formatter without one: as precise as what is written needs, and no more.
extension DateText {
  /// One day in seconds.
  static let day = 86_400.0

  /// The pattern of one value (a marker, a value label): its date, and its time of day only when it
  /// has one — to the minute, or the second, or the millisecond, as far as it is not zero.
  public static func valuePattern(_ seconds: Double) -> String {
    guard seconds.isFinite else { return "yyyy-MM-dd" }
    let ms = (seconds * 1000).rounded()
    if ms.remainder(dividingBy: 1000) != 0 { return "yyyy-MM-dd HH:mm:ss.SSS" }
    if ms.remainder(dividingBy: 60_000) != 0 { return "yyyy-MM-dd HH:mm:ss" }
    if ms.remainder(dividingBy: day * 1000) != 0 { return "yyyy-MM-dd HH:mm" }
    return "yyyy-MM-dd"
  }

  /// The pattern of the ticks of one axis, from their step in seconds (a month step is about
  /// 2.6 million): years, months, days; times of day — with the date in front when the ticks
  /// span more than one day — to the minute, the second or its fraction.
  public static func tickPattern(step: Double, first: Double?, last: Double?) -> String {
    if step >= CalendarMonths.averageMonth * 12 * (1 - 1e-9) { return "yyyy" }
    if step >= 28 * day { return "yyyy-MM" }
    if step >= day { return "yyyy-MM-dd" }
    let oneDay = first.map { ($0 / day).rounded(.down) } == last.map { ($0 / day).rounded(.down) }
    let date = oneDay ? "" : "MM-dd "
    if step >= 60 { return date + "HH:mm" }
    if step >= 1 { return date + "HH:mm:ss" }
    // Tenths, hundredths or milliseconds: the decimals of the step.
    let digits = min(max(ValueFormatter.decimals(forStep: step), 1), 3)
    return date + "HH:mm:ss." + String(repeating: "S", count: digits)
  }

  /// The pattern of an `indexDate` list without one: its dates, with the time of day when a time has
  /// one (to the minute, or the second), and the time alone when every time falls on one day, so
  /// that the bars of a trading session are told apart. Times that are not finite (`null` dates) are
  /// skipped.
  public static func listPattern(_ times: [Double]) -> String {
    var firstDay: Double? = nil
    var oneDay = true, withTime = false, withSeconds = false
    for t in times where t.isFinite {
      let day = (t / Self.day).rounded(.down)
      if let first = firstDay { oneDay = oneDay && day == first } else { firstDay = day }
      let ofDay = t - day * Self.day
      if ofDay != 0 { withTime = true }
      if ofDay.truncatingRemainder(dividingBy: 60) != 0 { withSeconds = true }
    }
    guard withTime else { return "yyyy-MM-dd" }
    let time = withSeconds ? "HH:mm:ss" : "HH:mm"
    return oneDay ? time : "MM-dd " + time
  }

  /// `spec` with the pattern of these ticks in place of an automatic date pattern; any other
  /// formatter as it is.
  static func resolvingTicks(_ spec: FormatterSpec?, _ ticks: NiceTicks) -> FormatterSpec? {
    guard case .date(nil)? = spec else { return spec }
    return .date(pattern: tickPattern(step: ticks.step.value, first: ticks.values.first, last: ticks.values.last))
  }
}
