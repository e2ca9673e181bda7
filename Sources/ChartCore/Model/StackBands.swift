import Synchronization

/// The band each entry of a stacked line data set occupies: from the values of the sets below it
/// (its base) to the base plus its own value (its top, where its line is drawn).
///
/// Entries stack by equal x (ECharts on a value axis, Vega-Lite, Highcharts): at an entry's x, each
/// set below adds the value of its first entry with that x, and adds 0 where it has none or the
/// value is missing. Positive values pile up from 0 and negative values pile down from 0, as the
/// segments of a stacked bar do. In percent mode every value is first divided by the total of the
/// absolute values of the whole group at that x (× 100), added up bottom first (`StackShares`).
///
/// A class: a chunk's walk reads the bands once per entry, and a copy of a struct holding the
/// group, the columns and the caches was a retain and a release of each of them every time.
final class StackBands: Sendable {
  /// One entry's band in axis values.
  struct Band: Equatable {
    var base: Double
    var top: Double
    /// The value the band stands for: the entry's own, or its share in percent mode.
    var value: Double
  }

  let group: StackGroup
  /// The member drawn right below the data set (whose line its band's lower edge follows), if any.
  let below: Int?
  /// The data set's own entries.
  private let own: EntryColumns
  /// The other members' lookups, bottom first, with whether each lies below the data set: made
  /// on first use (entries of aligned chunks take their piles from `StackPiles`, and their totals
  /// and piles of shares from `StackShares`, instead).
  private var others: [(below: Bool, lookup: XLookup)] {
    recent.others.withLock { others in
      if let others { return others }
      var made: [(Bool, XLookup)] = []
      for (k, j) in group.members.enumerated() where j != dataSet && (group.percent || k < position) {
        made.append((k < position, XLookup(recent.model.spec.dataSets[j].entries, sorted: recent.model.series[j].isSortedByX)))
      }
      others = made
      return made
    }
  }
  private let position: Int
  private let dataSet: Int
  private let chunking: (size: Int, origin: Int)
  /// Where the columns of aligned chunks come from (`ChartModel.stackPiles`, `stackShares`), what
  /// `band(entry:)` read last and the lookups once made.
  private let recent: Shared

  private final class Shared: Sendable {
    let model: ChartModel
    let cache = Mutex(Cache())
    let others = Mutex<[(below: Bool, lookup: XLookup)]?>(nil)
    init(_ model: ChartModel) { self.model = model }
  }

  init(_ model: ChartModel, group: StackGroup, dataSet i: Int) {
    self.group = group
    recent = Shared(model)
    own = model.spec.dataSets[i].entries
    let position = group.position(of: i) ?? group.members.count
    self.position = position
    chunking = (model.series[i].chunkSize, model.series[i].origin)
    below = group.member(below: i)
    dataSet = i
  }

  /// What the bands of a run of entries read, kept from one entry to the next: the aligned column
  /// of the chunk read last, and the table of the stretch of x read last (`StackTable`), as a
  /// chunk's entries mostly lie in one. A walk over entries keeps its own; `band(entry:)` keeps one
  /// in the bands, under a lock.
  ///
  /// What it holds is read only for entries it covers (a column or table left from other entries
  /// is passed over), and only by the bands that filled it.
  struct Cache: Sendable {
    fileprivate var owner: ObjectIdentifier? = nil
    fileprivate var chunk = Int.min
    fileprivate var column: ColumnView? = nil
    fileprivate var table: StackTable? = nil
  }

  /// A walk over the bands' entries: the bands and what they read from one entry to the next.
  struct Walk {
    let bands: StackBands
    private var cache = Cache()

    init(bands: StackBands) { self.bands = bands }

    /// Entry `k`'s band (`StackBands.band(entry:)`).
    mutating func band(entry k: Int) -> Band? { bands.band(entry: k, cache: &cache) }
  }

  /// Entry `k`'s band; nil when its x is not finite or its value is missing (a gap).
  func band(entry k: Int) -> Band? {
    recent.cache.withLock { band(entry: k, cache: &$0) }
  }

  /// Entry `k`'s band, reading through `cache` (the same bands whatever it holds).
  func band(entry k: Int, cache: inout Cache) -> Band? {
    if cache.owner != ObjectIdentifier(self) { cache = Cache(owner: ObjectIdentifier(self)) }
    guard k >= 0, k < own.x.count, k < own.y.count else { return nil }
    let x = own.x[k], v = own.y[k]
    guard x.isFinite, v.isFinite else { return nil }
    var total = 1.0, scale = 1.0
    let aligned = alignedUnder(entry: k, &cache) ?? tabledUnder(entry: k, x: x, &cache)
    if group.percent { (total, scale) = aligned?.total ?? self.total(v, at: x) }
    func share(_ w: Double) -> Double {
      group.percent ? StackShares.share(w, total: total, scale: scale) : w
    }
    let value = share(v)
    // The sets below pile up on the band's side of 0, as the segments of a stacked bar do.
    var pile = StackPile()
    if let aligned {
      pile = aligned.pile
    } else {
      for o in others where o.below { _ = pile.add(share(o.lookup.value(at: x))) }
    }
    let (base, top) = pile.add(value)
    return Band(base: base, top: top, value: value)
  }

