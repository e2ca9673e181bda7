import Foundation
import ChartCore
import ChartdJSON

/// The colours a spec writes, for an editor's swatches and colour picker (LSP
/// `textDocument/documentColor`), and the ways to write a picked one (`textDocument/colorPresentation`).
public enum SpecColors {
  /// Every string at a place that takes a colour (by the spec's tables: `color`, `colors`, an
  /// axis's `gridColor`, an entry's `color`, …) that is a colour, in document order. Nothing while
  /// the text is not JSON.
  public static func colors(_ analysis: SpecAnalysis, in doc: TextDocument, encoding: PositionEncoding) -> [ColorInformation] {
    guard let map = analysis.map, !map.nodes.isEmpty else { return [] }
    return doc.bytes.withUnsafeBufferPointer { text in
      var found: [ColorInformation] = []
      var pending: [(node: Int, type: SpecType)] = [(0, .object(SpecTable.chart.name))]
      while let (node, type) = pending.popLast() {
        let range = map.valueRange(node)
        guard !range.isEmpty else { continue }
        switch text[range.lowerBound] {
        case UInt8(ascii: "\""):
          guard type == .color, let string = self.string(text, range), let c = Color(parsing: string) else { continue }
          found.append(ColorInformation(range: doc.range(of: range, encoding: encoding), color: ColorComponents(c)))
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          let isArray = text[range.lowerBound] == UInt8(ascii: "[")
          // Reversed onto the stack, so that they come off in document order.
          for (index, child) in map.children(node).enumerated().reversed() {
            let token = isArray ? String(index) : map.keyRange(child).flatMap { self.string(text, $0) }
            if let token, let next = SpecTable.type(after: type, token) { pending.append((child, next)) }
          }
        default:
          continue
        }
      }
      return found
    }
  }

  /// The ways to write `color` in place of the text at `range` (a colour string as `colors` gave
  /// it, quotes included, or the text between them): `#rrggbb`, `rgb()`, `hsl()` and the colour's
  /// name when it has one (with an alpha below 1: `#rrggbbaa`, `rgba()`, `hsla()`). The form the
  /// text at `range` is written in comes first, so a picked colour keeps its notation.
  public static func presentations(of color: ColorComponents, replacing range: TextRange, in doc: TextDocument,
                                   encoding: PositionEncoding) -> [ColorPresentation] {
    let bytes = doc.offset(of: range.start, encoding: encoding)..<max(doc.offset(of: range.start, encoding: encoding),
                                                                         doc.offset(of: range.end, encoding: encoding))
    let old = doc.bytes[bytes]
    let quoted = old.count >= 2 && old.first == UInt8(ascii: "\"") && old.last == UInt8(ascii: "\"")
    let written = String(decoding: quoted ? old.dropFirst().dropLast() : old[...], as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased()
    var labels = ColorNotation.labels(color.color)
    let first: (String) -> Bool
    if written.hasPrefix("#") { first = { $0.hasPrefix("#") } }
    else if written.hasPrefix("rgb") { first = { $0.hasPrefix("rgb") } }
    else if written.hasPrefix("hsl") { first = { $0.hasPrefix("hsl") } }
    else if !written.isEmpty { first = { $0.first?.isLetter == true && !$0.hasPrefix("rgb") && !$0.hasPrefix("hsl") } }
    else { first = { _ in false } }
    if let i = labels.firstIndex(where: first) { labels.insert(labels.remove(at: i), at: 0) }
    return labels.map { label in
      ColorPresentation(label: label, range: range, newText: quoted ? JSONWriter.string(.string(label)) : label)
    }
  }

  /// The string a JSON string token at `range` holds (escapes decoded when there are any).
  static func string(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
    guard range.count >= 2 else { return nil }
    let inner = text[(range.lowerBound + 1)..<(range.upperBound - 1)]
    if !inner.contains(UInt8(ascii: "\\")) { return String(decoding: inner, as: UTF8.self) }
    return (try? JSONReader.parse(Array(text[range])))?.stringValue
  }
}
