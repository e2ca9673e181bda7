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
      // Depth first, children pushed in reverse so that they come off in document order.
      var pending: [(node: Int, type: SpecType)] = [(0, .object(SpecTable.chart.name))]
      var children: [(node: Int, type: SpecType)] = []
      var names: [String] = []
      var keyCache = ColourKeys()
      while let (node, type) = pending.popLast() {
        let range = map.valueRange(node)
        guard !range.isEmpty else { continue }
        switch text[range.lowerBound] {
        case UInt8(ascii: "\""):
          guard type == .color, let c = Color(parsing: CursorContext.decodeString(doc.bytes, range)) else { continue }
          found.append(ColorInformation(range: doc.range(of: range, encoding: encoding), color: ColorComponents(c)))
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          let isArray = text[range.lowerBound] == UInt8(ascii: "[")
          // Every element of an array (every row of entries) has the same type.
          let element = isArray ? SpecTable.type(after: type, "0").flatMap { holdsColours($0) ? $0 : nil } : nil
          // Only the members that can lead to a colour: an entry row's `x` and `y` are passed by
          // comparing bytes, without making a string of each key.
          let keys = isArray ? [] : keyCache.keys(of: type)
          guard element != nil || !keys.isEmpty else { continue }
          children.removeAll(keepingCapacity: true)
          names.removeAll(keepingCapacity: true)
          var child = node + 1
          let end = Int(map.nodes[node].next)
          while child < end {
            if let element {
              children.append((child, element))
            } else if let key = map.keyRange(child), let name = keys.first(where: { JSONSourceMap.key(in: text, key, equals: $0) }),
                      let next = SpecTable.type(after: type, name) {
              children.append((child, next))
              names.append(name)
            }
            child = Int(map.nodes[child].next)
          }
          // Reversed, as they are pushed; of a key given twice only the last member counts (the
          // earlier one is warned about as a duplicate), so only its colours are shown.
          var taken: Set<String> = []
          for (k, c) in children.enumerated().reversed() where names.isEmpty || taken.insert(names[k]).inserted {
            pending.append(c)
          }
        default:
          continue
        }
      }
      return found
    }
  }

  /// Whether a value of `type` can hold a colour, itself or somewhere inside.
  static func holdsColours(_ type: SpecType, _ seen: Set<String> = []) -> Bool {
    switch type {
    case .color: return true
    case .array(let element): return holdsColours(element, seen)
    case .object(let name), .numberOrObject(let name):
      guard !seen.contains(name), let table = SpecTable.named(name) else { return false }
      return table.properties.contains { holdsColours($0.type, seen.union([name])) }
    case .entries:
      return SpecTable.entryRow.properties.contains { holdsColours($0.type) }
        || SpecTable.entryColumns.properties.contains { holdsColours($0.type) }
    case .number, .integer, .boolean, .string, .choice, .formatter:
      return false
    }
  }

  /// The keys of an object whose values can hold a colour, by its table (found once per table).
  struct ColourKeys {
    private var byTable: [String: [String]] = [:]

    mutating func keys(of type: SpecType) -> [String] {
      let table: SpecTable?
      switch type {
      case .object(let name), .numberOrObject(let name): table = SpecTable.named(name)
      case .entries: table = SpecTable.entryColumns
      default: table = nil
      }
      guard let table else { return [] }
      if let known = byTable[table.name] { return known }
      let keys = table.properties.filter { SpecColors.holdsColours($0.type) }.map(\.name)
      byTable[table.name] = keys
      return keys
    }
  }

  /// The ways to write `color` in place of the text at `range` (a colour string as `colors` gave
  /// it, quotes included, or the text between them): `#rrggbb`, `rgb()`, `hsl()` and the colour's
  /// name when it has one (with an alpha below 1: `#rrggbbaa`, `rgba()`, `hsla()`). The form the
  /// text at `range` is written in comes first, so a picked colour keeps its notation.
  public static func presentations(of color: ColorComponents, replacing range: TextRange, in doc: TextDocument,
                                   encoding: PositionEncoding) -> [ColorPresentation] {
    let start = doc.offset(of: range.start, encoding: encoding)
    let old = doc.bytes[start..<max(start, doc.offset(of: range.end, encoding: encoding))]
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
}
