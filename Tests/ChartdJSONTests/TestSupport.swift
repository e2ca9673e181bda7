@testable import ChartdJSON

/// A small deterministic generator so property tests are reproducible.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Parses `text`, returning the error instead of throwing it.
func parseError(_ bytes: [UInt8], maxDepth: Int = 512) -> JSONParseError? {
  do {
    _ = try JSONReader.parse(bytes, maxDepth: maxDepth)
    return nil
  } catch let error as JSONParseError {
    return error
  } catch {
    return JSONParseError(offset: -1, message: "unexpected error type \(error)")
  }
}

func parseError(_ text: String, maxDepth: Int = 512) -> JSONParseError? {
  parseError(Array(text.utf8), maxDepth: maxDepth)
}

/// True when both values are the same case with the same payload, so `.numbers` vs `.array`
/// (which `==` treats as equal) can be told apart.
func sameShape(_ a: JSONValue, _ b: JSONValue) -> Bool {
  switch (a, b) {
  // A table is the packed form of rows: its elements are what it stands for.
  case (.table(let t), _): return sameShape(.array(t.elements), b)
  case (_, .table(let t)): return sameShape(a, .array(t.elements))
  case (.numbers(let x), .numbers(let y)): return x == y
  case (.array(let x), .array(let y)):
    return x.count == y.count && zip(x, y).allSatisfy { sameShape($0, $1) }
  case (.object(let x), .object(let y)):
    return x.count == y.count && x.allSatisfy { key, value in y[key].map { sameShape(value, $0) } ?? false }
  case (.numbers, _), (_, .numbers), (.array, _), (_, .array), (.object, _), (_, .object): return false
  default: return a == b
  }
}
