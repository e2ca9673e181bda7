import ChartCore

/// The stable `code` of each kind of diagnostic, which clients and quick fixes key on; the message
/// may be reworded, the code may not.
public enum DiagnosticCode: String, Sendable, CaseIterable {
  /// The text is not JSON.
  case jsonSyntax = "json-syntax"
  /// A key the spec does not have (a warning: it is ignored).
  case unknownProperty = "unknown-property"
  /// A string that is not one of the accepted values.
  case unknownValue = "unknown-value"
  /// A value of the wrong JSON type.
  case wrongType = "wrong-type"
  /// A number outside its range.
  case outOfRange = "out-of-range"
  /// A required member is absent.
  case missingProperty = "missing-property"
  /// Two data sets with one id.
  case duplicateID = "duplicate-id"
  /// A key that appears again later in its object (the later one counts; the language server's own check).
  case duplicateKey = "duplicate-key"
  /// A member the chart as written does not draw with (a hint; the language server's own check).
  case unused = "unused"
  /// A reference to a data set, entry or segment that does not exist.
  case unknownReference = "unknown-reference"
  /// A limit (entries, data sets, string bytes, list lengths) exceeded.
  case limit = "limit"
  /// Entries in an unusable shape or missing what the chart kind needs.
  case entries = "entries"
  /// Anything else the reader rejects.
  case invalidSpec = "invalid-spec"
  /// Anything else the reader warns about.
  case specWarning = "spec-warning"

  /// The code of a reader diagnostic, from the wording the readers use (tests pin each one).
  public init(_ d: Diagnostic) {
    let m = d.message
    func has(_ s: String) -> Bool { m.contains(s) }
    if m.hasPrefix("unknown property") { self = .unknownProperty }
    else if m.hasPrefix("unknown value") || m.hasPrefix("unknown formatter") { self = .unknownValue }
    else if has("exceeds the limit") || has("is longer than") || has("are allowed") || has("at most") { self = .limit }
    else if has("missing required property") || has("needs an 'id'") { self = .missingProperty }
    else if m.hasPrefix("duplicate data set id") { self = .duplicateID }
    else if m.hasPrefix("no data set has") || (has("is out of range") && (d.path.contains("/highlights/"))) { self = .unknownReference }
    else if has("must be between") || has("must be greater") || has(" or more, got") || has("must not be negative")
      || has("is clamped") || has("must not be less") { self = .outOfRange }
    else if m.hasPrefix("expected ") || has(" must be a finite number") || has("is not a colour") { self = .wrongType }
    else if d.path.contains("/entries") || has("entries need") { self = .entries }
    else { self = d.severity == .error ? .invalidSpec : .specWarning }
  }
}
