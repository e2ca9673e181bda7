import Foundation

/// M4 aggregation of one line data set at the plot's device-pixel columns (Jugel et al., PVLDB 2014).
///
/// Per column it keeps the entries with the first and last x and the lowest and highest y; a
/// polyline through them rasterises like the polyline through every entry when drawn at those
/// columns with straight segments. The columns are the device's own pixel columns: counted from
/// x = 0 of the canvas (not from the plot's left edge, which is rarely on a pixel boundary), and an
/// entry's column is read from the x coordinate as the SVG writes it (two decimals), so that the
/// rasteriser puts every kept extreme in the column M4 chose for it. Column -1 keeps only the last entry left of the plot and column
/// W only the first entry right of it, so segments entering and leaving the plot are drawn.
/// Columns are grouped into chunks (regions); appending updates only the columns it lands in, and
/// a removal or an update in place only the columns of the entries it changed
/// (M4Aggregation+Reshape.swift).
public struct M4Aggregation: Sendable {
  /// The geometry the columns were computed for; any change means a rebuild. (What the entries are
  /// is not part of it: a change of the entries redraws the chunks whose columns it changed, not the
  /// layer.)
  struct Key: Equatable, Sendable {
    var scale: ValueScale
    var plotMinX: Double
    var plotMaxX: Double
    var columns: Int
    /// The device-pixel column (from the canvas's left edge) that column 0 stands for.
    var originColumn: Int
    var devicePixelRatio: Double
  }

  struct Column: Sendable, Equatable {
    var first = -1, last = -1, low = -1, high = -1
  }

  /// Device-pixel columns per chunk region: an append re-sends at most this many columns (≤ 4 points each).
  public static let columnsPerChunk = 32

  let key: Key
  /// The shape of the entries (`SeriesIndex.reshapeRevision`) the columns were brought up to date
  /// with; entries appended since are folded in from `builtCount` on.
  var shape: UInt64
  // Set by the catch-up after a removal or an update (M4Aggregation+Reshape.swift) too.
  var builtCount: Int
  /// Columns -1 … W, stored at index c + 1.
  var columns: [Column]
  var chunkRevisions: [UInt64]
  /// The last column (by its index in `columns`) that holds an entry, -1 when none does. An append
  /// only moves it right; beyond it every column is empty, and the look for the next chunk that
  /// draws (`nextDrawingChunk`, at every append) stops there at once.
  var lastFilledSlot = -1
  /// The extremes of the entries by blocks, kept up to date with them (linear x scales): folding
  /// every column again reads whole blocks, not every entry. Handed on to the aggregation that
  /// replaces this one when the geometry changes.
  private(set) var extremes: M4BlockExtremes?

  /// Whether a data set is drawn through M4: a plain linear line, sorted by x, without gaps,
  /// markers, fill or dashes (those would show the dropped entries), above the threshold.
  public static func applies(_ model: ChartModel, dataSet i: Int) -> Bool {
    let spec = model.spec
    // Read in place: a data set bound to a name is copied, a retain per column.
    let line = spec.dataSets[i].line
    return spec.largeData.mode == .auto && model.seriesKind(of: i) == .line && spec.dataSets[i].entries.count > spec.largeData.threshold
      && line.mode == .linear && !line.showCircles && !line.fill && line.dash.isEmpty
      && !model.isStackedLine(i)  // a stacked line draws sums over other sets, not its own entries
      && model.series[i].isSortedByX && model.series[i].gapCount == 0 && !hasLogGaps(model, dataSet: i)
  }

  /// Whether a log axis skips some entries of the data set (x or values at or below 0): those are
  /// gaps in the line, which M4 would not keep where they are.
  static func hasLogGaps(_ model: ChartModel, dataSet i: Int) -> Bool {
    let spec = model.spec
    if spec.hasLogXAxis, let r = model.xRange(dataSet: i), r.lowerBound <= 0 { return true }
    if spec.hasLogValueAxis(spec.valueAxis(of: i)), let r = model.valueRange(dataSet: i), r.lowerBound <= 0 { return true }
    return false
  }

