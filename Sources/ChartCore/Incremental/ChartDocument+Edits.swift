import ChartdJSON

/// Edits of one `chart/update`, read and checked against the document, ready to apply.
///
/// Checking works on a `Shape` (ids, entry counts, kinds) instead of a copy of the model, so a
/// batch is validated without touching the entries, and applying a checked plan cannot fail:
/// that is what makes a batch atomic without copying million-entry arrays.
public struct EditPlan: Sendable {
  enum Step: Sendable {
    case edit(ChartEdit)
    /// A merge patch, already merged and read: everything but the data sets, which are kept
    /// unless the patch gave new ones.
    case merged(ChartSpec, keepDataSets: Bool)
  }

  var steps: [Step] = []
  /// The document's shape once the plan is applied (later plans of a burst start from it).
  var shape: Shape
  /// The spec's JSON (without `dataSets`) once the plan is applied: the base of the next merge patch.
  var specJSON: JSONValue
}

extension EditPlan.Step {
  /// Whether the step changes the view alone (shown data sets, highlights, viewport, size), a
  /// change the client is likely to undo (`MarkupShelf`).
  var changesOnlyTheView: Bool {
    guard case .edit(let edit) = self else { return false }
    switch edit {
    case .setVisibility, .setHighlight, .setViewport, .resize: return true
    default: return false
    }
  }

  /// How much of what the layout reads the step may change (see `ChartDocument.LayoutReach`).
  var layoutReach: ChartDocument.LayoutReach {
    guard case .edit(let edit) = self else { return .anything }
    switch edit {
    case .setHighlight: return .highlights
    case .appendEntries, .removeEntries, .updateEntries, .replaceEntries: return .entries
    case .setVisibility: return .visibility
    default: return .anything
    }
  }
}

/// What checking an edit needs to know about the document: kind, and per data set id, entry count and kind.
struct Shape: Sendable {
  struct Set: Sendable {
    var id: String
    var count: Int
    var drawn: SeriesKind?
    /// The value axis it is drawn against.
    var axis: ValueAxisRef = .left
  }
  var kind: ChartKind
  /// The data sets in order; add and remove them with `insert(_:at:)` and `remove(at:)`, which
  /// keep `ids` in step.
  var sets: [Set]
  private var ids: DataSetIDs
  /// A radar's categories and centre value bound the entries of every data set.
  var radar: RadarSpec
  /// How many panes the spec lists: a data set that comes in may name one of them.
  var paneCount: Int
  /// Which axes are logarithmic: entries that come in are warned about values they cannot place.
  var logX = false
  var logValueAxes: Swift.Set<ValueAxisRef> = []
  /// Panes drawn (1 when the plot is not split): where a data set that comes in is drawn.
  var drawnPanes = 1

  /// The shape of `spec`; `ids` are the positions of its sets by id when known (a model's, whose
  /// sets these are: an update of one edit to a chart of many sets then hashes no id).
  init(_ spec: ChartSpec, ids: DataSetIDs? = nil) {
    kind = spec.kind
    radar = spec.radar
    paneCount = spec.panes.count
    // Fields read in place: a data set bound to a name is copied, a retain per column.
    sets = spec.dataSets.indices.map { i in
      Set(id: spec.dataSets[i].id, count: spec.dataSets[i].entries.count, drawn: spec.dataSets[i].seriesKind(in: spec.kind),
          axis: spec.valueAxis(of: i))
    }
    self.ids = ids ?? DataSetIDs(sets) { $0.id }
    logX = spec.hasLogXAxis
    drawnPanes = spec.paneCount
    // Inserted one by one: a list of the axes and its filtered copy were made for every edit
    // checked, and hardly any axis is logarithmic.
    if spec.hasLogValueAxis(ValueAxisRef.left) { logValueAxes.insert(ValueAxisRef.left) }
    if spec.hasLogValueAxis(ValueAxisRef.right) { logValueAxes.insert(ValueAxisRef.right) }
    for k in 1..<max(1, drawnPanes) where spec.hasLogValueAxis(ValueAxisRef.pane(k)) { logValueAxes.insert(ValueAxisRef.pane(k)) }
  }

  /// The set a data set that comes in becomes (ChartSpec.valueAxis(of:) for a set not yet in a spec).
  func set(for ds: DataSetSpec) -> Set {
    let pane = drawnPanes > 1 ? min(max(ds.pane, 0), drawnPanes - 1) : 0
    return Set(id: ds.id, count: ds.entries.count, drawn: ds.seriesKind(in: kind), axis: pane > 0 ? .pane(pane) : ValueAxisRef(ds.axis))
  }

