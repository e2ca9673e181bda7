import Foundation
import Testing
@testable import ChartCore

/// What the pie region contains: slices with accessible names, the ring, labels and centre text.
@Suite struct PieRendererTests {
  func render(_ spec: ChartSpec) -> String {
    let model = ChartModel(spec: spec)
    let layout = PieFixtures.layout(model)
    return PieFixtures.markup { PieRenderer.render(model: model, layout: layout, into: &$0) }
  }

  func slicePaths(_ markup: String) -> [String] {
    PieFixtures.elements("path", in: markup).filter { $0.contains("aria-label") }
  }

  @Test func eachSliceIsAnAccessiblePath() {
    let spec = PieFixtures.spec([30, 0, 70], labels: ["Apples", "Nothing", "Pears"])
    let paths = slicePaths(render(spec))
    #expect(paths.count == 2)
    #expect(PieFixtures.attributes("data-entry", in: paths.joined()) == ["0", "2"])
    let pct = ValueFormatter.format(30, .number(decimals: 1, prefix: "", suffix: ""))
    #expect(PieFixtures.attributes("aria-label", in: paths[0]).first == "Apples: \(ValueFormatter.format(30, nil)) (\(pct)%)")
    #expect(PieFixtures.attributes("fill", in: paths[1]).first == Theme.light.paletteColor(2).hexString)
  }

