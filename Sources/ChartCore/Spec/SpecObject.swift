import ChartdJSON

/// Reads typed fields of one JSON object of a spec, reporting each problem at its JSON Pointer.
///
/// Every getter returns a usable value (the default) when the field is absent or invalid, so a
/// reader can go on and collect all diagnostics in one pass; callers check `log.hasErrors` at the end.
public struct SpecObject {
  public let fields: [String: JSONValue]
  public let path: JSONPointer
  public let log: DiagnosticLog

  /// Wraps `json` when it is an object; reports an error and returns nil when it is something else.
  /// Absent or `null` values give nil without a diagnostic.
  public init?(_ json: JSONValue?, at path: JSONPointer, log: DiagnosticLog) {
    guard let json, !json.isNull else { return nil }
    guard case .object(let o) = json else {
      log.error(path, "expected an object, got \(json.typeName)")
      return nil
    }
    self.fields = o
    self.path = path
    self.log = log
  }

  public subscript(key: String) -> JSONValue? {
    guard let v = fields[key], !v.isNull else { return nil }
    return v
  }

  public func has(_ key: String) -> Bool { self[key] != nil }

  /// Warns about keys this reader does not know (typos should be visible, but not block an edit).
  public func warnUnknownKeys(_ known: Set<String>) {
    for key in fields.keys.sorted() where !known.contains(key) {
      log.warning(path / key, "unknown property '\(key)' is ignored")
    }
  }

  public func number(_ key: String, default def: Double, in range: ClosedRange<Double>? = nil) -> Double {
    optionalNumber(key, in: range) ?? def
  }

  public func optionalNumber(_ key: String, in range: ClosedRange<Double>? = nil) -> Double? {
    guard let v = self[key] else { return nil }
    guard case .number(let d) = v, d.isFinite else {
      log.error(path / key, "expected a number, got \(v.typeName)")
      return nil
    }
    if let range, !range.contains(d) {
      log.error(path / key, "must be between \(Self.format(range.lowerBound)) and \(Self.format(range.upperBound)), got \(Self.format(d))")
      return nil
    }
    return d
  }

  public func int(_ key: String, default def: Int, in range: ClosedRange<Int>? = nil) -> Int {
    optionalInt(key, in: range) ?? def
  }

  public func optionalInt(_ key: String, in range: ClosedRange<Int>? = nil) -> Int? {
    guard let v = self[key] else { return nil }
    guard let i = v.intValue else {
      log.error(path / key, "expected an integer, got \(v.typeName == "a number" ? "a fraction" : v.typeName)")
      return nil
    }
    if let range, !range.contains(i) {
      log.error(path / key, "must be between \(range.lowerBound) and \(range.upperBound), got \(i)")
      return nil
    }
    return i
  }

  public func bool(_ key: String, default def: Bool) -> Bool {
    guard let v = self[key] else { return def }
    guard case .bool(let b) = v else {
      log.error(path / key, "expected a boolean, got \(v.typeName)")
      return def
    }
    return b
  }

  public func string(_ key: String, default def: String) -> String { optionalString(key) ?? def }

  public func optionalString(_ key: String, maxLength: Int = 10_000) -> String? {
    guard let v = self[key] else { return nil }
    guard case .string(let s) = v else {
      log.error(path / key, "expected a string, got \(v.typeName)")
      return nil
    }
    if s.utf8.count > maxLength {
      log.error(path / key, "is longer than \(maxLength) bytes")
      return nil
    }
    return s
  }

  /// Reads a string enumeration, listing the accepted values when the value is not one of them.
  public func choice<E: RawRepresentable & CaseIterable>(_ key: String, default def: E) -> E where E.RawValue == String {
    optionalChoice(key, E.self) ?? def
  }

  public func optionalChoice<E: RawRepresentable & CaseIterable>(_ key: String, _ type: E.Type) -> E? where E.RawValue == String {
    guard let s = optionalString(key) else { return nil }
    if let e = E(rawValue: s) { return e }
    let accepted = E.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
    log.error(path / key, "unknown value '\(s)'; expected one of \(accepted)")
    return nil
  }

  public func color(_ key: String) -> Color? {
    guard let s = optionalString(key) else { return nil }
    guard let c = Color(parsing: s) else {
      log.error(path / key, "'\(s)' is not a colour (use #rgb, #rrggbb, #rrggbbaa, rgb(), rgba() or a CSS colour name)")
      return nil
    }
    return c
  }

  public func object(_ key: String) -> SpecObject? { SpecObject(self[key], at: path / key, log: log) }

  /// The elements of an array field; reports a non-array value.
  public func array(_ key: String) -> [JSONValue]? {
    guard let v = self[key] else { return nil }
    guard let a = v.arrayValue else {
      log.error(path / key, "expected an array, got \(v.typeName)")
      return nil
    }
    return a
  }

  /// An array of numbers; reports the first element that is not a finite number.
  public func numbers(_ key: String) -> [Double]? {
    guard let v = self[key] else { return nil }
    if let packed = v.numberArray { return packed }
    guard let a = v.arrayValue else {
      log.error(path / key, "expected an array of numbers, got \(v.typeName)")
      return nil
    }
    for (i, e) in a.enumerated() where e.numberValue == nil {
      log.error(path / key / i, "expected a number, got \(e.typeName)")
      return nil
    }
    return a.compactMap(\.numberValue)
  }

  /// Shortest readable form of a number for messages ("2", "0.5").
  static func format(_ d: Double) -> String {
    d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
  }
}
