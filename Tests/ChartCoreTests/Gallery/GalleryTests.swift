import ChartdJSON
import Foundation
import Testing
@testable import ChartCore
#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Every built-in gallery example is a valid spec, renders deterministically to well-formed SVG,
/// and draws its data. Set CHARTD_GALLERY_DIR to write the SVGs out for a look.
@Suite struct GalleryTests {
  static func render(_ example: DemoGallery.Example) throws -> (spec: ChartSpec, svg: String) {
    let log = DiagnosticLog()
    let json = try JSONReader.parse(Array(example.spec.utf8))
    let spec = try #require(ChartSpec.parse(json, log: log), "\(example.name): \(log.items)")
    #expect(log.items.isEmpty, "\(example.name) has diagnostics: \(log.items)")
    return (spec, ChartRenderer.render(ChartModel(spec: spec), prefix: example.name).svg)
  }

  @Test(arguments: DemoGallery.examples.map(\.name))
  func exampleRendersWellFormedDeterministicSVG(name: String) throws {
    let example = try #require(DemoGallery.examples.first { $0.name == name })
    let (spec, svg) = try Self.render(example)
    #expect(try Self.render(example).svg == svg)
    let parser = XMLParser(data: Data(svg.utf8))
    #expect(parser.parse(), "\(name): \(parser.parserError.map { "\($0)" } ?? "not well-formed")")
    // Every visible data set draws something.
    for ds in spec.dataSets where ds.visible && spec.kind != .pie {
      let marker = "data-dataset=\"\(ds.id)\""
      let layer = svg.split(separator: "\n").first { $0.contains("data-role=\"series\"") && $0.contains(marker) }
      #expect(layer?.contains("<path") == true || layer?.contains("<rect") == true || layer?.contains("<circle") == true,
              "\(name): data set \(ds.id) draws nothing")
    }
    if let dir = ProcessInfo.processInfo.environment["CHARTD_GALLERY_DIR"] {
      try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
      try svg.write(toFile: dir + "/gallery-\(name).svg", atomically: true, encoding: .utf8)
    }
  }
}
