import ChartCore
import ChartdJSON

/// The outline of a spec: its data sets, its axes and its limit lines.
public enum SpecSymbols {
  /// The symbols of the text `analysis` was made from (none when it is not JSON).
  public static func symbols(_ analysis: SpecAnalysis, in doc: TextDocument, encoding: PositionEncoding) -> [DocumentSymbol] {
    guard let value = analysis.value, let map = analysis.map, case .object(let root) = value else { return [] }
    return doc.bytes.withUnsafeBufferPointer { text in
      func node(_ tokens: [String]) -> Int? { map.node(at: JSONPointer(tokens), in: text) }
      func range(_ n: Int) -> TextRange { doc.range(of: map.valueRange(n), encoding: encoding) }
      func member(_ n: Int) -> TextRange { doc.range(of: (map.keyRange(n) ?? map.valueRange(n)).lowerBound..<map.valueRange(n).upperBound, encoding: encoding) }
      func name(_ n: Int) -> TextRange { doc.range(of: map.keyRange(n) ?? map.valueRange(n), encoding: encoding) }
      var out: [DocumentSymbol] = []
      if let list = node(["dataSets"]), let sets = root["dataSets"]?.arrayValue {
        let children = sets.indices.compactMap { i -> DocumentSymbol? in
          guard let n = node(["dataSets", String(i)]) else { return nil }
          let ds = sets[i]
          let id = ds["id"]?.stringValue ?? ds["label"]?.stringValue ?? "data set \(i)"
          let label = ds["label"]?.stringValue.flatMap { $0 == id ? nil : $0 }
          let selection = node(["dataSets", String(i), "id"]).map(range) ?? range(n)
          return DocumentSymbol(name: id, detail: dataSetDetail(ds, chartKind: root["kind"]?.stringValue, label: label), kind: .object,
                                range: range(n), selectionRange: selection, children: [])
        }
        out.append(DocumentSymbol(name: "dataSets", detail: "\(sets.count) data set\(sets.count == 1 ? "" : "s")", kind: .array,
                                  range: member(list), selectionRange: name(list), children: children))
      }
      for (key, detail) in [("xAxis", "x axis"), ("leftAxis", "left y axis"), ("rightAxis", "right y axis")] {
        guard let n = node([key]), root[key]?.objectValue != nil else { continue }
        out.append(DocumentSymbol(name: key, detail: root[key]?["title"]?.stringValue ?? detail, kind: .object,
                                  range: member(n), selectionRange: name(n), children: []))
      }
      if let list = node(["limitLines"]), let lines = root["limitLines"]?.arrayValue {
        let children = lines.indices.compactMap { i -> DocumentSymbol? in
          guard let n = node(["limitLines", String(i)]) else { return nil }
          let value = lines[i]["value"].map(JSONWriter.string) ?? "?"
          let label = lines[i]["label"]?.stringValue
          return DocumentSymbol(name: label.map { "\($0) (\(value))" } ?? "limit \(value)", detail: "on \(lines[i]["axis"]?.stringValue ?? "left")",
                                kind: .number, range: range(n), selectionRange: node(["limitLines", String(i), "value"]).map(range) ?? range(n),
                                children: [])
        }
        out.append(DocumentSymbol(name: "limitLines", detail: "\(lines.count) limit line\(lines.count == 1 ? "" : "s")", kind: .array,
                                  range: member(list), selectionRange: name(list), children: children))
      }
      return out
    }
  }

  /// "line · 1,000 entries · right axis".
  static func dataSetDetail(_ ds: JSONValue, chartKind: String?, label: String?) -> String {
    var parts: [String] = []
    if let label { parts.append(label) }
    parts.append(ds["kind"]?.stringValue ?? (chartKind == "combined" ? "line" : chartKind ?? "line"))
    let entries = ds["entries"]
    let count = entries?.arrayCount ?? entries?.objectValue?.values.compactMap(\.arrayCount).max() ?? 0
    parts.append("\(count) entr\(count == 1 ? "y" : "ies")")
    if ds["axis"]?.stringValue == "right" { parts.append("right axis") }
    if ds["visible"]?.boolValue == false { parts.append("hidden") }
    return parts.joined(separator: " · ")
  }
}
