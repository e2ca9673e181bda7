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
      return "\"${1\(p.defaultValue?.stringValue.map { ":" + escape($0) } ?? "")}\""
    case .color:
      return "\"${1:#4e79a7}\""
    case .choice(let values):
      let ordered = p.defaultValue?.stringValue.map { d in [d] + values.filter { $0 != d } } ?? values
      return "\"${1|\(ordered.map(escape).joined(separator: ","))|}\""
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

  /// Snippet text outside placeholders: `$`, `}` and `\` escaped.
  static func escapeText(_ s: String) -> String {
    var out = ""
    for c in s {
      if c == "$" || c == "}" || c == "\\" { out.append("\\") }
      out.append(c)
    }
    return out
  }

  /// Snippet syntax gives `$`, `}`, `\`, `,` and `|` meaning; escaped inside placeholders and choices.
  static func escape(_ s: String) -> String {
    var out = ""
    for c in s {
      if c == "$" || c == "}" || c == "\\" || c == "," || c == "|" { out.append("\\") }
      out.append(c)
    }
    return out
  }
}