  static func key(_ model: ChartModel, _ layout: ChartLayout, dataSet i: Int) -> Key? {
    guard let scale = layout.x?.scale, !layout.horizontal else { return nil }
    let dpr = max(0.25, min(8, model.spec.largeData.devicePixelRatio))
    // Every device column the plot touches, the partly covered ones at both edges included.
    let left = (layout.plot.minX * dpr).rounded(.down), right = (layout.plot.maxX * dpr).rounded(.up)
    guard left.isFinite, right.isFinite, abs(left) < 1e9 else { return nil }
    let w = Int(clamping: right - left, to: 0...1_000_000)
    guard w > 0, w < 1_000_000 else { return nil }
    return Key(scale: scale, plotMinX: layout.plot.minX, plotMaxX: layout.plot.maxX, columns: w,
               originColumn: Int(clamping: left), devicePixelRatio: dpr)
  }

  /// Aggregates `entries`, which M4 draws only when sorted by x (`applies`).
  ///
  /// - Parameters:
  ///   - shape: the entries' `SeriesIndex.reshapeRevision`.
  ///   - perEntry: fold every entry in turn even on a linear scale (tests compare the two).
  ///   - extremes: the entries' block extremes, up to date with them; runs read them where given.
  init(key: Key, entries: EntryColumns, shape: UInt64 = 0, perEntry: Bool = false, extremes: M4BlockExtremes? = nil) {
    self.key = key
    self.shape = shape
    // Blocks of other entries than these would answer for entries they do not hold.
    self.extremes = extremes?.count == entries.count ? extremes : nil
    builtCount = 0
    columns = Array(repeating: Column(), count: key.columns + 2)
    chunkRevisions = (0..<Self.chunkCount(columns: key.columns)).map { _ in Revisions.next() }
    if case .linear = key.scale.transform, !perEntry {
      buildByRuns(entries)
    } else {
      _ = add(entries, from: 0)
    }
    lastFilledSlot = columns.lastIndex { $0.first >= 0 } ?? -1
  }

  /// The column of entry x `x`, -1 … W (the same for every entry: `add` and `buildByRuns` agree).
  @inline(__always)
  private func column(ofX x: Double) -> Int { Self.column(ofX: x, key) }

  @inline(__always)
  static func column(ofX x: Double, _ key: Key) -> Int {
    let px = key.scale.map(x)
    // A deep zoom maps x far beyond the plot (1e300 px): clamped to the outside columns.
    var c = Int(clamping: Self.deviceColumn(px, ratio: key.devicePixelRatio) - Double(key.originColumn), to: -1...key.columns)
    if c >= key.columns && px <= key.plotMaxX { c = key.columns - 1 }  // the right edge belongs to the last column
    return c
  }

  /// `add(entries, from: 0)` for a linear x scale, without computing every entry's column: M4 data
  /// is sorted by x and a linear scale maps it monotonically (every floating-point step of `map` is
  /// monotonic), so the entries of one column form one run, whose end a search finds. Each run is
  /// then folded as `add` would fold it one entry at a time.
  private mutating func buildByRuns(_ e: EntryColumns) {
    let xs = e.x, ys = e.y, n = e.count, key = key, extremes = extremes
    // A large data set is built in parts that start at column boundaries, so that each part
    // writes its own columns (the parts' runs are the runs of the whole). With block extremes a
    // column reads at most two partial blocks entry by entry and the rest block by block.
    let work = extremes == nil ? n : min(n, key.columns * 2 * M4BlockExtremes.blockSize + n / M4BlockExtremes.blockSize)
    let parts = ColumnScan.partCount(forWork: work)
    var starts = [0]
    for k in 1..<max(1, parts) {
      let s = Self.runStart(xs, at: n * k / parts, after: starts[starts.count - 1], key)
      if s > starts[starts.count - 1] { starts.append(s) }
    }
    starts.append(n)
    let bounds = starts
    columns.withUnsafeMutableBufferPointer { buffer in
      let out = DisjointWrites(buffer: buffer)
      ColumnScan.inParts(bounds.count - 1) { part in
        Self.buildRuns(xs, ys, bounds[part]..<bounds[part + 1], key, extremes: extremes, into: out.buffer)
      }
    }
    builtCount = n
  }

  /// The first entry of the run that holds entry `m`: the first index from `floor` on whose
  /// column is that of `m` (columns never decrease with the index).
  private static func runStart(_ xs: EntryColumn<Double>, at m: Int, after floor: Int, _ key: Key) -> Int {
    let c = column(ofX: xs[m], key)
    var lo = floor, hi = m  // the answer lies in lo ... hi; hi is in column c
    while lo < hi {
      let mid = lo + (hi - lo) / 2
      if column(ofX: xs[mid], key) >= c { hi = mid } else { lo = mid + 1 }
    }
    return hi
  }

