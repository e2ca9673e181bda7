/// A JSON value as read from or written to the wire.
///
/// Arrays whose elements are all numbers may be held packed as `.numbers` so that
/// million-point data sets cost 8 bytes per value; `.numbers(a)` and `.array(b)` compare
/// equal when they hold the same numbers. Use `arrayValue` / `numberArray` to read arrays
/// without caring which form the reader produced.
public enum JSONValue: Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  /// An array of numbers only, stored packed.
  case numbers([Double])
  /// An array of rows of one numeric shape, stored by column (`[{"x": 1, "y": 2}, …]`, `[[1, 2], …]`).
  case table(JSONTable)
  case object([String: JSONValue])
}

extension JSONValue: Equatable {
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case let (.bool(a), .bool(b)): return a == b
    case let (.number(a), .number(b)): return a == b
    case let (.string(a), .string(b)): return a == b
    case let (.array(a), .array(b)): return a == b
    case let (.numbers(a), .numbers(b)): return a == b
    case let (.numbers(a), .array(b)), let (.array(b), .numbers(a)):
      guard a.count == b.count else { return false }
      for (x, y) in zip(a, b) where y != .number(x) { return false }
      return true
    case let (.object(a), .object(b)): return a == b
    case let (.table(a), .table(b)) where a == b: return true
    // A table and an array are equal when they hold the same elements (rare: compared element-wise).
    case let (.table(t), other), let (other, .table(t)):
      guard let b = other.arrayValue, b.count == t.count else { return false }
      for (i, v) in b.enumerated() where t.element(i) != v { return false }
      return true
    default: return false
    }
  }
}

extension JSONValue: Hashable {
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let b): hasher.combine(1); hasher.combine(b)
    case .number(let d): hasher.combine(2); hasher.combine(d)
    case .string(let s): hasher.combine(3); hasher.combine(s)
    // Both array forms hash alike because they can compare equal.
    case .array(let a): hasher.combine(4); hasher.combine(a.count); for v in a { hasher.combine(v) }
    case .numbers(let a): hasher.combine(4); hasher.combine(a.count); for d in a { hasher.combine(JSONValue.number(d)) }
    case .object(let o): hasher.combine(5); hasher.combine(o)
    case .table(let t): hasher.combine(4); hasher.combine(t.count); for i in 0..<t.count { hasher.combine(t.element(i)) }
    }
  }
}

extension JSONValue {
  /// The JSON type name, for error messages ("expected a number, got a string").
  public var typeName: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array, .numbers, .table: return "an array"
    case .object: return "an object"
    }
  }

  public var isNull: Bool { if case .null = self { return true } else { return false } }

  public var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }

  public var numberValue: Double? { if case .number(let d) = self { return d } else { return nil } }

  /// The number as an `Int` when it is integral and in range.
  public var intValue: Int? {
    guard case .number(let d) = self, d.rounded() == d, abs(d) <= Double(Self.maxExactInteger) else { return nil }
    return Int(d)
  }

  /// The largest integer `intValue` reads, 2^53 − 1: above it a double no longer tells one
  /// integer from the next (9007199254740993 reads as 9007199254740992), so a count, an index or a
  /// version there would not be the one the sender wrote.
  public static let maxExactInteger = 9_007_199_254_740_991

  /// Why this value has no `intValue`, as a message: "expected an integer, got a fraction"; a
  /// whole number too large to be exact says so and quotes itself.
  public var notAnIntegerMessage: String {
    guard case .number(let d) = self else { return "expected an integer, got \(typeName)" }
    guard d.rounded() == d else { return "expected an integer, got a fraction" }
    return "expected an integer between -\(Self.maxExactInteger) and \(Self.maxExactInteger) (±(2^53 − 1)), got \(Self.numberText(d))"
  }

  /// `d` as JSONWriter writes it (the integer's digits up to 1e21, not "9.007199254740992e+15").
  private static func numberText(_ d: Double) -> String {
    var bytes: [UInt8] = []
    JSONWriter.writeNumber(d, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }

  public var objectValue: [String: JSONValue]? { if case .object(let o) = self { return o } else { return nil } }

  /// The elements of either array form.
  public var arrayValue: [JSONValue]? {
    switch self {
    case .array(let a): return a
    case .numbers(let a): return a.map(JSONValue.number)
    case .table(let t): return t.elements
    default: return nil
    }
  }

  /// The elements as numbers when the value is an array of numbers only.
  public var numberArray: [Double]? {
    switch self {
    case .numbers(let a): return a
    case .array(let a):
      var out = [Double]()
      out.reserveCapacity(a.count)
      for v in a { guard case .number(let d) = v else { return nil }; out.append(d) }
      return out
    default: return nil
    }
  }

  /// The number of elements of either array form, or nil.
  public var arrayCount: Int? {
    switch self {
    case .array(let a): return a.count
    case .numbers(let a): return a.count
    case .table(let t): return t.count
    default: return nil
    }
  }

  /// Member lookup on objects; nil for other values or missing keys.
  public subscript(key: String) -> JSONValue? {
    if case .object(let o) = self { return o.member(key) }
    return nil
  }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  public init(nilLiteral: ()) { self = .null }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(integerLiteral value: Int) { self = .number(Double(value)) }
  public init(floatLiteral value: Double) { self = .number(value) }
  public init(stringLiteral value: String) { self = .string(value) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    var o = [String: JSONValue]()
    for (k, v) in elements { o[k] = v }
    self = .object(o)
  }
}