  /// Warns about entries of set `i` that its log axes cannot place (appended, updated or replaced).
  func warnUnplaceable(_ entries: EntryColumns, set i: Int, at path: JSONPointer, log: DiagnosticLog) {
    guard i < sets.count, let drawn = sets[i].drawn else { return }
    entries.warnUnplaceable(kind: drawn, logX: logX, logY: logValueAxes.contains(sets[i].axis), at: path, log: log)
  }

  func index(of id: String) -> Int? { ids.index(of: id, in: sets) { $0.id } }

  mutating func insert(_ set: Set, at i: Int) {
    sets.insert(set, at: i)
    ids = DataSetIDs(sets) { $0.id }
  }

  mutating func remove(at i: Int) {
    sets.remove(at: i)
    ids = DataSetIDs(sets) { $0.id }
  }
}

extension ChartDocument {
  /// Reads `edits` and checks them against the document as it will be after `earlier` plans.
  /// Returns nil (with located diagnostics in `log`) when any edit is invalid: nothing will change.
  ///
  /// `read` is `edits` already read (`ReadEdits`, made from the same value at the same path under
  /// the same limits); without it, or made otherwise, they are read here.
  public func plan(_ edits: JSONValue, read: ReadEdits? = nil, at path: JSONPointer, after earlier: [EditPlan] = [],
                   limits: SpecLimits, log: DiagnosticLog) -> EditPlan? {
    let parsed: [ChartEdit]?
    if let ahead = read?.replay(at: path, limits: limits, into: log) {
      parsed = ahead
    } else {
      parsed = ChartEdit.parseEdits(edits, at: path, log: log, limits: limits)
    }
    guard let parsed else { return nil }
    var plan = EditPlan(shape: earlier.last?.shape ?? Shape(model.spec, ids: model.ids), specJSON: earlier.last?.specJSON ?? specJSON)
    var trial = Trial(document: model, earlier: earlier)
    let errorsBefore = log.errorCount
    let raw = edits.arrayValue ?? []
    for (k, edit) in parsed.enumerated() {
      check(edit, raw: k < raw.count ? raw[k] : .null, at: path / k, into: &plan, trial: &trial, limits: limits, log: log)
    }
    return log.errorCount == errorsBefore ? plan : nil
  }

  /// Applies checked plans in order and returns one patch for all of them.
  public mutating func apply(_ plans: [EditPlan]) -> ChartPatch {
    guard let last = plans.last else { return update(reach: .highlights) { _ in } }
    specJSON = last.specJSON
    // Loops, not key paths: `plans.lazy.flatMap(\.steps).map(\.layoutReach).max()` cost about 440
    // instructions per update.
    var reach = LayoutReach.highlights, viewOnly = true
    for plan in plans {
      for step in plan.steps {
        reach = max(reach, step.layoutReach)
        if !step.changesOnlyTheView { viewOnly = false }
      }
    }
    changesOnlyTheView = viewOnly
    defer { changesOnlyTheView = false }
    return update(reach: reach) { model in
      for plan in plans {
        for step in plan.steps { Self.apply(step, to: &model) }
      }
    }
  }

  // MARK: - Checking

