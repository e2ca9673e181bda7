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
    guard let v = fields.member(key), !v.isNull else { return nil }
    return v
  }

  public func has(_ key: String) -> Bool { self[key] != nil }

  /// Warns about keys this reader does not know (typos should be visible, but not block an edit).
  public func warnUnknownKeys(_ known: Set<String>) { warnUnknownKeys(known, aliases: [:]) }

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
      log.error(path / key, v.notAnIntegerMessage)
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
    return string(v, key, maxLength: maxLength)
  }

  /// `optionalString` of the value `v` of `key`, looked up already.
  func string(_ v: JSONValue, _ key: String, maxLength: Int = 10_000) -> String? {
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
    return Self.color(.string(s), at: path / key, log: log)
  }

  public func object(_ key: String) -> SpecObject? { SpecObject(self[key], at: path / key, log: log) }

  /// The elements of an array field; reports a non-array value.
  /// The strings (nil for null) of a list the reader holds as one text column; nil for any other
  /// value. Reports nothing: callers fall back to `array` for everything else.
  public func texts(_ key: String) -> [String?]? {
    guard case .table(let t)? = self[key], t.rows == .strings, case .strings(let texts)? = t.columns.first else { return nil }
    return texts
  }

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

  /// Accepted values as messages list them: `'a', 'b', 'c'`.
  static func quoted(_ values: [String]) -> String { values.map { "'\($0)'" }.joined(separator: ", ") }

  /// Shortest readable form of a number for messages ("2", "0.5").
  static func format(_ d: Double) -> String {
    d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
  }
}

// Helpers added by the spec reader (chart, data set, entries, edits).
extension SpecObject {
  /// Reports `key` as missing, in the words every missing property gets (and with `hint`: how
  /// else the value may be given).
  public func reportMissing(_ key: String, _ hint: String? = nil) {
    log.error(path / key, "missing required property '\(key)'" + (hint.map { " (\($0))" } ?? ""))
  }

  /// A value that must be present and not null; reports it as missing otherwise.
  public func required(_ key: String) -> JSONValue? {
    guard let v = self[key] else {
      reportMissing(key)
      return nil
    }
    return v
  }

  /// An optional integer of at least `minimum` (counts, indices), with a message that says so.
  public func optionalInt(_ key: String, atLeast minimum: Int) -> Int? {
    guard let v = self[key] else { return nil }
    guard let i = v.intValue else {
      log.error(path / key, v.notAnIntegerMessage)
      return nil
    }
    guard i >= minimum else {
      log.error(path / key, "must be \(minimum) or more, got \(i)")
      return nil
    }
    return i
  }

  /// A string that must be present, non-empty and at most `limits.maxLabelBytes` long.
  public func requiredName(_ key: String, limits: SpecLimits) -> String? {
    // The value looked up once (`required`, then `text` of it): every edit names its data set.
    guard let v = required(key), let s = text(v, key, limits: limits) else { return nil }
    if s.isEmpty {
      log.error(path / key, "must not be empty")
      return nil
    }
    return s
  }

  /// An optional string bounded by `limits.maxLabelBytes` (titles, labels, ids).
  public func text(_ key: String, limits: SpecLimits) -> String? {
    guard let v = self[key] else { return nil }
    return text(v, key, limits: limits)
  }

  /// `text` of the value `v` of `key`, looked up already.
  func text(_ v: JSONValue, _ key: String, limits: SpecLimits) -> String? {
    guard case .string(let s) = v else {
      log.error(path / key, "expected a string, got \(v.typeName)")
      return nil
    }
    return Self.checkedText(s, at: path / key, log: log, limits: limits) ? s : nil
  }

  /// True when `s` fits `limits.maxLabelBytes`; reports the limit by name otherwise.
  /// (`path` is made only for the report: every string of a spec or an edit is checked.)
  static func checkedText(_ s: String, at path: @autoclosure () -> JSONPointer, log: DiagnosticLog, limits: SpecLimits) -> Bool {
    let bytes = s.utf8.count
    guard bytes > limits.maxLabelBytes else { return true }
    log.error(path(), "string of \(bytes) bytes exceeds the limit maxLabelBytes = \(limits.maxLabelBytes)")
    return false
  }

  /// An array of strings, each bounded by `limits.maxLabelBytes`; nil (reported) when any is invalid.
  public func strings(_ key: String, limits: SpecLimits) -> [String]? {
    if let texts = texts(key), !texts.contains(where: { ($0?.utf8.count ?? Int.max) > limits.maxLabelBytes }) {
      return texts.compactMap { $0 }
    }
    guard let a = array(key) else { return nil }
    var out: [String] = []
    out.reserveCapacity(a.count)
    var ok = true
    for (i, e) in a.enumerated() {
      guard case .string(let s) = e else {
        log.error(path / key / i, "expected a string, got \(e.typeName)")
        ok = false
        continue
      }
      if Self.checkedText(s, at: path / key / i, log: log, limits: limits) { out.append(s) } else { ok = false }
    }
    return ok ? out : nil
  }

  /// An array of colours; nil (reported) when any element is not a colour.
  public func colors(_ key: String) -> [Color]? {
    guard let a = array(key) else { return nil }
    var out: [Color] = []
    var ok = true
    for (i, e) in a.enumerated() {
      if let c = Self.color(e, at: path / key / i, log: log) { out.append(c) } else { ok = false }
    }
    return ok ? out : nil
  }

  /// Reads one colour value (a CSS colour string), reporting anything else.
  static func color(_ v: JSONValue, at path: JSONPointer, log: DiagnosticLog) -> Color? {
    guard case .string(let s) = v else {
      log.error(path, "expected a colour string, got \(v.typeName)")
      return nil
    }
    guard let c = Color(parsing: s) else {
      log.error(path, Color.problem(with: s))
      return nil
    }
    return c
  }

  /// Reports, once each, keys that are known elsewhere under another name, then the unknown rest.
  public func warnUnknownKeys(_ known: Set<String>, aliases: [String: String]) {
    // Nearly every object has none: look before sorting the keys.
    guard fields.keys.contains(where: { !known.contains($0) }) else { return }
    for key in fields.keys.sorted() where !known.contains(key) {
      if let meant = aliases[key] {
        log.warning(path / key, "unknown property '\(key)' is ignored (did you mean '\(meant)'?)")
      } else if let homes = SpecTable.homes(of: key, inObjectAt: path, known: known) {
        log.warning(path / key, "unknown property '\(key)' is ignored here: it belongs at "
                    + homes.map { $0.description }.joined(separator: " or "))
      } else {
        log.warning(path / key, "unknown property '\(key)' is ignored")
      }
    }
  }
}
