import ChartCore
import ChartdJSON

extension SpecAnalysis {
  /// Every problem of the text as LSP diagnostics: the syntax error, or each reader diagnostic at the
  /// range of the key (unknown properties) or value (everything else) its JSON Pointer names.
  public func languageDiagnostics(in doc: TextDocument, encoding: PositionEncoding) -> [LanguageDiagnostic] {
    if let error = syntaxError {
      // A number out of range is named over its whole literal, with its pointer.
      if let map, let number = doc.bytes.withUnsafeBufferPointer({ map.outOfRangeNumber(at: error.offset, in: $0) }) {
        return [LanguageDiagnostic(range: doc.range(of: map.valueRange(number.node), encoding: encoding), severity: .error,
                                   code: .jsonSyntax, message: number.problem, path: JSONPointer(number.tokens).description,
                                   related: [], fix: nil)]
      }
      let at = min(max(0, error.offset), doc.bytes.count)
      let range = doc.range(of: at..<min(at + 1, doc.bytes.count), encoding: encoding)
      return [LanguageDiagnostic(range: range, severity: .error, code: .jsonSyntax, message: Self.plain(error.message),
                                 path: "", related: [], fix: nil)]
    }
    let read = diagnostics.map { d in
      let code = DiagnosticCode(d)
      let pointer = JSONPointer(parsing: d.path) ?? .root
      let bytes = place(pointer, key: code == .unknownProperty, in: doc.bytes)
      var out = LanguageDiagnostic(range: doc.range(of: bytes, encoding: encoding), severity: d.severity == .error ? .error : .warning,
                                   code: code, message: d.message, path: d.path, related: [], fix: nil)
      switch code {
      case .unknownProperty: suggestProperty(&out, pointer, doc: doc, encoding: encoding)
      case .unknownValue: suggestValue(&out, pointer, doc: doc, encoding: encoding)
      case .duplicateID: relateDuplicate(&out, doc: doc, encoding: encoding)
      case .wrongType: suggestColour(&out, pointer)
      case .entries:
        dateAxisFix(&out, pointer, doc: doc, encoding: encoding)
        if out.fix == nil { secondsFix(&out, pointer, doc: doc, encoding: encoding) }
      default: break
      }
      return out
    }
    return read + duplicateKeyDiagnostics(in: doc, encoding: encoding) + unusedMemberDiagnostics(in: doc, encoding: encoding)
  }

  /// The bytes a diagnostic belongs on: the named key or value, else (a missing member) the key of the
  /// nearest enclosing member that exists, else its first character.
  func place(_ pointer: JSONPointer, key: Bool, in text: [UInt8]) -> Range<Int> {
    if let r = bytes(at: pointer, key: key, in: text) { return r }
    var tokens = pointer.tokens
    while !tokens.isEmpty {
      tokens.removeLast()
      let parent = JSONPointer(tokens)
      if let k = bytes(at: parent, key: true, in: text), !tokens.isEmpty, text[k.lowerBound] == UInt8(ascii: "\"") { return k }
      if let v = bytes(at: parent, key: false, in: text) { return v.lowerBound..<min(v.lowerBound + 1, v.upperBound) }
    }
    return 0..<min(1, text.count)
  }

  /// "unexpected character 'x' at byte 17" → "unexpected character 'x'" (the range says where).
  static func plain(_ message: String) -> String {
    guard let r = message.range(of: " at byte ", options: .backwards) else { return message }
    return String(message[..<r.lowerBound])
  }

  private func suggestProperty(_ d: inout LanguageDiagnostic, _ pointer: JSONPointer, doc: TextDocument, encoding: PositionEncoding) {
    guard let name = pointer.tokens.last else { return }
    // A property of another object: the reader named where; no misspelling to look for.
    if d.message.contains("belongs at ") {
      if let home = Self.home(in: d.message) { moveFix(&d, pointer, to: home, doc: doc, encoding: encoding) }
      return
    }
    let parent = Array(pointer.tokens.dropLast())
    let meant: String?
    if let hinted = d.message.range(of: "did you mean '") {
      meant = d.message[hinted.upperBound...].split(separator: "'").first.map(String.init)
    } else if let table = SpecTable.objectTable(at: parent) {
      let present = Set((JSONPointer(parent).resolve(in: value ?? .null)?.objectValue ?? [:]).keys)
      meant = Suggestions.closest(to: name, in: table.properties.map(\.name).filter { !present.contains($0) })
      if let meant { d.message += " (did you mean '\(meant)'?)" }
    } else {
      meant = nil
    }
    // The message keeps its suggestion; the fix waits for a duplicate's removal (`givesKeyTwice`).
    guard let meant, !doc.bytes.withUnsafeBufferPointer({ givesKeyTwice(pointer, in: $0) }) else { return }
    d.fix = .init(title: "Rename '\(name)' to '\(meant)'", edits: [(d.range, JSONWriter.string(.string(meant)))])
  }

