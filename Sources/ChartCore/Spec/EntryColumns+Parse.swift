import ChartdJSON

/// Entries as read from JSON, remembering whether they gave x (edits place implicit x by position).
public struct EntryBatch: Sendable, Equatable {
  /// The entries; when `explicitX` is false, `columns.x` holds 0, 1, 2, …
  public var columns: EntryColumns
  /// True when every entry gave its x (always true for pairs).
  public var explicitX: Bool

  public init(columns: EntryColumns, explicitX: Bool) {
    self.columns = columns
    self.explicitX = explicitX
  }

  /// The entries to append to `existing`: without explicit x they continue one past its last x
  /// (so a sliding window of bare values keeps counting up), or start at 0 when it is empty.
  public func placed(appendingTo existing: EntryColumns) -> EntryColumns {
    guard !explicitX else { return columns }
    let last = existing.x.last(where: { $0.isFinite })
    let base = last.map { $0 + 1 } ?? 0
    var out = columns
    out.x = EntryColumn(columns.x.indices.map { base + Double($0) })
    return out
  }

  /// The entries that overwrite `existing` from `start`: without explicit x each keeps the x of the
  /// entry it replaces (entries past the end get their index).
  public func placed(updating existing: EntryColumns, from start: Int) -> EntryColumns {
    guard !explicitX else { return columns }
    var out = columns
    out.x = EntryColumn(columns.x.indices.map { i in
      let j = start + i
      return existing.x.indices.contains(j) ? existing.x[j] : Double(j)
    })
    return out
  }
}

extension EntryColumns {
  /// Reads entries in any of the four forms (bare numbers, [x, y] pairs, row objects, columns).
  ///
  /// Absent or `null` gives no entries. Returns nil when an error was logged.
  public static func parse(_ v: JSONValue?, at path: JSONPointer, log: DiagnosticLog,
                           limits: SpecLimits = SpecLimits()) -> EntryColumns? {
    parseBatch(v, at: path, log: log, limits: limits)?.columns
  }

  /// Reads entries like `parse`, also telling whether they gave x (for appends and updates).
  public static func parseBatch(_ v: JSONValue?, at path: JSONPointer, log: DiagnosticLog,
                                limits: SpecLimits = SpecLimits()) -> EntryBatch? {
    let errorsBefore = log.errorCount
    let reader = EntryReader(path: path, log: log, limits: limits)
    let batch: EntryBatch?
    switch v {
    case nil, .null?:
      batch = EntryBatch(columns: EntryColumns(), explicitX: false)
    case .numbers(let a)?:
      batch = reader.count(a.count) ? reader.bare(packed: a) : nil
    case .array(let a)?:
      batch = reader.count(a.count) ? reader.array(a) : nil
    case .table(let t)?:
      batch = reader.count(t.count) ? reader.table(t) : nil
    case .object(let o)?:
      batch = reader.columnar(o)
    case let other?:
      log.error(path, "expected an array of entries or an object of columns, got \(other.typeName)")
      batch = nil
    }
    guard log.errorCount == errorsBefore else { return nil }
    // Columns read with room to grow may sit in pages still resident from earlier use.
    batch?.columns.releaseRoom()
    return batch
  }

  /// Reports what a data set of `kind` needs and these entries lack (candles: open, high, low and
  /// close; bubbles: size). Empty entries need nothing. Returns false when something was reported.
  @discardableResult
  public func checkRequirements(of kind: SeriesKind, at path: JSONPointer, log: DiagnosticLog) -> Bool {
    guard !isEmpty else { return true }
    switch kind {
    case .candlestick:
      let columns: [(String, EntryColumn<Double>?)] = [("open", open), ("high", high), ("low", low), ("close", close)]
      let missing = columns.filter { $0.1 == nil }.map { "'\($0.0)'" }
      guard missing.isEmpty else {
        log.error(path, "candlestick entries need open, high, low and close; missing \(missing.joined(separator: ", "))")
        return false
      }
    case .bubble:
      guard size != nil else {
        log.error(path, "bubble entries need 'size'")
        return false
      }
    case .line, .bar, .scatter:
      break
    }
    return true
  }
}

/// Reads one `entries` value; every diagnostic is located under `path`.
struct EntryReader {
  let path: JSONPointer
  let log: DiagnosticLog
  let limits: SpecLimits

  /// Checks the entry count against `maxEntriesPerDataSet` before any work is done.
  func count(_ n: Int) -> Bool {
    guard n > limits.maxEntriesPerDataSet else { return true }
    log.error(path, SpecLimits.exceeded("entry count", count: n, limit: "maxEntriesPerDataSet",
                                        value: limits.maxEntriesPerDataSet))
    return false
  }

  /// An array of entries: the first non-null element decides the form.
  func array(_ a: [JSONValue]) -> EntryBatch? {
    switch a.first(where: { !$0.isNull }) {
    case nil, .number?: return bare(a)
    case .array?, .numbers?: return pairs(a)
    case .object?: return rows(a)
    case let other?:
      let i = a.firstIndex(where: { !$0.isNull }) ?? 0
      log.error(path / i, "expected a number, an [x, y] pair or an entry object, got \(other.typeName)")
      return nil
    }
  }

  /// Bare values held packed: x is the index, y the value.
  func bare(packed a: [Double]) -> EntryBatch? {
    guard let y = Column.checked(a, at: path, log: log, missingAllowed: true) else { return nil }
    return finish(x: nil, y: y, count: y.count)
  }

