import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// For many random scatter, line, bar (sideways too) and bubble charts whose values span every
/// magnitude a double has (both signs, subnormal ones, the largest), on linear axes (x of dates too)
/// and log axes of either base, left, right or in a lower pane, with no end fixed or a window on x:
/// every value that has a place on its axis (any finite one; only positive ones on a log axis) is
/// mapped inside the plot. An autoscaled axis that leaves data out draws nothing for it, without a
/// word: this is what found log axes clamped at 10^-307. (Inside the plot, not inside the domain:
/// a nice domain may end a fraction of a pixel inside the data, as 0 does for 1e-220 on an axis
/// of 1e-89 per step, and the mark is then drawn at the edge all the same.)
@Suite struct AxisDomainOracleTests {
  static let charts = PropertySteps.count(default: 400, minimum: 50)

  /// A finite value: any bit pattern (every exponent equally likely), a special value, or one near
  /// `near` (data in a narrow band, where ticks are hardest to place).
  static func value(_ rng: inout SeededRandom, near: Double?) -> Double {
    if let near, rng.next() % 2 == 0 {
      let w = near + near * [1e-15, 1e-9, 1e-3, 0.5][Int(rng.next() % 4)] * (rng.uniform() - 0.5)
      if w.isFinite { return w }
    }
    switch rng.next() % 6 {
    case 0:
      return [0, 1, -1, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
              .greatestFiniteMagnitude, -.greatestFiniteMagnitude][Int(rng.next() % 8)]
    case 1:
      // Everyday data: a few hundred either side of 0.
      return (rng.uniform() - 0.3) * 500
    default:
      let v = Double(bitPattern: rng.next())
      return v.isFinite ? v : 1
    }
  }

  @Test func everyValueWithAPlaceLiesInsideItsAxis() throws {
    var rng = SeededRandom(seed: 30_112_058)
    var placed = 0
    for chart in 0..<Self.charts {
      let kind = ["scatter", "line", "bar", "bubble"][Int(rng.next() % 4)]
      let scale = { (rng: inout SeededRandom) -> JSONValue in
        switch rng.next() % 3 {
        case 0: return ["scale": "log"]
        case 1: return ["scale": "log", "logBase": 2]
        default: return [:]
        }
      }
      // A bar chart's x axis is an index axis, always linear.
      var xAxis = kind == "bar" ? [:] : scale(&rng), leftAxis = scale(&rng)
      // Time steps on a linear x axis of dates (Unix seconds at any magnitude, the year 300,000 and beyond).
      if xAxis == [:], rng.next() % 3 == 0 { xAxis = ["format": "date"] }
      let count = 1 + Int(rng.next() % 12)
      var xs: [Double] = [], ys: [Double] = []
      for _ in 0..<count {
        xs.append(Self.value(&rng, near: xs.last))
        ys.append(Self.value(&rng, near: ys.last))
      }
      // A line's x values in order, as a line's data comes; bars stand at 0, 1, 2 …
      if kind == "line" { xs.sort() }
      if kind == "bar" { xs = xs.indices.map(Double.init) }
      // Bubbles widen their axes so that the largest stays inside: at the largest doubles too.
      let entries: JSONValue = kind == "bubble"
        ? ["x": .numbers(xs), "y": .numbers(ys), "size": .numbers(xs.indices.map { _ in 0.5 + rng.uniform() * 9 })]
        : ["x": .numbers(xs), "y": .numbers(ys)]
      // Now and then on the right axis, in a lower pane, or bars laid sideways (values along the bottom).
      let sideways = kind == "bar" && rng.next() % 3 == 0
      let lowerPane = !sideways && rng.next() % 6 == 0, right = !lowerPane && rng.next() % 4 == 0
      var dataSet: [String: JSONValue] = ["id": "s", "entries": entries]
      if right { dataSet["axis"] = "right" }
      if lowerPane { dataSet["pane"] = 1 }
      // A dashboard tile now and then: a plot a few dozen pixels tall.
      let tile = rng.next() % 4 == 0
      var object: [String: JSONValue] = ["kind": .string(kind), "width": tile ? 200 : 480, "height": tile ? 110 : 300, "xAxis": xAxis,
                                         right ? "rightAxis" : "leftAxis": leftAxis, "dataSets": [.object(dataSet)]]
      if lowerPane { object["panes"] = [["weight": 2], ["weight": 1, "axis": leftAxis]] }
      if sideways { object["bars"] = ["horizontal": true] }
      // A window between two of the data's x values now and then: the y axes fit what it shows.
      var window: ClosedRange<Double>? = nil
      let finiteXs = Set(xs.filter(\.isFinite)).sorted()
      if finiteXs.count >= 2, rng.next() % 5 == 0 {
        let a = Int(rng.next() % UInt64(finiteXs.count - 1)), b = a + 1 + Int(rng.next() % UInt64(finiteXs.count - 1 - a))
        window = finiteXs[a]...finiteXs[b]
        object["viewport"] = ["xMin": .number(finiteXs[a]), "xMax": .number(finiteXs[b])]
      }
      let json = JSONValue.object(object)
      let log = DiagnosticLog()
      let spec = try #require(ChartSpec.parse(json, log: log), "chart \(chart): \(log.items)\n\(JSONWriter.string(json))")
      let layout = LayoutEngine.layout(ChartModel(spec: spec))
      let x = try #require(layout.x?.scale)
      let y = try #require(lowerPane ? layout.panes.first?.axis.scale : right ? layout.right?.scale : layout.left?.scale)
      // The pane the data set is drawn in.
      let plot = try #require(lowerPane ? layout.panes.first?.rect : layout.plot)
      for (k, (vx, vy)) in zip(xs, ys).enumerated() where x.admits(vx) && y.admits(vy) && window.map({ $0.contains(vx) }) ?? true {
        placed += 1
        let px = sideways ? y.map(vy) : x.map(vx), py = sideways ? x.map(vx) : y.map(vy)
        // A bubble fits whole (series.md: the domains are widened for the largest one, 40 px
        // across, or a quarter of the pane's shorter side), but where a domain ends at the largest
        // double (or, on a log axis, the smallest positive one), which it cannot pass.
        // (A window fixes the x ends: bubbles are promised room only on autoscaled axes.)
        let r = kind == "bubble" && window == nil ? min(40, min(plot.width, plot.height) / 4) / 2 : 0
        let held = { (s: ValueScale) in
          max(abs(s.domainMin), abs(s.domainMax)) == .greatestFiniteMagnitude
            || s.transform.isLog && min(s.domainMin, s.domainMax) == .leastNonzeroMagnitude
        }
        let rx = held(sideways ? y : x) ? 0 : r, ry = held(sideways ? x : y) ? 0 : r
        let inside = px - rx >= plot.minX - 0.5 && px + rx <= plot.maxX + 0.5
          && py - ry >= plot.minY - 0.5 && py + ry <= plot.maxY + 0.5
        if !inside {
          Issue.record("""
            chart \(chart), entry \(k) (\(vx), \(vy)) at (\(px), \(py)) outside x \(x.domainMin)…\(x.domainMax), \
            y \(y.domainMin)…\(y.domainMax), plot \(plot)
            \(JSONWriter.string(json))
            """)
          break
        }
      }
    }
    #expect(placed > Self.charts, "too few values placed (\(placed)): the generator draws too little")
  }