  /// Folds the runs of `entries` (whole runs) into their columns; `extremes`, when given, are the
  /// block extremes of the entries.
  static func buildRuns(_ xs: EntryColumn<Double>, _ ys: EntryColumn<Double>, _ entries: Range<Int>, _ key: Key,
                        extremes: M4BlockExtremes?, into columns: UnsafeMutableBufferPointer<Column>) {
    ys.withUnsafeBufferPointer { ys in buildRuns(xs, ys, entries, key, extremes: extremes, into: columns) }
  }

  private static func buildRuns(_ xs: EntryColumn<Double>, _ ys: UnsafeBufferPointer<Double>, _ entries: Range<Int>,
                                _ key: Key, extremes: M4BlockExtremes?, into columns: UnsafeMutableBufferPointer<Column>) {
    var i = entries.lowerBound
    // Columns inside the plot tend to hold as many entries as the one before (evenly spaced x):
    // the search starts from that guess and mostly ends after two columns computed.
    var expected = 1
    var known: Int? = nil  // the column of entry i, when the last search computed it
    while i < entries.upperBound {
      let c = known ?? column(ofX: xs[i], key)
      let (end, endColumn) = runEnd(xs, from: i, before: entries.upperBound, column: c, expected: expected, key)
      if c == -1 || c == key.columns {
        // Left of the plot only the entry nearest to it (the run's last), right of it the first.
        let k = c == -1 ? end - 1 : i
        columns[c + 1] = Column(first: k, last: k, low: k, high: k)
      } else {
        // A run without a whole block is read entry by entry there too.
        let (low, high) = extremes?.extremes(ys, i..<end) ?? firstExtremes(ys, i..<end)
        columns[c + 1] = Column(first: i, last: end - 1, low: low, high: high)
        expected = end - i
      }
      i = end
      known = endColumn
    }
  }

  /// The end of the run of entries from `start` on (before `n`) whose column is `c` (the column of
  /// `start`), and the column of the entry there when the search computed it: gallop from the
  /// guess `start + expected` towards the end, then bisect. `column` is monotonic in the index, so
  /// any guess finds the same end.
  private static func runEnd(_ xs: EntryColumn<Double>, from start: Int, before n: Int, column c: Int, expected: Int,
                             _ key: Key) -> (end: Int, column: Int?) {
    // Invariant of the bisection: entry lo is in column c; hi is n or an entry that is not, whose
    // column is hiColumn once computed.
    var lo = start, hi: Int, hiColumn: Int? = nil
    let guess = min(n - 1, start + max(1, expected) - 1)
    let guessColumn = guess == start ? c : column(ofX: xs[guess], key)
    if guessColumn == c {
      lo = guess
      // One step at a time twice (a run one longer than the last is common), then doubling.
      var step = 1, probes = 0
      hi = min(n, lo + 1)
      while hi < n {
        let h = column(ofX: xs[hi], key)
        if h != c {
          hiColumn = h
          break
        }
        lo = hi
        probes += 1
        if probes >= 2 { step *= 2 }
        hi = min(n, lo + step)
      }
    } else {
      hi = guess
      hiColumn = guessColumn
      var step = 1
      var probe = hi - 1
      while probe > start {
        let p = column(ofX: xs[probe], key)
        if p == c { break }
        hi = probe
        hiColumn = p
        step *= 2
        probe = max(start, hi - step)
      }
      lo = probe
    }
    while hi - lo > 1 {
      let mid = lo + (hi - lo) / 2
      let m = column(ofX: xs[mid], key)
      if m == c {
        lo = mid
      } else {
        hi = mid
        hiColumn = m
      }
    }
    return (hi, hiColumn)
  }

