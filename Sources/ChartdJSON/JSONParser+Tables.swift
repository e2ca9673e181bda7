#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Arrays of rows read straight into columns (`JSONTable`).
///
/// Entries in row form (`[{"x": 1, "y": 2}, …]`, `[[1, 2], …]`) repeat one shape a million times,
/// and label lists (`["a", "b", …]`) are a million strings. While every element keeps the shape of
/// the first — the same keys in the same order, or the same width, each key's values numbers and
/// nulls or strings and nulls as in the first row — its values go into one `[Double]` or `[String?]`
/// per key and no value or dictionary is built per row. The first element that does not fit ends
/// the fast path: the rows read so far become general values and the general parser continues at
/// that element, so the result and every error are those of the general path.
extension JSONParser {
  /// Most keys (or elements) of a row read into a table.
  static var maxTableWidth: Int { 16 }
  /// Longest key of a table row, in bytes.
  static var maxTableKeyBytes: Int { 64 }

  /// Parses the rest of an array whose first element starts at `pos` with `{`, `[` or `"`.
  mutating func parseRows() throws(JSONParseError) -> JSONValue {
    if bytes[pos] == UInt8(ascii: "\"") { return try parseStringRows() }
    // Rows are one level deeper than the array; at the depth limit the general path reports it.
    if depth >= maxDepth { return try parseArrayElements(continuing: []) }
    if let short = try shortArray() { return short }
    return bytes[pos] == UInt8(ascii: "{") ? try parseObjectRows() : try parseArrayRows()
  }

  /// Reads an array of one element as a general value (an edit list of one edit, one appended
  /// point: the table's setup costs more than it saves there). For a longer array: when the first
  /// element could be a table row (a flat object or array), leaves `pos` where it was and returns
  /// nil, and the table path reads that one flat element again; when it could not (it holds
  /// containers), the rest is read as general values right after it. Reading a nested element a
  /// second time would double the work at every level of nesting.
  private mutating func shortArray() throws(JSONParseError) -> JSONValue? {
    let start = pos
    let first = try parseValue()
    skipWhitespace()
    guard pos < count else { throw unexpected() }
    if bytes[pos] == UInt8(ascii: "]") {
      pos += 1
      return .array([first])
    }
    guard bytes[pos] == UInt8(ascii: ",") else { throw unexpected() }
    guard Self.isFlat(first) else {
      pos += 1
      return try parseArrayElements(continuing: [first])
    }
    pos = start
    return nil
  }

  /// Whether `v` is an object or array of scalars only (what a table row can be).
  private static func isFlat(_ v: JSONValue) -> Bool {
    func scalar(_ v: JSONValue) -> Bool {
      switch v {
      case .null, .bool, .number, .string: return true
      case .array, .numbers, .table, .object: return false
      }
    }
    switch v {
    case .object(let members): return members.values.allSatisfy(scalar)
    case .array(let elements): return elements.allSatisfy(scalar)
    case .numbers: return true
    case .null, .bool, .number, .string, .table: return false
    }
  }

  /// `["a", null, …]`: strings and nulls into one text column.
  private mutating func parseStringRows() throws(JSONParseError) -> JSONValue {
    var texts: [String?] = []
    while true {
      let start = pos
      guard let text = try textCell() else {
        pos = start
        return try parseArrayElements(continuing: texts.map { $0.map(JSONValue.string) ?? .null })
      }
      texts.append(text)
      guard try nextElement() else { return .table(JSONTable(rows: .strings, columns: [.strings(texts)])) }
    }
  }

  /// `[{"x": 1, "label": "a"}, …]`.
  private mutating func parseObjectRows() throws(JSONParseError) -> JSONValue {
    let first = pos
    var table = RowColumns()
    defer { table.release() }
    guard let keyList = try firstObjectRow(into: &table) else {
      pos = first
      return try parseArrayElements(continuing: [])
    }
    let rows = JSONTable.Rows.objects(keys: keyList.map { String(decoding: UnsafeBufferPointer(start: bytes + $0.start, count: $0.length), as: UTF8.self) })
    // The keys in a buffer of their own: the per-row loop reads them without bounds or uniqueness checks.
    let keys = UnsafeMutableBufferPointer<RowKey>.allocate(capacity: keyList.count)
    defer { keys.deallocate() }
    _ = keys.initialize(from: keyList)
    var n = 1
    while try nextElement() {
      let start = pos
      guard try objectRow(UnsafeBufferPointer(keys), into: &table) else {
        pos = start
        table.truncate(to: n)
        return try parseArrayElements(continuing: table.takeTable(rows).elements)
      }
      n += 1
    }
    return .table(table.takeTable(rows))
  }

  /// `[[1, 2], …]`.
  private mutating func parseArrayRows() throws(JSONParseError) -> JSONValue {
    let first = pos
    var table = RowColumns()
    defer { table.release() }
    guard let width = try firstArrayRow(into: &table) else {
      pos = first
      return try parseArrayElements(continuing: [])
    }
    let rows = JSONTable.Rows.arrays(width: width)
    var n = 1
    while try nextElement() {
      let start = pos
      guard try arrayRow(width: width, into: &table) else {
        pos = start
        table.truncate(to: n)
        return try parseArrayElements(continuing: table.takeTable(rows).elements)
      }
      n += 1
    }
    return .table(table.takeTable(rows))
  }

