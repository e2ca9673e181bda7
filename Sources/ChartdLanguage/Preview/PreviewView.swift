import ChartCore

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

  /// The spec to show for a new text spec `spec`: the view state laid over it, except the parts
  /// the text changed since `previous` (which then leave the view state).
  public mutating func apply(to spec: inout ChartSpec, previous: ChartSpec?) {
    for i in spec.dataSets.indices {
      let id = spec.dataSets[i].id
      guard let visible = visibility[id] else { continue }
      let before = previous?.dataSets.first { $0.id == id }?.visible
      if let before, before != spec.dataSets[i].visible {
        visibility[id] = nil
      } else {
        spec.dataSets[i].visible = visible
      }
    }
    let ids = Set(spec.dataSets.map(\.id))
    visibility = visibility.filter { ids.contains($0.key) }
    if let h = highlights {
      if let previous, previous.highlights != spec.highlights {
        highlights = nil
      } else {
        let probe = DiagnosticLog()
        spec.highlights = h.filter { spec.checkHighlight($0, at: .root, log: probe) }
      }
    }
    if let v = viewport {
      if let previous, previous.viewport != spec.viewport { viewport = nil } else { spec.viewport = v }
    }
  }
}