  /// The aligned column of a chunk, its arrays held apart, so that reading one entry of it retains
  /// none of them: piles of values, or in percent mode totals and piles of shares.
  fileprivate struct ColumnView: Sendable {
    /// The absolute index of the first entry covered, and how many are.
    let start: Int, count: Int
    /// The piles under the entries covered; empty at the bottom of a percent stack (on 0).
    let piles: [StackPile]
    /// In percent mode, the group's totals at the entries covered and their scales (empty: all 1).
    let percent: Bool
    let totals: [Double], scales: [Double]

    init(_ c: StackPiles.Column) {
      (start, count, piles, percent, totals, scales) = (c.start, c.piles.count, c.piles, false, [], [])
    }

    init(_ c: StackShares.Column) {
      (start, count, piles, percent) = (c.totals.start, c.totals.totals.count, c.piles, true)
      (totals, scales) = (c.totals.totals, c.totals.scales)
    }

    /// The pile under absolute entry `a` (and in percent mode the total and its scale) when covered.
    @inline(__always)
    func under(_ a: Int) -> (pile: StackPile, total: (Double, Double)?)? {
      let j = a - start
      guard j >= 0, j < count else { return nil }
      let pile = piles.isEmpty ? StackPile() : piles[j]
      return percent ? (pile, (totals[j], scales.isEmpty ? 1 : scales[j])) : (pile, nil)
    }
  }

  /// Whether the data set stands on the columns or tables of others: not at the bottom of a normal stack.
  private var standsOnOthers: Bool { position < group.members.count && (group.percent || position >= 1) }

  /// The pile under entry `k` (and in percent mode the total at its x and its scale) from the
  /// aligned column of its chunk, when there is one that covers it.
  private func alignedUnder(entry k: Int, _ cache: inout Cache) -> (pile: StackPile, total: (Double, Double)?)? {
    guard standsOnOthers else { return nil }
    let a = chunking.origin + k
    let chunk = a / chunking.size
    if cache.chunk != chunk {
      cache.chunk = chunk
      cache.column = group.percent
        ? recent.model.stackShares(group, position: position, chunk: chunk).map(ColumnView.init)
        : recent.model.stackPiles(group, position: position, chunk: chunk).map(ColumnView.init)
    }
    return cache.column?.under(a)
  }

  /// The pile under entry `k` at `x` (and in percent mode the total there and its scale) from the
  /// table of the group's stretch of x that holds it (`StackTable`), when there is one.
  private func tabledUnder(entry k: Int, x: Double, _ cache: inout Cache) -> (pile: StackPile, total: (Double, Double)?)? {
    guard standsOnOthers else { return nil }
    if cache.table?.range.contains(x) != true {
      guard let made = recent.model.stackTable(group, at: x) else { return nil }
      cache.table = made
    }
    return cache.table?.under(position: position, x: x, entry: k)
  }

  /// The group's total at `x` and its scale (`StackShares.total`): every member's value there in
  /// group order, the data set's own value `v` in its place.
  private func total(_ v: Double, at x: Double) -> (total: Double, scale: Double) {
    let others = self.others
    return StackShares.total(members: others.count + 1) { q in
      q == position ? v : others[q < position ? q : q - 1].lookup.value(at: x)
    }
  }
}

/// Finds the value of a data set's first entry at an x: a binary search over sorted x, else a table.
struct XLookup {
  private let entries: EntryColumns
  private let sorted: Bool
  private let table: [Double: Double]

  init(_ entries: EntryColumns, sorted: Bool) {
    self.entries = entries
    self.sorted = sorted
    var table: [Double: Double] = [:]
    if !sorted {
      // Unsorted x (rare for stacked data): one pass, keeping the first entry of each x.
      for (k, x) in entries.x.enumerated() where x.isFinite && table[x] == nil && k < entries.y.count {
        table[x] = entries.y[k]
      }
    }
    self.table = table
  }

  /// The finite value of the first entry at `x`, or 0 when there is none (absent or missing).
  func value(at x: Double) -> Double {
    let v: Double
    if sorted {
      let xs = entries.x, n = min(xs.count, entries.y.count)
      let a = Bisect.first(n) { xs[$0] < x }
      v = a < n && xs[a] == x ? entries.y[a] : 0
    } else {
      v = table[x] ?? 0
    }
    return v.isFinite ? v : 0
  }
}