  /// Tick labels tell their ticks apart: on axes of data in a band of any width at any magnitude,
  /// under every numeric format, no two ticks of an axis carry the same label unless it was
  /// shortened with "…" to fit (compact labels at 1e-64 all read `0`). Labels written from an
  /// offset (a narrow chart of values that share their leading digits) read back as their ticks'
  /// values: the label's number plus the offset, to within half a step.
  @Test func tickLabelsTellTheirTicksApart() throws {
    var rng = SeededRandom(seed: 30_112_358)
    var axes = 0, offsets = 0, rowOffsets = 0
    for chart in 0..<Self.charts {
      let magnitude = pow(10, Double(Int(rng.next() % 601) - 300))
      let centre = (rng.uniform() * 20 - 10) * magnitude
      let width = abs(centre) * pow(10, -Double(rng.next() % 14))
      let band = width > 0 && width.isFinite ? width : magnitude
      let values = (0..<(2 + Int(rng.next() % 7))).map { _ in centre + (rng.uniform() * 2 - 1) * band }
      let format: JSONValue = [.null, "number", "compact", "percent"][Int(rng.next() % 4)]
      let json: JSONValue = ["kind": "scatter", "width": .number(Double(150 + rng.next() % 750)), "height": .number(Double(200 + rng.next() % 400)),
                             "xAxis": ["format": format], "leftAxis": ["format": format],
                             "dataSets": [["id": "s", "entries": ["x": .numbers(values.sorted()), "y": .numbers(values)]]]]
      let log = DiagnosticLog()
      let spec = try #require(ChartSpec.parse(json, log: log), "chart \(chart): \(log.items)")
      let layout = LayoutEngine.layout(ChartModel(spec: spec))
      for axis in [layout.x, layout.left].compactMap({ $0 }) {
        let labels = axis.ticks.map(\.label).filter { !$0.isEmpty && !$0.hasSuffix("…") }
        axes += 1
        if Set(labels).count != labels.count {
          Issue.record("chart \(chart): \(axis.side) labels \(axis.ticks.map(\.label))\n\(JSONWriter.string(json))")
        }
        guard let offset = axis.labelOffset else { continue }
        offsets += 1
        if axis.side.isHorizontal { rowOffsets += 1 }
        let step = axis.tickStep ?? 0
        for t in axis.ticks where !t.label.isEmpty {
          // Offset labels are automatic plain numbers: digits, a point, maybe an exponent.
          let read = Double(t.label).map { $0 + offset }
          if read.map({ abs($0 - t.value) > step / 2 }) ?? true {
            Issue.record("chart \(chart): \(axis.side) label \(t.label) + \(offset) is not \(t.value)\n\(JSONWriter.string(json))")
          }
        }
      }
    }
    #expect(axes >= Self.charts)
    #expect(offsets > 0, "no narrow chart of shared leading digits: the generator draws too little")
    #expect(rowOffsets > 0, "no x axis written from an offset: the generator draws too little")
  }
}
