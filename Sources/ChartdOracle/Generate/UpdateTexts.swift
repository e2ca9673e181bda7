/// Writes `chart/update` message texts, plain and not: every member and value in the forms a
/// client may send, some refused, some not JSON, with whitespace anywhere and bytes broken now and
/// then. Text, not `JSONValue`s: what is tested is how the bytes are read
/// (`FuzzChecks.preparedUpdate`). Choice 0 is always the plain, valid option.
public struct UpdateTexts {
  public let source: any ChoiceSource

  public init(_ source: any ChoiceSource) { self.source = source }

  func chance(_ numerator: Int, in denominator: Int) -> Bool { source.chance(numerator, in: denominator) }
  func pick<T>(_ options: [T]) -> T { source.pick(options) }

  /// Whitespace, usually none.
  func space() -> String { chance(15, in: 100) ? pick([" ", "\n", "\t", "\r\n ", "  "]) : "" }

  /// An object of `members` (name, value text), in another order now and then.
  func object(_ members: [(String, String)]) -> String {
    var members = members
    if chance(3, in: 10) {
      for i in members.indices.reversed() { members.swapAt(i, source.choose(below: i + 1)) }
    }
    let parts = members.map { "\(space())\"\($0.0)\"\(space()):\(space())\($0.1)\(space())" }
    return "{" + parts.joined(separator: ",") + (members.isEmpty ? space() : "") + "}"
  }

  func array(_ elements: [String]) -> String {
    "[" + elements.map { space() + $0 + space() }.joined(separator: ",") + "]"
  }

  /// A number literal, in the many ways one is written (and a few that are not JSON).
  func number() -> String {
    pick(["5", "0", "1", "7", "-3", "2.5", "-0.125", "1e3", "1E-2", "6.02e+23", "123456789012345", "1234567890123456",
          "12345678901234567890123", "0.1", "100", "-0", "3.0", "1e400", "01", "1.", ".5", "+1", "NaN"])
  }

  /// An integer where one is expected (count, index, version, id), mostly plain.
  func integer() -> String {
    chance(2, in: 10) ? pick(["-1", "2.5", "1e1", "\"3\"", "null", "1.0", "999999999999999", "10000000000000000", "true", "00"])
      : String(source.choose(below: 40))
  }

  func string() -> String {
    chance(2, in: 10) ? pick(["\"\"", "\"a\\\"b\"", "\"caf\u{e9}\"", "\"tab\\t\"", "\"s\\u0041\"", "5", "null", "\"abcdefgh\"", "\"a\u{1}b\""])
      : pick(["\"s\"", "\"ref\"", "\"s\"", "\"abc\""])
  }

  func bool() -> String { chance(15, in: 100) ? pick(["1", "null", "\"yes\""]) : pick(["true", "false"]) }

  /// Entries in one of the forms, sometimes mixed or broken.
  func entries() -> String {
    let n = source.int(in: 1...(chance(2, in: 10) ? 6 : 3)) - (chance(1, in: 10) ? 1 : 0)
    let form = source.choose(below: 3)
    var out: [String] = []
    for _ in 0..<n {
      let f = chance(5, in: 100) ? source.choose(below: 3) : form
      switch f {
      case 0: out.append(chance(5, in: 100) ? pick(["null", "\"x\"", "true"]) : number())
      case 1:
        var pair = [number(), number()]
        if chance(5, in: 100) { pair = pick([[number()], [number(), number(), number()], [number(), "null"]]) }
        out.append(array(pair))
      default:
        var members = [("x", number()), ("y", number())]
        if chance(1, in: 10) {
          members = pick([[("y", number())], [("x", number())], [("x", number()), ("y", "null")],
                          [("x", number()), ("y", number()), ("label", string())], [("x", number()), ("x", number())]])
        }
        out.append(object(members))
      }
    }
    return chance(3, in: 100) ? pick(["null", "{\"y\": [1, 2]}", "5"]) : array(out)
  }

  func highlights() -> String {
    var out: [String] = []
    for _ in 0..<source.choose(below: 3) {
      var members = [("dataSet", string()), ("index", integer())]
      if chance(2, in: 10) { members.append(("stackIndex", integer())) }
      if chance(5, in: 100) { members.removeLast() }
      if chance(5, in: 100) { members.append(("extra", "1")) }
      out.append(object(members))
    }
    return array(out)
  }