  /// Bare values with possible nulls (gaps): x is the index.
  func bare(_ a: [JSONValue]) -> EntryBatch? {
    var y: [Double] = []
    y.reserveCapacity(ColumnRoom.capacity(for: a.count))
    for (i, e) in a.enumerated() {
      switch e {
      case .number(let d) where !d.isInfinite: y.append(d)
      case .null: y.append(.nan)
      default:
        log.error(path / i, "expected a number or null like the first entry, got \(Column.describe(e))")
        return nil
      }
    }
    return finish(x: nil, y: y, count: y.count)
  }

  /// `[[x, y], …]`: x a finite number, y a number or null.
  func pairs(_ a: [JSONValue]) -> EntryBatch? {
    var x: [Double] = [], y: [Double] = []
    x.reserveCapacity(ColumnRoom.capacity(for: a.count))
    y.reserveCapacity(ColumnRoom.capacity(for: a.count))
    for (i, e) in a.enumerated() {
      // Packed pairs (the usual reader output) need no per-element JSON values.
      if case .numbers(let p) = e, p.count == 2, p[0].isFinite, !p[1].isInfinite {
        x.append(p[0])
        y.append(p[1])
        continue
      }
      guard let pair = e.arrayValue, pair.count == 2 else {
        let got = e.arrayCount.map { "an array of \($0)" } ?? e.typeName
        log.error(path / i, "expected an [x, y] pair like the first entry, got \(got)")
        return nil
      }
      guard case .number(let px) = pair[0], px.isFinite else {
        log.error(path / i / 0, "x must be a finite number, got \(Column.describe(pair[0]))")
        return nil
      }
      switch pair[1] {
      case .number(let py) where !py.isInfinite: y.append(py)
      case .null: y.append(.nan)
      default:
        log.error(path / i / 1, "y must be a number or null, got \(Column.describe(pair[1]))")
        return nil
      }
      x.append(px)
    }
    return EntryBatch(columns: EntryColumns(x: x, y: y), explicitX: true)
  }

  /// Completes bare values: x = index.
  private func finish(x: [Double]?, y: [Double], count: Int) -> EntryBatch {
    EntryBatch(columns: EntryColumns(x: x ?? Column.indices(count), y: y), explicitX: x != nil)
  }
}

/// Column helpers shared by every entry form.
enum Column {
  /// 0, 1, 2, … as x values (with the room to grow of the columns read beside them).
  static func indices(_ n: Int) -> [Double] {
    [Double](unsafeUninitializedCapacity: ColumnRoom.capacity(for: n)) { buffer, initialized in
      for i in 0..<n { buffer[i] = Double(i) }
      initialized = n
    }
  }

  /// The packed array itself when every value is acceptable (x: finite; others: finite or NaN for
  /// missing); reports the first offender. No per-element JSON work: a million values cost one scan.
  static func checked(_ a: [Double], at path: JSONPointer, log: DiagnosticLog, missingAllowed: Bool) -> [Double]? {
    guard let i = firstInvalid(a, missingAllowed: missingAllowed) else { return a }
    log.error(path / i, "expected a finite number, got \(a[i])")
    return nil
  }

  /// Index of the first infinite value (or NaN when missing values are not allowed).
  ///
  /// Blocks are checked in lanes (`ColumnScan.allFinite`), and only a block that holds a value
  /// that is not finite is searched element by element. A long column is checked in parts on
  /// every core (a million values took a third of a millisecond on one, reading memory); the
  /// first part that finds one holds the first offender.
  static func firstInvalid(_ a: [Double], missingAllowed: Bool) -> Int? {
    let parts = ColumnScan.partCount(forWork: a.count)
    guard parts > 1 else { return a.withUnsafeBufferPointer { firstInvalid($0, 0..<a.count, missingAllowed: missingAllowed) } }
    // Parts end on block boundaries, so the blocks are those of a scan on one core.
    let blocks = (a.count + blockSize - 1) / blockSize
    var found = [Int](repeating: -1, count: parts)
    found.withUnsafeMutableBufferPointer { buffer in
      let out = DisjointWrites(buffer: buffer)
      ColumnScan.inParts(parts) { k in
        let lower = min(blocks * k / parts * blockSize, a.count), upper = min(blocks * (k + 1) / parts * blockSize, a.count)
        out.buffer[k] = a.withUnsafeBufferPointer { firstInvalid($0, lower..<upper, missingAllowed: missingAllowed) } ?? -1
      }
    }
    return found.first { $0 >= 0 }
  }

  /// Values checked per `ColumnScan.allFinite` call.
  private static let blockSize = 4096

  /// `firstInvalid` of `range`, block by block.
  private static func firstInvalid(_ p: UnsafeBufferPointer<Double>, _ range: Range<Int>, missingAllowed: Bool) -> Int? {
    var start = range.lowerBound
    while start < range.upperBound {
      let end = min(start + blockSize, range.upperBound)
      if !ColumnScan.allFinite(p, start..<end) {
        for j in start..<end where !p[j].isFinite && (p[j].isInfinite || !missingAllowed) { return j }
      }
      start = end
    }
    return nil
  }

  /// A short description of a value for messages ("a string", "null").
  static func describe(_ v: JSONValue) -> String {
    if case .number(let d) = v { return String(d) }
    return v.typeName
  }

  /// The sum of the finite segment values of a stack (`StackPile.total`); NaN when no segment has a value.
  static func stackTotal(_ values: [Double]) -> Double {
    values.contains(where: \.isFinite) ? StackPile(values).total : .nan
  }
}
