import Foundation
import Testing
@testable import ChartCore

/// The backbone: random edit sequences on every chart kind; after each step the previous full SVG
/// plus the patch equals the new full SVG, the incremental state equals a render from scratch, and
/// no fragment repeats the markup it replaces.
@Suite struct PatchInvariantTests {
  /// Steps per chart kind; raise with CHARTD_PROPERTY_STEPS for longer runs.
  static let steps = PropertySteps.count(default: 400)
  static let seed = UInt64(ProcessInfo.processInfo.environment["CHARTD_PROPERTY_SEED"] ?? "") ?? 20_261_122

  @Test(arguments: SpecFixtures.all().map(\.0))
  func randomModelChangesKeepTheInvariant(kind: String) throws {
    let spec = try #require(SpecFixtures.all().first { $0.0 == kind }?.1)
    var rng = SeededRandom(seed: Self.seed &+ UInt64(kind.utf8.reduce(0) { $0 &* 31 &+ Int($1) } & 0xffff))
    var doc = ChartDocument(model: ChartModel(spec: spec), prefix: "t")
    var tooltips = 0
    for step in 0..<Self.steps {
      let before = doc.svg
      let beforeMarkup = Dictionary(uniqueKeysWithValues: doc.order.map { ($0.id(prefix: "t"), doc.markup(of: $0) ?? "") })
      let change = RandomChange.make(&rng, doc.model)
      let patch = doc.update { change.apply(&$0) }
      let after = doc.svg
      #expect(patch.apply(to: before) == after, "step \(step) (\(change)): patch does not reproduce the new SVG")
      #expect(patch.regionsWithWrongJSON.isEmpty, "step \(step) (\(change)): JSON text of \(patch.regionsWithWrongJSON)")
      let fresh = ChartRenderer.render(doc.model, prefix: "t").svg
      #expect(after == fresh, "step \(step) (\(change)): incremental state differs from a full render")
      for f in patch.fragments {
        #expect(beforeMarkup[f.id] != f.svg, "step \(step) (\(change)): fragment \(f.id) is unchanged")
      }
      if patch.apply(to: before) != after || after != fresh { break }
      if doc.markup(of: .marker)?.contains("data-x=") == true { tooltips += 1 }
    }
    if kind.hasSuffix("axis-tooltip") { #expect(tooltips > Self.steps / 10, "\(tooltips) steps showed an axis tooltip") }
  }
}

/// One random model change, printable for failure messages.
enum RandomChange: CustomStringConvertible {
  case append(set: Int, ys: [Double], max: Int?)
  case remove(set: Int, start: Int, count: Int)
  case update(set: Int, start: Int, ys: [Double])
  case replace(set: Int, ys: [Double])
  case visibility(set: Int, visible: Bool)
  case entryVisibility(set: Int, entry: Int, visible: Bool)
  case highlight([HighlightSpec])
  case viewport(Viewport?)
  case resize(Double, Double)
  case color(set: Int, Color?)
  case addSet(DataSetSpec, at: Int)
  case removeSet(Int)
  case theme(ThemeName)
  case stackMode(StackMode)

  var description: String {
    switch self {
    case .append(let s, let ys, let m): return "append \(ys.count) to \(s) max \(m.map(String.init) ?? "-")"
    case .remove(let s, let a, let n): return "remove \(a)+\(n) from \(s)"
    case .update(let s, let a, let ys): return "update \(a)+\(ys.count) in \(s)"
    case .replace(let s, let ys): return "replace \(s) with \(ys.count)"
    case .visibility(let s, let v): return "visibility \(s) \(v)"
    case .entryVisibility(let s, let i, let v): return "visibility \(s)[\(i)] \(v)"
    case .highlight(let h): return "highlight \(h.map { "\($0.dataSet)[\($0.index)]" })"
    case .viewport(let v): return "viewport \(String(describing: v))"
    case .resize(let w, let h): return "resize \(w)x\(h)"
    case .color(let s, let c): return "color \(s) \(c?.hexString ?? "nil")"
    case .addSet(let d, let i): return "add set \(d.id) at \(i)"
    case .removeSet(let i): return "remove set \(i)"
    case .theme(let t): return "theme \(t)"
    case .stackMode(let m): return "stack mode \(m)"
    }
  }

