import Foundation
import Testing
@testable import ChartdJSON

/// Arrays of numeric rows are read into columns; whatever the text, the value (or the error) is the
/// one the text describes — checked against Foundation's JSONSerialization as an independent reader.
@Suite struct JSONReaderTableTests {
  @Test func numericRowsBecomeColumns() throws {
    let v = try JSONReader.parse(#"[{"x":1,"y":2.5},{"x":2,"y":null},{"x":3,"y":-1e3}]"#)
    guard case .table(let t) = v else { Issue.record("not a table: \(v)"); return }
    #expect(t.rows == .objects(keys: ["x", "y"]))
    #expect(t.column("x") == [1, 2, 3])
    #expect(t.column("y")?[1].isNaN == true)
    #expect(v == [["x": 1, "y": 2.5], ["x": 2, "y": nil], ["x": 3, "y": -1000]])
  }

  @Test func anArrayOfOneRowIsReadAsAGeneralValue() throws {
    // One edit, one appended point: no table for a single row, and the same value either way.
    let one = try JSONReader.parse(#"[{"x":1,"y":2.5,"label":"a"}]"#)
    guard case .array(let elements) = one else { Issue.record("not a general array: \(one)"); return }
    #expect(elements == [["x": 1, "y": 2.5, "label": "a"]])
    #expect(try JSONReader.parse("[[1, null]]") == .array([.array([1, nil])]))
    // From the second row on, rows become columns as before.
    guard case .table = try JSONReader.parse(#"[{"x":1,"y":2.5},{"x":2,"y":3}]"#) else {
      Issue.record("two rows were not read as a table"); return
    }
    // Malformed single rows are still errors.
    for text in [#"[{"x":1,}]"#, "[[1,]]", #"[{"x":1} "#, "[[1] 2]"] {
      #expect(throws: JSONParseError.self, "\(text)") { try JSONReader.parse(text) }
    }
  }

  /// An array whose first element holds containers, nested to the depth limit: each level reads its
  /// first element once. Reading it a second time at every level would double the work per level
  /// (2^500 here: this test would not finish).
  @Test func nestedFirstElementsAreReadOnce() throws {
    let depth = 250
    var arrays = "1"
    var objects = "1"
    for _ in 0..<depth {
      arrays = "[" + arrays + ",2]"
      objects = #"[{"a":"# + objects + "},2]"
    }
    var value = try JSONReader.parse(Array(arrays.utf8))
    for _ in 0..<depth {
      guard let elements = value.arrayValue, elements.count == 2, elements[1] == 2 else {
        Issue.record("not a pair"); return
      }
      value = elements[0]
    }
    #expect(value == 1)
    var nested = try JSONReader.parse(Array(objects.utf8))
    for _ in 0..<depth {
      guard let elements = nested.arrayValue, elements.count == 2, let inner = elements[0]["a"] else {
        Issue.record("not a pair"); return
      }
      nested = inner
    }
    #expect(nested == 1)
  }

  @Test func pairsWithGapsBecomeColumns() throws {
    let v = try JSONReader.parse("[[0, 1], [1, null] ,[2,3]]")
    guard case .table(let t) = v else { Issue.record("not a table: \(v)"); return }
    #expect(t.rows == .arrays(width: 2))
    #expect(sameShape(v, .array([.numbers([0, 1]), .array([1, nil]), .numbers([2, 3])])))
  }

  @Test(arguments: [
    #"[{"x":1},{"x":"a"}]"#, #"[{"x":1},{"y":1}]"#, #"[{"x":1},{"x":1,"y":2}]"#, #"[{"x":1,"y":2},{"x":1}]"#,
    #"[{"x":1},{"x":{"y":1}}]"#, #"[{"x":1},[1]]"#, #"[[1,2],[1]]"#, #"[[1,2],[1,2,3]]"#, #"[[1],{"x":1}]"#,
    #"[{"x":1,"x":2},{"x":3}]"#, #"[{"\u0078":1},{"x":2}]"#, #"[{"x":1},{"\u0078":2}]"#, #"[[1,"a"],[2,3]]"#,
    #"[{},{}]"#, #"[[],[]]"#, #"[{"x":1},null,{"x":2}]"#, #"[{"x":1},1]"#, #"[[[1]],[[2]]]"#,
  ])
  func rowsThatLeaveTheTableReadAsTheTextSays(text: String) throws {
    #expect(try JSONReader.parse(text) == Self.reference(text))
  }

  @Test(arguments: [
    #"[{"x":1},{"x":1 "y":2}]"#, #"[{"x":1},{"x":}]"#, #"[{"x":1},{"x":1,}]"#, #"[[1,2],[1,]]"#,
    #"[[1,2],[1,2]"#, #"[{"x":nul}]"#, #"[{"x":1},{"x":-}]"#, #"[[1,2] [3,4]]"#, #"[{"x":1}{"x":2}]"#,
  ])
  func malformedRowsAreErrorsAtTheSamePlaceAsInAnyArray(text: String) {
    let error = parseError(text)
    #expect(error != nil)
    // The same bytes outside an array of rows (wrapped in an object) fail at the same offset + 5.
    let wrapped = parseError(#"{"a":"# + text + "}")
    #expect(error.map { $0.offset + 5 } == wrapped?.offset)
  }

  @Test func stringsAndNullsBecomeOneTextColumn() throws {
    let v = try JSONReader.parse(#"["a", null ,"b\"c","\u00e9\ud83d\ude00"]"#)
    guard case .table(let t) = v else { Issue.record("not a table: \(v)"); return }
    #expect(t.rows == .strings)
    #expect(t.columns == [.strings(["a", nil, "b\"c", "é😀"])])
    #expect(v == ["a", nil, "b\"c", "é😀"])
    #expect(JSONWriter.string(v) == #"["a",null,"b\"c","é😀"]"#)
  }

  @Test func objectRowsKeepATextColumnPerStringKey() throws {
    let v = try JSONReader.parse(#"[{"y":1,"label":"a"},{"y":null,"label":null},{ "y" : 3 , "label" : "c" }]"#)
    guard case .table(let t) = v else { Issue.record("not a table: \(v)"); return }
    #expect(t.rows == .objects(keys: ["y", "label"]))
    #expect(t.strings("label") == ["a", nil, "c"])
    #expect(t.column("label") == nil && t.strings("y") == nil)
    #expect(v == [["y": 1, "label": "a"], ["y": nil, "label": nil], ["y": 3, "label": "c"]])
  }

  @Test(arguments: [
    #"["a",1]"#, #"["a",null,true]"#, #"["a",["b"]]"#, #"["a",{"b":1}]"#, #"[null,"a"]"#, #"["a","b",null]"#,
    #"[{"l":"a"},{"l":1}]"#, #"[{"l":1},{"l":"a"}]"#, #"[{"l":null},{"l":"a"}]"#, #"[{"l":"a"},{"l":null},{"l":[]}]"#,
    #"[{"x":1,"l":"a"},{"l":"b","x":2}]"#, #"[["a",1],["b",2]]"#, #"[{"l":"a\u0000"},{"l":"\u0041"}]"#,
  ])
  func stringRowsThatLeaveTheTableReadAsTheTextSays(text: String) throws {
    #expect(try JSONReader.parse(text) == Self.reference(text))
  }

  @Test(arguments: [
    #"["a","b"#, #"["a",]"#, #"["a" "b"]"#, #"["a",nul]"#, #"["a","\x"]"#, "[\"a\",\"\u{1}\"]",
    #"[{"l":"a"},{"l":"b}]"#, #"[{"l":"a"},{"l":"\q"}]"#, #"[{"l":"a"},{"l":"b",}]"#, #"["a","\ud83d\u12"]"#,
  ])
  func malformedStringListsAreErrorsAtTheSamePlaceAsInAnyArray(text: String) {
    let error = parseError(text)
    #expect(error != nil)
    let wrapped = parseError(#"{"a":"# + text + "}")
    #expect(error.map { $0.offset + 5 } == wrapped?.offset)
  }

  @Test func randomRowArraysMatchAnIndependentReader() throws {
    var rng = SplitMix64(seed: 11)
    let keys = ["x", "y", "size", "open", "é"]
    for round in 0..<300 {
      let n = Int.random(in: 1...40, using: &rng)
      let width = Int.random(in: 1...3, using: &rng)
      let objects = Bool.random(using: &rng)
      var rows: [String] = []
      for _ in 0..<n {
        var cells: [String] = []
        for k in 0..<width {
          let r = Int.random(in: 0..<100, using: &rng)
          let value = r < 10 ? "null" : r < 12 ? "\"s\"" : r < 13 ? "[1]" : r < 14 ? "true" : r < 16 ? "\"\\u00e9\""
            : JSONWriter.string(.number(Double(Int.random(in: -99_999...99_999, using: &rng)) / 100))
          cells.append(objects ? "\"\(keys[k])\" : \(value)" : value)
        }
        if Int.random(in: 0..<60, using: &rng) == 0, !cells.isEmpty { cells.removeLast() }
        if Int.random(in: 0..<60, using: &rng) == 0 { cells.append(objects ? "\"z\":1" : "1") }
        rows.append(objects ? "{" + cells.joined(separator: ",") + "}" : "[" + cells.joined(separator: ", ") + "]")
      }
      let text = "[" + rows.joined(separator: ",\n ") + "]"
      let parsed = try JSONReader.parse(text)
      #expect(parsed == Self.reference(text), "round \(round): \(text)")
      // Written back and read again: the same value.
      #expect(try JSONReader.parse(JSONWriter.string(parsed)) == parsed)
    }
  }

  /// What Foundation's reader makes of `text`, as a JSONValue.
  static func reference(_ text: String) -> JSONValue {
    func convert(_ any: Any) -> JSONValue {
      switch any {
      case is NSNull: return .null
      case let n as NSNumber:
        // Foundation's booleans are NSNumbers whose type is `c` (char).
        if String(describing: type(of: n)).contains("Boolean") { return .bool(n.boolValue) }
        return .number(n.doubleValue)
      case let s as String: return .string(s)
      case let a as [Any]: return .array(a.map(convert))
      case let o as [String: Any]: return .object(o.mapValues(convert))
      default: return .string("unconvertible \(any)")
      }
    }
    guard let any = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) else {
      return .string("Foundation refused")
    }
    return convert(any)
  }
}
