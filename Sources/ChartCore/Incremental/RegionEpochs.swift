/// The epochs that name, in region inputs, what is too large to compare at every update: each data
/// set's layer key and the highlight scene key. An epoch changes exactly when its key changes, and
/// always names the same key: a key seen one change ago gets its epoch back, so that a toggle back
/// names a layer (or the scene) as before, and its regions' inputs match what the shelf kept.
struct RegionEpochs: Sendable {
  /// Per data set id: the layer key it was rendered with and its epoch, and the ones before.
  private var layerKeys: [String: LayerEpochs] = [:]
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
    var epochs: [String: UInt64] = [:]
    if kept, layerKeys.count == model.spec.dataSets.count {
      var found = 0, moved = false
      for i in model.spec.dataSets.indices {
        let id = model.spec.dataSets[i].id
        guard var entry = layerKeys[id] else { break }
        found += 1
        if entry.key.data != RegionInputs.layerDataKey(model, aggregations, dataSet: i) {
          entry.move(to: RegionInputs.layerKey(model, layout, aggregations, dataSet: i), next: &next)
          layerKeys[id] = entry
          moved = true
        }
      }
      if found == model.spec.dataSets.count {
        // `layerKeys` changes only here: untouched since the last refresh, it holds its epochs.
        if !moved, lastLayers.count == found { return (lastLayers, false) }
        epochs.reserveCapacity(found)
        for set in model.spec.dataSets { epochs[set.id] = layerKeys[set.id]?.epoch }
        if epochs.count == found { return (epochs, true) }
        epochs.removeAll(keepingCapacity: true)
      }
    }
    // Both dictionaries sized at once: grown key by key, each was copied as it filled.
    var keys: [String: LayerEpochs] = [:]
    keys.reserveCapacity(model.spec.dataSets.count)
    epochs.reserveCapacity(model.spec.dataSets.count)
    for i in model.spec.dataSets.indices {
      let id = model.spec.dataSets[i].id
      let key = RegionInputs.layerKey(model, layout, aggregations, dataSet: i)
      var entry: LayerEpochs
      if let known = layerKeys[id] {
        entry = known
        entry.move(to: key, next: &next)
      } else {
        entry = LayerEpochs(key: key, epoch: next)
        next += 1
      }
      keys[id] = entry
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
