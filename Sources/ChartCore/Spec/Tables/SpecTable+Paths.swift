/// Finding what the spec says about a place in a spec document, by the JSON Pointer tokens that lead
/// there from the spec's root.
extension SpecTable {
  /// The type of the value at `path` (nil when the path leaves what the tables describe).
  public static func type(at path: [String]) -> SpecType? {
    var type = SpecType.object(chart.name)
    for token in path {
      guard let next = step(from: type, token) else { return nil }
      type = next
    }
    return type
  }

  /// The table and property of the member `path` ends on (its last token is the key).
  public static func property(at path: [String]) -> (table: SpecTable, property: SpecProperty)? {
    guard let key = path.last, let table = objectTable(at: Array(path.dropLast())), let p = table[key] else { return nil }
    return (table, p)
  }

  /// The table describing the object at `path`: the chart at the root, a line style at
  /// `dataSets/0/line`, a row at `dataSets/0/entries/3`, a formatter at `xAxis/format`.
  public static func objectTable(at path: [String]) -> SpecTable? {
    switch type(at: path) {
    case .object(let name)?, .numberOrObject(let name)?: return named(name)
    case .formatter?: return formatter
    case .entries?: return entryColumns
    default: return nil
    }
  }

  /// The type one token further down from a value of `type` (nil where the tables end).
  public static func type(after type: SpecType, _ token: String) -> SpecType? { step(from: type, token) }

  /// The type one token further down from a value of `type`.
  static func step(from type: SpecType, _ token: String) -> SpecType? {
    let isIndex = !token.isEmpty && token.allSatisfy(\.isASCIIDigitCharacter)
    switch type {
    case .object(let name), .numberOrObject(let name):
      return named(name)?[token]?.type
    case .formatter:
      return formatter[token]?.type
    case .array(let element):
      return isIndex ? element : nil
    case .entries:
      // An index names a row (or a bare value or pair); a key names a column.
      return isIndex ? .object(entryRow.name) : entryColumns[token]?.type
    case .number, .integer, .boolean, .string, .color, .choice:
      return nil
    }
  }
}

extension Character {
  fileprivate var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
