import ChartCore
import ChartdJSON

/// An LSP inlay hint: a label the editor shows at a position, with a tooltip.
public struct InlayHint: Sendable, Equatable {
  public var position: TextPosition
  public var label: String
  public var tooltip: String

  public var json: JSONValue {
    ["position": position.json, "label": .string(label), "paddingLeft": true, "tooltip": .string(tooltip)]
  }
}

/// Inlay hints of a spec file (LSP `textDocument/inlayHint`): where the x axis names its values —
/// dates, trading days, categories — each entry's x as the axis writes it, so that a row of epoch
/// seconds or of indices reads as the chart shows it.
public enum SpecInlayHints {
  /// The most hints one request answers (the first ones in the range): a client asks for what it
  /// shows, and a whole 10-million-entry file is not that.
  public static let maxHints = 10_000

  /// The hints whose position lies in `range`: after an entry's written x (a pair's first element,
  /// a row's `x`, an element of the `x` column), or after the entry itself where x is its index (a
  /// bare value, a row without `x`). None while the text does not read as a spec, for pie and radar
  /// charts, and where the x axis writes plain numbers.
  public static func hints(_ analysis: SpecAnalysis, in doc: TextDocument, range: TextRange,
                           encoding: PositionEncoding) -> [InlayHint] {
    guard let spec = analysis.spec, let map = analysis.map, !map.nodes.isEmpty, spec.kind != .pie, spec.kind != .radar,
          let format = spec.xAxis.common.formatter, names(format) else { return [] }
    let a = doc.offset(of: range.start, encoding: encoding), b = doc.offset(of: range.end, encoding: encoding)
    let window = min(a, b)...max(a, b)
    return doc.bytes.withUnsafeBufferPointer { text -> [InlayHint] in
      var out: [InlayHint] = []
      // The map is of this text (a spec read from it). Every node lies inside the root's range, so
      // one check that the root fits the text bounds every read below; a map of another, longer
      // text answers nothing instead of reading past the end.
      let root = map.valueRange(0)
      guard root.upperBound <= text.count, !root.isEmpty, text[root.lowerBound] == UInt8(ascii: "{"),
            let sets = map.member("dataSets", of: 0, in: text),
            text[Int(map.nodes[sets].start)] == UInt8(ascii: "[") else { return [] }
      for (i, set) in map.children(sets).enumerated() where i < spec.dataSets.count {
        let whole = map.valueRange(set)
        guard whole.upperBound >= window.lowerBound else { continue }
        guard whole.lowerBound <= window.upperBound else { break }
        guard text[whole.lowerBound] == UInt8(ascii: "{"), let entries = map.member("entries", of: set, in: text) else { continue }
        let xs = spec.dataSets[i].entries.x
        let columns = text[Int(map.nodes[entries].start)] == UInt8(ascii: "{")
        guard let list = columns ? map.member("x", of: entries, in: text) : entries,
              text[Int(map.nodes[list].start)] == UInt8(ascii: "[") else { continue }
        // Element by element, up to the first past the range (a long list is not walked to its end).
        var e = list + 1, j = 0
        while e < Int(map.nodes[list].next), j < xs.count, Int(map.nodes[e].start) <= window.upperBound {
          defer {
            e = Int(map.nodes[e].next)
            j += 1
          }
          // The node after which entry j's hint goes: its written x, else the entry.
          var node = e
          if !columns {
            switch text[Int(map.nodes[e].start)] {
            case UInt8(ascii: "["): node = e + 1 < Int(map.nodes[e].next) ? e + 1 : e
            case UInt8(ascii: "{"): node = map.member("x", of: e, in: text) ?? e
            default: break
            }
          }
          let end = map.valueRange(node).upperBound
          guard window.contains(end) else { continue }
          let label = ValueFormatter.format(xs[j], format, locale: spec.locale)
          guard !label.isEmpty else { continue }
          out.append(InlayHint(position: doc.position(of: end, encoding: encoding), label: label,
                               tooltip: "entry \(j) of \(spec.dataSets[i].id): x = \(ValueFormatter.format(xs[j], nil, locale: spec.locale))"))
          if out.count == maxHints { return out }
        }
      }
      return out
    }
  }

  /// Whether the formatter names x values (a date, a trading day, a category) rather than writing a number.
  static func names(_ format: FormatterSpec) -> Bool {
    switch format {
    case .date, .indexDate, .category: return true
    default: return false
    }
  }
}
