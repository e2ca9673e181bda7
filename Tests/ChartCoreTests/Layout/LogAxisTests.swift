import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// Log axes end to end: spec diagnostics, layout, drawing (gaps, bars from the axis minimum),
/// hit tests, highlights and incremental updates.
@Suite struct LogAxisTests {
  static func parse(_ json: JSONValue) -> (ChartSpec?, DiagnosticLog) {
    let log = DiagnosticLog()
    return (ChartSpec.parse(json, log: log), log)
  }

  static func line(_ ys: [Double], extra: [String: JSONValue] = [:]) -> JSONValue {
    var o: [String: JSONValue] = ["kind": "line", "width": 640, "height": 320, "largeData": ["chunkSize": 16],
                                  "leftAxis": ["scale": "log"], "dataSets": [["id": "a", "entries": .numbers(ys)]]]
    for (k, v) in extra { o[k] = v }
    return .object(o)
  }

  func document(_ json: JSONValue) throws -> ChartDocument {
    let (spec, log) = Self.parse(json)
    return ChartDocument(model: ChartModel(spec: try #require(spec, "\(log.items)")), prefix: "d", specJSON: json)
  }

  // MARK: - Diagnostics

  @Test func entriesAtOrBelowZeroAreWarnedAtTheirPointer() throws {
    let (spec, log) = Self.parse(Self.line([3, 30, 0, 300, -4, 3_000]))
    #expect(spec != nil)
    #expect(log.errors.isEmpty)
    let warned = log.items.filter { $0.severity == .warning }.map(\.path)
    #expect(warned == ["/dataSets/0/entries/2", "/dataSets/0/entries/4"])
  }

  @Test func manyEntriesBelowZeroGetOneSummary() {
    let (_, log) = Self.parse(Self.line((0..<25).map { Double($0) - 20 }))
    #expect(log.items.count == EntryColumns.logWarningLimit + 1)
    #expect(log.items.last?.path == "/dataSets/0/entries")
    #expect(log.items.last?.message.hasPrefix("11 more") == true)
  }

  @Test func explicitEndsMustBePositive() {
    let (spec, log) = Self.parse(Self.line([1, 2], extra: ["leftAxis": ["scale": "log", "min": 0, "max": 100]]))
    #expect(spec == nil)
    #expect(log.errors.map(\.path) == ["/leftAxis/min"])
    let (_, base) = Self.parse(Self.line([1, 2], extra: ["leftAxis": ["scale": "log", "logBase": 3]]))
    #expect(base.errors.map(\.path) == ["/leftAxis/logBase"])
  }

  @Test func logOnAnIndexAxisAndLimitLinesBelowZeroAreWarned() {
    let (spec, log) = Self.parse(["kind": "bar", "xAxis": ["scale": "log"], "leftAxis": ["scale": "log"],
                                  "limitLines": [["value": 10], ["value": -1], ["axis": "x", "value": 0]],
                                  "dataSets": [["id": "a", "entries": [1, 2]]]])
    #expect(spec != nil)
    #expect(log.items.map(\.path) == ["/xAxis/scale", "/limitLines/1/value"])
    #expect(spec.map { !$0.hasLogXAxis } == true)
  }

  @Test func appendedEntriesBelowZeroAreWarnedInTheEdit() throws {
    let doc = try document(Self.line([1, 10, 100]))
    let log = DiagnosticLog()
    let plan = doc.plan([["op": "appendEntries", "dataSet": "a", "entries": [5, -1]]], at: JSONPointer(["edits"]),
                        limits: SpecLimits(), log: log)
    #expect(plan != nil)
    #expect(log.items.map(\.path) == ["/edits/0/entries/1"])
    #expect(log.items.first?.severity == .warning)
  }

  // MARK: - Drawing

  @Test func aLineBreaksAtAnEntryBelowZeroAndNoNonFiniteNumberIsWritten() throws {
    let doc = try document(Self.line([3, 30, 0, 300, 3_000]))
    let layer = try #require(doc.svg.split(separator: "\n").first { $0.contains("data-dataset=\"a\"") && $0.contains("<path") })
    // Two runs: the line starts again after the gap.
    #expect(layer.components(separatedBy: "M").count - 1 == 2)
    #expect(!doc.svg.contains("NaN") && !doc.svg.contains("nan") && !doc.svg.contains("inf"))
    let left = try #require(doc.layout.left)
    #expect(left.scale.transform == .log(base: 10))
    #expect(left.scale.domainMin == 1 && left.scale.domainMax == 10_000)
    #expect(left.ticks.map(\.label) == ["1", "10", "100", "1k", "10k"])
  }

  @Test func barsGrowFromTheAxisMinimumAndStacksPileUp() throws {
    let json: JSONValue = ["kind": "bar", "width": 400, "height": 300, "leftAxis": ["scale": "log"],
                           "dataSets": [["id": "a", "entries": [5, 50, -3]], ["id": "s", "entries": [["x": 0, "values": [2, 18]], ["x": 1, "values": [10, -4, 90]], ["x": 2, "values": [7]]]]]]
    let doc = try document(json)
    let ys = try #require(doc.layout.left?.scale)
    #expect(ys.domainMin == 1 && ys.domainMax == 100)
    let model = doc.model
    let ctx = try #require(RegionRenderer.seriesContext(model, doc.layout, dataSet: 0, indices: .range(0..<3), regionID: "r"))
    let bars = (0..<3).map { BarRenderer.shapes(ctx, entry: $0, BarRenderer.placement(ctx), ctx.dataSet.bar) }
    // Entry 2 (−3) has no bar; the others reach down to the axis minimum.
    #expect(bars[2].isEmpty)
    for b in bars[0...1] {
      let bar = try #require(b.first)
      #expect(abs(bar.shape.rect.maxY - ys.map(1)) < 0.01)
    }
    let sctx = try #require(RegionRenderer.seriesContext(model, doc.layout, dataSet: 1, indices: .range(0..<3), regionID: "r"))
    let stack = BarRenderer.shapes(sctx, entry: 1, BarRenderer.placement(sctx), sctx.dataSet.bar)
    // The negative segment is left out; 10 then 90 pile from the axis minimum up to 100.
    #expect(stack.map(\.segment) == [0, 2])
    #expect(abs(stack[1].shape.rect.minY - ys.map(100)) < 0.01)
    #expect(abs(stack[0].shape.rect.maxY - ys.map(1)) < 0.01)
  }

  // MARK: - Interaction

  @Test func hitTestAndHighlightFindEntriesOnLogAxes() throws {
    let json: JSONValue = ["kind": "scatter", "width": 640, "height": 360, "xAxis": ["scale": "log"], "leftAxis": ["scale": "log", "logBase": 2],
                           "dataSets": [["id": "p", "entries": [[1, 2], [10, 64], [100, 8], [1_000, 1_024]]]],
                           "highlights": [["dataSet": "p", "index": 2]]]
    let doc = try document(json)
    let l = doc.layout
    let xs = try #require(l.x?.scale), ys = try #require(l.left?.scale)
    for (k, (x, y)) in [(1.0, 2.0), (10, 64), (100, 8), (1_000, 1_024)].enumerated() {
      let p = l.project(x: x, y: y, xScale: xs, yScale: ys)
      let hit = try #require(HitTester.hitTest(doc.model, l, at: p))
      #expect(hit.kind == .entry && hit.index == k)
      // A few pixels off still finds it (the search window comes from the log scale).
      let inward = p.x < l.plot.midX ? 4.0 : -4.0
      #expect(HitTester.hitTest(doc.model, l, at: Point(x: p.x + inward, y: p.y))?.index == k)
    }
    let empty = l.project(x: 30, y: 400, xScale: xs, yScale: ys)
    let area = try #require(HitTester.hitTest(doc.model, l, at: empty))
    #expect(area.kind == .plotArea)
    let ax = try #require(area.x), ay = try #require(area.y)
    #expect(abs(ax - 30) < 0.5 && abs(ay - 400) < 5)
    #expect(doc.svg.contains("data-role=\"highlight\""))
  }

  /// Positive values below the smallest normal double (2.2e-308) are values like any other: each
  /// is placed inside the plot, in order, and found where it is drawn.
  @Test func subnormalValuesArePlacedInsideThePlot() throws {
    // Written as text: a subnormal literal draws a compiler warning.
    let values = [Double.leastNonzeroMagnitude] + ["1e-320", "1e-310", "2.2e-308"].compactMap { Double($0) } + [1]
    for base in [10.0, 2.0] {
      let json: JSONValue = ["kind": "scatter", "width": 640, "height": 360, "xAxis": ["scale": "log", "logBase": .number(base)],
                             "leftAxis": ["scale": "log", "logBase": .number(base)],
                             "dataSets": [["id": "p", "entries": .array(values.map { .array([.number($0), .number($0)]) })]]]
      let doc = try document(json)
      let l = doc.layout
      let xs = try #require(l.x?.scale), ys = try #require(l.left?.scale)
      let points = values.map { l.project(x: $0, y: $0, xScale: xs, yScale: ys) }
      for (k, p) in points.enumerated() {
        #expect(p.x >= l.plot.minX - 1e-9 && p.x <= l.plot.maxX + 1e-9 && p.y >= l.plot.minY - 1e-9 && p.y <= l.plot.maxY + 1e-9,
                "base \(base): \(values[k]) at \(p) outside \(l.plot)")
        #expect(HitTester.hitTest(doc.model, l, at: p)?.index == k, "base \(base): \(values[k])")
      }
      #expect(zip(points, points.dropFirst()).allSatisfy { $0.x < $1.x && $0.y > $1.y }, "base \(base): \(points)")
    }
  }

  @Test func viewportZoomsInLogSpace() throws {
    let json = Self.line([], extra: ["xAxis": ["scale": "log"], "viewport": ["xMin": 10, "xMax": 1_000, "autoScaleY": false],
                                     "dataSets": [["id": "a", "entries": .array((0..<5).map { .array([.number(pow(10, Double($0))), .number(Double($0 + 1))]) })]]])
    let doc = try document(json)
    let xs = try #require(doc.layout.x?.scale)
    #expect(xs.domainMin == 10 && xs.domainMax == 1_000)
    #expect(abs(xs.map(100) - (doc.layout.plot.minX + doc.layout.plot.maxX) / 2) < 0.01)
  }

  // MARK: - Incremental

  @Test func appendInsideTheDecadesRendersOnlyTheLastChunk() throws {
    var doc = try document(Self.line((0..<36).map { pow(10, Double($0 % 4)) + Double($0) }))
    let before = doc.layout
    let log = DiagnosticLog()
    let plan = try #require(doc.plan([["op": "appendEntries", "dataSet": "a", "entries": [4_000]]], at: JSONPointer(["edits"]),
                                     limits: SpecLimits(), log: log))
    let svg = doc.svg
    let patch = doc.apply([plan])
    #expect(doc.layout.left == before.left, "4000 lies inside the decades 1…10⁴")
    #expect(patch.rendered == [.series(dataSet: "a", chunk: 2)])
    #expect(patch.apply(to: svg) == doc.svg)
  }

  @Test func switchingTheScaleByMergeSpecMatchesAFreshRender() throws {
    var doc = try document(Self.line([3, 30, 0, 300, 3_000]))
    for patch: JSONValue in [["leftAxis": ["scale": "linear"]], ["leftAxis": ["scale": "log", "logBase": 2, "minorGrid": true]],
                             ["xAxis": ["scale": "log"]], ["leftAxis": ["logBase": .null, "minorGrid": .null]]] {
      let log = DiagnosticLog()
      let plan = try #require(doc.plan([["op": "mergeSpec", "patch": patch]], at: JSONPointer(["edits"]), limits: SpecLimits(), log: log))
      let before = doc.svg
      let p = doc.apply([plan])
      #expect(p.apply(to: before) == doc.svg)
      #expect(doc.svg == ChartRenderer.render(doc.model, prefix: "d").svg)
      #expect(p.rendered.contains(.leftAxis) || p.rendered.contains(.xAxis))
    }
  }
}
