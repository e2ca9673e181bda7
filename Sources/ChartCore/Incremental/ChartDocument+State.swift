import ChartdJSON

extension ChartDocument {
  /// The document's current spec as JSON, data included: what `chart/getSpec` returns.
  ///
  /// Reading it with `ChartSpec.parse` and rendering with the same prefix gives this document's SVG
  /// byte for byte; the differential tests hold the document to that.
  public var currentSpec: JSONValue { Self.stateJSON(specJSON, model, includeData: true) }

  /// `base` (the spec JSON as last given) with everything edits change taken from `model`: size,
  /// highlights, viewport and, when asked, the data sets.
  ///
  /// Merge patches apply to this (without data sets), so a patch sees the document as the earlier
  /// edits left it: a zoom, a highlight, `autoScaleY: false` are never lost to an older base.
  static func stateJSON(_ base: JSONValue, _ model: ChartModel, includeData: Bool) -> JSONValue {
    guard case .object(var o) = base else { return base }
    let spec = model.spec
    o["width"] = .number(spec.width)
    o["height"] = .number(spec.height)
    o["highlights"] = spec.highlights.isEmpty ? nil : .array(spec.highlights.map(\.json))
    o["viewport"] = spec.viewport.map(\.json)
    o["dataSets"] = includeData ? .array(spec.dataSets.map(\.json)) : nil
    return .object(o)
  }
}

extension HighlightSpec {
  /// `{dataSet, index, stackIndex?}` as read by `HighlightSpec.parse`.
  public var json: JSONValue {
    var o: [String: JSONValue] = ["dataSet": .string(dataSet), "index": .number(Double(index))]
    if let stackIndex { o["stackIndex"] = .number(Double(stackIndex)) }
    return .object(o)
  }
}

extension Viewport {
  /// `{xMin?, xMax?, autoScaleY}`; open ends are left out.
  public var json: JSONValue {
    var o: [String: JSONValue] = ["autoScaleY": .bool(autoScaleY)]
    if let xMin { o["xMin"] = .number(xMin) }
    if let xMax { o["xMax"] = .number(xMax) }
    return .object(o)
  }
}

extension DataSetSpec {
  /// The data set as given, with the state edits change (visibility, entries, entry offset) taken
  /// from this value.
  public var json: JSONValue {
    var o = source
    o["id"] = .string(id)
    o["label"] = .string(label)
    o["visible"] = .bool(visible)
    o["hiddenEntries"] = hiddenEntries.isEmpty ? nil : .array(hiddenEntries.map { .number(Double($0)) })
    o["entryOffset"] = entryOffset == 0 ? nil : .number(Double(entryOffset))
    o["entries"] = entries.json
    return .object(o)
  }
}
