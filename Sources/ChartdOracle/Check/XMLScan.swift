/// A small XML reader for the oracle: opening tags with their attributes, every `id` attribute of
/// a text, and a well-formedness check of one region line.
///
/// Enough XML for SVG written by a program: elements, attributes in double or single quotes,
/// character data with entity references. No DTDs, CDATA, comments or processing instructions
/// are expected in chartd's output, so they count as malformed. It reads UTF-8 bytes (every byte
/// the grammar looks at is ASCII), so a scan costs a pass over the bytes, not over Characters.
enum XMLScan {
  struct Tag {
    var name: String
    var attributes: [String: String]
    var selfClosing: Bool
    /// Index just past the tag's `>`.
    var end: Int
  }

  /// The opening tag at the start of `text`, or nil when it is not one.
  static func openingTag(_ text: String) -> Tag? {
    let u = Array(text.utf8)
    return tag(in: u, at: 0)
  }

  /// Reads `<name attr="v" …>` or `…/>` at `start`; with `only`, keeps that attribute alone (a
  /// scan for ids need not build every element's attribute dictionary).
  static func tag(in u: [UInt8], at start: Int, only: String? = nil) -> Tag? {
    var i = start
    let n = u.count
    guard i < n, u[i] == UInt8(ascii: "<") else { return nil }
    i += 1
    let nameStart = i
    while i < n, isNameByte(u[i]) { i += 1 }
    guard i > nameStart else { return nil }
    let name = String(decoding: u[nameStart..<i], as: UTF8.self)
    var attributes: [String: String] = [:]
    while true {
      let beforeSpace = i
      while i < n, u[i] == 0x20 || u[i] == 0x09 { i += 1 }
      guard i < n else { return nil }
      if u[i] == UInt8(ascii: ">") { return Tag(name: name, attributes: attributes, selfClosing: false, end: i + 1) }
      if u[i] == UInt8(ascii: "/") {
        guard i + 1 < n, u[i + 1] == UInt8(ascii: ">") else { return nil }
        return Tag(name: name, attributes: attributes, selfClosing: true, end: i + 2)
      }
      guard i > beforeSpace else { return nil }  // attributes are separated by white space
      let keyStart = i
      while i < n, isNameByte(u[i]) { i += 1 }
      guard i > keyStart, i < n, u[i] == UInt8(ascii: "=") else { return nil }
      let key = String(decoding: u[keyStart..<i], as: UTF8.self)
      i += 1
      guard i < n, u[i] == 0x22 || u[i] == 0x27 else { return nil }
      let quote = u[i]
      i += 1
      let valueStart = i
      while i < n, u[i] != quote {
        guard u[i] != UInt8(ascii: "<") else { return nil }
        i += 1
      }
      guard i < n, attributes[key] == nil else { return nil }
      if only == nil || only == key { attributes[key] = String(decoding: u[valueStart..<i], as: UTF8.self) }
      i += 1
    }
  }

  static func isNameByte(_ b: UInt8) -> Bool {
    (b >= 0x61 && b <= 0x7a) || (b >= 0x41 && b <= 0x5a) || (b >= 0x30 && b <= 0x39) || b == 0x2d || b == 0x5f || b == 0x3a || b == 0x2e
  }

  /// Every `id` attribute value of every element in `text`, in order.
  static func ids(in text: String) -> [String] {
    let u = Array(text.utf8)
    var out: [String] = []
    var i = 0
    while let lt = u[i...].firstIndex(of: UInt8(ascii: "<")) {
      if let t = tag(in: u, at: lt, only: "id") {
        if let id = t.attributes["id"] { out.append(id) }
        i = t.end
      } else {
        i = lt + 1
      }
    }
    return out
  }

  /// Nil when `line` is exactly one well-formed element (balanced tags, quoted attributes,
  /// escaped text, no characters XML forbids); otherwise what is wrong.
  static func wellFormedness(of line: String) -> String? {
    let u = Array(line.utf8)
    var stack: [String] = []
    var i = 0
    var closedRoot = false
    while i < u.count {
      let b = u[i]
      if b < 0x20 && b != 0x09 { return "control character U+\(String(b, radix: 16)) in the markup" }
      if b == UInt8(ascii: "<") {
        guard !closedRoot else { return "text after the element's end" }
        if i + 1 < u.count, u[i + 1] == UInt8(ascii: "/") {
          guard let gt = u[(i + 1)...].firstIndex(of: UInt8(ascii: ">")) else { return "unterminated end tag" }
          let name = String(decoding: u[(i + 2)..<gt], as: UTF8.self)
          guard stack.last == name else { return "end tag </\(name)> does not match <\(stack.last ?? "")>" }
          stack.removeLast()
          if stack.isEmpty { closedRoot = true }
          i = gt + 1
          continue
        }
        guard let t = tag(in: u, at: i) else { return "malformed tag" }
        if t.selfClosing { if stack.isEmpty { closedRoot = true } } else { stack.append(t.name) }
        i = t.end
        continue
      }
      guard !stack.isEmpty else { return "character data outside the element" }
      i += 1
    }
    guard stack.isEmpty, closedRoot else { return "unclosed element <\(stack.last ?? "?")>" }
    // Character data and attribute values: every `&` must start an entity or character reference.
    return entityProblem(u)
  }

  /// A raw `&` that does not start `&name;` or `&#…;` (name: ASCII letters and digits).
  static func entityProblem(_ u: [UInt8]) -> String? {
    var i = 0
    while let amp = u[i...].firstIndex(of: UInt8(ascii: "&")) {
      var j = amp + 1
      while j < u.count, j - amp <= 12, isReferenceByte(u[j]) { j += 1 }
      guard j > amp + 1, j < u.count, u[j] == UInt8(ascii: ";") else {
        let shown = String(decoding: u[amp..<min(u.count, amp + 60)], as: UTF8.self)
        return "an unescaped '&' in \(SVGText.first(of: shown))"
      }
      i = j + 1
    }
    return nil
  }

  static func isReferenceByte(_ b: UInt8) -> Bool {
    (b >= 0x61 && b <= 0x7a) || (b >= 0x41 && b <= 0x5a) || (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "#")
  }
}
