import ChartdJSON

/// Leaf values: names, labels, numbers and colours, plain and hostile.
extension Generator {
  /// Data set ids that collide with region name parts, need encoding, or carry markup.
  static let hostileNames = [
    "#entry-0", "#entry-1", "doc-plot", "_", "_5f_", "a-0", "s-a-0", "legend", "plot", "売上", "数据", "데이터",
    "<b>bold</b>", "a&amp;b", "\"quoted\" 'single'", "a b", "tab\there", "line\nbreak", "🙂", "é", "ｘ",
    "]]>", "<!--", "x\u{7f}", "\u{1}", "-", "0", "id=\"x\"", String(repeating: "W", count: 120),
  ]

  /// A data set id: plain short names most of the time, hostile ones otherwise.
  func name() -> String {
    chance(1, in: 3) ? pick(Self.hostileNames) : pick(["a", "b", "c", "d", "e", "north", "south", "Series 1"])
  }

  /// A label, title or stack label: plain, empty, hostile or long.
  func label() -> String {
    switch choose(8) {
    case 0, 1, 2: return pick(["Sales", "Q1", "Jan", "Temperature (°C)", "Rain (mm)", "x"])
    case 3: return ""
    case 4: return String(repeating: pick(["M", "i", "売", "🙂"]), count: 1 + choose(80))
    default: return pick(Self.hostileNames)
    }
  }

  /// A y-like value: small integers and decimals mostly, sometimes null (unless `nulls` is false)
  /// or an extreme magnitude.
  func value(nulls: Bool = true) -> JSONValue {
    switch choose(20) {
    case 14...15 where !nulls: return .number(Double(choose(9)))
    case 0...9: return .number(Double(choose(21) - 5))
    case 10...13: return .number(Double(choose(20001) - 10000) / 100)
    case 14, 15: return .null
    case 16: return .number(pick([1e-300, -1e-300, Double.leastNonzeroMagnitude, 1e300, -1e300, 1.7976931348623157e308, -0.0, 1e15, 9_007_199_254_740_994, 0.1]))
    case 17: return .number(Double(choose(2_000_000)) - 1_000_000)
    case 18: return .number(finiteBits())
    default: return .number(0)
    }
  }

  /// A finite number from raw bits (NaN and infinities are not JSON, so they fold to 0).
  func finiteBits() -> Double {
    let d = Double(bitPattern: source.bits())
    return d.isFinite ? d : 0
  }

  /// A number that is rarely a sensible value: for the wrong-value half of invalid edits.
  func hostileNumber() -> JSONValue {
    .number(pick([-1, 0.5, 1e300, -1e300, 1e-300, 9_007_199_254_740_994, 1.5e19, -0.0, 2_147_483_648, 1e16]))
  }

  /// A value of a type nothing expects where it is put.
  func wrongValue() -> JSONValue {
    pick([.string("x"), .bool(true), .null, .array([]), .object([:]), .number(-1), .number(1e300), .number(0.5),
          .string(""), .array([.number(1)]), .number(1e-300), .string("12")])
  }

  /// A colour in one of the accepted notations, or (rarely) an invalid one.
  func color() -> JSONValue {
    switch choose(10) {
    case 0, 1, 2: return .string(pick(["#4e79a7", "#e15759", "#59a14f", "#f28e2b", "#76b7b2"]))
    case 3: return .string(pick(["#abc", "#abcd", "#11223344", "#4e79a700"]))
    case 4: return .string(pick(["rgb(10, 20, 30)", "rgba(255, 0, 0, 0.5)", "rgba(0,0,0,0)", "rgb(100% 50% 0% / 25%)",
                                 "hsl(210, 40%, 45%)", "hsla(0.5turn 80% 30% / 0.4)"]))
    case 5: return .string(pick(["steelblue", "tomato", "transparent", "gold", "Black", "rebeccapurple", "LightSeaGreen"]))
    case 6 where chance(1, in: 4): return .string(pick(["not-a-colour", "#12345", "rgb(1,2)", "", "stelblue", "hsl(0, 101%, 50%)"]))
    default: return .string(pick(["red", "teal", "#000", "#fff"]))
    }
  }

  /// A dash pattern: empty, a few lengths, or an invalid one.
  func dash() -> JSONValue {
    switch choose(6) {
    case 0, 1: return []
    case 2, 3, 4: return .array((0..<(1 + choose(4))).map { _ in .number(Double(choose(12))) })
    default: return chance(1, in: 3) ? .array([.number(4), .number(-2)]) : .array([.number(0), .number(0)])
    }
  }

  /// A number in a range, sometimes just outside it (an invalid value).
  func number(_ lower: Double, _ upper: Double, outside: Int = 40) -> JSONValue {
    if chance(1, in: outside) { return .number(pick([lower - 1, upper + 1, upper * 10 + 1])) }
    return .number(source.double(lower, upper))
  }

  /// An integer in a range, sometimes just outside it or with a fraction.
  func integer(_ lower: Int, _ upper: Int, outside: Int = 40) -> JSONValue {
    if chance(1, in: outside) { return .number(pick([Double(lower) - 1, Double(upper) + 1, Double(lower) + 0.5])) }
    return .number(Double(source.int(in: lower...upper)))
  }
}
