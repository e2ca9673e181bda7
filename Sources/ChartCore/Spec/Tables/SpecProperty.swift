import ChartdJSON

/// What a spec property holds, as completion, hover, the schema and the readers need to know it.
public indirect enum SpecType: Sendable, Equatable {
  case number
  case integer
  case boolean
  case string
  /// A CSS colour string.
  case color
  /// One of these strings.
  case choice([String])
  /// An object described by the table of this name (`SpecTable.named`).
  case object(String)
  case array(SpecType)
  /// A formatter: a name (`"percent"`) or an object (`SpecTable.formatter`).
  case formatter
  /// Entries in one of their four forms (bare values, pairs, rows, columns).
  case entries
  /// A number, or an object of the named table (`padding`).
  case numberOrObject(String)

  /// A choice among the raw values of a string enumeration, in declaration order.
  public static func choice<E: RawRepresentable & CaseIterable>(_ type: E.Type) -> SpecType where E.RawValue == String {
    .choice(type.allCases.map(\.rawValue))
  }

  /// How the type reads in hover text and messages ("number", "object (lineStyle)", …).
  public var text: String {
    switch self {
    case .number: return "number"
    case .integer: return "integer"
    case .boolean: return "boolean"
    case .string: return "string"
    case .color: return "colour"
    case .choice: return "string"
    case .object(let t): return "object (\(t))"
    case .array(let e): return "array of \(e.text)"
    case .formatter: return "formatter (name or object)"
    case .entries: return "entries (values, pairs, rows or columns)"
    case .numberOrObject(let t): return "number or object (\(t))"
    }
  }
}

/// Numeric limits of a property, inclusive unless `exclusiveMinimum`.
public struct SpecBounds: Sendable, Equatable {
  public var minimum: Double?
  public var maximum: Double?
  /// The minimum itself is not allowed (`> 0`).
  public var exclusiveMinimum: Bool

  public init(minimum: Double?, maximum: Double?, exclusiveMinimum: Bool = false) {
    self.minimum = minimum
    self.maximum = maximum
    self.exclusiveMinimum = exclusiveMinimum
  }

  public static func range(_ lo: Double, _ hi: Double) -> SpecBounds { SpecBounds(minimum: lo, maximum: hi) }
  public static func atLeast(_ lo: Double) -> SpecBounds { SpecBounds(minimum: lo, maximum: nil) }
  public static func greaterThan(_ lo: Double, max hi: Double? = nil) -> SpecBounds {
    SpecBounds(minimum: lo, maximum: hi, exclusiveMinimum: true)
  }

  /// The bounds as a closed range for the readers (an exclusive minimum is checked apart).
  public var closed: ClosedRange<Double> { (minimum ?? -.greatestFiniteMagnitude)...(maximum ?? .greatestFiniteMagnitude) }

  /// The integer range of integer properties.
  public var integers: ClosedRange<Int> { Int(minimum ?? -Double(JSONValue.maxExactInteger))...Int(maximum ?? Double(JSONValue.maxExactInteger)) }

  /// "16 … 16384", "> 0", "≥ 0".
  public var text: String {
    let lo = minimum.map(SpecObject.format)
    let hi = maximum.map(SpecObject.format)
    switch (lo, hi) {
    case let (lo?, hi?): return exclusiveMinimum ? "> \(lo), ≤ \(hi)" : "\(lo) … \(hi)"
    case let (lo?, nil): return exclusiveMinimum ? "> \(lo)" : "≥ \(lo)"
    case let (nil, hi?): return "≤ \(hi)"
    case (nil, nil): return ""
    }
  }
}

/// One property of a spec object: the one description of it that the readers, the JSON Schema,
/// hover and completion share.
public struct SpecProperty: Sendable, Equatable {
  public let name: String
  public let type: SpecType
  /// One or two sentences, as in the schema's `description`.
  public let summary: String
  /// The value that applies when the property is absent; nil when it is computed (the summary says how).
  public let defaultValue: JSONValue?
  public let bounds: SpecBounds?
  /// Longest string in UTF-8 bytes, where the reader checks one besides `maxLabelBytes`.
  public let maxLength: Int?
  public let required: Bool

  public init(_ name: String, _ type: SpecType, _ summary: String, default defaultValue: JSONValue? = nil,
              bounds: SpecBounds? = nil, maxLength: Int? = nil, required: Bool = false) {
    self.name = name
    self.type = type
    self.summary = summary
    self.defaultValue = defaultValue
    self.bounds = bounds
    self.maxLength = maxLength
    self.required = required
  }

  /// The accepted strings of a choice (or of a formatter's shorthand), else empty.
  public var choices: [String] {
    switch type {
    case .choice(let values): return values
    case .formatter: return FormatterSpec.shorthands
    default: return []
    }
  }
}
