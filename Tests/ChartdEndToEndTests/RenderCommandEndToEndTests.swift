import Foundation
import Testing

/// `chartd render` as people use it: options in any order, stdin/stdout, prefixes, clear refusals.
@Suite(.serialized) struct RenderCommandEndToEndTests {
  static let spec = Data(#"{"kind":"line","dataSets":[{"id":"a","entries":[1,3,2,5]}]}"#.utf8)

  func withSpec(_ body: (URL) throws -> Void) throws {
    let dir = try CommandRun.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Self.spec.write(to: dir.appendingPathComponent("spec.json"))
    try body(dir)
  }

  @Test func theOutputOptionMayComeFirst() throws {
    try withSpec { dir in
      let run = try CommandRun.chartd(["render", "-o", "out.svg", "spec.json"], in: dir)
      #expect(run.status == 0, "\(run.stderr)")
      let svg = try String(contentsOf: dir.appendingPathComponent("out.svg"), encoding: .utf8)
      #expect(svg.hasPrefix("<svg ") && svg.hasSuffix("</svg>\n"))
      #expect(try CommandRun.chartd(["render", "spec.json"], in: dir).stdoutText == svg)
    }
  }

  @Test func stdinToStdout() throws {
    let run = try CommandRun.chartd(["render", "-", "-o", "-"], stdin: Self.spec)
    #expect(run.status == 0)
    #expect(run.stdoutText.hasPrefix("<svg "))
  }

  @Test func idPrefixesKeepTwoInlinedChartsApart() throws {
    let first = try CommandRun.chartd(["render", "-"], stdin: Self.spec).stdoutText
    let second = try CommandRun.chartd(["render", "--id-prefix", "sales", "-"], stdin: Self.spec).stdoutText
    let ids = { (svg: String) in Set(svg.matches(of: #/ id="([^"]+)"/#).map { String($0.1) }) }
    #expect(ids(first).contains("chart") && ids(second).contains("sales"))
    #expect(ids(first).isDisjoint(with: ids(second)))
    // References (clip paths, gradients) follow the prefix too.
    #expect(!second.contains("url(#chart"))
  }

  @Test func sizeAndThemeOverrides() throws {
    let run = try CommandRun.chartd(["render", "--width", "300", "--height", "120", "--theme", "dark", "-"], stdin: Self.spec)
    #expect(run.stdoutText.contains(#"width="300" height="120""#))
    let light = try CommandRun.chartd(["render", "-"], stdin: Self.spec).stdoutText
    #expect(run.stdoutText.replacingOccurrences(of: #"width="300" height="120""#, with: "") != light)
  }

  @Test func refusalsSayWhy() throws {
    try withSpec { dir in
      let missing = try CommandRun.chartd(["render", "nope.json"], in: dir)
      #expect(missing.status == 1)
      #expect(missing.stderr.contains("cannot read 'nope.json': No such file or directory"))
      let png = try CommandRun.chartd(["render", "-o", "chart.png", "spec.json"], in: dir)
      #expect(png.status == 2)
      #expect(png.stderr.contains("chartd renders SVG only"))
      #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("chart.png").path))
      let help = try CommandRun.chartd(["render", "--help"], in: dir)
      #expect(help.status == 0 && help.stdoutText.hasPrefix("usage: chartd render"))
    }
  }

  @Test func helpListsCommandsAndSchemaPrintsOne() throws {
    let help = try CommandRun.chartd(["--help"])
    for command in ["render", "replay", "schema", "demo"] { #expect(help.stdoutText.contains("chartd \(command)")) }
    let schema = try CommandRun.chartd(["schema"])
    #expect(schema.status == 0)
    #expect(schema.stdoutText.contains(#""$id": "chart-spec.schema.json""#))
  }
}
