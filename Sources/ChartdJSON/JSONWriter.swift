/// Serialises `JSONValue`s to compact, deterministic JSON text.
///
/// Object keys are written in sorted order, so equal values always produce identical
/// bytes. Numbers use the shortest text that reads back to the same `Double` (integral
/// values below 2^53 without a fraction); NaN and infinities, which JSON cannot express,
/// are written as `null`. Strings escape only what JSON requires: `"`, `\` and control
/// characters; all other text is copied as raw UTF-8.
public enum JSONWriter {
  /// Appends the JSON text of `v` to `out`.
  public static func write(_ v: JSONValue, into out: inout [UInt8]) {
    switch v {
    case .null: appendASCII("null", to: &out)
    case .bool(let b): appendASCII(b ? "true" : "false", to: &out)
    case .number(let d): writeNumber(d, into: &out)
    case .string(let s): writeString(s, into: &out)
    case .numbers(let a):
      out.append(UInt8(ascii: "["))
      for (i, d) in a.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        writeNumber(d, into: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .array(let a):
      out.append(UInt8(ascii: "["))
      for (i, element) in a.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        write(element, into: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let o):
      writeObject(o, into: &out)
    case .table(let t):
      out.append(UInt8(ascii: "["))
      for i in 0..<t.count {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        write(t.element(i), into: &out)
      }
      out.append(UInt8(ascii: "]"))
    }
  }

  /// Writes members in key order; one- and two-member objects (rows of data) skip the sort.
  static func writeObject(_ o: [String: JSONValue], into out: inout [UInt8]) {
    out.append(UInt8(ascii: "{"))
    if o.count <= 2 {
      var members = o.makeIterator()
      if let first = members.next() {
        if let second = members.next() {
          let (a, b) = first.key < second.key ? (first, second) : (second, first)
          writeMember(a.key, a.value, into: &out)
          out.append(UInt8(ascii: ","))
          writeMember(b.key, b.value, into: &out)
        } else {
          writeMember(first.key, first.value, into: &out)
        }
      }
    } else {
      for (i, member) in o.sorted(by: { $0.key < $1.key }).enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        writeMember(member.key, member.value, into: &out)
      }
    }
    out.append(UInt8(ascii: "}"))
  }

  @inline(__always)
  static func writeMember(_ key: String, _ value: JSONValue, into out: inout [UInt8]) {
    writeString(key, into: &out)
    out.append(UInt8(ascii: ":"))
    write(value, into: &out)
  }

  /// The JSON text of `v` as UTF-8 bytes.
  public static func bytes(_ v: JSONValue) -> [UInt8] {
    var out: [UInt8] = []
    write(v, into: &out)
    return out
  }

  /// The JSON text of `v` as a string.
  public static func string(_ v: JSONValue) -> String {
    String(decoding: bytes(v), as: UTF8.self)
  }

  @inline(__always)
  static func appendASCII(_ text: StaticString, to out: inout [UInt8]) {
    out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }
}
