import ChartdJSON

/// `chartd schema [NAME]`: prints one of the protocol's JSON Schemas as a single document.
enum SchemaCommand {
  /// The schemas a user can ask for, by the word on the command line.
  enum Name: String, CaseIterable, Equatable {
    case spec, edits, messages, transcript

    var file: String {
      switch self {
      case .spec: return "chart-spec.schema.json"
      case .edits: return "edits.schema.json"
      case .messages: return "messages.schema.json"
      case .transcript: return "transcript.schema.json"
      }
    }
  }

  static let usage = """
    usage: chartd schema [spec|edits|messages|transcript]

    Prints a JSON Schema (draft 2020-12) of the protocol: the chart spec (default), the edits of
    chart/update, every message's params and result, or a transcript line. Files it refers to are
    embedded under "$defs" with their own "$id" (a compound schema document), so the output is
    complete by itself: chartd schema > chart-spec.schema.json
    """

  static func parse(_ args: [String]) throws(ArgumentError) -> Arguments.Command {
    var name = Name.spec
    var named = false
    var cursor = ArgumentCursor(args)
    while let word = try cursor.next() {
      switch word {
      case .option("--help"), .option("-h"): return .help("schema")
      case .option(let option): throw ArgumentError("schema: unknown option '\(option)'")
      case .operand(let word):
        guard !named, let n = Name(rawValue: word) else {
          throw ArgumentError("schema: expected one of \(Name.allCases.map(\.rawValue).joined(separator: ", ")), got '\(word)'")
        }
        name = n
        named = true
      }
    }
    return .schema(name)
  }

  /// The schema `root` with every file it refers to, directly or not, embedded in its `$defs`.
  static func bundle(_ root: String, files: [String: JSONValue]) -> JSONValue? {
    guard case .object(var document)? = files[root] else { return nil }
    var embedded: [String: JSONValue] = [:]
    var pending = references(in: .object(document))
    while let file = pending.popFirst() {
      guard file != root, embedded[file] == nil, let schema = files[file] else { continue }
      embedded[file] = schema
      pending.formUnion(references(in: schema))
    }
    guard !embedded.isEmpty else { return .object(document) }
    var defs = document["$defs"]?.objectValue ?? [:]
    for (file, schema) in embedded { defs[file] = schema }
    document["$defs"] = .object(defs)
    return .object(document)
  }

  /// The files named by `$ref`s such as `axes.schema.json#/$defs/XAxis` or `edits.schema.json`.
  static func references(in value: JSONValue) -> Set<String> {
    switch value {
    case .object(let o):
      var found = Set<String>()
      if let ref = o["$ref"]?.stringValue, let file = ref.split(separator: "#", omittingEmptySubsequences: false).first, !file.isEmpty {
        found.insert(String(file))
      }
      for v in o.values { found.formUnion(references(in: v)) }
      return found
    case .array(let a): return a.reduce(into: Set<String>()) { $0.formUnion(references(in: $1)) }
    default: return []
    }
  }

  /// The embedded schema files, parsed.
  static func embeddedFiles() -> [String: JSONValue] {
    SchemaFiles.texts.compactMapValues { try? JSONReader.parse($0) }
  }
}

/// `chartd schema`: prints the bundled schema, indented for reading.
func schemaCommand(_ name: SchemaCommand.Name) -> Int32 {
  guard let schema = SchemaCommand.bundle(name.file, files: SchemaCommand.embeddedFiles()) else {
    printError("schema: \(name.file) is not built in")
    return 1
  }
  print(JSONWriter.indented(schema))
  return 0
}
