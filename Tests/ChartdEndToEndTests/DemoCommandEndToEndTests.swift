import Foundation
import Testing

/// `chartd demo`, the README's first command: the gallery written as SVG files and one page, the
/// same bytes on every run, and a clear refusal where it cannot write.
@Suite(.serialized) struct DemoCommandEndToEndTests {
  /// The SVG files in `dir`, by name.
  func charts(in dir: URL) throws -> [String: Data] {
    var out: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name.hasSuffix(".svg") {
      out[name] = try Data(contentsOf: dir.appendingPathComponent(name))
    }
    return out
  }

  @Test func writesEveryChartAndAPageShowingThemTheSameOnEveryRun() throws {
    let dir = try CommandRun.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let first = try CommandRun.chartd(["demo", "--out", "a"], in: dir)
    #expect(first.status == 0, "\(first.stderr)")
    let written = try charts(in: dir.appendingPathComponent("a"))
    // The count it reports is the files it wrote, and every kind of the gallery is among them.
    #expect(first.stdoutText.hasPrefix("chartd demo: wrote \(written.count) charts to "))
    #expect(first.stdoutText.hasSuffix("/a/index.html\n"))
    for kind in ["kline.svg", "donut.svg", "stacked-bars.svg", "scatter.svg", "bubble.svg", "radar.svg", "combined.svg"] {
      #expect(written[kind] != nil, "\(kind) missing")
    }
    let page = try String(contentsOf: dir.appendingPathComponent("a/index.html"), encoding: .utf8)
    for (name, svg) in written {
      let text = String(decoding: svg, as: UTF8.self)
      #expect(text.hasPrefix("<svg ") && text.hasSuffix("</svg>\n"), "\(name)")
      #expect(page.contains(text.trimmingCharacters(in: .newlines)), "\(name) is not on the page")
      #expect(page.contains("\(name), "), "\(name) has no caption")
    }
    let second = try CommandRun.chartd(["demo", "--out", "b"], in: dir)
    #expect(second.status == 0)
    #expect(try charts(in: dir.appendingPathComponent("b")) == written)
  }

  @Test func refusesWhereItCannotWrite() throws {
    let dir = try CommandRun.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    // A file where the directory should be.
    try Data("x".utf8).write(to: dir.appendingPathComponent("taken"))
    let blocked = try CommandRun.chartd(["demo", "--out", "taken/out"], in: dir)
    #expect(blocked.status == 1)
    #expect(blocked.stderr.contains("chartd: cannot create 'taken/out'"), "\(blocked.stderr)")
    // A directory where a chart's file should be.
    try FileManager.default.createDirectory(at: dir.appendingPathComponent("out/kline.svg"), withIntermediateDirectories: true)
    let occupied = try CommandRun.chartd(["demo", "--out", "out"], in: dir)
    #expect(occupied.status == 1)
    #expect(occupied.stderr.contains("chartd: cannot write 'out/kline.svg'"), "\(occupied.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/index.html").path))
  }
}
