/// Positions of data sets by id, for charts with many data sets: an edit or a region names its
/// data set by id, and a scan of the ids per lookup made a row of appends to a thousand sets cost
/// a million string comparisons.
///
/// A position from the table is used only when the set there still has the id, so a table left
/// behind by a change of the sets gives a scan, never a wrong answer.
struct DataSetIDs: Sendable {
  /// Up to this many data sets a scan is cheaper than hashing the id.
  static let scanned = 8
  /// Position of each id; nil for a few data sets.
  private let table: [String: Int]?

  /// The table of the sets `items`, whose ids `id` reads.
  init<Items: RandomAccessCollection>(_ items: Items, id: (Items.Element) -> String) where Items.Index == Int {
    guard items.count > Self.scanned else {
      table = nil
      return
    }
    var table = [String: Int](minimumCapacity: items.count)
    // The first of equal ids wins, as a scan finds it (ids are unique in every spec read or edited).
    for (i, item) in zip(items.indices, items) where table[id(item)] == nil { table[id(item)] = i }
    self.table = table
  }

  /// The position of the set with the id `wanted` among `items`, whose ids `id` reads, if any.
  @inline(__always)
  func index<Items: RandomAccessCollection>(of wanted: String, in items: Items, id: (Items.Element) -> String) -> Int?
  where Items.Index == Int {
    if let i = table?[wanted], items.indices.contains(i), id(items[i]) == wanted { return i }
    return items.firstIndex { id($0) == wanted }
  }
}

extension ChartModel {
  /// The data set with this id, if any (`ChartSpec.dataSetIndex(id:)` without a scan of many sets).
  public func dataSetIndex(id: String) -> Int? {
    ids.index(of: id, in: spec.dataSets) { $0.id }
  }
}
