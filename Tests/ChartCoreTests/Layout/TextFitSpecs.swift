import ChartdJSON
@testable import ChartCore

/// Random chart specs full of long and short texts, for `TextFitPropertyTests`.
enum TextFitSpecs {
  static func int(_ rng: inout SeededRandom, _ r: ClosedRange<Int>) -> Int {
    r.lowerBound + Int(rng.next() % UInt64(r.upperBound - r.lowerBound + 1))
  }

  static func chance(_ rng: inout SeededRandom, _ p: Double) -> Bool { rng.uniform() < p }

  /// A text of 0…300 characters (mostly short) in Latin words, CJK, a mix, or one word without spaces.
  static func text(_ rng: inout SeededRandom) -> String {
    let length: Int
    switch int(&rng, 0, 9) {
    case 0: length = 0
    case 1...4: length = int(&rng, 1...12)
    case 5...7: length = int(&rng, 12...60)
    default: length = int(&rng, 60...300)
    }
    let script = int(&rng, 0...3)
    var s = ""
    while s.count < length {
      switch script {
      case 0:
        s += word(&rng) + " "
      case 1:
        s.unicodeScalars.append(Unicode.Scalar(0x4E00 + UInt32(int(&rng, 0...2000)))!)
      case 2:
        if chance(&rng, 0.5) { s += word(&rng) + " " } else {
          s.unicodeScalars.append(Unicode.Scalar(0x3041 + UInt32(int(&rng, 0...80)))!)
        }
      default:
        s += word(&rng)
      }
    }
    return String(s.prefix(length))
  }

  static func int(_ rng: inout SeededRandom, _ lo: Int, _ hi: Int) -> Int { int(&rng, lo...hi) }

