import ChartCore
import ChartdJSON

/// What one version of a spec text says: its JSON (with where each value lies) or the syntax error,
/// and the spec reader's verdict — the spec, and every error and warning at its JSON Pointer.
public struct SpecAnalysis: Sendable {
  /// The parsed JSON, nil when the text is not JSON; with a number beyond a double's range (the
  /// `syntaxError`), the JSON read with that number clamped: for its structure, not its values.
  public let value: JSONValue?
  public let map: JSONSourceMap?
  public let syntaxError: JSONParseError?
  /// The spec when it has no errors (warnings allowed).
  public let spec: ChartSpec?
  /// The reader's diagnostics; paths start at the spec's root.
  public let diagnostics: [Diagnostic]

  /// Reads `bytes` as JSON with positions, then as a chart spec.
  public init(_ bytes: [UInt8], limits: SpecLimits = SpecLimits()) {
    do {
      let (value, map) = try JSONReader.parseWithSourceMap(bytes)
      let log = DiagnosticLog()
      let spec = ChartSpec.parse(value, log: log, limits: limits)
      self.init(value: value, map: map, syntaxError: nil, spec: log.hasErrors ? nil : spec, diagnostics: log.items)
    } catch let error as JSONParseError {
      // A number beyond a double's range leaves the text's structure whole: folding, selection,
      // symbols and colours still have it. No spec is read from clamped values, and references
      // wait for the number to be fixed (`SpecReferences`).
      if error.kind == .numberOutOfRange, let (value, map) = try? JSONReader.parseWithSourceMap(bytes, clampingNumbers: true) {
        self.init(value: value, map: map, syntaxError: error, spec: nil, diagnostics: [])
        return
      }
      self.init(value: nil, map: nil, syntaxError: error, spec: nil, diagnostics: [])
    } catch {
      self.init(value: nil, map: nil, syntaxError: JSONParseError(offset: 0, message: "\(error)"), spec: nil, diagnostics: [])
    }
  }

  public init(value: JSONValue?, map: JSONSourceMap?, syntaxError: JSONParseError?, spec: ChartSpec?, diagnostics: [Diagnostic]) {
    self.value = value
    self.map = map
    self.syntaxError = syntaxError
    self.spec = spec
    self.diagnostics = diagnostics
  }

  /// The byte range of the value (or, with `key`, of the member key) a pointer names; nil when absent.
  public func bytes(at pointer: JSONPointer, key: Bool, in text: [UInt8]) -> Range<Int>? {
    guard let map else { return nil }
    return text.withUnsafeBufferPointer { b in
      guard let node = map.node(at: pointer, in: b) else { return nil }
      return key ? (map.keyRange(node) ?? map.valueRange(node)) : map.valueRange(node)
    }
  }

  /// The data set ids of the spec as written (`id`, else `label`), for completion.
  public var dataSetIDs: [String] { value.map(Self.dataSetIDs(in:)) ?? [] }

  /// The data set ids a spec's JSON writes (`id`, else `label`).
  public static func dataSetIDs(in json: JSONValue) -> [String] {
    (json["dataSets"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue ?? $0["label"]?.stringValue }
  }
}
