import ChartCore
import ChartdJSON
import Testing

/// Invalid specs: each must be rejected with an error at the exact JSON Pointer of the problem.
@Suite struct InvalidSpecTests {
  static let topLevel: [InvalidCase] = [
    bad("root is an array", [], "", "expected an object, got an array"),
    bad("root is null", .null, "", "got null"),
    bad("width below range", lineSpec(["width": 10]), "/width", "between 16 and 16384, got 10"),
    bad("height is a string", lineSpec(["height": "tall"]), "/height", "expected a number, got a string"),
    bad("unknown theme", lineSpec(["theme": "neon"]), "/theme", "unknown value 'neon'; expected one of 'light'"),
    bad("unknown chart kind", lineSpec(["kind": "area"]), "/kind", "unknown value 'area'"),
    bad("font size too large", lineSpec(["fontSize": 200]), "/fontSize", "between 4 and 96"),
    bad("title is a number", lineSpec(["title": 3]), "/title", "expected a string, got a number"),
    bad("title too long", lineSpec(["title": .string(String(repeating: "x", count: 10_001))]), "/title",
        "exceeds the limit maxLabelBytes = 10000"),
    bad("negative padding", lineSpec(["padding": -1]), "/padding", "between 0 and 4096"),
    bad("padding side not a number", lineSpec(["padding": ["top": "x"]]), "/padding/top", "expected a number"),
    bad("padding is a string", lineSpec(["padding": "wide"]), "/padding", "expected an object, got a string"),
    bad("empty viewport range", lineSpec(["viewport": ["xMin": 5, "xMax": 5]]), "/viewport/xMax",
        "must be greater than xMin (5), got 5"),
    bad("viewport autoScaleY not a boolean", lineSpec(["viewport": ["autoScaleY": "yes"]]), "/viewport/autoScaleY",
        "expected a boolean"),
    bad("unknown large data mode", lineSpec(["largeData": ["mode": "fast"]]), "/largeData/mode", "unknown value 'fast'"),
    bad("chunk size too small", lineSpec(["largeData": ["chunkSize": 3]]), "/largeData/chunkSize", "between 16 and"),
    bad("threshold is a fraction", lineSpec(["largeData": ["threshold": 1.5]]), "/largeData/threshold",
        "expected an integer, got a fraction"),
    bad("device pixel ratio zero", lineSpec(["largeData": ["devicePixelRatio": 0]]), "/largeData/devicePixelRatio",
        "between 0.25 and 16"),
    bad("empty decimal separator", lineSpec(["locale": ["decimalSeparator": ""]]), "/locale/decimalSeparator",
        "must not be empty"),
    bad("grouping equals decimal separator",
        lineSpec(["locale": ["decimalSeparator": ",", "groupingSeparator": ",", "useGrouping": true]]),
        "/locale/groupingSeparator", "must differ from the decimal separator"),
    bad("hiddenDataSetsAffectRange not a boolean", lineSpec(["hiddenDataSetsAffectRange": 1]),
        "/hiddenDataSetsAffectRange", "expected a boolean, got a number"),
    bad("unknown stack mode", lineSpec(["stackMode": "total"]), "/stackMode",
        "unknown value 'total'; expected one of 'normal', 'percent'"),
    bad("stack mode not a string", lineSpec(["stackMode": true]), "/stackMode", "expected a string, got a boolean"),
    bad("xAxis not an object", lineSpec(["xAxis": [1]]), "/xAxis", "expected an object, got an array"),
    bad("limitLines not an array", lineSpec(["limitLines": ["value": 1]]), "/limitLines", "expected an array"),
  ]

