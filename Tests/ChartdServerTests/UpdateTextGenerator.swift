/// Writes `chart/update` message texts, plain and not: every member and value in the forms a
/// client may send, some refused, some not JSON, with whitespace anywhere and bytes broken now
/// and then. Seeded, so that a failure comes back.
struct UpdateTextGenerator {
  var rng: Mix

  init(seed: UInt64) { rng = Mix(state: seed) }

  /// A small deterministic generator (splitmix64).
  struct Mix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
  mutating func pick<T>(_ xs: [T]) -> T { xs[Int.random(in: 0..<xs.count, using: &rng)] }

  /// Whitespace, usually none.
  mutating func space() -> String { chance(0.85) ? "" : pick([" ", "\n", "\t", "\r\n ", "  "]) }

  /// An object of `members` (name, value text), shuffled now and then.
  mutating func object(_ members: [(String, String)]) -> String {
    var members = members
    if chance(0.3) { members.shuffle(using: &rng) }
    let parts = members.map { "\(space())\"\($0.0)\"\(space()):\(space())\($0.1)\(space())" }
    return "{" + parts.joined(separator: ",") + (members.isEmpty ? space() : "") + "}"
  }

  mutating func array(_ elements: [String]) -> String {
    "[" + elements.map { space() + $0 + space() }.joined(separator: ",") + "]"
  }

  /// A number literal, in the many ways one is written (and a few that are not JSON).
  mutating func number() -> String {
    pick(["0", "1", "7", "-3", "2.5", "-0.125", "1e3", "1E-2", "6.02e+23", "123456789012345", "1234567890123456",
          "12345678901234567890123", "0.1", "100", "-0", "3.0", "1e400", "01", "1.", ".5", "+1", "NaN", "5"])
  }

  /// An integer where one is expected (count, index, version, id), mostly plain.
  mutating func integer() -> String {
    chance(0.8) ? String(Int.random(in: 0..<40, using: &rng)) : pick(["-1", "2.5", "1e1", "\"3\"", "null", "1.0", "999999999999999", "10000000000000000", "true", "00"])
  }

  mutating func string() -> String {
    chance(0.8) ? pick(["\"s\"", "\"ref\"", "\"s\"", "\"abc\""])
      : pick(["\"\"", "\"a\\\"b\"", "\"caf\u{e9}\"", "\"tab\\t\"", "\"s\\u0041\"", "5", "null", "\"abcdefgh\"", "\"a\u{1}b\""])
  }

  mutating func bool() -> String { chance(0.85) ? pick(["true", "false"]) : pick(["1", "null", "\"yes\""]) }

  /// Entries in one of the forms, sometimes mixed or broken.
  mutating func entries() -> String {
    let n = Int.random(in: 0...(chance(0.2) ? 6 : 3), using: &rng)
    let form = Int.random(in: 0..<3, using: &rng)
    var out: [String] = []
    for _ in 0..<n {
      let f = chance(0.05) ? Int.random(in: 0..<3, using: &rng) : form
      switch f {
      case 0: out.append(chance(0.95) ? number() : pick(["null", "\"x\"", "true"]))
      case 1:
        var pair = [number(), number()]
        if chance(0.05) { pair = pick([[number()], [number(), number(), number()], [number(), "null"]]) }
        out.append(array(pair))
      default:
        var members = [("x", number()), ("y", number())]
        if chance(0.1) { members = pick([[("y", number())], [("x", number())], [("x", number()), ("y", "null")],
                                         [("x", number()), ("y", number()), ("label", string())], [("x", number()), ("x", number())]]) }
        out.append(object(members))
      }
    }
    return chance(0.03) ? pick(["null", "{\"y\": [1, 2]}", "5"]) : array(out)
  }

  mutating func highlights() -> String {
    let n = Int.random(in: 0...2, using: &rng)
    var out: [String] = []
    for _ in 0..<n {
      var members = [("dataSet", string()), ("index", integer())]
      if chance(0.2) { members.append(("stackIndex", integer())) }
      if chance(0.05) { members.removeLast() }
      if chance(0.05) { members.append(("extra", "1")) }
      out.append(object(members))
    }
    return array(out)
  }

