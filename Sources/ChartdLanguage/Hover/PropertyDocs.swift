import ChartCore
import ChartdJSON

/// The Markdown that hover and completion show for a spec property, from its table entry.
public enum PropertyDocs {
  /// `**width**` · number · default `800` · 16 … 16384, then the summary and the accepted values.
  public static func markdown(_ p: SpecProperty, in table: SpecTable) -> String {
    var head = ["**`\(p.name)`**", p.type.text]
    if let d = p.defaultValue { head.append("default `\(JSONWriter.string(d))`") }
    if let b = p.bounds { head.append(b.text) }
    if let n = p.maxLength { head.append("≤ \(n) bytes") }
    if p.required { head.append("required") }
    var out = head.joined(separator: " · ") + "\n\n" + p.summary
    if !p.choices.isEmpty { out += "\n\nValues: " + p.choices.map { "`\($0)`" }.joined(separator: " · ") }
    if case .object(let name) = p.type, let t = SpecTable.named(name) { out += "\n\n" + t.summary }
    out += "\n\n*\(table.name)* — `\(table.schema)`"
    return out
  }

  /// The one-line detail of a completion item ("number · default 800").
  public static func detail(_ p: SpecProperty) -> String {
    var parts = [p.type.text]
    if let d = p.defaultValue { parts.append("default \(JSONWriter.string(d))") }
    if let b = p.bounds { parts.append(b.text) }
    return parts.joined(separator: " · ")
  }
}
