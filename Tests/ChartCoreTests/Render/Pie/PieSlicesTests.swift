import Foundation
import Testing
@testable import ChartCore

/// Slice angles, value rules and colours.
@Suite struct PieSlicesTests {
  @Test(arguments: [360.0, 180.0, 270.0, 90.0])
  func sweepsAddUpToTheMaxAngle(_ maxAngle: Double) {
    let model = ChartModel(spec: PieFixtures.spec([3, 1, 4, 1, 5, 9, 2, 6]) { $0.pie.maxAngle = maxAngle; $0.pie.rotation = 30 })
    let result = PieSlices.compute(model)
    #expect(result.slices.count == 8)
    let total = result.slices.map(\.sweep).reduce(0, +)
    #expect(abs(total - maxAngle * .pi / 180) < 1e-9)
    #expect(abs(result.slices[0].start - 30 * .pi / 180) < 1e-12)
    for (a, b) in zip(result.slices, result.slices.dropFirst()) {
      #expect(abs(a.start + a.sweep - b.start) < 1e-12)
    }
    #expect(abs(result.slices[5].sweep / result.slices[0].sweep - 3) < 1e-9)
  }

  @Test func negativeZeroAndNaNValuesDrawNoSlice() {
    let model = ChartModel(spec: PieFixtures.spec([5, -3, 0, .nan, 3, .infinity]))
    let result = PieSlices.compute(model)
    // A negative share would misstate every other slice: it is skipped like a missing value.
    #expect(result.total == 8)
    #expect(result.slices.map(\.index) == [0, 4])
    #expect(result.slices.map(\.value) == [5, 3])
    #expect(zip(result.slices.map(\.percent), [62.5, 37.5]).allSatisfy { abs($0 - $1) < 1e-9 })
  }

  @Test func defaultRotationStartsAtTwelveOClock() {
    let result = PieSlices.compute(ChartModel(spec: PieFixtures.spec([1, 1])))
    #expect(abs(result.slices[0].start - 1.5 * .pi) < 1e-12)
    // Clockwise on screen: the first half covers the right side (its bisector points to 3 o'clock).
    #expect(abs(cos(result.slices[0].midAngle) - 1) < 1e-12)
  }

  @Test func hiddenOrEmptyDataGivesNoSlices() {
    #expect(PieSlices.compute(ChartModel(spec: PieFixtures.spec([1, 2]) { $0.dataSets[0].visible = false })).slices.isEmpty)
    #expect(PieSlices.compute(ChartModel(spec: PieFixtures.spec([]))).slices.isEmpty)
    #expect(PieSlices.compute(ChartModel(spec: PieFixtures.spec([0, .nan]))).slices.isEmpty)
    var none = ChartSpec()
    none.kind = .pie
    #expect(PieSlices.compute(ChartModel(spec: none)).slices.isEmpty)
  }

  @Test func coloursComeFromEntriesThenTheListThenThePalette() {
    let red = Color(hex: 0xff0000), green = Color(hex: 0x00ff00), blue = Color(hex: 0x0000ff)
    let listed = ChartModel(spec: PieFixtures.spec([1, 1, 1]) {
      $0.dataSets[0].colors = [green, blue]
      $0.dataSets[0].entries.colors = [nil, red, nil]
    })
    #expect(PieSlices.compute(listed).slices.map(\.color) == [green, red, green])
    let plain = ChartModel(spec: PieFixtures.spec([1, 1, 1]))
    #expect(PieSlices.compute(plain).slices.map(\.color) == (0..<3).map { Theme.light.paletteColor($0) })
  }
}
