/// "Did you mean …": the closest of a set of names to a misspelt one.
public enum Suggestions {
  /// Common names from other chart libraries, and what the spec calls them instead.
  public static let kindAliases: [String: (kind: String, note: String)] = [
    "area": ("line", "with \"line\": {\"fill\": true} on each data set"),
    "column": ("bar", ""),
    "donut": ("pie", "with \"pie\": {\"holeRadius\": 0.5}"),
    "doughnut": ("pie", "with \"pie\": {\"holeRadius\": 0.5}"),
    "points": ("scatter", ""),
    "ohlc": ("candlestick", ""),
    "candle": ("candlestick", ""),
    "spline": ("line", "with \"line\": {\"mode\": \"cubicBezier\"} on each data set"),
  ]

  /// The candidate closest to `name`, when it is close enough to be a typo of it: equal ignoring
  /// case, or at most a third of the letters (and at least 1, at most 3) different.
  public static func closest(to name: String, in candidates: [String]) -> String? {
    let lower = name.lowercased()
    if let same = candidates.first(where: { $0.lowercased() == lower }) { return same }
    let limit = min(3, max(1, name.count / 3))
    var best: (String, Int)?
    for c in candidates {
      let d = distance(lower, c.lowercased())
      if d <= limit, d < (best?.1 ?? .max) { best = (c, d) }
    }
    return best?.0
  }

  /// Levenshtein distance with adjacent transpositions counted as one edit.
  public static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], previous2[j - 2] + 1) }
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
