/// The epochs that name, in region inputs, what is too large to compare at every update: each data
/// set's layer key and the highlight scene key. An epoch changes exactly when its key changes, and
/// always names the same key: a key seen one change ago gets its epoch back, so that a toggle back
/// names a layer (or the scene) as before, and its regions' inputs match what the shelf kept.
struct RegionEpochs: Sendable {
  /// Per data set, in the order of the last refresh: its id, the layer key it was rendered with and
  /// its epoch, and the ones before. In order, not by id: an update that keeps the data sets reads
  /// each by position, without hashing its id.
  private var layerKeys: [(id: String, epochs: LayerEpochs)] = []
  /// The highlight scene key highlights were last rendered with and its epoch, and the one before.
  private var scene: KeyEpochs<HighlightSceneKey>?
  private var next: UInt64 = 1
  /// The layer epochs of the last refresh (set by the document when a refresh ends).
  var lastLayers: [String: UInt64] = [:]

  /// Each data set's layer epoch, moved where its layer key changed.
  ///
  /// After an edit of entries or highlights that kept the layout (`kept`), the same data sets have
  /// the same style, and only the key's data part is made and compared.
  ///
  /// Returns the epochs, and whether any moved since the last refresh: when none did, the epochs
  /// are that refresh's (`lastLayers`), not a dictionary made again.
  mutating func layers(_ model: ChartModel, _ layout: ChartLayout, _ aggregations: Aggregations, kept: Bool)
    -> (epochs: [String: UInt64], moved: Bool) {
    let sets = model.spec.dataSets
    var sameSets = layerKeys.count == sets.count
    for i in sets.indices where sameSets && layerKeys[i].id != sets[i].id { sameSets = false }
    guard sameSets else { return layersOfOtherSets(model, layout, aggregations) }
    var moved = false
    for i in sets.indices {
      // An edit that kept the layout kept the style: only the key's data part can differ.
      if kept, layerKeys[i].epochs.key.data == RegionInputs.layerDataKey(model, aggregations, dataSet: i) { continue }
      let before = layerKeys[i].epochs.epoch
      layerKeys[i].epochs.move(to: RegionInputs.layerKey(model, layout, aggregations, dataSet: i), next: &next)
      if layerKeys[i].epochs.epoch != before { moved = true }
    }
    // Untouched since the last refresh, `layerKeys` holds its epochs.
    if !moved, lastLayers.count == sets.count { return (lastLayers, false) }
    var epochs: [String: UInt64] = [:]
    epochs.reserveCapacity(sets.count)
    for k in layerKeys.indices { epochs[layerKeys[k].id] = layerKeys[k].epochs.epoch }
    return (epochs, true)
  }

  /// `layers` after data sets came, went or moved: each takes its epochs by id.
  private mutating func layersOfOtherSets(_ model: ChartModel, _ layout: ChartLayout, _ aggregations: Aggregations)
    -> (epochs: [String: UInt64], moved: Bool) {
    var known: [String: LayerEpochs] = [:]
    known.reserveCapacity(layerKeys.count)
    for k in layerKeys.indices { known[layerKeys[k].id] = layerKeys[k].epochs }
    var keys: [(id: String, epochs: LayerEpochs)] = []
    var epochs: [String: UInt64] = [:]
    keys.reserveCapacity(model.spec.dataSets.count)
    epochs.reserveCapacity(model.spec.dataSets.count)
    for i in model.spec.dataSets.indices {
      let id = model.spec.dataSets[i].id
      let key = RegionInputs.layerKey(model, layout, aggregations, dataSet: i)
      var entry: LayerEpochs
      if let earlier = known[id] {
        entry = earlier
        entry.move(to: key, next: &next)
      } else {
        entry = LayerEpochs(key: key, epoch: next)
        next += 1
      }
      keys.append((id, entry))
      epochs[id] = entry.epoch
    }
    layerKeys = keys
    return (epochs, true)
  }

  /// The epoch of the highlight scene key. An edit of entries or highlights that kept the layout
  /// leaves the key alone (`kept`): it is not even made then, nor while there are no highlights.
  mutating func highlightScene(_ model: ChartModel, _ layout: ChartLayout, kept: Bool) -> UInt64 {
    // Without highlights nothing reads the scene. It is forgotten, not kept unchanged: a scene
    // that moved meanwhile must not come back under its old epoch.
    guard !model.spec.highlights.isEmpty else {
      scene = nil
      return 0
    }
    if kept, let scene { return scene.epoch }
    let key = RegionInputs.highlightSceneKey(model, layout)
    guard var moved = scene else {
      scene = KeyEpochs(key: key, epoch: next)
      next += 1
      return next - 1
    }
    moved.move(to: key, next: &next)
    scene = moved
    return moved.epoch
  }
}

/// A key's current value and epoch, and the ones before: a data set layer's, or the highlight scene's.
struct KeyEpochs<Key: Equatable & Sendable>: Sendable {
  /// A key in a box: an entry is copied out of its dictionary and back on every update, and a
  /// layer key is over 600 bytes with a reference in most of its fields, each retained per copy.
  private final class Box: Sendable {
    let key: Key
    init(_ key: Key) { self.key = key }
  }

  private typealias Named = (box: Box, epoch: UInt64)
  private var current: Named
  /// The key and epoch before `current`, if any.
  private var previous: Named?

  init(key: Key, epoch: UInt64) { current = (Box(key), epoch) }

  var epoch: UInt64 { current.epoch }
  var key: Key {
    _read { yield current.box.key }
  }

  /// Makes `key` current: the same epoch when it is the current key, the previous epoch when it is
  /// the previous key, else a new one from `next`.
  mutating func move(to key: Key, next: inout UInt64) {
    if current.box.key == key { return }
    let before = current
    if let earlier = previous, earlier.box.key == key {
      current = earlier
    } else {
      current = (Box(key), next)
      next += 1
    }
    previous = before
  }
}

/// A layer's epochs (`RegionEpochs.layers`).
typealias LayerEpochs = KeyEpochs<LayerKey>
