import ChartCore
import ChartdJSON
import ChartdProtocol

extension ChartServer {
  func open(_ r: OpenChartRequest) throws(ResponseError) -> JSONValue {
    guard documents[r.uri] == nil else {
      throw .failed(.documentAlreadyOpen, "document '\(r.uri)' is already open; close it first or send chart/update")
    }
    guard documents.count < options.maxDocuments else {
      throw .failed(.tooManyDocuments, "cannot open more than maxDocuments = \(options.maxDocuments) documents",
                    extra: ["limit": .number(Double(options.maxDocuments))])
    }
    let taken = Set(documents.values.map(\.document.prefix))
    if let p = r.idPrefix, let q = PrefixAllocator.conflict(of: p, with: taken) {
      let owner = documents.values.first { $0.document.prefix == q }?.uri ?? ""
      throw .invalidParam("/idPrefix", p == q ? "'\(p)' is already used by the open document '\(owner)'"
        : "'\(p)' would give element ids that the open document '\(owner)' (idPrefix '\(q)') uses: one prefix must not be the other followed by '-'")
    }
    let spec = try parseSpec(r.spec)
    try checkBudget("opening '\(r.uri)'", growth: MemoryEstimate.bytes(of: spec.spec))
    let prefix = r.idPrefix ?? PrefixAllocator.unique(for: r.uri, taken: taken)
    let open = OpenDocument(uri: r.uri, version: r.version, document: ChartDocument(model: ChartModel(spec: spec.spec), prefix: prefix, specJSON: r.spec))
    documents[r.uri] = open
    publishWarnings(spec.warnings, for: open)
    return fullRender(open)
  }

  /// `readEdits`: the request's edits as read when it arrived, if they were.
  func update(_ r: UpdateChartRequest, readEdits: ReadEdits? = nil) throws(ResponseError) -> PatchPayload {
    let open = try document(r.uri)
    var r = r
    r.version = try version(of: r, after: open.version, of: open)
    try checkVersion(r.version, of: open)
    let log = DiagnosticLog()
    let base = open.version
    let before = open.view != nil ? open.document.model.spec : nil
    let patch = try open.withDocument { (doc: inout ChartDocument) throws(ResponseError) -> ChartPatch in
      guard let plan = doc.plan(r.edits, read: readEdits, at: Self.editsPath, limits: options.spec, log: log) else {
        throw .invalidParams(log.errors.map(Self.json))
      }
      let plans = [plan]  // one list for both: each is an allocation
      try checkBudget("this update", growth: doc.estimatedGrowth(plans))
      return doc.apply(plans)
    }
    recordView(open, before: before)
    open.version = r.version
    publishWarnings(log.warnings, for: open)
    return Self.payload(patch, uri: r.uri, baseVersion: base, version: r.version)
  }

  /// Update notifications (one, or a burst for one document): applied in order, answered by
  /// `chart/patch` notifications; rejected ones are reported as error diagnostics.
  ///
  /// Accepted notifications in a row become one patch. Everything is published in version order: a
  /// rejection first publishes the patch of the accepted ones before it, then its errors, so the
  /// last diagnostics a client sees are those of the last version it sent.
  func handleUpdateNotifications(_ all: [JSONValue?]) {
    var run = AcceptedRun()
    for params in all {
      do throws(ResponseError) {
        var r = try UpdateChartRequest(params: params)
        let open = try document(r.uri)
        if run.target !== open { publish(&run) }
        let latest = run.plans.isEmpty ? open.version : run.latest
        r.version = try version(of: r, after: latest, of: open)
        guard r.version > latest else {
          throw ResponseError(.contentModified, "version \(r.version) is not greater than the current version \(latest)")
        }
        let log = DiagnosticLog()
        let planned = open.withDocument { doc in
          doc.plan(r.edits, at: Self.editsPath, after: run.plans, limits: options.spec, log: log)
            .map { ($0, doc.estimatedGrowth([$0])) }
        }
        guard let (plan, growth) = planned else {
          publish(&run)
          // Nobody can be answered: report the errors as the document's diagnostics (the next
          // accepted change replaces them, clearing them if it has none).
          open.warnings = log.items
          notify(ChartDiagnosticsNotification(uri: r.uri, version: r.version, diagnostics: log.items.map(Self.json)))
          continue
        }
        // The plan's shape already counts the run's earlier plans: no copy of the run per notification.
        guard options.memory.admits(growth: growth) else {
          publish(&run)
          throw Self.overBudget("chart/update notification version \(r.version)", growth: growth, budget: options.memory)
        }
        if run.plans.isEmpty {
          run.target = open
          run.base = open.version
        }
        run.plans.append(plan)
        run.latest = r.version
        run.warnings = log.warnings
      } catch {
        publish(&run)
        notify(LogMessageNotification(level: .error, message: "chart/update notification rejected: \(error.message)"))
      }
    }
    publish(&run)
  }

  /// Update notification params grouped by document (by `uri`; those without one form a group of
  /// their own), groups in the order their first member arrived, members in arrival order.
  static func groupedByDocument(_ all: [JSONValue?]) -> [JSONValue?] {
    guard all.count > 1 else { return all }
    var groups: [[JSONValue?]] = []
    var groupOf: [String?: Int] = [:]
    for params in all {
      let uri = params?["uri"]?.stringValue
      if let g = groupOf[uri] {
        groups[g].append(params)
      } else {
        groupOf[uri] = groups.count
        groups.append([params])
      }
    }
    return groups.count == 1 ? all : groups.flatMap { $0 }
  }

