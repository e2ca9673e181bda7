import ChartCore
import ChartdJSON
import Testing

/// Invalid edit lists: each must be rejected with an error at the exact JSON Pointer under `/edits`.
@Suite struct InvalidEditTests {
  static let cases: [InvalidCase] = [
    badEdits("edits missing", nil, "/edits", "missing required property 'edits'"),
    badEdits("edits is an object", ["op": "resize"], "/edits", "expected an array of edit objects, got an object"),
    badEdits("edit is a number", [5], "/edits/0", "expected an object, got a number"),
    badEdits("edit without op", [["dataSet": "a"]], "/edits/0/op", "missing required property 'op'"),
    badEdits("op is a number", [["op": 5]], "/edits/0/op", "expected a string, got a number"),
    badEdits("unknown op", [["op": "frobnicate"]], "/edits/0/op",
             "unknown op 'frobnicate'; expected one of 'setSpec', 'mergeSpec', 'appendEntries'"),
    badEdits("setSpec without spec", [["op": "setSpec"]], "/edits/0/spec", "missing required property 'spec'"),
    badEdits("setSpec with a bad width", [["op": "setSpec", "spec": lineSpec(["width": 1])]], "/edits/0/spec/width",
             "between 16 and 16384"),
    badEdits("setSpec with a bad entry", [["op": "setSpec", "spec": specWithEntries([[1]])]],
             "/edits/0/spec/dataSets/0/entries/0", "expected an [x, y] pair"),
    badEdits("mergeSpec patch is a number", [["op": "mergeSpec", "patch": 5]], "/edits/0/patch", "RFC 7396 merge patch"),
    badEdits("mergeSpec without patch", [["op": "mergeSpec"]], "/edits/0/patch", "missing required property 'patch'"),
    badEdits("append without dataSet", [["op": "appendEntries", "entries": [1]]], "/edits/0/dataSet",
             "missing required property 'dataSet'"),
    badEdits("append with numeric dataSet", [["op": "appendEntries", "dataSet": 3, "entries": [1]]], "/edits/0/dataSet",
             "expected a string, got a number"),
    badEdits("append with empty dataSet", [["op": "appendEntries", "dataSet": "", "entries": [1]]], "/edits/0/dataSet",
             "must not be empty"),
    badEdits("append without entries", [["op": "appendEntries", "dataSet": "a"]], "/edits/0/entries",
             "missing required property 'entries'"),
    badEdits("append a string entry", [["op": "appendEntries", "dataSet": "a", "entries": [1, "a"]]], "/edits/0/entries/1",
             "expected a number or null"),
    badEdits("append with maxEntries 0", [["op": "appendEntries", "dataSet": "a", "entries": [1], "maxEntries": 0]],
             "/edits/0/maxEntries", "must be between 1 and 10000000, got 0"),
    badEdits("append over the entry limit", [["op": "appendEntries", "dataSet": "a", "entries": [1, 2, 3]]],
             "/edits/0/entries", "maxEntriesPerDataSet = 2", limits: SpecLimits(maxEntriesPerDataSet: 2)),
    badEdits("remove with negative count", [["op": "removeEntries", "dataSet": "a", "start": 0, "count": -1]],
             "/edits/0/count", "must be 0 or more, got -1"),
    badEdits("remove with fractional start", [["op": "removeEntries", "dataSet": "a", "start": 1.5, "count": 1]],
             "/edits/0/start", "expected an integer, got a fraction"),
    badEdits("remove with a start too large to be exact", [["op": "removeEntries", "dataSet": "a", "start": 1e20, "count": 1]],
             "/edits/0/start", "expected an integer between -9007199254740991 and 9007199254740991"),
    badEdits("remove without start", [["op": "removeEntries", "dataSet": "a", "count": 1]], "/edits/0/start",
             "missing required property 'start'"),
    badEdits("update with negative start", [["op": "updateEntries", "dataSet": "a", "start": -2, "entries": [1]]],
             "/edits/0/start", "must be 0 or more"),
    badEdits("update without entries", [["op": "updateEntries", "dataSet": "a", "start": 0]], "/edits/0/entries",
             "missing required property 'entries'"),
    badEdits("replace with uneven columns", [["op": "replaceEntries", "dataSet": "a", "entries": ["x": [1, 2], "y": [1]]]],
             "/edits/0/entries/y", "has 1 values but 'x' has 2"),
    badEdits("add a data set given as a string", [["op": "addDataSet", "dataSet": "a"]], "/edits/0/dataSet",
             "expected a data set object, got a string"),
    badEdits("add a data set without id", [["op": "addDataSet", "dataSet": ["entries": [1]]]], "/edits/0/dataSet",
             "needs an 'id' or a 'label'"),
    badEdits("add at a negative index", [["op": "addDataSet", "dataSet": ["id": "b"], "index": -1]], "/edits/0/index",
             "must be 0 or more"),
    badEdits("replace a data set with a bad row", [["op": "replaceDataSet", "dataSet": ["id": "a", "entries": [["x": "1", "y": 1]]]]],
             "/edits/0/dataSet/entries/0/x", "x must be a finite number, got a string"),
    badEdits("remove a data set without naming it", [["op": "removeDataSet"]], "/edits/0/dataSet",
             "missing required property 'dataSet'"),
    badEdits("visibility not a boolean", [["op": "setVisibility", "dataSet": "a", "visible": "yes"]], "/edits/0/visible",
             "expected a boolean, got a string"),
    badEdits("visibility missing", [["op": "setVisibility", "dataSet": "a"]], "/edits/0/visible",
             "missing required property 'visible'"),
    badEdits("highlight without highlights", [["op": "setHighlight"]], "/edits/0/highlights",
             "missing required property 'highlights'"),
    badEdits("highlight without index", [["op": "setHighlight", "highlights": [["dataSet": "a"]]]],
             "/edits/0/highlights/0/index", "missing required property 'index'"),
    badEdits("highlight with numeric data set", [["op": "setHighlight", "highlights": [["dataSet": 1, "index": 0]]]],
             "/edits/0/highlights/0/dataSet", "expected a string"),
    badEdits("viewport reversed", [["op": "setViewport", "xMin": 3, "xMax": 1]], "/edits/0/xMax",
             "must be greater than xMin (3), got 1"),
    badEdits("viewport end a string", [["op": "setViewport", "xMin": "a"]], "/edits/0/xMin", "expected a number, got a string"),
    badEdits("resize too wide", [["op": "resize", "width": 100_000, "height": 300]], "/edits/0/width",
             "between 16 and 16384, got 100000"),
    badEdits("resize without height", [["op": "resize", "width": 300]], "/edits/0/height",
             "missing required property 'height'"),
    badEdits("second edit invalid", [["op": "resize", "width": 300, "height": 200], ["op": "removeDataSet", "dataSet": 7]],
             "/edits/1/dataSet", "expected a string"),
  ]

  @Test(arguments: cases)
  func isRejectedAtItsPath(_ c: InvalidCase) {
    let (log, parsed) = c.run()
    #expect(!parsed, "\(c.name): parsed although invalid")
    let match = log.errors.first { $0.path == c.path && $0.message.contains(c.fragment) }
    #expect(match != nil, "\(c.name): no error at \(c.path) containing \"\(c.fragment)\"; got \(log.items)")
  }
}