  /// The first index of the lowest and of the highest y in `run`, as a scalar loop starting from
  /// the run's first entry and taking only strictly lower or higher values finds them; both are the
  /// first index when its y is NaN (nothing compares with it). Lanes find the values, then a
  /// search finds where they first occur.
  static func firstExtremes(_ p: UnsafeBufferPointer<Double>, _ run: Range<Int>) -> (low: Int, high: Int) {
    let first = run.lowerBound
    guard !p[first].isNaN else { return (first, first) }
    let (lo, hi) = ColumnScan.extremes(p, run)
    // Both are attained (the first y is a candidate), so the searches find them.
    return (ColumnScan.firstIndex(of: lo, in: p, run) ?? first, ColumnScan.firstIndex(of: hi, in: p, run) ?? first)
  }

  /// Brings the aggregation up to date with `entries`, whose index is `index`: after appends, and
  /// after one removal or update in place (`SeriesIndex.lastReshape`) with appends before and after
  /// it. False when it must be rebuilt instead (it may then have changed). In place, a one-point
  /// append does not copy the columns (they are uniquely held here).
  mutating func update(for key: Key, entries: EntryColumns, index: SeriesIndex) -> Bool {
    // First, so that an aggregation made for a new key takes them over up to date.
    extremes?.catchUp(entries, index: index)
    guard key == self.key else { return false }
    if index.reshapeRevision != shape {
      guard let reshape = index.lastReshape, reshape.from == shape, catchUp(reshape.change, entries) else { return false }
      shape = index.reshapeRevision
    }
    guard entries.count >= builtCount else { return false }
    let touched = add(entries, from: builtCount)
    for chunk in touched {
      bump(chunk)
      // The next chunk that draws anything starts its line at this chunk's last entry; it need not
      // be the adjacent one (the chunks between may have no columns, e.g. right of the data).
      if let next = nextDrawingChunk(after: chunk) { bump(next) }
    }
    return true
  }

  /// The device-pixel column (from the canvas's left edge) of user x `px` as the SVG writes it:
  /// rounded to hundredths first (SVGNumber), so that a point written on a column boundary counts
  /// in the column the rasteriser puts it in.
  static func deviceColumn(_ px: Double, ratio: Double) -> Double {
    guard abs(px * 100) < 9e15 else { return px * ratio }  // far outside: only the side matters
    let hundredths = Double(SVGNumber.roundedHalfAwayFromZero(px * 100))
    // `rounded(.down)` without the call into libm: truncate, and step down when that went up
    // (negative values). (With the key's ratio of at most 8, the column is below 7.2e14.)
    let column = hundredths * ratio / 100
    guard abs(column) < 9e15 else { return column.rounded(.down) }
    let t = Double(Int64(column))
    return t > column ? t - 1 : t
  }

  public var chunkCount: Int { chunkRevisions.count }

  /// Chunk regions of an aggregation over `columns` device-pixel columns (plus the two outside ones).
  static func chunkCount(columns: Int) -> Int { (columns + 2 + columnsPerChunk - 1) / columnsPerChunk }

  func revision(ofChunk k: Int) -> UInt64 { k >= 0 && k < chunkRevisions.count ? chunkRevisions[k] : 0 }

  /// The entries a chunk draws, in order, starting with the last entry of the chunks before it;
  /// none when no column of the chunk holds an entry (that joining entry alone would only repeat
  /// the end of the line already drawn by its own chunk).
  func indices(ofChunk k: Int) -> EntryIndices {
    let lo = k * Self.columnsPerChunk, hi = min(columns.count, lo + Self.columnsPerChunk)
    guard lo < hi, hasEntries(chunk: k) else { return .list([]) }
    // Written in place (at most four entries per column and the joining one): every append to a
    // large line lists its last chunk, and an append per index cost a check of room each. Zeroed
    // first rather than `init(unsafeUninitializedCapacity:)`, which is not specialized: its run-time
    // lookup of the array's type cost some 130 instructions, more than zeroing the room.
    var out = [Int](repeating: 0, count: 4 * (hi - lo) + 1)
    let written = columns.withUnsafeBufferPointer { cols in
      out.withUnsafeMutableBufferPointer { buffer in
        var n = 0
        var j = lo - 1
        while j >= 0 {
          if cols[j].last >= 0 { buffer[n] = cols[j].last; n = 1; break }
          j -= 1
        }
        var previous = n > 0 ? buffer[0] : -1
        for c in lo..<hi where cols[c].first >= 0 {
          let (a, b, d, e) = Self.sorted(cols[c].first, cols[c].low, cols[c].high, cols[c].last)
          // Each index once (first, lowest, highest and last may be the same entry).
          if a > previous { buffer[n] = a; n &+= 1; previous = a }
          if b > previous { buffer[n] = b; n &+= 1; previous = b }
          if d > previous { buffer[n] = d; n &+= 1; previous = d }
          if e > previous { buffer[n] = e; n &+= 1; previous = e }
        }
        return n
      }
    }
    out.removeLast(out.count - written)
    return .list(out)
  }

