/// Arrays of rows read straight into columns (`JSONTable`).
///
/// Entries in row form (`[{"x": 1, "y": 2}, …]`, `[[1, 2], …]`) repeat one shape a million times.
/// While every element keeps the shape of the first — the same keys in the same order, or the same
/// width, with only numbers and nulls — its values go into one `[Double]` per key and no value or
/// dictionary is built per row. The first element that does not fit ends the fast path: the rows
/// read so far become general values and the general parser continues at that element, so the
/// result and every error are those of the general path.
extension JSONParser {
  /// Most keys (or elements) of a row read into a table.
  static var maxTableWidth: Int { 16 }
  /// Longest key of a table row, in bytes.
  static var maxTableKeyBytes: Int { 64 }

  /// Parses the rest of an array whose first element starts at `pos` with `{` or `[`.
  mutating func parseRows() throws(JSONParseError) -> JSONValue {
    // Rows are one level deeper than the array; at the depth limit the general path reports it.
    guard depth < maxDepth else { return try parseArrayElements(continuing: []) }
    let first = pos
    var columns: [[Double]] = []
    let rows: JSONTable.Rows
    if bytes[pos] == UInt8(ascii: "{") {
      guard let keys = try firstObjectRow(into: &columns) else {
        pos = first
        return try parseArrayElements(continuing: [])
      }
      rows = .objects(keys: keys.map { String(decoding: $0, as: UTF8.self) })
      while let separator = try nextElement() {
        guard separator else { return .table(JSONTable(rows: rows, columns: columns)) }
        let start = pos
        guard try objectRow(keys, into: &columns) else {
          pos = start
          return try parseArrayElements(continuing: JSONTable(rows: rows, columns: columns).elements)
        }
      }
    } else {
      guard let width = try arrayRow(width: nil, into: &columns) else {
        pos = first
        return try parseArrayElements(continuing: [])
      }
      rows = .arrays(width: width)
      while let separator = try nextElement() {
        guard separator else { return .table(JSONTable(rows: rows, columns: columns)) }
        let start = pos
        guard try arrayRow(width: width, into: &columns) != nil else {
          pos = start
          return try parseArrayElements(continuing: JSONTable(rows: rows, columns: columns).elements)
        }
      }
    }
    throw unexpected()
  }

  /// After an element: `true` at `,` (then `pos` is at the next element), `false` at `]` (consumed);
  /// throws on anything else.
  private mutating func nextElement() throws(JSONParseError) -> Bool? {
    skipWhitespace()
    guard pos < count else { throw unexpected() }
    switch bytes[pos] {
    case UInt8(ascii: "]"):
      pos += 1
      return false
    case UInt8(ascii: ","):
      pos += 1
      skipWhitespace()
      return true
    default:
      throw unexpected()
    }
  }

  /// The first object row: its keys (raw bytes) with one column each, or nil when it does not fit a table.
  private mutating func firstObjectRow(into columns: inout [[Double]]) throws(JSONParseError) -> [[UInt8]]? {
    pos += 1
    var keys: [[UInt8]] = []
    skipWhitespace()
    guard pos < count, bytes[pos] != UInt8(ascii: "}") else { return nil }
    while true {
      skipWhitespace()
      guard let key = plainKey(), !keys.contains(key), keys.count < Self.maxTableWidth else { return nil }
      guard let value = try cellAfterColon() else { return nil }
      keys.append(key)
      columns.append([value])
      skipWhitespace()
      guard pos < count else { return nil }
      if bytes[pos] == UInt8(ascii: "}") {
        pos += 1
        return keys
      }
      guard bytes[pos] == UInt8(ascii: ",") else { return nil }
      pos += 1
    }
  }

  /// One more object row with exactly `keys`, in order; false (with `pos` anywhere) when it differs.
  private mutating func objectRow(_ keys: [[UInt8]], into columns: inout [[Double]]) throws(JSONParseError) -> Bool {
    guard pos < count, bytes[pos] == UInt8(ascii: "{") else { return false }
    pos += 1
    for (k, key) in keys.enumerated() {
      skipWhitespace()
      guard matchRowKey(key), let value = try cellAfterColon() else {
        for j in 0..<k { columns[j].removeLast() }
        return false
      }
      columns[k].append(value)
      skipWhitespace()
      let last = k == keys.count - 1
      guard pos < count, bytes[pos] == UInt8(ascii: last ? "}" : ",") else {
        for j in 0...k { columns[j].removeLast() }
        return false
      }
      pos += 1
    }
    return true
  }

  /// One array row of numbers and nulls: its width, or nil when it does not fit (or differs from `width`).
  private mutating func arrayRow(width: Int?, into columns: inout [[Double]]) throws(JSONParseError) -> Int? {
    guard pos < count, bytes[pos] == UInt8(ascii: "[") else { return nil }
    pos += 1
    var values: [Double] = []
    skipWhitespace()
    guard pos < count, bytes[pos] != UInt8(ascii: "]") else { return nil }
    while true {
      skipWhitespace()
      guard let value = try cell(), values.count < (width ?? Self.maxTableWidth) else { return nil }
      values.append(value)
      skipWhitespace()
      guard pos < count else { return nil }
      if bytes[pos] == UInt8(ascii: "]") {
        pos += 1
        break
      }
      guard bytes[pos] == UInt8(ascii: ",") else { return nil }
      pos += 1
    }
    if let width, values.count != width { return nil }
    if columns.isEmpty { columns = values.map { [$0] } } else { for (k, v) in values.enumerated() { columns[k].append(v) } }
    return values.count
  }

  /// `: value` where value is a number or null (NaN); nil for anything else.
  private mutating func cellAfterColon() throws(JSONParseError) -> Double? {
    skipWhitespace()
    guard pos < count, bytes[pos] == UInt8(ascii: ":") else { return nil }
    pos += 1
    skipWhitespace()
    return try cell()
  }

  /// A number, or `null` as NaN; nil (nothing consumed) for any other value.
  private mutating func cell() throws(JSONParseError) -> Double? {
    guard pos < count else { return nil }
    let b = bytes[pos]
    if JSONParser.isNumberStart(b) { return try parseNumber() }
    if b == UInt8(ascii: "n"), pos + 4 <= count, bytes[pos + 1] == UInt8(ascii: "u"),
       bytes[pos + 2] == UInt8(ascii: "l"), bytes[pos + 3] == UInt8(ascii: "l") {
      pos += 4
      return .nan
    }
    return nil
  }

  /// A quoted key of printable ASCII without escapes (what table keys may be); nil otherwise.
  private mutating func plainKey() -> [UInt8]? {
    guard pos < count, bytes[pos] == UInt8(ascii: "\"") else { return nil }
    var end = pos + 1
    while end < count, end - pos - 1 <= Self.maxTableKeyBytes {
      let b = bytes[end]
      if b == UInt8(ascii: "\"") {
        let key = Array(UnsafeBufferPointer(start: bytes + pos + 1, count: end - pos - 1))
        pos = end + 1
        return key
      }
      guard b >= 0x20, b < 0x7F, b != UInt8(ascii: "\\") else { return nil }
      end += 1
    }
    return nil
  }

  /// Consumes `"key"` when the input has exactly these bytes there.
  @inline(__always)
  private mutating func matchRowKey(_ key: [UInt8]) -> Bool {
    let n = key.count
    guard pos + n + 1 < count, bytes[pos] == UInt8(ascii: "\""), bytes[pos + n + 1] == UInt8(ascii: "\"") else { return false }
    for i in 0..<n where bytes[pos + 1 + i] != key[i] { return false }
    pos += n + 2
    return true
  }
}