  /// One edit object.
  func edit() -> String {
    let op = chance(1, in: 10) ? pick(["resize", "setViewport", "frobnicate", "removeDataSet"])
      : pick(["appendEntries", "appendEntries", "updateEntries", "removeEntries", "setVisibility", "setHighlight"])
    var members: [(String, String)] = [("op", chance(3, in: 100) ? pick(["5", "null", "\"append\\u0045ntries\""]) : "\"\(op)\"")]
    switch op {
    case "appendEntries":
      members += [("dataSet", string()), ("entries", entries())]
      if chance(2, in: 10) { members.append(("maxEntries", pick(["3", "0", "1", "5", "-1", "1.5", "10000001"]))) }
    case "updateEntries": members += [("dataSet", string()), ("start", integer()), ("entries", entries())]
    case "removeEntries": members += [("dataSet", string()), ("start", integer()), ("count", integer())]
    case "setVisibility":
      members += [("dataSet", string()), ("visible", bool())]
      if chance(3, in: 10) { members.append(("entry", integer())) }
    case "setHighlight": members.append(("highlights", highlights()))
    case "resize": members += [("width", "300"), ("height", "200")]
    case "setViewport": members += [("xMin", "1"), ("xMax", "5")]
    default: members.append(("dataSet", string()))
    }
    if chance(5, in: 100) { members.removeLast() }
    if chance(5, in: 100) { members.append(pick([("extra", "1"), ("visible", "true"), ("entries", "[1]"), ("op", "\"setHighlight\"")])) }
    return object(members)
  }

  /// The params of one update of `uri` (without `version` when it is nil).
  func params(uri: String, version: Int?) -> String {
    var members: [(String, String)] = [("uri", chance(3, in: 100) ? string() : "\"\(uri)\"")]
    if let version { members.append(("version", chance(5, in: 100) ? integer() : String(version))) }
    var edits: [String] = []
    for _ in 0..<source.int(in: 0...(chance(1, in: 10) ? 4 : 2)) { edits.append(edit()) }
    members.append(("edits", chance(2, in: 100) ? pick(["null", "{}", "5"]) : array(edits)))
    if chance(3, in: 100) { members.append(("baseVersion", "1")) }
    return object(members)
  }

  /// One message, its bytes broken now and then.
  public func message() -> [UInt8] {
    let id = chance(2, in: 10) ? pick(["\"r-1\"", "null", "1.5", "-2", "\"a\\\"b\"", "true"]) : String(source.choose(below: 1000))
    var members: [(String, String)] = [
      ("jsonrpc", chance(3, in: 100) ? pick(["\"1.0\"", "2"]) : "\"2.0\""), ("id", id),
      ("method", chance(5, in: 100) ? pick(["\"chart/open\"", "\"chart/updates\""]) : "\"chart/update\""),
      ("params", params(uri: "mem:a", version: chance(1, in: 10) ? nil : source.choose(below: 50))),
    ]
    if chance(3, in: 100) { members.remove(at: source.choose(below: members.count)) }
    if chance(3, in: 100) { members.append(pick([("extra", "1"), ("id", "9")])) }
    var text = Array(object(members).utf8)
    if chance(8, in: 100), !text.isEmpty {
      let at = source.choose(below: text.count)
      switch source.choose(below: 3) {
      case 0: text.remove(at: at)
      case 1: text[at] = pick(Array("{}[],:\"0 a\\".utf8))
      default: text.removeSubrange(at...)
      }
    }
    return text + Array(space().utf8)
  }

  /// `count` updates of `uri` with ids from `firstID` on and rising versions (a few go back).
  public func session(uri: String, count: Int, firstID: Int) -> [[UInt8]] {
    (0..<count).map { k in
      let version = chance(5, in: 100) ? 1 : 2 + k
      return Array(object([("jsonrpc", "\"2.0\""), ("id", String(firstID + k)), ("method", "\"chart/update\""),
                           ("params", params(uri: uri, version: chance(5, in: 100) ? nil : version))]).utf8)
    }
  }
}