  static func make(_ rng: inout SeededRandom, _ model: ChartModel) -> RandomChange {
    let sets = model.spec.dataSets
    func values(_ n: Int) -> [Double] {
      (0..<n).map { _ in rng.uniform() < 0.05 ? .nan : (rng.normal() * 10).rounded() / 2 }
    }
    let pick = Int(rng.next() % 12)
    guard !sets.isEmpty else {
      var ds = DataSetSpec(id: "n\(rng.next() % 1000)")
      ds.entries = SpecFixtures.entries(values(4))
      return .addSet(ds, at: 0)
    }
    let s = Int(rng.next() % UInt64(sets.count))
    let n = sets[s].entries.count
    switch pick {
    case 0, 1:
      let k = 1 + Int(rng.next() % 6)
      return .append(set: s, ys: values(k), max: rng.uniform() < 0.3 ? 6 + Int(rng.next() % 20) : nil)
    case 2:
      guard n > 0 else { return .append(set: s, ys: values(3), max: nil) }
      let a = Int(rng.next() % UInt64(n))
      return .remove(set: s, start: a, count: 1 + Int(rng.next() % UInt64(n - a)))
    case 3:
      guard n > 0 else { return .append(set: s, ys: values(3), max: nil) }
      let a = Int(rng.next() % UInt64(n))
      return .update(set: s, start: a, ys: values(min(n - a, 1 + Int(rng.next() % 3))))
    case 4: return .replace(set: s, ys: values(Int(rng.next() % 30)))
    case 5:
      // Pie: a single slice's legend toggle as often as the whole data set's.
      if model.spec.kind == .pie, rng.uniform() < 0.5 {
        let n = model.spec.dataSets[s].entries.count
        return .entryVisibility(set: s, entry: Int(rng.next() % UInt64(n + 1)), visible: rng.uniform() < 0.5)
      }
      return .visibility(set: s, visible: rng.uniform() < 0.5)
    case 6:
      guard n > 0 else { return .highlight([]) }
      return .highlight(rng.uniform() < 0.2 ? [] : [HighlightSpec(dataSet: sets[s].id, index: Int(rng.next() % UInt64(n)))])
    case 7:
      let lo = (rng.uniform() * 10).rounded()
      return .viewport(rng.uniform() < 0.4 ? nil : Viewport(xMin: lo, xMax: lo + 2 + (rng.uniform() * 20).rounded()))
    case 8: return .resize(200 + (rng.uniform() * 800).rounded(), 150 + (rng.uniform() * 400).rounded())
    case 9: return .color(set: s, rng.uniform() < 0.3 ? nil : Color(hex: UInt32(rng.next() & 0xffffff)))
    case 10:
      if sets.count > 1 && rng.uniform() < 0.5 { return .removeSet(s) }
      var ds = sets[s]
      // Ids are unique in a chart (the edit path rejects duplicates; this generator bypasses it).
      repeat { ds.id = "n\(rng.next() % 100_000)" } while sets.contains { $0.id == ds.id }
      ds.label = ds.id
      if model.spec.kind != .candlestick { ds.entries = SpecFixtures.entries(values(Int(rng.next() % 12))) }
      return model.spec.kind == .pie ? .theme(.dark) : .addSet(ds, at: Int(rng.next() % UInt64(sets.count + 1)))
    default:
      // Charts with stacks also switch between summed and percent stacking.
      if sets.indices.contains(where: model.isStackedLine), rng.uniform() < 0.5 {
        return .stackMode(model.spec.stackMode == .percent ? .normal : .percent)
      }
      return .theme(ThemeName.allCases[Int(rng.next() % 3)])
    }
  }

  /// Candle data sets need OHLC columns: appended and replaced entries get them too.
  static func columns(_ model: ChartModel, _ set: Int, _ ys: [Double], x0: Double) -> EntryColumns {
    var e = SpecFixtures.entries(ys, x0: x0)
    if model.spec.dataSets[set].entries.open != nil {
      e.open = EntryColumn(ys.map { $0 - 1 })
      e.close = EntryColumn(ys)
      e.high = EntryColumn(ys.map { $0 + 2 })
      e.low = EntryColumn(ys.map { $0 - 3 })
    }
    if model.spec.dataSets[set].entries.size != nil { e.size = EntryColumn(ys.map { abs($0) + 1 }) }
    if model.spec.dataSets[set].entries.labels != nil { e.labels = EntryColumn(ys.map { "v\($0)" }) }
    return e
  }

  func apply(_ m: inout ChartModel) {
    switch self {
    case .append(let s, let ys, let max):
      let x0 = (m.spec.dataSets[s].entries.x.last ?? -1) + 1
      m.appendEntries(dataSet: s, Self.columns(m, s, ys, x0: x0), maxEntries: max)
    case .remove(let s, let a, let n): m.removeEntries(dataSet: s, start: a, count: n)
    case .update(let s, let a, let ys):
      var e = Self.columns(m, s, ys, x0: 0)
      e.x = EntryColumn(Array(m.spec.dataSets[s].entries.x[a..<(a + ys.count)]))
      m.updateEntries(dataSet: s, start: a, e)
    case .replace(let s, let ys): m.replaceEntries(dataSet: s, Self.columns(m, s, ys, x0: 0))
    case .visibility(let s, let v): m.setVisibility(dataSet: s, v)
    case .entryVisibility(let s, let i, let v): m.setVisibility(dataSet: s, entry: i, v)
    case .highlight(let h): m.setHighlights(h)
    case .viewport(let v): m.setViewport(v)
    case .resize(let w, let h): m.resize(width: w, height: h)
    case .color(let s, let c):
      var spec = m.spec
      spec.dataSets[s].color = c
      m.replaceSpec(spec)
    case .addSet(let ds, let i): m.insertDataSet(ds, at: i)
    case .removeSet(let i): m.removeDataSet(at: i)
    case .stackMode(let mode):
      var spec = m.spec
      spec.stackMode = mode
      m.replaceSpec(spec)
    case .theme(let t):
      var spec = m.spec
      spec.theme = t
      m.replaceSpec(spec)
    }
  }
}
