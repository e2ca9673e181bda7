/// An array whose elements all have one shape, held column by column.
///
/// The reader produces it for `[{"x": 1, "y": 2, "label": "a"}, …]` (objects with the same keys in
/// the same order, each key's values all numbers and nulls or all strings and nulls), for
/// `[[1, 2], …]` (arrays of one width, numbers or null) and for `["a", "b", null, …]` (strings and
/// nulls): a million rows then cost a few `[Double]` and `[String?]` columns instead of a million
/// dictionaries or values. It means the same as the general array it stands for (`elements`), and
/// compares equal to it.
public struct JSONTable: Sendable, Hashable {
  /// What every element is.
  public enum Rows: Sendable, Hashable {
    /// An object with exactly these keys (written in this order in the input).
    case objects(keys: [String])
    /// An array of `width` elements.
    case arrays(width: Int)
    /// A string or null (the table has one text column).
    case strings
  }

  /// The values of one key or position.
  public enum Column: Sendable, Hashable {
    /// Numbers; NaN stands for `null` (JSON has no NaN of its own).
    case numbers([Double])
    /// Strings; nil stands for `null`.
    case strings([String?])

    /// Number of values.
    public var count: Int {
      switch self {
      case .numbers(let a): return a.count
      case .strings(let a): return a.count
      }
    }

    /// Value `i` as a general value.
    @inline(__always)
    func cell(_ i: Int) -> JSONValue {
      switch self {
      case .numbers(let a): return a[i].isNaN ? .null : .number(a[i])
      case .strings(let a): return a[i].map(JSONValue.string) ?? .null
      }
    }
  }

  public var rows: Rows
  /// One column per key or position.
  public var columns: [Column]

  public init(rows: Rows, columns: [Column]) {
    self.rows = rows
    self.columns = columns
  }

  /// Number of elements.
  public var count: Int { columns.first?.count ?? 0 }

  /// Element `i` as a general value.
  public func element(_ i: Int) -> JSONValue {
    switch rows {
    case .objects(let keys):
      var o = [String: JSONValue](minimumCapacity: keys.count)
      for (key, column) in zip(keys, columns) { o[key] = column.cell(i) }
      return .object(o)
    case .arrays:
      let values = columns.map { $0.cell(i) }
      var numbers: [Double] = []
      numbers.reserveCapacity(values.count)
      for v in values { guard case .number(let d) = v else { return .array(values) }; numbers.append(d) }
      return .numbers(numbers)
    case .strings:
      // One text column (how the reader builds it); a table made otherwise reads as nulls.
      return columns.first?.cell(i) ?? .null
    }
  }

  /// Every element as a general value.
  public var elements: [JSONValue] { (0..<count).map(element) }

  /// The numbers of `key` (object rows), if present and numeric.
  public func column(_ key: String) -> [Double]? {
    guard case .objects(let keys) = rows, let k = keys.firstIndex(of: key), case .numbers(let a) = columns[k] else { return nil }
    return a
  }

  /// The strings of `key` (object rows), if present and textual.
  public func strings(_ key: String) -> [String?]? {
    guard case .objects(let keys) = rows, let k = keys.firstIndex(of: key), case .strings(let a) = columns[k] else { return nil }
    return a
  }

  /// The numbers of position `k` (array rows).
  public func numbers(at k: Int) -> [Double]? {
    guard k < columns.count, case .numbers(let a) = columns[k] else { return nil }
    return a
  }

  /// True when some number is infinite (JSON cannot say so; only a reader's overflow can).
  public var hasInfiniteNumber: Bool {
    columns.contains { column in
      guard case .numbers(let a) = column else { return false }
      return a.contains(where: \.isInfinite)
    }
  }
}
