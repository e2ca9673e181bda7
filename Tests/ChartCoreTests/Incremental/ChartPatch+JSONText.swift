import ChartdJSON
@testable import ChartCore

extension ChartPatch {
  /// Ids of the regions whose JSON text (when they have one) is not their markup as `JSONWriter`
  /// writes a string: markup taken from the shelf must bring the text of the same markup.
  var regionsWithWrongJSON: [String] {
    func wrong(_ svg: String, _ json: JSONStringLiteral?) -> Bool {
      json.map { $0.bytes != Array(JSONWriter.string(.string(svg)).utf8) } ?? false
    }
    return inserted.filter { wrong($0.svg, $0.json) }.map(\.id) + fragments.filter { wrong($0.svg, $0.json) }.map(\.id)
  }
}