  static func word(_ rng: inout SeededRandom) -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789éü")
    return String((0..<int(&rng, 1...12)).map { _ in letters[int(&rng, 0...(letters.count - 1))] })
  }

  static func values(_ rng: inout SeededRandom, _ n: Int, scale: Double) -> [JSONValue] {
    (0..<n).map { _ in .number(((rng.uniform() * scale) * 100).rounded() / 100) }
  }

  static func random(_ rng: inout SeededRandom) -> JSONValue {
    let kinds = ["line", "bar", "hbar", "scatter", "bubble", "candlestick", "pie", "donut", "radar", "combined"]
    let kind = kinds[int(&rng, 0...(kinds.count - 1))]
    // A quarter of the canvases are below the fitting envelope, down to 16 × 16 (a sparkline, an
    // icon): there the texts that cannot fit are left out rather than drawn over one another.
    let tiny = chance(&rng, 0.25)
    let width = tiny ? int(&rng, 16...160) : int(&rng, 160...900)
    let height = tiny ? int(&rng, 16...120) : int(&rng, 120...600)
    var spec: [String: JSONValue] = ["width": .number(Double(width)), "height": .number(Double(height))]
    if chance(&rng, 0.5) { spec["fontSize"] = .number(Double(int(&rng, 6...18))) }
    if chance(&rng, 0.6) { spec["title"] = .string(text(&rng)) }
    let sets = chance(&rng, 0.3) ? int(&rng, 1...60) : int(&rng, 1...4)
    let n = int(&rng, 2...12)
    let scale = [1.0, 100, 1e6, 0.001][int(&rng, 0...3)]
    var dataSets: [JSONValue] = []
    for k in 0..<sets {
      var ds: [String: JSONValue] = ["id": .string("d\(k)"), "label": .string(text(&rng))]
      switch kind {
      case "bubble":
        ds["entries"] = ["y": .array(values(&rng, n, scale: scale)), "size": .array(values(&rng, n, scale: 10))]
      case "candlestick":
        let open = values(&rng, n, scale: scale)
        ds["entries"] = ["open": .array(open), "high": .array(open.map { .number(($0.numberValue ?? 0) + scale) }),
                         "low": .array(open.map { .number(($0.numberValue ?? 0) - scale) }), "close": .array(open)]
      case "combined":
        ds["kind"] = .string(["bar", "line", "scatter"][k % 3])
        if k % 2 == 1 { ds["axis"] = "right" }
        ds["entries"] = .array(values(&rng, n, scale: scale))
      case "pie", "donut":
        ds["entries"] = .array((0..<n).map { _ in ["y": .number(1 + rng.uniform() * 9), "label": .string(text(&rng))] })
      default:
        ds["entries"] = .array(values(&rng, n, scale: scale))
      }
      dataSets.append(.object(ds))
      if kind == "pie" || kind == "donut" { break }
    }
    spec["dataSets"] = .array(dataSets)
    switch kind {
    case "hbar":
      spec["kind"] = "bar"
      spec["bars"] = ["horizontal": true]
    case "donut":
      spec["kind"] = "pie"
      spec["pie"] = ["holeRadius": .number(0.3 + rng.uniform() * 0.5), "centerText": .string(text(&rng))]
    case "pie":
      spec["kind"] = "pie"
      spec["pie"] = ["holeRadius": 0, "centerText": .string(text(&rng))]
    case "radar":
      spec["kind"] = "radar"
      spec["radar"] = ["categories": .array((0..<n).map { _ in .string(text(&rng)) })]
    default:
      spec["kind"] = .string(kind)
    }
    if kind != "pie", kind != "donut", kind != "radar" {
      var x: [String: JSONValue] = [:]
      if chance(&rng, 0.7) { x["title"] = .string(text(&rng)) }
      if kind == "candlestick" {
        x["format"] = "date"
      } else if kind == "bar" || kind == "hbar" || kind == "line" || kind == "combined", chance(&rng, 0.7) {
        x["format"] = ["type": "category", "labels": .array((0..<n).map { _ in .string(text(&rng)) })]
      }
      if chance(&rng, 0.15) { x["labelRotation"] = .number(Double([-90, -45, -30, 45, 90][int(&rng, 0...4)])) }
      if chance(&rng, 0.15) { x["labelPosition"] = .string(["top", "both", "insideBottom", "bottom"][int(&rng, 0...3)]) }
      // Custom labels and limit-line badges on the bands, fitted as the other frame texts.
      if chance(&rng, 0.25), x["format"] == nil {
        x["customLabels"] = .array((0..<int(&rng, 1...4)).map { _ in
          ["value": .number(rng.uniform() * Double(n - 1)), "text": .string(text(&rng))]
        })
      }
      spec["xAxis"] = .object(x)
      var left: [String: JSONValue] = [:]
      if chance(&rng, 0.7) { left["title"] = .string(text(&rng)) }
      if chance(&rng, 0.25) {
        left["customLabels"] = .array((0..<int(&rng, 1...4)).map { _ in ["value": .number(rng.uniform() * scale), "text": .string(text(&rng))] })
      }
      spec["leftAxis"] = .object(left)
      if chance(&rng, 0.25) {
        spec["limitLines"] = .array((0..<int(&rng, 1...3)).map { _ in
          ["value": .number(rng.uniform() * scale), "label": .string(text(&rng)), "labelPosition": "axis",
           "axis": chance(&rng, 0.3) && x["format"] == nil ? "x" : "left"]
        })
      }
      if kind == "combined", chance(&rng, 0.7) { spec["rightAxis"] = ["title": .string(text(&rng))] }
    }
    var legend: [String: JSONValue] = [:]
    legend["orientation"] = chance(&rng, 0.3) ? "vertical" : "horizontal"
    legend["horizontalAlignment"] = .string(["left", "center", "right"][int(&rng, 0...2)])
    legend["verticalAlignment"] = .string(["top", "center", "bottom"][int(&rng, 0...2)])
    if chance(&rng, 0.15) { legend["inside"] = true }
    if chance(&rng, 0.1) { legend["wordWrap"] = false }
    spec["legend"] = .object(legend)
    return .object(spec)
  }

  /// The issue's case (640×360): the gallery's `long-texts` example.
  static var issueCase: JSONValue {
    let example = DemoGallery.examples.first { $0.name == "long-texts" }
    return (try? JSONReader.parse(example?.spec ?? "")) ?? .null
  }
}
