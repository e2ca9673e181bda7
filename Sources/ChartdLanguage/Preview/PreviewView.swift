import ChartCore
import ChartdJSON

/// The view state of a live preview — hidden data sets, the highlight, the zoom — carried over
/// every spec the text gives, so that typing never undoes a legend toggle.
///
/// The preview's own edits (`chart/update` on the preview document) set it; a text that itself
/// changes one of these parts takes it back (the text wins where the user edited it).
public struct PreviewView: Sendable, Equatable {
  /// Visibility per data set id, as the preview's edits left it.
  public var visibility: [String: Bool] = [:]
  public var highlights: [HighlightSpec]?
  /// `.some(nil)` is a zoom reset by the preview; `nil` means the preview never zoomed.
  public var viewport: Viewport??

  public init() {}

  /// Takes the view state of `spec`: the document as the preview's edits left it.
  public mutating func record(_ spec: ChartSpec, from before: ChartSpec) {
    for ds in spec.dataSets {
      let old = before.dataSets.first { $0.id == ds.id }?.visible
      if old != ds.visible || visibility[ds.id] != nil { visibility[ds.id] = ds.visible }
    }
    if spec.highlights != before.highlights || highlights != nil { highlights = spec.highlights }
    if spec.viewport != before.viewport || viewport != nil { viewport = .some(spec.viewport) }
  }

  /// The spec to show for a new text spec `spec` (read from `json`): the view state laid over it,
  /// except the parts whose text changed since `previous` (those leave the view state). The texts
  /// are compared, not what they mean: writing `"visible": true` takes a hidden data set back even
  /// though true is the default.
  public mutating func apply(to spec: inout ChartSpec, json: JSONValue, previous: JSONValue?) {
    let sets = json["dataSets"]?.arrayValue ?? []
    let before = Self.dataSetsByID(previous)
    for i in spec.dataSets.indices {
      let id = spec.dataSets[i].id
      guard let visible = visibility[id] else { continue }
      let now = i < sets.count ? sets[i]["visible"] : nil
      if previous != nil, now != before[id]?["visible"] {
        visibility[id] = nil
      } else {
        spec.dataSets[i].visible = visible
      }
    }
    let ids = Set(spec.dataSets.map(\.id))
    visibility = visibility.filter { ids.contains($0.key) }
    if let h = highlights {
      if let previous, previous["highlights"] != json["highlights"] {
        highlights = nil
      } else {
        let probe = DiagnosticLog()
        spec.highlights = h.filter { spec.checkHighlight($0, at: .root, log: probe) }
      }
    }
    if let v = viewport {
      if let previous, previous["viewport"] != json["viewport"] { viewport = nil } else { spec.viewport = v }
    }
  }

  /// The data set objects of a spec's JSON by id (the `id`, else the `label`).
  static func dataSetsByID(_ json: JSONValue?) -> [String: JSONValue] {
    var out: [String: JSONValue] = [:]
    for ds in json?["dataSets"]?.arrayValue ?? [] {
      if let id = ds["id"]?.stringValue ?? ds["label"]?.stringValue, out[id] == nil { out[id] = ds }
    }
    return out
  }
}
