import ChartdJSON
import Testing
@testable import ChartCore

/// Parsing of axes, legend, limit lines and formatters: values, defaults and exact diagnostic paths.
@Suite struct AxisSpecParseTests {
  let base = JSONPointer(["spec"])

  func parse<T>(_ json: JSONValue, _ key: String, _ make: (SpecObject?) -> T) -> (T, DiagnosticLog) {
    let log = DiagnosticLog()
    let o = SpecObject(json, at: base / key, log: log)
    return (make(o), log)
  }

  @Test func xAxisValues() {
    let (x, log) = parse([
      "labelPosition": "top", "labelRotation": -45, "labelCount": 8, "granularity": 1, "tickValues": [0, 5, 10],
      "min": 0, "max": 10, "title": "day", "drawGrid": false, "gridDash": [2, 2], "gridColor": "#ccc",
      "format": ["type": "number", "decimals": 1, "suffix": " d"],
    ], "xAxis") { XAxisSpec($0) }
    #expect(log.items.isEmpty)
    #expect(x.labelPosition == .top && x.labelRotation == -45)
    #expect(x.common.labelCount == 8 && x.common.granularity == 1 && x.common.tickValues == [0, 5, 10])
    #expect(x.common.min == 0 && x.common.max == 10 && x.common.title == "day" && x.common.drawGrid == false)
    #expect(x.common.gridDash == [2, 2] && x.common.gridColor == Color(hex: 0xcccccc))
    #expect(x.common.formatter == .number(decimals: 1, prefix: "", suffix: " d"))
  }

  @Test func xAxisDiagnostics() {
    let (x, log) = parse([
      "labelPosition": "left", "labelRotation": 120, "labelCount": 40, "granularity": -1, "gridDash": [2, -1],
      "min": 5, "max": 1, "colour": "red",
    ], "xAxis") { XAxisSpec($0) }
    let byPath = Dictionary(grouping: log.items, by: \.path)
    #expect(byPath["/spec/xAxis/labelPosition"]?.first?.severity == .error)
    #expect(byPath["/spec/xAxis/labelRotation"]?.first?.severity == .error)
    #expect(byPath["/spec/xAxis/labelCount"]?.first?.severity == .warning)
    #expect(byPath["/spec/xAxis/granularity"]?.first?.severity == .error)
    #expect(byPath["/spec/xAxis/gridDash/1"]?.first?.severity == .error)
    #expect(byPath["/spec/xAxis/max"]?.first?.severity == .error)
    #expect(byPath["/spec/xAxis/colour"]?.first?.severity == .warning)
    #expect(x.common.labelCount == 25)
    #expect(log.items.count == 7)
  }

  @Test func yAxis() {
    let (y, log) = parse([
      "labelPosition": "inside", "spaceTop": 0.1, "inverted": true, "drawZeroLine": true, "includeZero": true,
      "format": "percent", "spaceBottom": 0.9, "labelRotation": 0,
    ], "rightAxis") { YAxisSpec(side: .right, $0) }
    #expect(y.side == .right && y.labelPosition == .inside && y.spaceTop == 0.1 && y.inverted && y.drawZeroLine)
    #expect(y.includeZero && y.common.formatter == .percent(decimals: nil, multiply: true))
    #expect(log.items.map(\.path) == ["/spec/rightAxis/spaceBottom", "/spec/rightAxis/labelRotation"])
    #expect(log.items.map(\.severity) == [.error, .warning])
    let (def, none) = parse(nil, "leftAxis") { YAxisSpec(side: .left, $0) }
    #expect(def == YAxisSpec(side: .left) && none.items.isEmpty)
  }

  @Test func legend() {
    let (l, log) = parse([
      "form": "circle", "horizontalAlignment": "center", "verticalAlignment": "top", "orientation": "vertical",
      "inside": true, "maxSizePercent": 0.5, "entrySpace": 8, "textColor": "white", "shape": "x", "formSize": -1,
    ], "legend") { LegendSpec($0) }
    #expect(l.form == .circle && l.horizontalAlignment == .center && l.verticalAlignment == .top)
    #expect(l.orientation == .vertical && l.inside && l.maxSizePercent == 0.5 && l.entrySpace == 8)
    #expect(l.textColor == Color(hex: 0xffffff) && l.formSize == 8)
    #expect(log.items.map(\.path).sorted() == ["/spec/legend/formSize", "/spec/legend/shape"])
  }

