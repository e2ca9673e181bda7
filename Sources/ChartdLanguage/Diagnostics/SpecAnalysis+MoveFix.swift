import ChartdJSON

/// The quick fix of a property written where another object has it (the reader's warning names the
/// place: `it belongs at /dataSets/0/line/showCircles`): the member moved there, its value as written.
extension SpecAnalysis {
  /// The place the message of an unknown property names, when it names one.
  static func home(in message: String) -> JSONPointer? {
    guard let r = message.range(of: "belongs at ") else { return nil }
    let rest = message[r.upperBound...]
    guard !rest.contains(" or ") else { return nil }
    return JSONPointer(parsing: String(rest))
  }

  /// Sets the fix that moves the member at `pointer` to `home`: into the object there (made when it
  /// is missing), taken out of its own object with one comma. None when the home already has the
  /// key, when its own object has the key more than once (the earlier one, left behind, would be
  /// read in its place and warned about again: the duplicate's removal comes first), or when
  /// reaching the home would take a list element that is not there.
  func moveFix(_ d: inout LanguageDiagnostic, _ pointer: JSONPointer, to home: JSONPointer, doc: TextDocument,
               encoding: PositionEncoding) {
    guard let map, let key = pointer.tokens.last, let name = home.tokens.last, name == key else { return }
    let container = Array(home.tokens.dropLast())
    let own = Array(pointer.tokens.dropLast())
    let edits: [(Range<Int>, String)]? = doc.bytes.withUnsafeBufferPointer { text in
      guard map.node(at: home, in: text) == nil, !givesKeyTwice(pointer, in: text), let member = map.node(at: pointer, in: text),
            let object = map.node(at: JSONPointer(own), in: text), let keyBytes = map.keyRange(member) else { return nil }
      // The deepest object on the way to the home that the text has; the rest is written new.
      guard let n = (0...container.count).reversed().first(where: { k in
        map.node(at: JSONPointer(Array(container.prefix(k))), in: text).map { text[Int(map.nodes[$0].start)] == UInt8(ascii: "{") } ?? false
      }) else { return nil }
      let missing = container[n...]
      // A member on the way that is there but no object (`"line": 5`) is not written over.
      guard !missing.contains(where: { $0.allSatisfy(\.isNumber) }),
            n == container.count || map.node(at: JSONPointer(Array(container.prefix(n + 1))), in: text) == nil,
            let target = map.node(at: JSONPointer(Array(container.prefix(n))), in: text) else { return nil }
      let value = map.valueRange(member)
      var moved = String(decoding: UnsafeBufferPointer(rebasing: text[keyBytes]), as: UTF8.self) + ": "
        + String(decoding: UnsafeBufferPointer(rebasing: text[value]), as: UTF8.self)
      for token in missing.reversed() { moved = JSONWriter.string(.string(token)) + ": {" + moved + "}" }
      let whole = keyBytes.lowerBound..<value.upperBound
      // Into its own object (a `line` it does not have yet): the member becomes the new one, in place.
      if target == object { return [(whole, moved)] }
      let insert = insertion(of: moved, into: target, map: map, text: text)
      let remove = removal(of: member, in: object, map: map)
      guard !remove.contains(insert.at), insert.at != remove.lowerBound else { return nil }
      return [(insert.at..<insert.at, insert.text), (remove, "")]
    }
    guard let edits else { return }
    // Into its own object or out to one that holds it, the move keeps what the member is about; into
    // another branch (a y axis's `labelRotation` to the x axis) it changes that, and is only offered.
    let nested = container.starts(with: own) || own.starts(with: container)
    d.fix = .init(title: "Move '\(key)' to \(JSONPointer(container).description.isEmpty ? "the chart" : JSONPointer(container).description)",
                  edits: edits.map { (doc.range(of: $0.0, encoding: encoding), $0.1) }, preferred: nested)
  }

  /// Where and what to insert so that `member` text becomes the first member of object `object`:
  /// before its first key, with a comma and the same line break and indentation, or inside `{}`.
  func insertion(of member: String, into object: Int, map: JSONSourceMap,
                         text: UnsafeBufferPointer<UInt8>) -> (at: Int, text: String) {
    guard let first = map.children(object).first, let key = map.keyRange(first) else {
      return (Int(map.nodes[object].start) + 1, member)
    }
    // The whitespace before the first key, from the line break before it when there is one (the
    // text's own line break: a `\n` in a CRLF file would mix its line endings).
    var s = key.lowerBound
    while s > 0, text[s - 1] == UInt8(ascii: " ") || text[s - 1] == UInt8(ascii: "\t") { s -= 1 }
    let indent = s > 0 && (text[s - 1] == UInt8(ascii: "\n") || text[s - 1] == UInt8(ascii: "\r"))
      ? SpecFormatting.lineBreak(of: text) + String(decoding: UnsafeBufferPointer(rebasing: text[s..<key.lowerBound]), as: UTF8.self) : " "
    return (key.lowerBound, member + "," + indent)
  }

  /// The member `node` of object `object` with one comma next to it (and the space before the next key).
  func removal(of node: Int, in object: Int, map: JSONSourceMap) -> Range<Int> {
    let key = map.keyRange(node) ?? map.valueRange(node)
    let siblings = map.children(object)
    let at = siblings.firstIndex(of: node) ?? 0
    if at + 1 < siblings.count, let next = map.keyRange(siblings[at + 1]) { return key.lowerBound..<next.lowerBound }
    if at > 0 { return map.valueRange(siblings[at - 1]).upperBound..<map.valueRange(node).upperBound }
    return key.lowerBound..<map.valueRange(node).upperBound
  }
}
