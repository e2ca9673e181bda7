/// Where two JSON values first differ: the place a person should look, not a full diff.
///
/// "First" follows the order in which `JSONWriter` writes a value (object members by sorted key,
/// array elements by index), so it is also the first difference in the serialised bytes.
public struct JSONDifference: Sendable, Equatable, CustomStringConvertible {
  /// Where the values part ways ("" when the roots themselves differ).
  public var pointer: JSONPointer
  /// The value expected there; nil when it is absent.
  public var expected: JSONValue?
  /// The value found there; nil when it is absent.
  public var actual: JSONValue?

  public init(pointer: JSONPointer, expected: JSONValue?, actual: JSONValue?) {
    self.pointer = pointer
    self.expected = expected
    self.actual = actual
  }

  /// The longest excerpt of one value shown in `description`.
  public static let excerptCharacters = 100

  /// `at /result/svg: expected "…" but got "…"`, strings cut to a window around the first
  /// differing character so the change itself is visible even in a 100 KB SVG.
  public var description: String {
    let place = pointer.tokens.isEmpty ? "at the top level" : "at \(pointer)"
    switch (expected, actual) {
    case (nil, let actual?): return "\(place): unexpected \(JSONDifference.excerpt(actual))"
    case (let expected?, nil): return "\(place): expected \(JSONDifference.excerpt(expected)) but it is missing"
    case (.string(let e)?, .string(let a)?):
      let (ee, ae, offset) = JSONDifference.window(e, a)
      return "\(place) (character \(offset)): expected \(ee) but got \(ae)"
    case (let expected?, let actual?):
      return "\(place): expected \(JSONDifference.excerpt(expected)) but got \(JSONDifference.excerpt(actual))"
    case (nil, nil): return "\(place): no difference"
    }
  }

  /// The JSON text of `value`, shortened to `excerptCharacters`.
  public static func excerpt(_ value: JSONValue) -> String {
    let text = JSONWriter.string(value)
    guard text.count > excerptCharacters else { return text }
    return String(text.prefix(excerptCharacters)) + "…"
  }

  /// Both strings as JSON, cut to the same window around their first differing character.
  static func window(_ e: String, _ a: String) -> (String, String, Int) {
    let ec = Array(e), ac = Array(a)
    var first = 0
    while first < ec.count, first < ac.count, ec[first] == ac[first] { first += 1 }
    let before = 30
    let start = max(0, first - before)
    func cut(_ chars: [Character]) -> String {
      let end = min(chars.count, start + excerptCharacters)
      let body = JSONWriter.string(.string(String(chars[start..<end])))
      // Quotes kept, ellipses outside them: the excerpt stays readable as JSON text.
      return (start > 0 ? "…" : "") + body + (end < chars.count ? "…" : "")
    }
    return (cut(ec), cut(ac), first)
  }
}

extension JSONValue {
  /// The first place where `actual` differs from `expected`, or nil when they are equal.
  public static func firstDifference(expected: JSONValue, actual: JSONValue) -> JSONDifference? {
    firstDifference(expected, actual, at: .root)
  }

  private static func firstDifference(_ e: JSONValue, _ a: JSONValue, at pointer: JSONPointer) -> JSONDifference? {
    switch (e, a) {
    case (.object(let eo), .object(let ao)):
      for key in Set(eo.keys).union(ao.keys).sorted() {
        switch (eo[key], ao[key]) {
        case (let ev?, let av?):
          if let d = firstDifference(ev, av, at: pointer / key) { return d }
        case (let ev, let av):
          return JSONDifference(pointer: pointer / key, expected: ev, actual: av)
        }
      }
      return nil
    case (.array, _), (.numbers, _), (.table, _):
      // Any two array forms (a packed or columnar array equals the same plain one) compare by element.
      guard let ea = e.arrayValue, let aa = a.arrayValue else { return JSONDifference(pointer: pointer, expected: e, actual: a) }
      for i in 0..<max(ea.count, aa.count) {
        guard i < ea.count, i < aa.count else {
          let expected: JSONValue? = i < ea.count ? .some(ea[i]) : .none
          let actual: JSONValue? = i < aa.count ? .some(aa[i]) : .none
          return JSONDifference(pointer: pointer / i, expected: expected, actual: actual)
        }
        if let d = firstDifference(ea[i], aa[i], at: pointer / i) { return d }
      }
      return nil
    default:
      return e == a ? nil : JSONDifference(pointer: pointer, expected: e, actual: a)
    }
  }
}