  @Test func centreTextIsEscapedAndSplitIntoLines() {
    let spec = PieFixtures.spec([1, 2]) { $0.pie.centerText = "<b>Tom & \"Jerry\"</b>\n\nline 3" }
    let markup = render(spec)
    #expect(!markup.contains("\n"))
    #expect(markup.contains("&lt;b&gt;Tom &amp; \"Jerry\"&lt;/b&gt;"))
    let text = PieFixtures.elements("text", in: markup).first { $0.contains("center-text") } ?? ""
    #expect(PieFixtures.attributes("text-anchor", in: text) == ["middle"])
    let ys = PieFixtures.elements("tspan", in: markup).compactMap { PieFixtures.attributes("y", in: $0).first.flatMap(Double.init) }
    #expect(ys.count == 3, "the empty middle line keeps its place")
    if ys.count == 3 { #expect(abs((ys[1] - ys[0]) - (ys[2] - ys[1])) < 0.02 && ys[1] > ys[0]) }
  }

  @Test func centreTextWrapsThenShrinksToFitTheHole() throws {
    let sentence = "Total revenue of all regions in the fiscal year 2025"
    for (text, width) in [(String(repeating: "W", count: 60), 400.0), (sentence, 400), (sentence, 160)] {
      let spec = PieFixtures.spec([1, 2]) {
        $0.pie.centerText = text
        $0.width = width
        $0.height = width
      }
      let pie = try #require(PieFixtures.layout(ChartModel(spec: spec)).pie)
      let lines = PieCenterText.fit(pie, spec, span: 2 * .pi)
      #expect(lines.count > 1, "\(text) at \(width)")
      // Every line's box lies inside the hole.
      for line in lines {
        for c in line.box.corners {
          #expect(((c.x - pie.center.x) * (c.x - pie.center.x) + (c.y - pie.center.y) * (c.y - pie.center.y)).squareRoot()
                    <= pie.holeRadius + 0.01, "\(line.text)")
        }
      }
      let font = try #require(lines.first?.fontSize)
      if font > PieCenterText.minFontSize {
        // Shown whole: nothing shortened.
        #expect(lines.map(\.text).joined().filter { $0 != " " } == text.filter { $0 != " " })
      }
      // The renderer draws these lines.
      let markup = render(spec)
      #expect(PieFixtures.elements("tspan", in: markup).count == lines.count)
    }
    // A wide hole: the sentence wraps at the requested size rather than shrinking.
    let big = PieFixtures.spec([1, 2]) {
      $0.pie.centerText = sentence
      $0.width = 400
      $0.height = 400
    }
    let bigLines = PieCenterText.fit(try #require(PieFixtures.layout(ChartModel(spec: big)).pie), big, span: 2 * .pi)
    #expect(bigLines.first?.fontSize == big.fontSize * 1.3)
    // The small one shrinks below it.
    let small = PieFixtures.spec([1, 2]) {
      $0.pie.centerText = String(repeating: sentence + " ", count: 3)
      $0.width = 160
      $0.height = 160
    }
    let smallLines = PieCenterText.fit(try #require(PieFixtures.layout(ChartModel(spec: small)).pie), small, span: 2 * .pi)
    #expect((smallLines.first?.fontSize ?? 99) < small.fontSize * 1.3)
  }

  @Test func hiddenOrEmptyPiesDrawNothing() {
    #expect(render(PieFixtures.spec([1, 2]) { $0.dataSets[0].visible = false }).isEmpty)
    #expect(render(PieFixtures.spec([])).isEmpty)
    #expect(render(PieFixtures.spec([.nan, 0])).isEmpty)
    #expect(render(PieFixtures.spec([1, 2], width: 0, height: 0)).isEmpty)
  }

  @Test func transparentRingOnlyOnSquareDonuts() {
    #expect(render(PieFixtures.spec([1, 2])).contains("transparent-circle"))
    #expect(!render(PieFixtures.spec([1, 2]) { $0.pie.holeRadius = 0 }).contains("transparent-circle"))
    #expect(!render(PieFixtures.spec([1, 2]) { $0.pie.roundedSlices = true }).contains("transparent-circle"))
    #expect(!render(PieFixtures.spec([1, 2]) { $0.pie.transparentCircleRadius = 0.4 }).contains("transparent-circle"))
  }

  @Test func insideLabelsOnlyWhereTheyFit() {
    let spec = PieFixtures.spec([100, 0.5], labels: ["Big", "Tiny"])
    let markup = render(spec)
    #expect(markup.contains(">Big<"))
    #expect(!markup.contains(">Tiny<"))
  }

  @Test func singleSliceIsAFullRing() throws {
    let markup = render(PieFixtures.spec([42], labels: ["All"]) { $0.pie.sliceSpace = 5 })
    let path = try #require(slicePaths(markup).first)
    let d = try #require(PieFixtures.attributes("d", in: path).first)
    #expect(d.filter { $0 == "M" }.count == 2)
  }

  @Test func halfPieStaysOnItsSide() throws {
    let spec = PieFixtures.spec([1, 2, 3, 4]) { $0.pie.maxAngle = 180; $0.pie.rotation = 180; $0.pie.sliceSpace = 2 }
    let layout = PieFixtures.layout(ChartModel(spec: spec))
    let pie = try #require(layout.pie)
    let paths = slicePaths(render(spec))
    #expect(paths.count == 4)
    for path in paths {
      let d = try #require(PieFixtures.attributes("d", in: path).first)
      for p in PieFixtures.vertices(d) { #expect(p.y <= pie.center.y + 0.01) }
    }
  }

  @Test func hostileInputsRenderSomethingSane() {
    let specs: [ChartSpec] = [
      PieFixtures.spec([1e308, 1e308, -1e308], labels: ["a\nb", "\u{0}", ""]) { $0.pie.entryLabels = .outside },
      PieFixtures.spec([1, 2], width: 16, height: 16) { $0.pie.valueLabels = .outside; $0.pie.centerText = "x" },
      PieFixtures.spec([1, 2]) {
        $0.pie.holeRadius = .nan; $0.pie.sliceSpace = .infinity; $0.pie.rotation = .nan; $0.pie.maxAngle = -5
        $0.pie.selectionShift = .nan; $0.pie.labelFontSize = 0; $0.pie.centerTextFontSize = .nan; $0.pie.centerText = "\n\n"
        $0.highlights = [HighlightSpec(dataSet: "share", index: 0)]
      },
      PieFixtures.spec(Array(repeating: 1e-300, count: 500)) { $0.pie.roundedSlices = true; $0.pie.sliceSpace = 20; $0.pie.valueLabels = .outside },
    ]
    for spec in specs {
      let model = ChartModel(spec: spec)
      var layout = PieFixtures.layout(model)
      for bounds in [layout.pie?.bounds ?? .zero, Rect(x: .nan, y: .nan, width: .nan, height: .nan)] {
        layout.pie?.bounds = bounds
        let markup = PieFixtures.markup {
          PieRenderer.render(model: model, layout: layout, into: &$0)
          HighlightRenderer.render(model: model, layout: layout, into: &$0)
          MarkerRenderer.render(model: model, layout: layout, into: &$0)
        }
        #expect(!markup.contains("\n") && !markup.contains("nan") && !markup.contains("inf"))
      }
    }
  }

  @Test func deterministic() {
    let spec = PieFixtures.spec([3, 1, 4, 1, 5], labels: ["a", "b", "c", "d", "e"]) {
      $0.pie.entryLabels = .outside
      $0.pie.roundedSlices = true
      $0.pie.sliceSpace = 2
      $0.pie.centerText = "x\ny"
    }
    #expect(PieFixtures.document(spec) == PieFixtures.document(spec))
  }

  @Test func renderedThroughThePipeline() {
    // Whatever layout the engine hands over, the pie region holds the slices.
    let spec = PieFixtures.spec([1, 2, 3], labels: ["a", "b", "c"])
    let svg = ChartRenderer.render(ChartModel(spec: spec), prefix: "c").svg
    let pieLine = svg.split(separator: "\n").first { $0.hasPrefix("<g id=\"c-pie\"") }.map(String.init) ?? ""
    #expect(slicePaths(pieLine).count == 3)
  }
}
