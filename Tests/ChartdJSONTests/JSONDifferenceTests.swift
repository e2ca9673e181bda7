import Foundation
import Testing
@testable import ChartdJSON

/// The first difference names the place and shows both sides, in the writer's order.
@Suite struct JSONDifferenceTests {
  func diff(_ e: JSONValue, _ a: JSONValue) -> JSONDifference? { JSONValue.firstDifference(expected: e, actual: a) }

  @Test func equalValuesHaveNone() {
    #expect(diff(["a": [1, 2], "b": "x"], ["b": "x", "a": .numbers([1, 2])]) == nil)
  }

  @Test func theFirstKeyInSortedOrderWins() {
    let d = diff(["b": 1, "c": 2, "a": [true]], ["b": 5, "c": 3, "a": [true]])
    #expect(d == JSONDifference(pointer: JSONPointer(["b"]), expected: 1, actual: 5))
    #expect(d?.description == "at /b: expected 1 but got 5")
  }

  @Test func missingAndUnexpectedMembersAndElements() {
    #expect(diff(["a": 1, "b": 2], ["a": 1])?.description == "at /b: expected 2 but it is missing")
    #expect(diff(["a": 1], ["a": 1, "z": nil])?.description == "at /z: unexpected null")
    #expect(diff([1, 2], [1, 2, 3])?.description == "at /2: unexpected 3")
    #expect(diff(["x": [[1], [2]]], ["x": [[1], [7]]])?.pointer == JSONPointer(["x", "1", "0"]))
  }

  @Test func rowsReadIntoColumnsCompareByElement() throws {
    let rows = (0..<40).map { #"{"x":\#($0),"y":\#($0 * 2)}"# }
    let e = try JSONReader.parse(#"{"rows":["# + rows.joined(separator: ",") + "]}")
    let a = try JSONReader.parse(#"{"rows":["# + rows.joined(separator: ",").replacingOccurrences(of: #""y":58"#, with: #""y":59"#) + "]}")
    #expect(JSONValue.firstDifference(expected: e, actual: a)?.description == "at /rows/29/y: expected 58 but got 59")
    #expect(JSONValue.firstDifference(expected: e, actual: .array(e["rows"]?.arrayValue ?? []).wrapped("rows")) == nil)
  }

  @Test func differentTypesAtTheTop() {
    #expect(diff(["id": 1], "id")?.description == #"at the top level: expected {"id":1} but got "id""#)
  }

  @Test func longStringsShowAWindowAroundTheChange() {
    let prefix = String(repeating: "<g id=\"r\"/>", count: 50)
    let d = diff(["svg": .string(prefix + "<path d=\"M0 1\"/>" + prefix)], ["svg": .string(prefix + "<path d=\"M0 2\"/>" + prefix)])
    let text = d?.description ?? ""
    #expect(text.hasPrefix("at /svg (character \(prefix.count + 12)): expected …"))
    #expect(text.contains(#"M0 1"#) && text.contains(#"M0 2"#))
    // Two excerpts of at most 100 characters each, plus quoting: far shorter than the strings.
    #expect(text.count < 320)
  }

  @Test func longValuesAreShortened() {
    let big = JSONValue.numbers((0..<500).map(Double.init))
    let text = diff(["a": big], ["a": 1])?.description ?? ""
    #expect(text.contains("…") && text.count < 260)
  }
}

/// The indented form reads back to the same value and keeps short scalar lists on one line.
@Suite struct JSONIndentedTests {
  @Test func layout() {
    let value: JSONValue = ["type": "object", "enum": ["a", "b"], "nested": ["x": [1, ["y": true]]], "empty": [:]]
    #expect(JSONWriter.indented(value) == """
      {
        "empty": {},
        "enum": ["a","b"],
        "nested": {
          "x": [
            1,
            {"y":true}
          ]
        },
        "type": "object"
      }
      """)
  }

  @Test func roundTrips() throws {
    let value: JSONValue = ["s": "a\"\n", "n": [1.5, -0.0, 1e21], "deep": [[[["z": nil]]]]]
    #expect(try JSONReader.parse(JSONWriter.indented(value)) == value)
  }
}

extension JSONValue {
  /// `{key: self}`.
  fileprivate func wrapped(_ key: String) -> JSONValue { .object([key: self]) }
}
