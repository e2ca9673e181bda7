import ChartdJSON

/// Where a key an object does not know is a property of another object: users of iOS Charts write
/// a line's `showCircles` on the data set itself (its `LineChartDataSet` has it), a candle's
/// `increasingColor` beside the entries, the limit lines under an axis. The unknown-key warning
/// names the place (`SpecObject.warnUnknownKeys`).
extension SpecTable {
  /// Keys in more tables than this name no one thing (`color`, `fontSize`, `label`): a place for
  /// them would be a guess, so none is named.
  static let homeTablesAtMost = 2

  /// The pointers where `key`, unknown in the object at `path` whose reader knows `known`, is a
  /// property: in objects inside this one (`line`, `candle`), and in the nearest enclosing object
  /// that has it or holds an object that has it. Nil when nowhere, or when the key names too many
  /// things (more tables than `homeTablesAtMost` have it, or more places than `homesAtMost`).
  ///
  /// The object is found in the spec by the longest end of `path` that leads from the spec's root to
  /// a table of these keys (a chart in a message sits at `/spec`); one outside any spec (a data set
  /// in an edit) is looked into only.
  public static func homes(of key: String, inObjectAt path: JSONPointer, known: Set<String>) -> [JSONPointer]? {
    guard all.filter({ $0[key] != nil }).count <= homeTablesAtMost else { return nil }
    let tokens = path.tokens
    if let n = (0...tokens.count).reversed().first(where: { objectTable(at: Array(tokens.suffix($0)))?.keys == known }) {
      let prefix = Array(tokens.prefix(tokens.count - n))
      let found = homes(of: key, at: Array(tokens.suffix(n)))
      return found.isEmpty ? nil : found.map { JSONPointer(prefix + $0) }
    }
    guard let table = all.first(where: { $0.keys == known }) else { return nil }
    let inside = table.children(having: key).map { JSONPointer(tokens + $0 + [key]) }
    return inside.isEmpty || inside.count > homesAtMost ? nil : inside
  }

  /// Homes of `key` from the object at `place` (tokens from the spec's root): inside it, and in
  /// the nearest enclosing object that has it or holds an object that has it (a data set's
  /// `barSpace` is a candle's and the chart's `bars`'). More than `homesAtMost` count as none.
  private static func homes(of key: String, at place: [String]) -> [[String]] {
    guard let table = objectTable(at: place) else { return [] }
    var found = table.children(having: key).map { place + $0 + [key] }
    var outer = place
    while !outer.isEmpty {
      outer.removeLast()
      // Array levels (`dataSets`) describe no object: go on to the object that holds the array.
      guard let t = objectTable(at: outer) else { continue }
      let here = t[key] != nil ? [outer + [key]] : t.children(having: key).map { outer + $0 + [key] }
      if !here.isEmpty {
        found += here
        break
      }
    }
    return found.count <= homesAtMost ? found : []
  }

  /// Places named at most: more would be a list to read, not a pointer to follow.
  static let homesAtMost = 3

  /// The tokens to this table's object-valued properties whose objects have `key`: `line`, or
  /// `dataSets/0` for a list of objects (its first, where a chart without data sets puts one).
  private func children(having key: String) -> [[String]] {
    properties.compactMap { p in
      switch p.type {
      case .object(let name), .numberOrObject(let name): return Self.named(name)?[key] != nil ? [p.name] : nil
      case .array(.object(let name)): return Self.named(name)?[key] != nil ? [p.name, "0"] : nil
      default: return nil
      }
    }
  }
}
