extension JSONWriter {
  /// The JSON text of `v` laid out for reading: one member per line, two spaces per level, keys
  /// sorted as in the compact form. Arrays and objects of scalars that fit in `inlineWidth`
  /// characters stay on one line (enums, ranges), which keeps schemas short.
  public static func indented(_ v: JSONValue, inlineWidth: Int = 80) -> String {
    var out: [UInt8] = []
    writeIndented(v, depth: 0, inlineWidth: inlineWidth, into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  private static func writeIndented(_ v: JSONValue, depth: Int, inlineWidth: Int, into out: inout [UInt8]) {
    let compact = bytes(v)
    let children: [(String?, JSONValue)]
    switch v {
    case .object(let o): children = o.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    case .array, .numbers, .table: children = (v.arrayValue ?? []).map { (nil, $0) }
    default: out += compact; return
    }
    let scalarsOnly = children.allSatisfy { child in
      switch child.1 { case .object(let o): return o.isEmpty; case .array(let a): return a.isEmpty; default: return true }
    }
    if children.isEmpty || (scalarsOnly && compact.count + depth * 2 <= inlineWidth) {
      out += compact
      return
    }
    let isObject = children.first?.0 != nil
    out.append(UInt8(ascii: isObject ? "{" : "["))
    for (i, (key, child)) in children.enumerated() {
      if i > 0 { out.append(UInt8(ascii: ",")) }
      out.append(0x0A)
      out += [UInt8](repeating: 0x20, count: (depth + 1) * 2)
      if let key {
        writeString(key, into: &out)
        out += Array(": ".utf8)
      }
      writeIndented(child, depth: depth + 1, inlineWidth: inlineWidth, into: &out)
    }
    out.append(0x0A)
    out += [UInt8](repeating: 0x20, count: depth * 2)
    out.append(UInt8(ascii: isObject ? "}" : "]"))
  }
}
