import ChartCore
import ChartdJSON

extension SpecAnalysis {
  /// Hints, marked unnecessary (editors fade them), on members the chart as written does not draw
  /// with: a style for another kind than the data set is drawn as (`bar` on a line),
  /// `hiddenEntries` outside a pie, `stack` on a data set not drawn as a line, and the chart's
  /// `pie`, `radar` or `bars` where nothing is drawn as slices, a polygon or bars. The reader
  /// accepts them silently (a kind may change later); a quick fix removes one. (A data set's `kind`
  /// outside a combined chart is the reader's own warning.)
  ///
  /// Nothing while the chart's kind, or a combined chart's data set's kind, is not one the reader
  /// knows: the error about it comes first.
  func unusedMemberDiagnostics(in doc: TextDocument, encoding: PositionEncoding) -> [LanguageDiagnostic] {
    guard let map, let value, !map.nodes.isEmpty, let kinds = DrawnKinds(value) else { return [] }
    return doc.bytes.withUnsafeBufferPointer { text -> [LanguageDiagnostic] in
      var out: [LanguageDiagnostic] = []
      for (member, name) in members(of: 0, among: DrawnKinds.chartMembers, map: map, text: text) {
        guard let why = kinds.unusedChartMember(name) else { continue }
        out.append(unused(member, of: 0, name: name, why: why, path: [name], map: map, in: doc, encoding: encoding))
      }
      if let axis = map.member("xAxis", of: 0, in: text), text[Int(map.nodes[axis].start)] == UInt8(ascii: "{") {
        for (member, name) in members(of: axis, among: DrawnKinds.xAxisMembers, map: map, text: text) {
          guard let why = kinds.unusedXAxisMember(name) else { continue }
          out.append(unused(member, of: axis, name: name, why: why, path: ["xAxis", name], map: map, in: doc, encoding: encoding))
        }
      }
      // The data sets the parsed value keeps (of a key given twice, the last), as `kinds` read them.
      if let sets = map.member("dataSets", of: 0, in: text), text[Int(map.nodes[sets].start)] == UInt8(ascii: "[") {
        for (index, set) in map.children(sets).enumerated() where text[Int(map.nodes[set].start)] == UInt8(ascii: "{") {
          for (m, key) in members(of: set, among: DrawnKinds.dataSetMembers, map: map, text: text) {
            guard let why = kinds.unusedDataSetMember(key, dataSet: index) else { continue }
            out.append(unused(m, of: set, name: key, why: why, path: ["dataSets", String(index), key], map: map, in: doc,
                              encoding: encoding))
          }
        }
      }
      return out.sorted { $0.range.start < $1.range.start }  // in document order, as they are read
    }
  }

  /// The members of object node `node` named one of `names`, with the name: keys are compared as
  /// bytes (decoded only where escaped), so a data set's many other members cost no string each.
  private func members(of node: Int, among names: [String], map: JSONSourceMap,
                       text: UnsafeBufferPointer<UInt8>) -> [(node: Int, key: String)] {
    map.children(node).compactMap { c in
      guard let k = map.keyRange(c), let name = names.first(where: { JSONSourceMap.key(in: text, k, equals: $0) }) else { return nil }
      return (c, name)
    }
  }

  /// The hint on member `node` of object `object`, with the fix that removes the member and one
  /// comma next to it.
  private func unused(_ node: Int, of object: Int, name: String, why: String, path: [String], map: JSONSourceMap,
                      in doc: TextDocument, encoding: PositionEncoding) -> LanguageDiagnostic {
    let key = map.keyRange(node) ?? map.valueRange(node)
    let remove = removal(of: node, in: object, map: map)
    var d = LanguageDiagnostic(range: doc.range(of: key, encoding: encoding), severity: .hint, code: .unused,
                               message: "'\(name)' is not used: \(why)", path: JSONPointer(path).description,
                               related: [], fix: nil)
    d.unnecessary = true
    d.fix = .init(title: "Remove '\(name)' (not used)", edits: [(doc.range(of: remove, encoding: encoding), "")])
    return d
  }
}
