/// An array whose elements all have one numeric shape, held column by column.
///
/// The reader produces it for `[{"x": 1, "y": 2}, …]` (objects with the same keys in the same order,
/// every value a number or null) and for `[[1, 2], …]` (arrays of one width, numbers or null): a
/// million rows then cost a few `[Double]` columns instead of a million dictionaries. It means the
/// same as the general array it stands for (`elements`), and compares equal to it.
public struct JSONTable: Sendable, Hashable {
  /// What every element is.
  public enum Rows: Sendable, Hashable {
    /// An object with exactly these keys (written in this order in the input).
    case objects(keys: [String])
    /// An array of `width` elements.
    case arrays(width: Int)
  }

  public var rows: Rows
  /// One column per key or position; NaN stands for `null` (JSON has no NaN of its own).
  public var columns: [[Double]]

  public init(rows: Rows, columns: [[Double]]) {
    self.rows = rows
    self.columns = columns
  }

  /// Number of elements.
  public var count: Int { columns.first?.count ?? 0 }

  /// Element `i` as a general value.
  public func element(_ i: Int) -> JSONValue {
    func cell(_ d: Double) -> JSONValue { d.isNaN ? .null : .number(d) }
    switch rows {
    case .objects(let keys):
      var o = [String: JSONValue](minimumCapacity: keys.count)
      for (k, key) in keys.enumerated() { o[key] = cell(columns[k][i]) }
      return .object(o)
    case .arrays:
      let values = columns.map { $0[i] }
      return values.contains(where: \.isNaN) ? .array(values.map(cell)) : .numbers(values)
    }
  }

  /// Every element as a general value.
  public var elements: [JSONValue] { (0..<count).map(element) }

  /// The column of `key` (object rows) or position (array rows), if present.
  public func column(_ key: String) -> [Double]? {
    guard case .objects(let keys) = rows, let k = keys.firstIndex(of: key) else { return nil }
    return columns[k]
  }
}
