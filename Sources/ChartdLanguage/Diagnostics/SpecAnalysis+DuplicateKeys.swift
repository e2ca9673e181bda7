import ChartCore
import ChartdJSON

extension SpecAnalysis {
  /// A warning on every member whose key appears again later in its object: JSON readers keep the
  /// last, so an edit of the earlier one silently changes nothing. The related place is the member
  /// that counts; the fix removes the earlier one.
  func duplicateKeyDiagnostics(in doc: TextDocument, encoding: PositionEncoding) -> [LanguageDiagnostic] {
    guard let map, !map.nodes.isEmpty else { return [] }
    return doc.bytes.withUnsafeBufferPointer { text -> [LanguageDiagnostic] in
      var out: [LanguageDiagnostic] = []
      var members: [Int] = []
      for node in map.nodes.indices {
        let start = Int(map.nodes[node].start)
        guard start < text.count, text[start] == UInt8(ascii: "{") else { continue }
        members.removeAll(keepingCapacity: true)
        var c = node + 1
        while c < Int(map.nodes[node].next) {
          members.append(c)
          c = Int(map.nodes[c].next)
        }
        guard members.count > 1 else { continue }
        for (k, a) in members.enumerated() {
          guard let ka = map.keyRange(a),
                let later = members[(k + 1)...].last(where: { b in map.keyRange(b).map { Self.sameKey(text, ka, $0) } ?? false }),
                let kb = map.keyRange(later) else { continue }
          out.append(duplicate(a, key: ka, counts: kb, next: members[k + 1], map: map, in: doc, encoding: encoding))
        }
      }
      return out
    }
  }

  /// The warning on member `node` (key bytes `key`), replaced by the member whose key is `counts`;
  /// `next` is the member after it (where its removal ends).
  private func duplicate(_ node: Int, key: Range<Int>, counts: Range<Int>, next: Int, map: JSONSourceMap,
                         in doc: TextDocument, encoding: PositionEncoding) -> LanguageDiagnostic {
    let name = CursorContext.decodeString(doc.bytes, key)
    let line = doc.line(containing: counts.lowerBound) + 1
    let remove = key.lowerBound..<(map.keyRange(next)?.lowerBound ?? key.upperBound)
    var d = LanguageDiagnostic(range: doc.range(of: key, encoding: encoding), severity: .warning, code: .duplicateKey,
                               message: "duplicate key '\(name)': the '\(name)' on line \(line) replaces this one",
                               path: pointer(to: node, map: map, in: doc), related: [], fix: nil)
    d.related.append((doc.range(of: counts, encoding: encoding), "the '\(name)' that counts"))
    d.fix = .init(title: "Remove this '\(name)' (the later one counts)", edits: [(doc.range(of: remove, encoding: encoding), "")])
    return d
  }

  /// Whether the object holding the member at `pointer` gives its key more than once. A fix that
  /// renames or moves the member (the one that counts, the last) would leave an earlier one to be
  /// read in its place and warned about again: there, the duplicate's removal comes first.
  func givesKeyTwice(_ pointer: JSONPointer, in text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let map, !pointer.tokens.isEmpty, let member = map.node(at: pointer, in: text),
          let object = map.node(at: JSONPointer(Array(pointer.tokens.dropLast())), in: text),
          let key = map.keyRange(member) else { return false }
    return map.children(object).contains { other in
      other != member && map.keyRange(other).map { Self.sameKey(text, key, $0) } == true
    }
  }

  /// Whether two keys name the same member: their bytes, or (with an escape in either) their text.
  static func sameKey(_ text: UnsafeBufferPointer<UInt8>, _ a: Range<Int>, _ b: Range<Int>) -> Bool {
    let escaped = a.contains { text[$0] == UInt8(ascii: "\\") } || b.contains { text[$0] == UInt8(ascii: "\\") }
    guard escaped else { return a.count == b.count && a.indices.allSatisfy { text[$0] == text[b.lowerBound + $0 - a.lowerBound] } }
    // Only the two keys are copied to be decoded.
    return CursorContext.decodeString(Array(text[a]), 0..<a.count) == CursorContext.decodeString(Array(text[b]), 0..<b.count)
  }

  /// The JSON Pointer of node `target`, found by walking down from the root.
  private func pointer(to target: Int, map: JSONSourceMap, in doc: TextDocument) -> String {
    var tokens: [String] = []
    var node = 0
    while node != target {
      var c = node + 1, index = 0
      while Int(map.nodes[c].next) <= target {
        c = Int(map.nodes[c].next)
        index += 1
      }
      tokens.append(map.keyRange(c).map { CursorContext.decodeString(doc.bytes, $0) } ?? String(index))
      node = c
    }
    return JSONPointer(tokens).description
  }
}