  static let dataSets: [InvalidCase] = [
    bad("dataSets is an object", lineSpec(["dataSets": ["a": 1]]), "/dataSets", "expected an array, got an object"),
    bad("data set is a number", lineSpec(["dataSets": [5]]), "/dataSets/0", "expected an object, got a number"),
    bad("data set is null", lineSpec(["dataSets": [.null]]), "/dataSets/0", "got null"),
    bad("no id and no label", specWith(["entries": [1]]), "/dataSets/0", "needs an 'id' or a 'label'"),
    bad("empty id", specWith(["id": ""]), "/dataSets/0/id", "must not be empty"),
    bad("empty label without id", specWith(["label": ""]), "/dataSets/0/label", "must not be empty when there is no 'id'"),
    bad("id is a number", specWith(["id": 5]), "/dataSets/0/id", "expected a string, got a number"),
    bad("duplicate id", lineSpec(["dataSets": [["id": "a"], ["id": "b"], ["id": "a"]]]), "/dataSets/2/id",
        "duplicate data set id 'a'"),
    bad("duplicate id taken from labels", lineSpec(["dataSets": [["label": "Sales"], ["label": "Sales"]]]),
        "/dataSets/1/label", "taken from the label"),
    bad("data set kind pie", specWith(["id": "a", "kind": "pie"], kind: "combined"), "/dataSets/0/kind",
        "unknown value 'pie'; expected one of 'line', 'bar'"),
    bad("unknown axis", specWith(["id": "a", "axis": "top"]), "/dataSets/0/axis", "expected one of 'left', 'right'"),
    bad("visible not a boolean", specWith(["id": "a", "visible": "no"]), "/dataSets/0/visible", "expected a boolean"),
    bad("bad colour", specWith(["id": "a", "color": "blurple"]), "/dataSets/0/color", "'blurple' is not a colour"),
    bad("colour list with a number", specWith(["id": "a", "colors": ["red", 5]]), "/dataSets/0/colors/1",
        "expected a colour string, got a number"),
    bad("stack label not a string", specWith(["id": "a", "stackLabels": [1]]), "/dataSets/0/stackLabels/0",
        "expected a string"),
    bad("empty stack name", specWith(["id": "a", "stack": ""]), "/dataSets/0/stack", "must not be empty"),
    bad("stack name a number", specWith(["id": "a", "stack": 1]), "/dataSets/0/stack", "expected a string, got a number"),
    bad("style not an object", specWith(["id": "a", "line": true]), "/dataSets/0/line", "expected an object, got a boolean"),
    bad("too many data sets", lineSpec(["dataSets": [["id": "a"], ["id": "b"], ["id": "c"]]]), "/dataSets",
        "data set count 3 exceeds the limit maxDataSets = 2", limits: SpecLimits(maxDataSets: 2)),
    bad("label too long", specWith(["id": "a", "label": "hello"]), "/dataSets/0/label",
        "string of 5 bytes exceeds the limit maxLabelBytes = 4", limits: SpecLimits(maxLabelBytes: 4)),
  ]

  static let entries: [InvalidCase] = [
    bad("entries is a string", specWithEntries("abc"), "/dataSets/0/entries",
        "expected an array of entries or an object of columns, got a string"),
    bad("bare values with a string", specWithEntries([1, "x"]), "/dataSets/0/entries/1",
        "expected a number or null like the first entry, got a string"),
    bad("bare values of booleans", specWithEntries([true]), "/dataSets/0/entries/0",
        "expected a number, an [x, y] pair or an entry object, got a boolean"),
    bad("pair of one element", specWithEntries([[1, 2], [3]]), "/dataSets/0/entries/1", "expected an [x, y] pair like the first entry, got an array of 1"),
    bad("packed pair with NaN x", specWithEntries([.numbers([.nan, 1])]), "/dataSets/0/entries/0/0", "x must be a finite number"),
    bad("packed triple", specWithEntries([.numbers([1, 2]), .numbers([1, 2, 3])]), "/dataSets/0/entries/1",
        "got an array of 3"),
    bad("pair with null x", specWithEntries([[.null, 2]]), "/dataSets/0/entries/0/0", "x must be a finite number, got null"),
    bad("pair with string y", specWithEntries([[1, "a"]]), "/dataSets/0/entries/0/1", "y must be a number or null, got a string"),
    bad("pairs then a bare number", specWithEntries([[1, 2], 3]), "/dataSets/0/entries/1",
        "expected an [x, y] pair like the first entry, got a number"),
    bad("row x is a string", specWithEntries([["x": "a", "y": 1]]), "/dataSets/0/entries/0/x", "x must be a finite number, got a string"),
    bad("row x is null", specWithEntries([["x": .null, "y": 1]]), "/dataSets/0/entries/0/x", "x must be a finite number, got null"),
    bad("row without x after rows with x", specWithEntries([["x": 1, "y": 1], ["y": 2]]), "/dataSets/0/entries/1",
        "missing 'x': earlier entries give x"),
    bad("row with x after rows without", specWithEntries([["y": 1], ["x": 1, "y": 2]]), "/dataSets/0/entries/1/x",
        "earlier entries have no 'x'"),
    bad("row y is a string", specWithEntries([["y": "big"]]), "/dataSets/0/entries/0/y", "expected a number or null, got a string"),
    bad("row label is a number", specWithEntries([["y": 1, "label": 5]]), "/dataSets/0/entries/0/label",
        "expected a string or null, got a number"),
    bad("row colour invalid", specWithEntries([["y": 1, "color": "nope"]]), "/dataSets/0/entries/0/color", "'nope' is not a colour"),
    bad("row stack segment a string", specWithEntries([["values": [1, "a"]]]), "/dataSets/0/entries/0/values/1",
        "expected a number or null, got a string"),
    bad("row values a number", specWithEntries([["values": 3]]), "/dataSets/0/entries/0/values",
        "expected an array of segment values or null"),
    bad("rows without any value", specWithEntries([["x": 1], ["x": 2]]), "/dataSets/0/entries", "entries give no values"),
    bad("row then a number", specWithEntries([["y": 1], 5]), "/dataSets/0/entries/1", "expected an entry object like the first entry"),
    bad("column lengths differ", specWithEntries(["x": [1, 2], "y": [1]]), "/dataSets/0/entries/y",
        "has 1 values but 'x' has 2"),
    bad("column x with null", specWithEntries(["x": [1, .null], "y": [1, 2]]), "/dataSets/0/entries/x/1",
        "expected a finite number, got null"),
    bad("column is a number", specWithEntries(["y": 5]), "/dataSets/0/entries/y", "expected an array, got a number"),
    bad("column y with a string", specWithEntries(["y": [1, "a"]]), "/dataSets/0/entries/y/1", "expected a number or null, got a string"),
    bad("labels column with a number", specWithEntries(["y": [1], "labels": [3]]), "/dataSets/0/entries/labels/0",
        "expected a string or null, got a number"),
    bad("colors column with a bad colour", specWithEntries(["y": [1], "colors": ["zz"]]), "/dataSets/0/entries/colors/0",
        "'zz' is not a colour"),
    bad("stacks column with a number", specWithEntries(["y": [1], "stacks": [5]]), "/dataSets/0/entries/stacks/0",
        "expected an array of segment values or null, got a number"),
    bad("columns without values", specWithEntries(["x": [1, 2]]), "/dataSets/0/entries", "entries give no values"),
    bad("packed x with NaN", specWithEntries(["x": .numbers([0, .nan]), "y": .numbers([1, 2])]), "/dataSets/0/entries/x/1",
        "expected a finite number"),
    bad("packed y with infinity", specWithEntries(["y": .numbers([1, .infinity])]), "/dataSets/0/entries/y/1",
        "expected a finite number"),
    bad("too many bare entries", specWithEntries([1, 2, 3]), "/dataSets/0/entries",
        "entry count 3 exceeds the limit maxEntriesPerDataSet = 2", limits: SpecLimits(maxEntriesPerDataSet: 2)),
    bad("too many columnar entries", specWithEntries(["y": .numbers([1, 2, 3])]), "/dataSets/0/entries",
        "maxEntriesPerDataSet = 2", limits: SpecLimits(maxEntriesPerDataSet: 2)),
    bad("row label too long", specWithEntries([["y": 1, "label": "abcdef"]]), "/dataSets/0/entries/0/label",
        "maxLabelBytes = 4", limits: SpecLimits(maxLabelBytes: 4)),
    bad("labels column entry too long", specWithEntries(["y": [1], "labels": ["abcdef"]]), "/dataSets/0/entries/labels/0",
        "maxLabelBytes = 4", limits: SpecLimits(maxLabelBytes: 4)),
  ]

