/// A small XML reader for the oracle: opening tags with their attributes, every `id` attribute of
/// a text, and a well-formedness check of one region line.
///
/// Enough XML for SVG written by a program: elements, attributes in double or single quotes,
/// character data with entity references. No DTDs, CDATA, comments or processing instructions
/// are expected in chartd's output, so they count as malformed.
enum XMLScan {
  struct Tag {
    var name: String
    var attributes: [String: String]
    var selfClosing: Bool
    /// Index just past the tag's `>`.
    var end: String.UTF8View.Index
  }

  /// The opening tag at the start of `text`, or nil when it is not one.
  static func openingTag(_ text: String) -> Tag? {
    tag(in: text.utf8, at: text.utf8.startIndex)
  }

  /// Reads `<name attr="v" …>` or `…/>` at `start`.
  static func tag(in u: String.UTF8View, at start: String.UTF8View.Index) -> Tag? {
    var i = start
    guard i < u.endIndex, u[i] == UInt8(ascii: "<") else { return nil }
    i = u.index(after: i)
    let nameStart = i
    while i < u.endIndex, isNameByte(u[i]) { i = u.index(after: i) }
    guard i > nameStart else { return nil }
    let name = String(decoding: u[nameStart..<i], as: UTF8.self)
    var attributes: [String: String] = [:]
    while true {
      let beforeSpace = i
      while i < u.endIndex, u[i] == 0x20 || u[i] == 0x09 { i = u.index(after: i) }
      guard i < u.endIndex else { return nil }
      if u[i] == UInt8(ascii: ">") { return Tag(name: name, attributes: attributes, selfClosing: false, end: u.index(after: i)) }
      if u[i] == UInt8(ascii: "/") {
        let j = u.index(after: i)
        guard j < u.endIndex, u[j] == UInt8(ascii: ">") else { return nil }
        return Tag(name: name, attributes: attributes, selfClosing: true, end: u.index(after: j))
      }
      guard i > beforeSpace else { return nil }  // attributes are separated by white space
      let keyStart = i
      while i < u.endIndex, isNameByte(u[i]) { i = u.index(after: i) }
      guard i > keyStart, i < u.endIndex, u[i] == UInt8(ascii: "=") else { return nil }
      let key = String(decoding: u[keyStart..<i], as: UTF8.self)
      i = u.index(after: i)
      guard i < u.endIndex, u[i] == 0x22 || u[i] == 0x27 else { return nil }
      let quote = u[i]
      i = u.index(after: i)
      let valueStart = i
      while i < u.endIndex, u[i] != quote {
        guard u[i] != UInt8(ascii: "<") else { return nil }
        i = u.index(after: i)
      }
      guard i < u.endIndex, attributes[key] == nil else { return nil }
      attributes[key] = String(decoding: u[valueStart..<i], as: UTF8.self)
      i = u.index(after: i)
    }
  }

  static func isNameByte(_ b: UInt8) -> Bool {
    (b >= 0x61 && b <= 0x7a) || (b >= 0x41 && b <= 0x5a) || (b >= 0x30 && b <= 0x39) || b == 0x2d || b == 0x5f || b == 0x3a || b == 0x2e
  }

  /// Every `id` attribute value of every element in `text`, in order.
  static func ids(in text: String) -> [String] {
    let u = text.utf8
    var out: [String] = []
    var i = u.startIndex
    while let lt = u[i...].firstIndex(of: UInt8(ascii: "<")) {
      if let t = tag(in: u, at: lt) {
        if let id = t.attributes["id"] { out.append(id) }
        i = t.end
      } else {
        i = u.index(after: lt)
      }
    }
    return out
  }

  /// Nil when `line` is exactly one well-formed element (balanced tags, quoted attributes,
  /// escaped text, no characters XML forbids); otherwise what is wrong.
  static func wellFormedness(of line: String) -> String? {
    let u = line.utf8
    var stack: [String] = []
    var i = u.startIndex
    var closedRoot = false
    while i < u.endIndex {
      let b = u[i]
      if b < 0x20 && b != 0x09 { return "control character U+\(String(b, radix: 16)) in the markup" }
      if b == UInt8(ascii: "<") {
        guard !closedRoot else { return "text after the element's end" }
        let next = u.index(after: i)
        if next < u.endIndex, u[next] == UInt8(ascii: "/") {
          guard let gt = u[next...].firstIndex(of: UInt8(ascii: ">")) else { return "unterminated end tag" }
          let name = String(decoding: u[u.index(after: next)..<gt], as: UTF8.self)
          guard stack.last == name else { return "end tag </\(name)> does not match <\(stack.last ?? "")>" }
          stack.removeLast()
          if stack.isEmpty { closedRoot = true }
          i = u.index(after: gt)
          continue
        }
        guard let t = tag(in: u, at: i) else { return "malformed tag" }
        for v in t.attributes.values { if let e = entityProblem(v) { return e } }
        if t.selfClosing { if stack.isEmpty { closedRoot = true } } else { stack.append(t.name) }
        i = t.end
        continue
      }
      guard !stack.isEmpty else { return "character data outside the element" }
      i = u.index(after: i)
    }
    guard stack.isEmpty, closedRoot else { return "unclosed element <\(stack.last ?? "?")>" }
    // Character data: every `&` must start an entity or character reference.
    return entityProblem(line)
  }

  /// A raw `&` that does not start `&name;` or `&#…;`.
  static func entityProblem(_ text: String) -> String? {
    var rest = Substring(text)
    while let amp = rest.firstIndex(of: "&") {
      let after = rest[rest.index(after: amp)...]
      guard let semi = after.prefix(12).firstIndex(of: ";"), semi > after.startIndex,
            after[after.startIndex..<semi].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "#" }) else {
        return "an unescaped '&' in \(SVGText.first(of: String(rest.prefix(60))))"
      }
      rest = after[semi...]
    }
    return nil
  }
}
