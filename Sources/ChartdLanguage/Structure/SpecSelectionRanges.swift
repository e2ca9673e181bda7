import ChartdJSON

/// An LSP `SelectionRange`: a range and the larger one an editor's "expand selection" goes to next.
public struct SelectionRange: Sendable, Equatable {
  /// Innermost first.
  public var ranges: [TextRange]

  public init(ranges: [TextRange]) { self.ranges = ranges }

  /// The chain as LSP nests it: `{range, parent: {range, parent: …}}`.
  public var json: JSONValue {
    var value: JSONValue?
    for r in ranges.reversed() {
      var o: [String: JSONValue] = ["range": r.json]
      if let value { o["parent"] = value }
      value = .object(o)
    }
    return value ?? .null
  }
}

/// Ranges for an editor's "expand selection" (LSP `textDocument/selectionRange`).
public enum SpecSelectionRanges {
  /// For each position, from the inside out: the key or value under it, the member (`"key": value`)
  /// that holds it, the object or array around that, its member, and so on to the whole spec. A
  /// position between tokens starts at the innermost object or array around it. While the text is
  /// not JSON, each position gets the empty range at it (clamped to the text, as positions are).
  public static func ranges(_ analysis: SpecAnalysis, in doc: TextDocument, at positions: [TextPosition],
                            encoding: PositionEncoding) -> [SelectionRange] {
    positions.map { p in
      let offset = doc.offset(of: p, encoding: encoding)
      // A position past a line's end or the text's counts as the place it is clamped to.
      let at = doc.position(of: offset, encoding: encoding)
      let empty = TextRange(start: at, end: at)
      guard let map = analysis.map, !map.nodes.isEmpty else { return SelectionRange(ranges: [empty]) }
      // Down from the root, the value (or its key) that holds the offset, ends included: a cursor
      // just after a value is still on it.
      var node = 0
      guard map.valueRange(0).lowerBound <= offset, offset <= map.valueRange(0).upperBound else {
        return SelectionRange(ranges: [empty])
      }
      var chain: [Range<Int>] = [map.valueRange(0)]
      descend: while true {
        var child = node + 1
        let end = Int(map.nodes[node].next)
        while child < end {
          let value = map.valueRange(child)
          let key = map.keyRange(child)
          let member = (key?.lowerBound ?? value.lowerBound)..<value.upperBound
          if member.lowerBound <= offset, offset <= member.upperBound {
            if key != nil { chain.append(member) }
            if let key, key.lowerBound <= offset, offset <= key.upperBound {
              chain.append(key)
              break descend
            }
            if value.lowerBound <= offset, offset <= value.upperBound {
              chain.append(value)
              node = child
              continue descend
            }
            break descend
          }
          child = Int(map.nodes[child].next)
        }
        break
      }
      // Each step is strictly inside the one before it (a key, its member, a value, its container).
      return SelectionRange(ranges: chain.reversed().map { doc.range(of: $0, encoding: encoding) })
    }
  }
}