  /// After an element: `true` at `,` (then `pos` is at the next element), `false` at `]` (consumed);
  /// throws on anything else.
  @inline(__always)
  private mutating func nextElement() throws(JSONParseError) -> Bool {
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

  /// The first object row: its keys, each with a column of the kind of its value, or nil when it
  /// does not fit a table.
  private mutating func firstObjectRow(into table: inout RowColumns) throws(JSONParseError) -> [RowKey]? {
    pos += 1
    var keys: [RowKey] = []
    skipWhitespace()
    guard pos < count, bytes[pos] != UInt8(ascii: "}") else { return nil }
    while true {
      skipWhitespace()
      guard var key = plainKey(), keys.count < Self.maxTableWidth,
        !keys.contains(where: { $0.sameBytes(as: key, in: bytes) })
      else { return nil }
      skipWhitespace()
      guard pos < count, bytes[pos] == UInt8(ascii: ":") else { return nil }
      pos += 1
      skipWhitespace()
      guard pos < count else { return nil }
      if bytes[pos] == UInt8(ascii: "\"") {
        guard let text = try textCell() else { return nil }
        key.slot = table.addColumn(text: text)
      } else {
        guard let value = try cell() else { return nil }
        key.slot = table.addColumn(number: value)
      }
      keys.append(key)
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

  /// One more object row with exactly `keys`, in order, and values of their columns' kinds; false
  /// (with `pos` anywhere and the row partly appended) when it differs.
  private mutating func objectRow(_ keys: UnsafeBufferPointer<RowKey>, into table: inout RowColumns) throws(JSONParseError) -> Bool {
    guard pos < count, bytes[pos] == UInt8(ascii: "{") else { return false }
    pos += 1
    let last = keys.count - 1
    for k in 0...last {
      skipWhitespace()
      let key = keys[k]
      guard matchKeyAndColon(key) else { return false }
      skipWhitespace()
      let slot = key.slot
      if slot >= 0 {
        guard let value = try cell() else { return false }
        table.numbers[slot].append(value)
      } else {
        guard let text = try textCell() else { return false }
        table.texts[~slot].append(text)
      }
      skipWhitespace()
      guard pos < count, bytes[pos] == UInt8(ascii: k == last ? "}" : ",") else { return false }
      pos += 1
    }
    return true
  }

  /// The first array row of numbers and nulls: its width, or nil when it does not fit.
  private mutating func firstArrayRow(into table: inout RowColumns) throws(JSONParseError) -> Int? {
    pos += 1
    skipWhitespace()
    guard pos < count, bytes[pos] != UInt8(ascii: "]") else { return nil }
    while true {
      skipWhitespace()
      guard table.slots.count < Self.maxTableWidth, let value = try cell() else { return nil }
      _ = table.addColumn(number: value)
      skipWhitespace()
      guard pos < count else { return nil }
      if bytes[pos] == UInt8(ascii: "]") {
        pos += 1
        return table.slots.count
      }
      guard bytes[pos] == UInt8(ascii: ",") else { return nil }
      pos += 1
    }
  }

  /// One more array row of `width` numbers and nulls; false (row partly appended) when it differs.
  private mutating func arrayRow(width: Int, into table: inout RowColumns) throws(JSONParseError) -> Bool {
    guard pos < count, bytes[pos] == UInt8(ascii: "[") else { return false }
    pos += 1
    let last = width - 1
    for k in 0...last {
      skipWhitespace()
      guard let value = try cell() else { return false }
      table.numbers[k].append(value)
      skipWhitespace()
      guard pos < count, bytes[pos] == UInt8(ascii: k == last ? "]" : ",") else { return false }
      pos += 1
    }
    return true
  }

  /// A number, or `null` as NaN; nil (nothing consumed) for any other value.
  private mutating func cell() throws(JSONParseError) -> Double? {
    guard pos < count else { return nil }
    let b = bytes[pos]
    if JSONParser.isNumberStart(b) { return try parseNumber() }
    if isNull() { return .nan }
    return nil
  }

  /// A string, or `null` as nil; nil (nothing consumed) for any other value.
  private mutating func textCell() throws(JSONParseError) -> String?? {
    guard pos < count else { return nil }
    if bytes[pos] == UInt8(ascii: "\"") { return .some(try parseString()) }
    if isNull() { return .some(nil) }
    return nil
  }

  /// Consumes `null` at `pos`.
  @inline(__always)
  private mutating func isNull() -> Bool {
    guard bytes[pos] == UInt8(ascii: "n"), pos + 4 <= count, bytes[pos + 1] == UInt8(ascii: "u"),
      bytes[pos + 2] == UInt8(ascii: "l"), bytes[pos + 3] == UInt8(ascii: "l")
    else { return false }
    pos += 4
    return true
  }

  /// A quoted key of printable ASCII without escapes (what table keys may be); nil otherwise.
  private mutating func plainKey() -> RowKey? {
    guard pos < count, bytes[pos] == UInt8(ascii: "\"") else { return nil }
    var end = pos + 1
    while end < count, end - pos - 1 <= Self.maxTableKeyBytes {
      let b = bytes[end]
      if b == UInt8(ascii: "\"") {
        let key = RowKey(start: pos + 1, length: end - pos - 1, in: bytes)
        pos = end + 1
        return key
      }
      guard b >= 0x20, b < 0x7F, b != UInt8(ascii: "\\") else { return nil }
      end += 1
    }
    return nil
  }

  /// Consumes `"key"`, whitespace and `:` when the input has exactly the key's bytes there.
  @inline(__always)
  private mutating func matchKeyAndColon(_ key: RowKey) -> Bool {
    // Short keys written without whitespace (`"y":`) are one 8-byte comparison.
    if key.mask != 0, pos + 8 <= count {
      let word = UnsafeRawPointer(bytes + pos).loadUnaligned(as: UInt64.self)
      if word & key.mask == key.word {
        pos += key.length + 3
        return true
      }
    }
    let n = key.length
    guard pos + n + 1 < count, bytes[pos] == UInt8(ascii: "\""), bytes[pos + n + 1] == UInt8(ascii: "\""),
      memcmp(bytes + pos + 1, bytes + key.start, n) == 0
    else { return false }
    pos += n + 2
    skipWhitespace()
    guard pos < count, bytes[pos] == UInt8(ascii: ":") else { return false }
    pos += 1
    return true
  }
}

/// A key of the first row of a table: where its bytes lie in the input, and for short keys the
/// bytes `"key":` as one word (with the mask of the bytes it covers) for a one-load match.
struct RowKey {
  let start: Int
  let length: Int
  let word: UInt64
  let mask: UInt64
  /// Its column in `RowColumns` (see `slots`).
  var slot = 0

  init(start: Int, length: Int, in bytes: UnsafePointer<UInt8>) {
    self.start = start
    self.length = length
    guard length + 3 <= 8 else {
      word = 0
      mask = 0
      return
    }
    var pattern: UInt64 = 0
    var bits: UInt64 = 0
    withUnsafeMutableBytes(of: &pattern) { p in
      p[0] = UInt8(ascii: "\"")
      for i in 0..<length { p[1 + i] = bytes[start + i] }
      p[length + 1] = UInt8(ascii: "\"")
      p[length + 2] = UInt8(ascii: ":")
    }
    withUnsafeMutableBytes(of: &bits) { p in for i in 0..<(length + 3) { p[i] = 0xFF } }
    word = pattern
    mask = bits
  }

  func sameBytes(as other: RowKey, in bytes: UnsafePointer<UInt8>) -> Bool {
    length == other.length && memcmp(bytes + start, bytes + other.start, length) == 0
  }
}

/// The columns of a table being read.
///
/// Number columns live in a fixed block rather than in an array of arrays, so appending a cell
/// checks the uniqueness of its own column only; they move into the table without a copy.
/// `release` must be called once (a `defer` next to the declaration).
struct RowColumns {
  /// `maxTableWidth` slots, the first `numberCount` initialized.
  let numbers = UnsafeMutablePointer<[Double]>.allocate(capacity: 16)
  var numberCount = 0
  var texts: [[String?]] = []
  /// Per key or position: its index in `numbers`, or `~index` in `texts`.
  var slots: [Int] = []

  /// Rows read so far.
  var count: Int {
    guard let slot = slots.first else { return 0 }
    return slot >= 0 ? numbers[slot].count : texts[~slot].count
  }

  /// Adds a column starting with `number`; its slot.
  mutating func addColumn(number: Double) -> Int {
    (numbers + numberCount).initialize(to: [number])
    numberCount += 1
    slots.append(numberCount - 1)
    return numberCount - 1
  }

  /// Adds a column starting with `text`; its slot.
  mutating func addColumn(text: String?) -> Int {
    texts.append([text])
    slots.append(~(texts.count - 1))
    return ~(texts.count - 1)
  }

  /// Drops the cells a row that did not fit appended.
  mutating func truncate(to n: Int) {
    for i in 0..<numberCount where numbers[i].count > n { numbers[i].removeSubrange(n...) }
    for i in texts.indices where texts[i].count > n { texts[i].removeSubrange(n...) }
  }

  /// The table, moving the columns into it.
  mutating func takeTable(_ rows: JSONTable.Rows) -> JSONTable {
    var arrays: [[Double]] = []
    arrays.reserveCapacity(numberCount)
    for i in 0..<numberCount { arrays.append((numbers + i).move()) }
    numberCount = 0
    return JSONTable(rows: rows, columns: slots.map { $0 >= 0 ? .numbers(arrays[$0]) : .strings(texts[~$0]) })
  }

  /// Frees what is left.
  func release() {
    numbers.deinitialize(count: numberCount)
    numbers.deallocate()
  }
}