  private func suggestValue(_ d: inout LanguageDiagnostic, _ pointer: JSONPointer, doc: TextDocument, encoding: PositionEncoding) {
    guard let given = pointer.resolve(in: value ?? .null)?.stringValue else { return }
    let isKind = pointer.tokens.last == "kind"
    if isKind, let alias = Suggestions.kindAliases[given.lowercased()] {
      d.message += " — did you mean '\(alias.kind)'\(alias.note.isEmpty ? "" : " " + alias.note)?"
      var edits = [(d.range, JSONWriter.string(.string(alias.kind)))]
      edits += aliasEdits(given.lowercased(), kindAt: pointer, doc: doc, encoding: encoding)
      d.fix = .init(title: "Use '\(alias.kind)'\(alias.note.isEmpty ? "" : " " + alias.note)", edits: edits)
      return
    }
    let choices = SpecTable.property(at: pointer.tokens)?.property.choices ?? []
    guard let meant = Suggestions.closest(to: given, in: choices) else { return }
    d.message += " (did you mean '\(meant)'?)"
    d.fix = .init(title: "Use '\(meant)'", edits: [(d.range, JSONWriter.string(.string(meant)))])
  }

  /// A misspelt colour name: the reader's message names the closest one; the fix writes it.
  private func suggestColour(_ d: inout LanguageDiagnostic, _ pointer: JSONPointer) {
    guard SpecTable.type(at: pointer.tokens) == .color, let hinted = d.message.range(of: "(did you mean '"),
          let meant = d.message[hinted.upperBound...].split(separator: "'").first.map(String.init) else { return }
    d.fix = .init(title: "Use '\(meant)'", edits: [(d.range, JSONWriter.string(.string(meant)))])
  }

  /// The members an alias needs besides the kind: a fill or a curve on the data sets it applies to,
  /// a hole for a donut.
  private func aliasEdits(_ alias: String, kindAt pointer: JSONPointer, doc: TextDocument,
                          encoding: PositionEncoding) -> [(TextRange, String)] {
    let style: (key: String, member: String)?
    switch alias {
    case "area": style = ("line", "\"fill\": true")
    case "spline": style = ("line", "\"mode\": \"cubicBezier\"")
    case "donut", "doughnut":
      guard pointer.tokens == ["kind"], value?["pie"] == nil else { return [] }
      return insertion(into: .root, "\"pie\": {\"holeRadius\": 0.5}", doc: doc, encoding: encoding).map { [$0] } ?? []
    default: style = nil
    }
    guard let style else { return [] }
    // The chart's kind applies to every data set; a data set's own kind to that one.
    let sets: [JSONPointer] = pointer.tokens == ["kind"]
      ? (value?["dataSets"]?.arrayValue ?? []).indices.map { JSONPointer(["dataSets", String($0)]) }
      : [JSONPointer(Array(pointer.tokens.dropLast()))]
    return sets.compactMap { set in
      if set.resolve(in: value ?? .null)?[style.key]?.objectValue != nil {
        return insertion(into: set / style.key, style.member, doc: doc, encoding: encoding)
      }
      return insertion(into: set, "\"\(style.key)\": {\(style.member)}", doc: doc, encoding: encoding)
    }
  }

  /// An edit adding `member` as the first member of the object at `pointer`.
  private func insertion(into pointer: JSONPointer, _ member: String, doc: TextDocument, encoding: PositionEncoding) -> (TextRange, String)? {
    guard let object = bytes(at: pointer, key: false, in: doc.bytes), doc.bytes[object.lowerBound] == UInt8(ascii: "{") else { return nil }
    let empty = pointer.resolve(in: value ?? .null)?.objectValue?.isEmpty ?? true
    let at = doc.range(of: (object.lowerBound + 1)..<(object.lowerBound + 1), encoding: encoding)
    return (at, empty ? member : member + ", ")
  }

  private func relateDuplicate(_ d: inout LanguageDiagnostic, doc: TextDocument, encoding: PositionEncoding) {
    guard let colon = d.message.range(of: ": /"), let end = d.message.range(of: " has it too") else { return }
    let first = String(d.message[d.message.index(before: colon.upperBound)..<end.lowerBound])
    guard let pointer = JSONPointer(parsing: first) else { return }
    let bytes = self.bytes(at: pointer / "id", key: false, in: doc.bytes) ?? self.bytes(at: pointer, key: false, in: doc.bytes)
    guard let bytes else { return }
    d.related.append((doc.range(of: bytes, encoding: encoding), "the first data set with this id"))
  }
}
