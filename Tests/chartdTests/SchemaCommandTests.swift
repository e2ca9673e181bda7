import ChartdJSON
import Foundation
import Testing
@testable import chartd

/// `chartd schema`: the copies built into the binary are the protocol's files, and every bundle is
/// complete (each `$ref` points at something inside it).
@Suite struct SchemaCommandTests {
  static let schemaFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../protocol/schema").standardizedFileURL

  @Test func theBuiltInCopiesAreCurrent() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.schemaFolder.path).filter { $0.hasSuffix(".schema.json") }
    #expect(Set(files) == Set(SchemaFiles.texts.keys), "run scripts/gen-schema-files")
    for file in files {
      let onDisk = try JSONReader.parse([UInt8](Data(contentsOf: Self.schemaFolder.appendingPathComponent(file))))
      let builtIn = try JSONReader.parse(SchemaFiles.texts[file] ?? "")
      #expect(onDisk == builtIn, "\(file) changed: run scripts/gen-schema-files")
    }
  }

  @Test(arguments: SchemaCommand.Name.allCases)
  func everyReferenceResolvesInsideTheBundle(_ name: SchemaCommand.Name) throws {
    let bundle = try #require(SchemaCommand.bundle(name.file, files: SchemaCommand.embeddedFiles()))
    #expect(bundle["$id"]?.stringValue == name.file)
    // Each embedded resource is addressed by its $id; a fragment then points inside it.
    var resources: [String: JSONValue] = [name.file: bundle]
    for (key, value) in bundle["$defs"]?.objectValue ?? [:] where key.hasSuffix(".schema.json") {
      #expect(value["$id"]?.stringValue == key)
      resources[key] = value
    }
    for (resource, schema) in resources {
      for ref in Self.refs(in: schema) {
        let parts = ref.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let target = parts[0].isEmpty ? resource : parts[0]
        let pointer = try #require(JSONPointer(parsing: parts.count > 1 ? parts[1] : ""))
        #expect(resources[target].flatMap(pointer.resolve(in:)) != nil, "\(resource): \(ref) does not resolve")
      }
    }
  }

  @Test func theSpecBundleEmbedsWhatTheSpecUses() throws {
    let bundle = try #require(SchemaCommand.bundle("chart-spec.schema.json", files: SchemaCommand.embeddedFiles()))
    let embedded = Set((bundle["$defs"]?.objectValue ?? [:]).keys.filter { $0.hasSuffix(".schema.json") })
    #expect(embedded == ["axes.schema.json", "pie.schema.json", "series-styles.schema.json"])
  }

  /// The `$ref`s of one schema resource; an embedded resource (its own `$id`) is a separate base.
  static func refs(in value: JSONValue, top: Bool = true) -> [String] {
    switch value {
    case .object(let o):
      if !top, o["$id"] != nil { return [] }
      return (o["$ref"]?.stringValue.map { [$0] } ?? []) + o.values.flatMap { refs(in: $0, top: false) }
    case .array(let a): return a.flatMap { refs(in: $0, top: false) }
    default: return []
    }
  }
}
