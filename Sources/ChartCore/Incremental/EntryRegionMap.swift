/// Where, in a document's region order, the regions are that an edit of entries and highlights can
/// change: each data set's run of chunk regions, and the few other regions that read entries or
/// highlights.
///
/// Why: after such an edit that kept the layout, `ChartDocument.refresh` looks only at the chunks
/// revised since its last refresh (`positions`), not at every region; appending to a lossless line
/// of a million points then costs what appending to a short one does, not a visit of its thousand
/// chunks. Made from the order when the order has changed, so kept while it stays.
struct EntryRegionMap: Sendable {
  /// One data set's chunk regions: chunks `chunks`, the first at `start` in the order.
  struct Layer: Sendable {
    let id: String
    let dataSet: Int
    let chunks: Range<Int>
    let start: Int
  }

  let layers: [Layer]
  /// Positions of the regions other than chunks that read entries or highlights, ascending.
  let others: [Int]
  /// Positions of the other regions that read which data sets are shown (legend items, the
  /// summary: `RegionInputs.readsVisibility`), ascending.
  let visibilityReaders: [Int]

  /// The map of `order`, or nil when its chunk regions do not come as one run per data set in
  /// chunk order (every region is then looked at, as before there was a map).
  init?(order: [RegionName], model: ChartModel) {
    var layers: [Layer] = [], others: [Int] = [], visibilityReaders: [Int] = []
    // Looked up by id once each: a chart may have a thousand data sets.
    var positions: [String: Int] = [:]
    for (i, set) in model.spec.dataSets.enumerated() where positions[set.id] == nil { positions[set.id] = i }
    var seen = Set<String>()
    var k = 0
    while k < order.count {
      guard case .series(let id, let first) = order[k] else {
        if !RegionInputs.readsOnlyLayoutAndStyle(order[k]) {
          others.append(k)
        } else if RegionInputs.readsVisibility(order[k]) {
          visibilityReaders.append(k)
        }
        k += 1
        continue
      }
      var n = 1
      while k + n < order.count, case .series(let next, let chunk) = order[k + n], next == id, chunk == first + n { n += 1 }
      guard let i = positions[id], seen.insert(id).inserted else { return nil }
      layers.append(Layer(id: id, dataSet: i, chunks: first..<(first + n), start: k))
      k += n
    }
    self.layers = layers
    self.others = others
    self.visibilityReaders = visibilityReaders
  }

  /// Positions (ascending) of the regions that an edit of entries and highlights which kept the
  /// layout may have changed since the refresh that ended at revision `mark` with layer epochs
  /// `before`: the others, every chunk of a layer whose epoch moved, and the chunks revised after
  /// `mark`. Nil when the order may have changed (a data set's chunks are not those of the map) or
  /// a stacked line's chunks read other sets' chunks too; every region is then looked at.
  ///
  /// A chunk's input is its layer's epoch and its revision, and revisions only grow
  /// (`Revisions`): a chunk whose revision is not after `mark` has the input it had then.
  ///
  /// - Parameters:
  ///   - epochs: the layers' epochs now; nil when none moved since that refresh.
  ///   - visibility: the edit may also have shown or hidden data sets (with the order as it was):
  ///     the regions that read which are shown are added. A shown or hidden set's layer moves its
  ///     epoch, so all its chunks are among the positions.
  func positions(_ model: ChartModel, _ aggregations: Aggregations, epochs: [String: UInt64]?,
                 before: [String: UInt64], mark: UInt64, visibility: Bool = false) -> [Int]? {
    guard layers.count == model.spec.dataSets.count else { return nil }
    var out = others
    if visibility { out.append(contentsOf: visibilityReaders) }
    for layer in layers {
      let i = layer.dataSet
      guard i < model.spec.dataSets.count, model.spec.dataSets[i].id == layer.id, !model.isStackedLine(i) else { return nil }
      let source = RegionPlan.chunkSource(ofDataSet: i, id: layer.id, model, aggregations)
      guard source.chunks == layer.chunks else { return nil }
      let all = layer.start..<(layer.start + layer.chunks.count)
      if let epochs, epochs[layer.id] != before[layer.id] {
        out.append(contentsOf: all)
        continue
      }
      switch source {
      case .columns(let m4):
        for c in layer.chunks where m4.revision(ofChunk: c) > mark { out.append(layer.start + c - layer.chunks.lowerBound) }
      case .hiddenColumns:
        // A hidden set's column chunks draw nothing; their inputs read the entries' revisions.
        if model.series[i].dataRevision > mark { out.append(contentsOf: all) }
      case .entries:
        for c in model.series[i].chunks(revisedAfter: mark) { out.append(layer.start + c - layer.chunks.lowerBound) }
      }
    }
    out.sort()
    return out
  }
}
