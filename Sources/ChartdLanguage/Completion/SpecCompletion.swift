import ChartCore
import ChartdJSON

/// Completion in a spec: the property names valid in the object at the cursor, the values a
/// property accepts (choices, booleans, defaults, formatter names), data set ids where an id is
/// expected, and skeletons of array elements.
public enum SpecCompletion {
  /// - Parameters:
  ///   - dataSetIDs: the ids of the spec's data sets (from the last text that parsed).
  ///   - kinds: what the chart and its data sets are drawn as (from the last text that parsed):
  ///     property names the chart would not draw with come last, saying why.
  ///   - known: where the text's values lie, as far as known (`CursorContext.at`).
  public static func items(at position: TextPosition, in doc: TextDocument, encoding: PositionEncoding,
                           dataSetIDs: [String], kinds: DrawnKinds? = nil, known: KnownPrefix? = nil) -> [CompletionItem] {
    let offset = doc.offset(of: position, encoding: encoding)
    let ctx = CursorContext.at(offset, in: doc.bytes, known: known)
    let range = doc.range(of: ctx.token, encoding: encoding)
    switch ctx.slot {
    case .key: return keys(ctx, range: range, text: doc.bytes, kinds: kinds)
    case .value(let key): return values(ctx, key: key, range: range, ids: dataSetIDs)
    case .element(let index): return elements(ctx, index: index, range: range, ids: dataSetIDs)
    case .root: return [starter(range)]
    case .none: return []
    }
  }

  static func keys(_ ctx: CursorContext, range: TextRange, text: [UInt8], kinds: DrawnKinds?) -> [CompletionItem] {
    guard let table = SpecTable.objectTable(at: ctx.path) else { return [] }
    let typing = ctx.memberName(in: text)
    var present = ctx.siblingKeys
    if let typing { present.remove(typing) }
    return table.properties.filter { !present.contains($0.name) }.map { p in
      let key = JSONWriter.string(.string(p.name))
      let unused = unusedReason(p.name, in: ctx.path, kinds)
      return CompletionItem(label: p.name, kind: .property, detail: PropertyDocs.detail(p) + (unused.map { " · not used: \($0)" } ?? ""),
                            documentation: PropertyDocs.markdown(p, in: table),
                            newText: ctx.keyHasColon ? key : "\(ValueSnippet.escapeText(key)): \(ValueSnippet.of(p))",
                            isSnippet: !ctx.keyHasColon, range: range, filterText: ctx.tokenIsString ? key : p.name,
                            sortText: (unused != nil ? "2" : p.required ? "0" : "1") + p.name)
    }
  }

  /// Why a member `name` of the object at `path` would not be drawn with (the hint its diagnostic
  /// would give), or nil: for the chart's own members and a data set's.
  static func unusedReason(_ name: String, in path: [String], _ kinds: DrawnKinds?) -> String? {
    guard let kinds else { return nil }
    if path.isEmpty { return kinds.unusedChartMember(name) }
    guard path.count == 2, path[0] == "dataSets", let index = Int(path[1]) else { return nil }
    return kinds.unusedDataSetMember(name, dataSet: index)
  }

