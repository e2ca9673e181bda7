import ChartdJSON

// The edits of a `chart/update` in their plain form, read straight from the message's bytes.

extension ChartEdit {
  /// The edits array at the cursor when every edit is in its plain form, read as `parseEdits`
  /// reads it; nil for anything else, which the caller then reads with `parseEdits`.
  ///
  /// The plain form covers the edits a client streams: `appendEntries`, `updateEntries`,
  /// `removeEntries`, `setVisibility` and `setHighlight`, with exactly the members their op accepts,
  /// each once; data set ids of printable ASCII without escapes; counts and indices as plain
  /// digits; entries as finite numbers, `[x, y]` pairs or `{"x", "y"}` rows, all of one form. An
  /// edit that `parseEdits` would refuse or warn about is never plain (`ChartEditBytesTests`
  /// compares the two readers).
  public static func readPlain(_ c: inout JSONCursor, limits: SpecLimits) -> [ChartEdit]? {
    var edits: [ChartEdit] = []
    let read = c.array { c in
      guard let edit = PlainEdit.read(&c, limits: limits) else { return false }
      edits.append(edit)
      return true
    }
    return read ? edits : nil
  }
}

/// One edit object in the plain form.
private struct PlainEdit {
  static let names = JSONNames(["op", "dataSet", "entries", "maxEntries", "visible", "entry", "highlights", "start", "count"])
  static let ops = JSONNames(["appendEntries", "updateEntries", "removeEntries", "setVisibility", "setHighlight"])
  static let highlightNames = JSONNames(["dataSet", "index", "stackIndex"])
  /// By op: the members it requires and those it also accepts, as bits of `names`.
  static let members: [(required: UInt16, optional: UInt16)] = [
    (0b0_0000_0111, 0b0_0000_1000),  // appendEntries: op, dataSet, entries; maxEntries
    (0b0_1000_0111, 0),  // updateEntries: op, dataSet, entries, start
    (0b1_1000_0011, 0),  // removeEntries: op, dataSet, start, count
    (0b0_0001_0011, 0b0_0010_0000),  // setVisibility: op, dataSet, visible; entry
    (0b0_0100_0001, 0),  // setHighlight: op, highlights
  ]

  var op = -1, dataSet = "", entries: EntryBatch?, maxEntries = 0, visible = false, entry = 0
  var highlights: [HighlightSpec] = [], start = 0, count = 0
  var present: UInt16 = 0

  static func read(_ c: inout JSONCursor, limits: SpecLimits) -> ChartEdit? {
    var e = PlainEdit()
    let read = c.object(names: names) { c, k in
      e.present |= 1 << k
      return e.member(k, &c, limits: limits)
    }
    guard read, e.op >= 0 else { return nil }
    let (required, optional) = members[e.op]
    guard e.present & required == required, e.present & ~(required | optional) == 0 else { return nil }
    switch e.op {
    case 0: return e.entries.map { .appendEntries(dataSet: e.dataSet, entries: $0, maxEntries: e.present & 0b1000 != 0 ? e.maxEntries : nil) }
    case 1: return e.entries.map { .updateEntries(dataSet: e.dataSet, start: e.start, entries: $0) }
    case 2: return .removeEntries(dataSet: e.dataSet, start: e.start, count: e.count)
    case 3: return .setVisibility(dataSet: e.dataSet, entry: e.present & 0b10_0000 != 0 ? e.entry : nil, visible: e.visible)
    default: return .setHighlight(e.highlights)
    }
  }

  /// Reads the value of member `k`; false when it is not in the plain form or would be refused.
  private mutating func member(_ k: Int, _ c: inout JSONCursor, limits: SpecLimits) -> Bool {
    switch k {
    case 0: op = c.string(among: Self.ops) ?? -1; return op >= 0
    case 1: return Self.name(&c, limits: limits).map { dataSet = $0 } != nil
    case 2: entries = PlainEntries.read(&c, limits: limits); return entries != nil
    case 3:
      guard let n = c.plainInteger(), n >= 1, n <= limits.maxEntriesPerDataSet else { return false }
      maxEntries = n
    case 4: return c.bool().map { visible = $0 } != nil
    case 5: return c.plainInteger().map { entry = $0 } != nil
    case 6: return Self.highlights(&c, limits: limits).map { highlights = $0 } != nil
    case 7: return c.plainInteger().map { start = $0 } != nil
    default: return c.plainInteger().map { count = $0 } != nil
    }
    return true
  }

  /// A data set id as `SpecObject.requiredName` accepts it: not empty, at most `maxLabelBytes`.
  static func name(_ c: inout JSONCursor, limits: SpecLimits) -> String? {
    guard let s = c.plainString(), !s.isEmpty, s.utf8.count <= limits.maxLabelBytes else { return nil }
    return s
  }

  /// `[{dataSet, index, stackIndex?}, …]`.
  static func highlights(_ c: inout JSONCursor, limits: SpecLimits) -> [HighlightSpec]? {
    var out: [HighlightSpec] = []
    let read = c.array { c in
      var dataSet: String?, index: Int?, stackIndex: Int?
      let read = c.object(names: highlightNames) { c, k in
        switch k {
        case 0: dataSet = name(&c, limits: limits); return dataSet != nil
        case 1: index = c.plainInteger(); return index != nil
        default: stackIndex = c.plainInteger(); return stackIndex != nil
        }
      }
      guard read, let dataSet, let index else { return false }
      out.append(HighlightSpec(dataSet: dataSet, index: index, stackIndex: stackIndex))
      return true
    }
    return read ? out : nil
  }
}

/// Entries in the plain form: at least one, all finite numbers, all `[x, y]` pairs of finite
/// numbers, or all `{"x": …, "y": …}` rows of finite numbers.
private enum PlainEntries {
  static let rowNames = JSONNames(["x", "y"])

  static func read(_ c: inout JSONCursor, limits: SpecLimits) -> EntryBatch? {
    var x: [Double] = [], y: [Double] = []
    // The form of the first entry, by the byte it starts with: `[`, `{`, or any other (a number).
    var form: UInt8 = 0
    let read = c.array { c in
      guard let b = c.peek() else { return false }
      let kind = b == UInt8(ascii: "[") || b == UInt8(ascii: "{") ? b : UInt8(ascii: "0")
      guard form == 0 || kind == form else { return false }
      form = kind
      switch kind {
      case UInt8(ascii: "["):
        var k = 0
        let pair = c.array { c in
          guard k < 2, let v = c.number() else { return false }
          if k == 0 { x.append(v) } else { y.append(v) }
          k += 1
          return true
        }
        return pair && k == 2
      case UInt8(ascii: "{"):
        var px = 0.0, py = 0.0, got = 0
        let row = c.object(names: rowNames) { c, k in
          guard let v = c.number() else { return false }
          if k == 0 { px = v } else { py = v }
          got |= 1 << k
          return true
        }
        guard row, got == 3 else { return false }
        x.append(px)
        y.append(py)
        return true
      default:
        guard let v = c.number() else { return false }
        y.append(v)
        return true
      }
    }
    // Numbers read are finite (a literal out of range is not JSON): no value needs a check.
    guard read, form != 0, y.count <= limits.maxEntriesPerDataSet else { return nil }
    if form == UInt8(ascii: "[") || form == UInt8(ascii: "{") {
      return EntryBatch(columns: EntryColumns(x: x, y: y), explicitX: true)
    }
    return EntryBatch(columns: EntryColumns(x: Column.indices(y.count), y: y), explicitX: false)
  }
}