  /// One edit object.
  mutating func edit() -> String {
    let op = chance(0.9) ? pick(["appendEntries", "appendEntries", "updateEntries", "removeEntries", "setVisibility", "setHighlight"])
      : pick(["resize", "setViewport", "frobnicate", "removeDataSet"])
    var members: [(String, String)] = [("op", chance(0.97) ? "\"\(op)\"" : pick(["5", "null", "\"append\\u0045ntries\""]))]
    switch op {
    case "appendEntries":
      members += [("dataSet", string()), ("entries", entries())]
      if chance(0.2) { members.append(("maxEntries", pick(["0", "1", "5", "-1", "1.5", "10000001", "3"]))) }
    case "updateEntries": members += [("dataSet", string()), ("start", integer()), ("entries", entries())]
    case "removeEntries": members += [("dataSet", string()), ("start", integer()), ("count", integer())]
    case "setVisibility":
      members += [("dataSet", string()), ("visible", bool())]
      if chance(0.3) { members.append(("entry", integer())) }
    case "setHighlight": members.append(("highlights", highlights()))
    case "resize": members += [("width", "300"), ("height", "200")]
    case "setViewport": members += [("xMin", "1"), ("xMax", "5")]
    default: members.append(("dataSet", string()))
    }
    if chance(0.05) { members.removeLast() }
    if chance(0.05) { members.append(pick([("extra", "1"), ("visible", "true"), ("entries", "[1]"), ("op", "\"setHighlight\"")])) }
    return object(members)
  }

  /// The params of one update of `uri`.
  mutating func params(uri: String, version: Int?) -> String {
    var members: [(String, String)] = [("uri", chance(0.97) ? "\"\(uri)\"" : string())]
    if let version { members.append(("version", chance(0.95) ? String(version) : integer())) }
    let n = Int.random(in: 0...(chance(0.1) ? 4 : 2), using: &rng)
    var edits: [String] = []
    for _ in 0..<n { edits.append(edit()) }
    members.append(("edits", chance(0.98) ? array(edits) : pick(["null", "{}", "5"])))
    if chance(0.03) { members.append(("baseVersion", "1")) }
    return object(members)
  }

  /// One message, its bytes broken now and then.
  mutating func message() -> String {
    let id = chance(0.8) ? String(Int.random(in: 0..<1000, using: &rng)) : pick(["\"r-1\"", "null", "1.5", "-2", "\"a\\\"b\"", "true"])
    var members: [(String, String)] = [("jsonrpc", chance(0.97) ? "\"2.0\"" : pick(["\"1.0\"", "2"])), ("id", id),
                                       ("method", chance(0.95) ? "\"chart/update\"" : pick(["\"chart/open\"", "\"chart/updates\""])),
                                       ("params", params(uri: "mem:a", version: chance(0.9) ? Int.random(in: 0..<50, using: &rng) : nil))]
    if chance(0.03) { members.remove(at: Int.random(in: 0..<members.count, using: &rng)) }
    if chance(0.03) { members.append(pick([("extra", "1"), ("id", "9")])) }
    var text = Array(object(members).utf8)
    if chance(0.08), !text.isEmpty {
      let at = Int.random(in: 0..<text.count, using: &rng)
      switch Int.random(in: 0..<3, using: &rng) {
      case 0: text.remove(at: at)
      case 1: text[at] = pick(Array("{}[],:\"0 a\\".utf8))
      default: text.removeSubrange(at...)
      }
    }
    return String(decoding: text, as: UTF8.self) + space()
  }

  /// `count` updates of `uri` with ids from `firstID` on and rising versions (a few go back).
  mutating func session(uri: String, count: Int, firstID: Int) -> [String] {
    (0..<count).map { k in
      let version = chance(0.05) ? 1 : 2 + k
      let text = object([("jsonrpc", "\"2.0\""), ("id", String(firstID + k)), ("method", "\"chart/update\""),
                         ("params", params(uri: uri, version: chance(0.95) ? version : nil))])
      return text
    }
  }
}