  private func check(_ edit: ChartEdit, raw: JSONValue, at path: JSONPointer, into plan: inout EditPlan, trial: inout Trial,
                     limits: SpecLimits, log: DiagnosticLog) {
    // Taken out of the plan, so that a change of one set's count changes the only copy of the
    // sets instead of copying them all; put back whatever happens (a failed check leaves it as it was).
    var shape = plan.shape
    plan.shape.sets = []
    defer { plan.shape = shape }
    func set(_ id: String, _ key: String = "dataSet") -> Int? {
      guard let i = shape.index(of: id) else {
        log.error(path / key, "no data set has the id '\(id)'")
        return nil
      }
      return i
    }
    func within(_ count: Int, _ key: String) -> Bool {
      guard count <= limits.maxEntriesPerDataSet else {
        log.error(path / key, "\(count) entries exceed the limit maxEntriesPerDataSet = \(limits.maxEntriesPerDataSet)")
        return false
      }
      return true
    }
    func meets(_ entries: EntryColumns, _ i: Int) -> Bool {
      let at = path / "entries"  // made once: every edit of entries comes here
      if shape.kind == .radar { return shape.radar.checkColumns(entries, at: at, log: log) }
      guard let drawn = shape.sets[i].drawn else { return true }
      guard entries.checkRequirements(of: drawn, at: at, log: log) else { return false }
      shape.warnUnplaceable(entries, set: i, at: at, log: log)
      return true
    }
    /// A radar data set has at most one value per category.
    func fitsRadar(_ count: Int) -> Bool {
      guard shape.kind == .radar else { return true }
      let limit = shape.radar.categories.isEmpty ? RadarSpec.maxSpokes : shape.radar.categories.count
      guard count > limit else { return true }
      log.error(path / "entries", "\(count) values do not fit the radar's \(limit) \(shape.radar.categories.isEmpty ? "spokes" : "categories (radar/categories)")")
      return false
    }
    var step = EditPlan.Step.edit(edit)
    switch edit {
    case .setSpec(let spec):
      shape = Shape(spec)
      plan.specJSON = Self.withoutDataSets(raw["spec"] ?? .object([:]))
    case .mergeSpec(let patch):
      // The patch applies to the document as the earlier edits of this update (and the earlier
      // updates of a burst) left it, and the merged spec is checked against that same state.
      let state = trial.model(before: plan)
      let merged = Self.stateJSON(plan.specJSON, state, includeData: false).mergePatched(with: patch)
      let keep = patch["dataSets"] == nil
      // The data sets are not re-read (their entries may be millions); their checks ran when they came in.
      guard let spec = ChartSpec.parse(merged, at: path / "patch", log: log, limits: limits,
                                       keepingDataSets: keep ? state.spec.dataSets : nil,
                                       facts: keep ? state.entryFacts : .fromEntries) else { return }
      // The spec read holds exactly the data sets the document will have (a pie keeps only its
      // first, as when the spec is read from scratch): they are the trial state's, shared, not copied.
      shape = Shape(spec)
      plan.specJSON = Self.withoutDataSets(merged)
      step = .merged(spec, keepDataSets: keep)
    case .appendEntries(let id, let batch, let maxEntries):
      guard let i = set(id), meets(batch.columns, i) else { return }
      var count = shape.sets[i].count + batch.columns.count
      if let maxEntries { count = min(count, maxEntries) }
      guard within(count, "entries"), fitsRadar(count) else { return }
      shape.sets[i].count = count
    case .removeEntries(let id, let start, let count):
      guard let i = set(id) else { return }
      let n = shape.sets[i].count
      guard start <= n else { log.error(path / "start", "start \(start) is past the end: data set '\(id)' has \(n) entries"); return }
      guard start + count <= n else {
        log.error(path / "count", "\(count) entries from \(start) run past the end: data set '\(id)' has \(n) entries")
        return
      }
      shape.sets[i].count = n - count
    case .updateEntries(let id, let start, let batch):
      guard let i = set(id), meets(batch.columns, i) else { return }
      let n = shape.sets[i].count
      guard start <= n else { log.error(path / "start", "start \(start) is past the end: data set '\(id)' has \(n) entries"); return }
      guard start + batch.columns.count <= n else {
        log.error(path / "entries", "\(batch.columns.count) entries from \(start) run past the end: data set '\(id)' has \(n) entries")
        return
      }
    case .replaceEntries(let id, let entries):
      guard let i = set(id), meets(entries, i), within(entries.count, "entries"), fitsRadar(entries.count) else { return }
      shape.sets[i].count = entries.count
    case .addDataSet(let ds, let index):
      guard shape.index(of: ds.id) == nil else { log.error(path / "dataSet" / "id", "a data set with the id '\(ds.id)' exists already"); return }
      // A pie draws one data set, and a spec read from scratch keeps only its first: a second one
      // would be a document no spec can describe.
      guard shape.kind != .pie || shape.sets.isEmpty else {
        log.error(path / "dataSet", "a pie chart draws one data set and has '\(shape.sets[0].id)': use replaceDataSet, or remove it first")
        return
      }
      guard shape.sets.count < limits.maxDataSets else {
        log.error(path / "dataSet", "the chart has \(shape.sets.count) data sets: the limit maxDataSets = \(limits.maxDataSets)")
        return
      }
      if let index, index > shape.sets.count {
        log.error(path / "index", "index \(index) is past the end: the chart has \(shape.sets.count) data sets")
        return
      }
      guard ds.check(in: shape.kind, radar: shape.radar, paneCount: shape.paneCount, at: path / "dataSet", log: log) else { return }
      shape.insert(shape.set(for: ds), at: index ?? shape.sets.count)
      shape.warnUnplaceable(ds.entries, set: index ?? shape.sets.count - 1, at: path / "dataSet" / "entries", log: log)
    case .removeDataSet(let id):
      guard let i = set(id) else { return }
      shape.remove(at: i)
    case .replaceDataSet(let ds):
      guard let i = set(ds.id, "dataSet") else { return }
      guard ds.check(in: shape.kind, radar: shape.radar, paneCount: shape.paneCount, at: path / "dataSet", log: log) else { return }
      shape.sets[i] = shape.set(for: ds)
      shape.warnUnplaceable(ds.entries, set: i, at: path / "dataSet" / "entries", log: log)
    case .setVisibility(let id, let entry, _):
      guard let i = set(id) else { return }
      if let entry {
        // Single entries are hidden only as pie slices: other kinds would leave gaps nothing explains.
        guard shape.kind == .pie else {
          log.error(path / "entry", "only pie slices can be hidden one by one; leave out 'entry' to hide data set '\(id)'")
          return
        }
        let n = shape.sets[i].count
        guard entry < n else { log.error(path / "entry", "entry \(entry) is past the end: data set '\(id)' has \(n) entries"); return }
      }
    case .setHighlight(let highlights):
      var ok = true
      for (k, h) in highlights.enumerated() {
        let hp = path / "highlights" / k
        guard let i = shape.index(of: h.dataSet) else {
          log.error(hp / "dataSet", "no data set has the id '\(h.dataSet)'")
          ok = false
          continue
        }
        guard h.index >= 0, h.index < shape.sets[i].count else {
          log.error(hp / "index", "entry \(h.index) is out of range: data set '\(h.dataSet)' has \(shape.sets[i].count) entries")
          ok = false
          continue
        }
        if h.stackIndex != nil, !trial.model(before: plan).spec.checkHighlight(h, at: hp, log: log) { ok = false }
      }
      guard ok else { return }
    case .setViewport(let xMin, let xMax, _):
      if let xMin, let xMax, xMin >= xMax {
        log.error(path / "xMax", "xMax (\(xMax)) must be greater than xMin (\(xMin))")
        return
      }
    case .resize:
      break
    }
    plan.steps.append(step)
  }

