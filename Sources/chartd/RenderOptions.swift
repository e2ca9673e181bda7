import ChartCore
import ChartdProtocol

/// `chartd render`: what to render and where, read from options in any order.
struct RenderOptions: Equatable {
  /// The spec file, or `-` for stdin.
  var spec = "-"
  /// The SVG file, or `-` (the default) for stdout.
  var output = "-"
  /// The prefix of every element id: two charts inlined in one page need different ones.
  var idPrefix = "chart"
  var width: Double?
  var height: Double?
  var theme: String?

  static let usage = """
    usage: chartd render [options] SPEC.json [OUT.svg]

    Renders one chart spec (protocol/spec/chart-spec.md) to SVG, without a session. SPEC.json may
    be - to read stdin; the SVG goes to stdout unless an output is named. Options, in any order:
      -o, --output OUT.svg   write the SVG there (- for stdout); chartd writes SVG only
      --id-prefix P          prefix of every element id (default chart): give each chart inlined
                             in one HTML page its own, or their ids and clip paths collide
      --width N, --height N  override the spec's size (16 … 16384 px)
      --theme T              override the spec's theme: \(ThemeName.allCases.map(\.rawValue).joined(separator: ", "))
      -h, --help             this text
    Diagnostics go to stderr; the exit status is 1 when the spec has errors, 2 for bad options.
    """

  static func parse(_ args: [String]) throws(ArgumentError) -> Arguments.Command {
    var o = RenderOptions()
    var operands: [String] = []
    var outputOption: String?
    var cursor = ArgumentCursor(args)
    while let word = try cursor.next() {
      switch word {
      case .option("-o"), .option("--output"): outputOption = try cursor.value(for: "--output")
      case .option("--id-prefix"):
        o.idPrefix = try cursor.value(for: "--id-prefix")
        guard IDPrefix.isValid(o.idPrefix) else {
          throw ArgumentError("--id-prefix must start with a letter and hold only letters, digits, '-' and '_' (at most 64), got '\(o.idPrefix)'")
        }
      case .option("--width"): o.width = try size(&cursor, "--width")
      case .option("--height"): o.height = try size(&cursor, "--height")
      case .option("--theme"):
        let t = try cursor.value(for: "--theme")
        guard ThemeName(rawValue: t) != nil else {
          throw ArgumentError("--theme must be one of \(ThemeName.allCases.map(\.rawValue).joined(separator: ", ")), got '\(t)'")
        }
        o.theme = t
      case .option("--help"), .option("-h"): return .help("render")
      case .option(let name): throw ArgumentError("render: unknown option '\(name)'")
      case .operand(let word): operands.append(word)
      }
    }
    guard let spec = operands.first else { throw ArgumentError("render: name the spec file (or - for stdin)") }
    guard operands.count <= 2 else { throw ArgumentError("render: one spec and at most one output, got '\(operands.joined(separator: "' '"))'") }
    if operands.count == 2, outputOption != nil { throw ArgumentError("render: the output is named twice ('\(operands[1])' and -o)") }
    o.spec = spec
    o.output = outputOption ?? (operands.count == 2 ? operands[1] : "-")
    try checkWritable(o.output)
    return .render(o)
  }

  /// chartd writes SVG only: another extension would give a file its name misdescribes.
  static func checkWritable(_ output: String) throws(ArgumentError) {
    guard output != "-", !output.lowercased().hasSuffix(".svg") else { return }
    throw ArgumentError("cannot write '\(output)': chartd renders SVG only, so the output must end in .svg (or be - for stdout); "
      + "convert the SVG for other formats, e.g. rsvg-convert -f png chart.svg -o chart.png")
  }

  private static func size(_ cursor: inout ArgumentCursor, _ option: String) throws(ArgumentError) -> Double {
    let v = try cursor.value(for: option)
    guard let n = Double(v), ChartSpec.sizeRange.contains(n) else {
      throw ArgumentError("\(option) must be a number from \(Int(ChartSpec.sizeRange.lowerBound)) to \(Int(ChartSpec.sizeRange.upperBound)), got '\(v)'")
    }
    return n
  }
}