  static func values(_ ctx: CursorContext, key: String, range: TextRange, ids: [String]) -> [CompletionItem] {
    let tokens = ctx.path + [key]
    if ctx.path.first == "highlights", key == "dataSet" { return idItems(ids, ctx: ctx, range: range) }
    guard let (table, p) = SpecTable.property(at: tokens) else { return [] }
    let docs = PropertyDocs.markdown(p, in: table)
    func item(_ label: String, _ json: String, _ kind: CompletionItem.Kind, snippet: Bool = false, rank: String = "1") -> CompletionItem {
      CompletionItem(label: label, kind: kind, detail: p.name + ": " + p.type.text, documentation: docs, newText: json,
                     isSnippet: snippet, range: range, filterText: ctx.tokenIsString ? json : label, sortText: rank + label)
    }
    let isDefault = { (v: String) in p.defaultValue?.stringValue == v ? "0" : "1" }
    switch p.type {
    case .choice(let values):
      return values.map { item($0, JSONWriter.string(.string($0)), .enumMember, rank: isDefault($0)) }
    case .formatter:
      return p.choices.map { item($0, JSONWriter.string(.string($0)), .enumMember) }
        + [item("{\"type\": …}", ValueSnippet.object("formatter"), .snippet, snippet: true, rank: "2")]
    case .boolean:
      return [true, false].map { b in item(String(b), String(b), .value, rank: p.defaultValue?.boolValue == b ? "0" : "1") }
    case .number, .integer, .numberOrObject:
      guard let d = p.defaultValue else { return [] }
      return [item(JSONWriter.string(d), JSONWriter.string(d), .value)]
    case .object, .array, .entries:
      return [item(p.type.text, ValueSnippet.of(p), .snippet, snippet: true)]
    case .color:
      return colorItems(ctx, range: range, detail: p.name + ": colour")
    case .string:
      guard let d = p.defaultValue else { return [] }
      return [item(JSONWriter.string(d), JSONWriter.string(d), .value)]
    }
  }

  static func elements(_ ctx: CursorContext, index: Int, range: TextRange, ids: [String]) -> [CompletionItem] {
    guard let type = SpecTable.type(at: ctx.path), case .array(let element) = type,
          let (table, p) = SpecTable.property(at: ctx.path) else { return [] }
    let docs = PropertyDocs.markdown(p, in: table)
    switch element {
    case .object(let name):
      var snippet = ValueSnippet.object(name)
      if name == "highlight", !ids.isEmpty {
        snippet = "{\"dataSet\": \"\(ValueSnippet.choices(ids))\", \"index\": ${2:0}}"
      }
      return [CompletionItem(label: "{ \(name) }", kind: .snippet, detail: "an element of \(p.name)", documentation: docs,
                             newText: snippet, isSnippet: true, range: range, filterText: "{", sortText: "0")]
    case .choice(let values):
      return values.map {
        let json = JSONWriter.string(.string($0))
        return CompletionItem(label: $0, kind: .enumMember, detail: p.name, documentation: docs, newText: json, isSnippet: false,
                              range: range, filterText: ctx.tokenIsString ? json : $0, sortText: "1" + $0)
      }
    case .color:
      return colorItems(ctx, range: range, detail: "an element of \(p.name)")
    default:
      return []
    }
  }

  /// The CSS colour names and `transparent`, each with its colour for the editor's swatch.
  static func colorItems(_ ctx: CursorContext, range: TextRange, detail: String) -> [CompletionItem] {
    (Color.named.keys.sorted() + ["transparent"]).map { name in
      let json = JSONWriter.string(.string(name))
      let hex = name == "transparent" ? "#00000000" : Color(hex: Color.named[name] ?? 0).hexString
      return CompletionItem(label: name, kind: .color, detail: "\(detail) · \(hex)", documentation: hex, newText: json, isSnippet: false,
                            range: range, filterText: ctx.tokenIsString ? json : name, sortText: "1" + name)
    }
  }

  static func idItems(_ ids: [String], ctx: CursorContext, range: TextRange) -> [CompletionItem] {
    ids.map { id in
      let json = JSONWriter.string(.string(id))
      return CompletionItem(label: id, kind: .value, detail: "data set", documentation: "The data set with the id `\(id)`.",
                            newText: json, isSnippet: false, range: range, filterText: ctx.tokenIsString ? json : id, sortText: "0" + id)
    }
  }

  /// The skeleton offered in an empty document.
  static func starter(_ range: TextRange) -> CompletionItem {
    let kinds = ChartKind.allCases.map(\.rawValue).joined(separator: ",")
    let text = "{\n\t\"kind\": \"${1|\(kinds)|}\",\n\t\"dataSets\": [\n\t\t{\"id\": \"${2:data}\", \"entries\": [${3:1, 2, 3}]}\n\t]$0\n}"
    return CompletionItem(label: "chart spec", kind: .snippet, detail: "a new chart", documentation: SpecTable.chart.summary,
                          newText: text, isSnippet: true, range: range, filterText: "{", sortText: "0")
  }
}