  static let crossChecks: [InvalidCase] = [
    bad("candles from bare values", specWithEntries([1, 2], kind: "candlestick"), "/dataSets/0/entries",
        "candlestick entries need open, high, low and close; missing 'open', 'high', 'low', 'close'"),
    bad("candle rows without low", specWithEntries([["open": 1, "high": 3, "close": 2]], kind: "candlestick"),
        "/dataSets/0/entries", "missing 'low'"),
    bad("bubbles without size", specWithEntries(["x": [1], "y": [2]], kind: "bubble"), "/dataSets/0/entries",
        "bubble entries need 'size'"),
    bad("combined candle data set without OHLC",
        specWith(["id": "k", "kind": "candlestick", "entries": [1, 2]], kind: "combined"), "/dataSets/0/entries",
        "candlestick entries need"),
    bad("highlight of an unknown data set", lineSpec(["highlights": [["dataSet": "zz", "index": 0]]]),
        "/highlights/0/dataSet", "no data set has the id 'zz'"),
    bad("highlight index past the end", lineSpec(["highlights": [["dataSet": "a", "index": 3]]]), "/highlights/0/index",
        "entry 3 is out of range: data set 'a' has 3 entries"),
    bad("negative highlight index", lineSpec(["highlights": [["dataSet": "a", "index": -1]]]), "/highlights/0/index",
        "must be 0 or more, got -1"),
    bad("highlight without index", lineSpec(["highlights": [["dataSet": "a"]]]), "/highlights/0/index",
        "missing required property 'index'"),
    bad("highlight stack segment of a plain entry", lineSpec(["highlights": [["dataSet": "a", "index": 0, "stackIndex": 0]]]),
        "/highlights/0/stackIndex", "entry 0 has 0 segments"),
    bad("highlights not an array", lineSpec(["highlights": ["dataSet": "a"]]), "/highlights", "expected an array"),
  ]

  /// A data set without an id or label is still read through: its other errors come with that one.
  @Test func aDataSetWithoutAnIDHidesNoOtherError() throws {
    let spec = try JSONReader.parse(Array(#"{"dataSets": [{"color": "stelblue", "line": {"mode": "x"}, "entries": [1]}]}"#.utf8))
    let log = DiagnosticLog()
    _ = ChartSpec.parse(spec, log: log)
    #expect(log.errors.map(\.path) == ["/dataSets/0", "/dataSets/0/color", "/dataSets/0/line/mode"], "\(log.items)")
  }

  @Test(arguments: topLevel + dataSets + entries + crossChecks)
  func isRejectedAtItsPath(_ c: InvalidCase) {
    let (log, parsed) = c.run()
    #expect(!parsed, "\(c.name): parsed although invalid")
    let match = log.errors.first { $0.path == c.path && $0.message.contains(c.fragment) }
    #expect(match != nil, "\(c.name): no error at \(c.path) containing \"\(c.fragment)\"; got \(log.items)")
  }
}