  @Test func limitLines() {
    let log = DiagnosticLog()
    let ok = LimitLineSpec.parse(["value": 101.5, "axis": "right", "label": "last", "labelPosition": "axis",
                                  "dash": [4, 2], "labelBackground": "#222"], at: base / "limitLines" / 0, log: log)
    #expect(log.items.isEmpty)
    #expect(ok?.axis == .right && ok?.value == 101.5 && ok?.labelPosition == .axis && ok?.dash == [4, 2])
    #expect(LimitLineSpec.parse(["value": 3, "axis": "x"], at: base / "limitLines" / 1, log: log)?.axis == .bottom)

    let bad = DiagnosticLog()
    #expect(LimitLineSpec.parse(["label": "no value"], at: base / "limitLines" / 2, log: bad) == nil)
    #expect(LimitLineSpec.parse(["value": "1"], at: base / "limitLines" / 3, log: bad) == nil)
    #expect(LimitLineSpec.parse(["value": 1, "axis": "middle"], at: base / "limitLines" / 4, log: bad) == nil)
    #expect(LimitLineSpec.parse(["value": 1, "width": 0], at: base / "limitLines" / 5, log: bad) == nil)
    #expect(LimitLineSpec.parse(7, at: base / "limitLines" / 6, log: bad) == nil)
    #expect(LimitLineSpec.parse(nil, at: base / "limitLines" / 7, log: bad) == nil)
    #expect(bad.items.map(\.path) == [
      "/spec/limitLines/2/value", "/spec/limitLines/3/value", "/spec/limitLines/4/axis", "/spec/limitLines/5/width",
      "/spec/limitLines/6", "/spec/limitLines/7",
    ])
    #expect(bad.items.allSatisfy { $0.severity == .error })
  }

  @Test func formatters() {
    let p = base / "xAxis" / "format"
    func f(_ v: JSONValue) -> (FormatterSpec?, [Diagnostic]) {
      let log = DiagnosticLog()
      return (FormatterSpec.parse(v, at: p, log: log), log.items)
    }
    #expect(f("compact").0 == .compact(decimals: nil))
    #expect(f("date").0 == .date(pattern: nil))
    #expect(f(["type": "percent", "decimals": 1, "multiply": false]).0 == .percent(decimals: 1, multiply: false))
    #expect(f(["type": "category", "labels": ["a", nil, "c"]]).0 == .category(labels: ["a", "", "c"]))
    #expect(f(["type": "date", "pattern": "MM/dd"]).0 == .date(pattern: "MM/dd"))
    #expect(f(nil).0 == nil && f(nil).1.isEmpty)

    #expect(f("money").1.map(\.path) == ["/spec/xAxis/format"])
    #expect(f("category").1.map(\.path) == ["/spec/xAxis/format"])
    #expect(f(["decimals": 2]).1.map(\.path) == ["/spec/xAxis/format/type"])
    #expect(f(["type": "number", "decimals": 40]).1.map(\.path) == ["/spec/xAxis/format/decimals"])
    #expect(f(["type": "number", "decimals": 1.5]).1.map(\.path) == ["/spec/xAxis/format/decimals"])
    #expect(f(["type": "category", "labels": ["a", 3]]).1.map(\.path) == ["/spec/xAxis/format/labels/1"])
    #expect(f(["type": "category"]).1.map(\.path) == ["/spec/xAxis/format/labels"])
    let unknown = f(["type": "date", "prefix": "$"])
    #expect(unknown.0 == .date(pattern: nil))
    #expect(unknown.1.map(\.path) == ["/spec/xAxis/format/prefix"] && unknown.1.first?.severity == .warning)
    #expect(f(42).1.map(\.path) == ["/spec/xAxis/format"])
  }
}
