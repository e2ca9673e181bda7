import ChartCore
import ChartdJSON
import Foundation
import Testing

/// The JSON Schemas in protocol/schema describe exactly what `SpecTable` lists: the same properties,
/// descriptions, defaults, choices, bounds and types; and their `$id`s and `$ref`s resolve.
@Suite struct SpecTableSchemaTests {
  static let schemaFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("protocol/schema")

  static func load(_ file: String) throws -> JSONValue {
    try JSONReader.parse(Array(try Data(contentsOf: schemaFolder.appendingPathComponent(file))))
  }

  /// The object schema a table's `schema` location names (the object branch of the formatter).
  static func definition(_ location: String) throws -> JSONValue? {
    let parts = location.split(separator: "#", maxSplits: 1).map(String.init)
    var def = try load(parts[0])
    if parts.count == 2, let pointer = JSONPointer(parsing: parts[1]) { def = pointer.resolve(in: def) ?? .null }
    if let branches = def["oneOf"]?.arrayValue { def = branches.first { $0["properties"] != nil } ?? def }
    return def
  }

  /// The schema of a property without its `null` alternative.
  static func nonNull(_ schema: JSONValue) -> JSONValue {
    guard let branches = schema["anyOf"]?.arrayValue else { return schema }
    let rest = branches.filter { $0 != ["type": "null"] }
    guard rest.count == 1, case .object(var o) = schema, case .object(let branch) = rest[0] else { return schema }
    o["anyOf"] = nil
    for (k, v) in branch where o[k] == nil { o[k] = v }
    return .object(o)
  }

  /// The table type a property schema describes.
  static func type(of schema: JSONValue, table: String, key: String) -> SpecType? {
    if table == "chart", key == "padding" { return .numberOrObject("padding") }
    let s = nonNull(schema)
    if let ref = s["$ref"]?.stringValue {
      let name = String(ref.split(separator: "/").last ?? "")
      switch name {
      case "Color": return .color
      case "Formatter": return .formatter
      case "Dash": return .array(.number)
      case "Entries": return .entries
      default:
        let location = ref.hasPrefix("#") ? nil : String(ref.split(separator: "#")[0])
        return SpecTable.all.first { t in
          t.schema.hasSuffix("/$defs/\(name)") && (location == nil || t.schema.hasPrefix(location!))
        }.map { .object($0.name) } ?? (name == "ValueLabelStyle" ? .object("valueLabels") : nil)
      }
    }
    // A string enum is a choice; a numeric one (logBase: 2 or 10) narrows its number type.
    if let values = s["enum"]?.arrayValue, !values.contains(where: { $0.numberValue != nil }) {
      return .choice(values.compactMap(\.stringValue))
    }
    let names = s["type"]?.arrayValue?.compactMap(\.stringValue) ?? [s["type"]?.stringValue].compactMap { $0 }
    switch names.first(where: { $0 != "null" }) {
    case "number": return .number
    case "integer": return .integer
    case "boolean": return .boolean
    case "string": return .string
    case "array": return s["items"].flatMap { type(of: $0, table: table, key: key + "[]") }.map { .array($0) }
    default: return nil
    }
  }

  @Test(arguments: SpecTable.all.map(\.name))
  func schemaDescribesTheTable(_ name: String) throws {
    let table = try #require(SpecTable.named(name))
    let def = try #require(try Self.definition(table.schema), "no schema at \(table.schema)")
    let properties = try #require(def["properties"]?.objectValue, "\(table.schema) has no properties")
    #expect(Set(properties.keys) == table.keys, "\(table.schema) and SpecTable.\(name) list different properties")
    let required = Set(def["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
    #expect(required == Set(table.properties.filter(\.required).map(\.name)), "\(name): required properties differ")
    for p in table.properties {
      guard let schema = properties[p.name] else { continue }
      let s = Self.nonNull(schema)
      let at = "\(table.schema) \(p.name)"
      #expect(schema["description"]?.stringValue == p.summary, "\(at): description differs from the table's")
      #expect(schema["default"] == p.defaultValue, "\(at): default \(String(describing: schema["default"])) ≠ \(String(describing: p.defaultValue))")
      #expect(Self.type(of: schema, table: name, key: p.name) == p.type, "\(at): type differs from \(p.type.text)")
      if table.name == "chart", p.name == "padding" { continue }
      let exclusive = s["exclusiveMinimum"]?.numberValue
      #expect((exclusive ?? s["minimum"]?.numberValue) == p.bounds?.minimum, "\(at): minimum differs")
      #expect((exclusive != nil) == (p.bounds?.exclusiveMinimum ?? false), "\(at): exclusiveness of the minimum differs")
      #expect(s["maximum"]?.numberValue == p.bounds?.maximum, "\(at): maximum differs")
      #expect(s["maxLength"]?.intValue == p.maxLength, "\(at): maxLength differs")
    }
  }

  @Test func idsAreFileNamesAndEveryReferenceResolves() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.schemaFolder.path).filter { $0.hasSuffix(".json") }
    var documents: [String: JSONValue] = [:]
    for file in files { documents[file] = try Self.load(file) }
    for (file, doc) in documents {
      #expect(doc["$id"]?.stringValue == file, "\(file): $id is \(doc["$id"]?.stringValue ?? "missing"), not its file name")
      for ref in Self.references(in: doc) {
        let parts = ref.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let target = parts[0].isEmpty ? doc : documents[parts[0]]
        #expect(target != nil, "\(file): $ref \(ref) names a file that is not there")
        if parts.count == 2, let target {
          #expect(JSONPointer(parsing: parts[1]).flatMap { $0.resolve(in: target) } != nil, "\(file): $ref \(ref) does not resolve")
        }
      }
    }
  }

  static func references(in value: JSONValue) -> [String] {
    switch value {
    case .object(let o): return (o["$ref"]?.stringValue.map { [$0] } ?? []) + o.values.flatMap(references)
    case .array(let a): return a.flatMap(references)
    default: return []
    }
  }
}
