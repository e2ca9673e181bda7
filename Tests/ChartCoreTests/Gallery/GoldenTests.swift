import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// The gallery's SVG bytes are pinned: one golden file per example (every chart kind and headline
/// feature), reviewed as pictures when written. CHARTD_UPDATE_GOLDEN=1 rewrites them after an
/// intended change — then look at them again (rsvg-convert) before committing.
@Suite struct GoldenTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Golden")

  @Test(arguments: DemoGallery.examples.map(\.name))
  func galleryMatchesGolden(name: String) throws {
    let example = try #require(DemoGallery.examples.first { $0.name == name })
    let svg = try GalleryTests.render(example).svg
    let file = Self.folder.appendingPathComponent("\(name).svg")
    if ProcessInfo.processInfo.environment["CHARTD_UPDATE_GOLDEN"] == "1" {
      try svg.write(to: file, atomically: true, encoding: .utf8)
      return
    }
    let golden = try String(contentsOf: file, encoding: .utf8)
    #expect(svg == golden, "\(name).svg differs from its golden file (CHARTD_UPDATE_GOLDEN=1 to rewrite after review)")
  }
}
