import ChartdJSON

/// Builds chart specs, edit batches and protocol messages as JSON, every decision taken from a
/// `ChoiceSource`.
///
/// Most of what it builds is valid (so that deep code runs), with a share of invalid input mixed
/// in: wrong types, out-of-range numbers, unknown ids, indexes past the end. It knows the wire
/// format from `protocol/` only, not from the code that reads it.
public struct Generator {
  public let source: any ChoiceSource

  public init(_ source: any ChoiceSource) { self.source = source }

  /// Shorthand for the source's choice.
  func choose(_ bound: Int) -> Int { source.choose(below: bound) }

  func chance(_ numerator: Int, in denominator: Int) -> Bool { source.chance(numerator, in: denominator) }

  func pick<T>(_ options: [T]) -> T { source.pick(options) }

  /// `true` or `false` (false when exhausted).
  func bool() -> Bool { choose(2) == 1 }

  /// An object holding a random subset of the given optional members (none when exhausted).
  func someOf(_ members: [(String, () -> JSONValue)], share: Int = 3) -> JSONValue {
    var o: [String: JSONValue] = [:]
    for (key, make) in members where chance(1, in: share) { o[key] = make() }
    return .object(o)
  }
}