  /// Four indices in ascending order (a sorting network: five compare-exchanges, no array).
  @inline(__always)
  static func sorted(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> (Int, Int, Int, Int) {
    let (a1, b1) = a <= b ? (a, b) : (b, a)
    let (c1, d1) = c <= d ? (c, d) : (d, c)
    let (lowest, c2) = a1 <= c1 ? (a1, c1) : (c1, a1)
    let (b2, highest) = b1 <= d1 ? (b1, d1) : (d1, b1)
    let (second, third) = b2 <= c2 ? (b2, c2) : (c2, b2)
    return (lowest, second, third, highest)
  }

  /// Whether a column of chunk `k` holds an entry.
  private func hasEntries(chunk k: Int) -> Bool {
    let lo = k * Self.columnsPerChunk, hi = min(columns.count, lo + Self.columnsPerChunk)
    guard lo >= 0, lo < hi else { return false }
    return columns.withUnsafeBufferPointer { cols in (lo..<hi).contains { cols[$0].first >= 0 } }
  }

  /// The first chunk after `chunk` that holds an entry, if any.
  func nextDrawingChunk(after chunk: Int) -> Int? {
    // The chunk of the first column after `chunk`'s that holds an entry: one pass over the
    // columns (every append looks past the data's end, where the plot's last chunks are empty).
    let from = (chunk + 1) * Self.columnsPerChunk
    guard from <= lastFilledSlot else { return nil }
    return columns.withUnsafeBufferPointer { cols -> Int? in
      var c = max(from, 0)
      while c < cols.count {
        if cols[c].first >= 0 {
          let k = c / Self.columnsPerChunk
          return k < chunkRevisions.count ? k : nil
        }
        c += 1
      }
      return nil
    }
  }

  mutating func bump(_ chunk: Int) {
    chunkRevisions[chunk] = Revisions.next()
  }

  /// Adds entries from `start` on; returns the chunks whose columns changed, in ascending order,
  /// each once.
  private mutating func add(_ e: EntryColumns, from start: Int) -> [Int] {
    // A list, not a set: sorted entries touch chunks in ascending order (one chunk, for an append),
    // and a set cost a table and a sorted copy of it per append.
    var touched: [Int] = []
    // Sorted entries touch chunks in order: a chunk is noted once per run, not hashed per entry.
    var lastTouched = -1
    let w = key.columns
    // Local copies of the columns (no copy: they share storage) let the loop keep them in registers.
    let xs = e.x, ys = e.y
    for i in start..<e.count {
      let c = column(ofX: xs[i])
      let slot = c + 1
      var col = columns[slot]
      let before = col
      if c == -1 {
        // Left of the plot only the entry nearest to it matters.
        col = Column(first: i, last: i, low: i, high: i)
      } else if c == w {
        if col.first < 0 { col = Column(first: i, last: i, low: i, high: i) }
      } else if col.first < 0 {
        col = Column(first: i, last: i, low: i, high: i)
      } else {
        col.last = i
        let y = ys[i]
        if y < ys[col.low] { col.low = i }
        if y > ys[col.high] { col.high = i }
      }
      if col != before {
        columns[slot] = col
        // Every changed column holds an entry (`first` is set on every path above).
        if slot > lastFilledSlot { lastFilledSlot = slot }
        let chunk = slot / Self.columnsPerChunk
        if chunk != lastTouched {
          touched.append(chunk)
          lastTouched = chunk
        }
      }
    }
    builtCount = e.count
    return Self.ascendingOnce(touched)
  }

  /// `chunks` sorted, each once (as a set of them, sorted, lists them).
  static func ascendingOnce(_ chunks: [Int]) -> [Int] {
    var increasing = true
    for k in chunks.indices.dropFirst() where chunks[k] <= chunks[k - 1] { increasing = false; break }
    if increasing { return chunks }
    var out: [Int] = []
    for c in chunks.sorted() where out.last != c { out.append(c) }
    return out
  }
}
