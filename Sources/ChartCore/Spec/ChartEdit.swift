import ChartdJSON

/// One change of a `chart/update`, read and checked for shape and types.
///
/// Whether it fits the document (the data set exists, the range is inside it, the chart kind's
/// needs are met) is checked by the document when it applies the edits; `DataSetSpec.check(in:)`,
/// `EntryColumns.checkRequirements(of:)` and `ChartSpec.checkHighlight` help it do so.
public enum ChartEdit: Sendable, Equatable {
  /// The whole spec again.
  case setSpec(ChartSpec)
  /// An RFC 7396 merge patch of the spec (an object); merged and read by the document.
  case mergeSpec(JSONValue)
  /// Entries added at the end; with `maxEntries`, the oldest drop out so that at most that many remain.
  case appendEntries(dataSet: String, entries: EntryBatch, maxEntries: Int?)
  /// `count` entries removed from `start`.
  case removeEntries(dataSet: String, start: Int, count: Int)
  /// Entries overwritten from `start`.
  case updateEntries(dataSet: String, start: Int, entries: EntryBatch)
  /// All entries replaced.
  case replaceEntries(dataSet: String, entries: EntryColumns)
  /// A new data set, at `index` (nil = at the end).
  case addDataSet(DataSetSpec, index: Int?)
  case removeDataSet(String)
  /// The data set with the same id replaced (style, entries, everything).
  case replaceDataSet(DataSetSpec)
  /// A legend toggle: of the data set, or (pie) of its entry `entry`'s slice.
  case setVisibility(dataSet: String, entry: Int? = nil, visible: Bool)
  /// The highlighted entries (`[]` clears).
  case setHighlight([HighlightSpec])
  /// The visible x range; a nil end is open (both nil = show all). `autoScaleY` nil keeps the current setting.
  case setViewport(xMin: Double?, xMax: Double?, autoScaleY: Bool?)
  case resize(width: Double, height: Double)

  /// The `op` names, as they appear on the wire and in `capabilities.chart.editOps`.
  public enum Op: String, Sendable, CaseIterable {
    case setSpec, mergeSpec, appendEntries, removeEntries, updateEntries, replaceEntries, addDataSet,
      removeDataSet, replaceDataSet, setVisibility, setHighlight, setViewport, resize
  }

  /// The op of this edit.
  public var op: Op {
    switch self {
    case .setSpec: return .setSpec
    case .mergeSpec: return .mergeSpec
    case .appendEntries: return .appendEntries
    case .removeEntries: return .removeEntries
    case .updateEntries: return .updateEntries
    case .replaceEntries: return .replaceEntries
    case .addDataSet: return .addDataSet
    case .removeDataSet: return .removeDataSet
    case .replaceDataSet: return .replaceDataSet
    case .setVisibility: return .setVisibility
    case .setHighlight: return .setHighlight
    case .setViewport: return .setViewport
    case .resize: return .resize
    }
  }

  /// The id of the one data set this edit changes, if it names one.
  public var dataSetID: String? {
    switch self {
    case .appendEntries(let id, _, _), .removeEntries(let id, _, _), .updateEntries(let id, _, _),
      .replaceEntries(let id, _), .removeDataSet(let id), .setVisibility(let id, _, _):
      return id
    case .addDataSet(let ds, _), .replaceDataSet(let ds):
      return ds.id
    case .setSpec, .mergeSpec, .setHighlight, .setViewport, .resize:
      return nil
    }
  }

  /// For `mergeSpec`: whether the patch mentions `dataSets` (if not, the document can re-read the
  /// merged spec with `keepingDataSets` and skip every entry).
  public var touchesDataSets: Bool {
    switch self {
    case .mergeSpec(let patch): return patch["dataSets"] != nil
    case .setSpec, .addDataSet, .removeDataSet, .replaceDataSet, .appendEntries, .removeEntries, .updateEntries,
      .replaceEntries, .setVisibility:
      return true
    case .setHighlight, .setViewport, .resize:
      return false
    }
  }
}
