import ChartCore
import ChartdJSON

/// The snippet a completion inserts for a property's value: a choice list, the default, empty brackets.
enum ValueSnippet {
  static func of(_ p: SpecProperty) -> String {
    switch p.type {
    case .boolean:
      let first = p.defaultValue?.boolValue ?? false
      return "${1|\(first),\(!first)|}"
    case .number, .integer:
      return "${1:\(p.defaultValue.map(JSONWriter.string) ?? (p.bounds?.minimum.map { JSONWriter.string(.number($0)) } ?? "0"))}"
    case .numberOrObject:
      return "${1:\(p.defaultValue.map(JSONWriter.string) ?? "0")}"
    case .string:
      return "\"${1\(p.defaultValue?.stringValue.map { ":" + escapeText(jsonContent($0)) } ?? "")}\""
    case .color:
      return "\"${1:#4e79a7}\""
    case .choice(let values):
      let ordered = p.defaultValue?.stringValue.map { d in [d] + values.filter { $0 != d } } ?? values
      return "\"\(choices(ordered))\""
    case .formatter:
      return "\"${1|number,percent,compact,date|}\""
    case .object(let name):
      return object(name)
    case .array(.object(let name)):
      return "[\(object(name))]"
    case .array, .entries:
      return "[$1]"
    }
  }

  /// `{…}` with the object's required members to fill in.
  static func object(_ name: String) -> String {
    let required = SpecTable.named(name)?.properties.filter(\.required) ?? []
    if name == "dataSet" { return "{\"id\": \"${1:data}\", \"entries\": [${2}]}" }
    guard !required.isEmpty else { return "{$1}" }
    var n = 0
    let members = required.map { p -> String in
      n += 1
      let value = of(p).replacingOccurrences(of: "${1", with: "${\(n)").replacingOccurrences(of: "$1", with: "$\(n)")
      return "\"\(p.name)\": \(value)"
    }
    return "{" + members.joined(separator: ", ") + "}"
  }

  /// A JSON string's content for `s`, as written between its quotes (the way a value completion
  /// writes it whole, with `JSONWriter`).
  static func jsonContent(_ s: String) -> String {
    String(JSONWriter.string(.string(s)).dropFirst().dropLast())
  }

  /// `${1|a,b|}`: tab stop 1 choosing among `values`, each written as JSON string content (to go
  /// between quotes the snippet supplies).
  static func choices(_ values: [String], tabStop: Int = 1) -> String {
    "${\(tabStop)|" + values.map { escapeChoice(jsonContent($0)) }.joined(separator: ",") + "|}"
  }

  /// Snippet text outside choices, in placeholders too: `$`, `}` and `\` escaped.
  static func escapeText(_ s: String) -> String {
    var out = ""
    for c in s {
      if c == "$" || c == "}" || c == "\\" { out.append("\\") }
      out.append(c)
    }
    return out
  }

  /// A choice of `${1|a,b|}`: the snippet grammar escapes `,`, `|` and `\` there, and only those (a
  /// client keeps any other backslash as written).
  static func escapeChoice(_ s: String) -> String {
    var out = ""
    for c in s {
      if c == "," || c == "|" || c == "\\" { out.append("\\") }
      out.append(c)
    }
    return out
  }
}