  /// Consecutive accepted update notifications of one document, not yet applied.
  struct AcceptedRun {
    var target: OpenDocument?
    var plans: [EditPlan] = []
    var base = 0
    var latest = 0
    var warnings: [Diagnostic] = []
  }

  /// Applies a run of accepted notifications and pushes its patch and warnings; empties the run.
  private func publish(_ run: inout AcceptedRun) {
    defer { run = AcceptedRun() }
    guard let open = run.target, !run.plans.isEmpty else { return }
    let before = open.view != nil ? open.document.model.spec : nil
    let patch = open.document.apply(run.plans)
    recordView(open, before: before)
    open.version = run.latest
    publishWarnings(run.warnings, for: open)
    notify(ChartPatchNotification(patch: Self.payload(patch, uri: open.uri, baseVersion: run.base, version: run.latest)))
  }

  func render(_ r: RenderChartRequest) throws(ResponseError) -> JSONValue {
    fullRender(try document(r.uri), clientStartsAfresh: !r.keepPreviousMarkup)
  }

  func close(_ r: CloseChartRequest) throws(ResponseError) -> JSONValue {
    _ = try document(r.uri)
    documents[r.uri] = nil
    return .null
  }

  func hitTest(_ r: HitTestRequest) throws(ResponseError) -> JSONValue {
    let open = try document(r.uri)
    guard let target = HitTester.hitTest(open.document.model, open.document.layout, at: Point(x: r.x, y: r.y)) else {
      return ["target": .null]
    }
    return ["target": Self.json(target)]
  }

  func renderSpec(_ r: RenderSpecRequest) throws(ResponseError) -> JSONValue {
    let spec = try parseSpec(r.spec)
    try checkBudget("rendering this spec", growth: MemoryEstimate.bytes(of: spec.spec))
    let rendered = ChartRenderer.render(ChartModel(spec: spec.spec), prefix: r.idPrefix ?? "chart")
    var result: [String: JSONValue] = ["svg": .string(rendered.svg), "regions": .array(rendered.regionIDs.map(JSONValue.string))]
    if !spec.warnings.isEmpty { result["diagnostics"] = .array(spec.warnings.map(Self.json)) }
    return .object(result)
  }

  // MARK: - Helpers

  /// Throws -32803 `resourceLimit` when growing by `growth` bytes would pass `--max-memory`.
  func checkBudget(_ what: String, growth: Int) throws(ResponseError) {
    guard options.memory.admits(growth: growth) else { throw Self.overBudget(what, growth: growth, budget: options.memory) }
  }

  func document(_ uri: String) throws(ResponseError) -> OpenDocument {
    guard let open = documents[uri] else {
      throw .failed(.unknownDocument, "document '\(uri)' is not open", extra: ["uri": .string(uri)])
    }
    return open
  }

  func checkVersion(_ version: Int, of open: OpenDocument) throws(ResponseError) {
    guard version > open.version else {
      throw ResponseError(.contentModified, "version \(version) is not greater than the current version \(open.version)",
                          data: ["currentVersion": .number(Double(open.version))])
    }
  }

  /// Reads a spec found at `/spec` of the params; -32602 with every error when invalid.
  func parseSpec(_ json: JSONValue) throws(ResponseError) -> (spec: ChartSpec, warnings: [Diagnostic]) {
    let log = DiagnosticLog()
    guard let spec = ChartSpec.parse(json, at: JSONPointer(["spec"]), log: log, limits: options.spec), !log.hasErrors else {
      throw .invalidParams(log.errors.map(Self.json))
    }
    return (spec, log.warnings)
  }

  /// The result of a request that sends a document's full SVG (`chart/open`, `chart/render`,
  /// `chart/preview`): from then on the client holds no previous markup of its regions, unless it
  /// said it keeps what it holds (`clientStartsAfresh` false: a render to compare).
  func fullRender(_ open: OpenDocument, clientStartsAfresh: Bool = true) -> JSONValue {
    open.withDocument { doc in
      doc.clientKeepsPreviousMarkup = previousMarkupOnClient
      doc.clientAppliesSplices = splicesOnClient
      if clientStartsAfresh { doc.clientTookFullSVG() }
    }
    return [
      "uri": .string(open.uri), "version": .number(Double(open.version)), "svg": .string(open.document.svg),
      "regions": .array(open.document.regionIDs.map(JSONValue.string)),
    ]
  }

  /// Publishes the document's warnings when they differ from the last published set (`[]` clears).
  func publishWarnings(_ warnings: [Diagnostic], for open: OpenDocument) {
    guard warnings != open.warnings else { return }
    open.warnings = warnings
    notify(ChartDiagnosticsNotification(uri: open.uri, version: open.version, diagnostics: warnings.map(Self.json)))
  }
}

extension ChartServer {
  func getSpec(_ r: GetSpecRequest) throws(ResponseError) -> JSONValue {
    let open = try document(r.uri)
    return ["uri": .string(open.uri), "version": .number(Double(open.version)), "idPrefix": .string(open.document.prefix),
            "spec": open.document.currentSpec]
  }
}