  static func withoutDataSets(_ json: JSONValue) -> JSONValue {
    guard case .object(var o) = json else { return json }
    o["dataSets"] = nil
    return .object(o)
  }

  // MARK: - Applying

  /// Applies one checked step; highlights that no longer name an entry are dropped with it.
  static func apply(_ step: EditPlan.Step, to model: inout ChartModel) {
    switch step {
    case .merged(let spec, _):
      model.replaceSpec(spec)
    case .edit(let edit):
      apply(edit, to: &model)
    }
    model.dropStaleHighlights()
  }

  private static func apply(_ edit: ChartEdit, to model: inout ChartModel) {
    func index(_ id: String) -> Int? { model.dataSetIndex(id: id) }
    switch edit {
    case .setSpec(let spec): model.replaceSpec(spec)
    case .mergeSpec: break  // planned as `.merged`
    case .appendEntries(let id, let batch, let maxEntries):
      guard let i = index(id) else { return }
      model.appendEntries(dataSet: i, batch.placed(appendingTo: model.spec.dataSets[i].entries), maxEntries: maxEntries)
    case .removeEntries(let id, let start, let count):
      guard let i = index(id) else { return }
      model.removeEntries(dataSet: i, start: start, count: count)
    case .updateEntries(let id, let start, let batch):
      guard let i = index(id) else { return }
      model.updateEntries(dataSet: i, start: start, batch.placed(updating: model.spec.dataSets[i].entries, from: start))
    case .replaceEntries(let id, let entries):
      guard let i = index(id) else { return }
      model.replaceEntries(dataSet: i, entries)
    case .addDataSet(let ds, let at):
      model.insertDataSet(ds, at: min(at ?? model.spec.dataSets.count, model.spec.dataSets.count))
    case .removeDataSet(let id):
      guard let i = index(id) else { return }
      model.removeDataSet(at: i)
    case .replaceDataSet(let ds):
      guard let i = index(ds.id) else { return }
      model.replaceDataSet(at: i, with: ds)
    case .setVisibility(let id, let entry, let visible):
      guard let i = index(id) else { return }
      if let entry {
        model.setVisibility(dataSet: i, entry: entry, visible)
      } else {
        model.setVisibility(dataSet: i, visible)
      }
    case .setHighlight(let h): model.setHighlights(h)
    case .setViewport(let xMin, let xMax, let autoScaleY):
      // Resetting the zoom keeps an explicit `autoScaleY: false` for the next zoom.
      let keep = autoScaleY ?? model.spec.viewport?.autoScaleY ?? true
      let open = xMin == nil && xMax == nil
      model.setViewport(open && keep ? nil : Viewport(xMin: xMin, xMax: xMax, autoScaleY: keep))
    case .resize(let w, let h): model.resize(width: w, height: h)
    }
  }
}
