import ChartdJSON
import Foundation
import Testing
@testable import ChartCore

/// Where two axes' bands meet, the less important text gives way (`LayoutEngine.settleCorner`).
@Suite struct LayoutEngineCornersTests {
  /// A chart the black-box text check drew (seed 660): three panes in 161 px, the middle pane's
  /// custom label at its bottom edge, long enough to reach the lowest pane's title column. (The
  /// seed drew its label at 0, the bottom of a domain 0 … 2e10 that did not hold the panes' data;
  /// the domain is now -1 … 1, and the label moved to -1 keeps it at the edge.)
  static let panes = #"""
{"width":418,"height":161,"fontSize":8,"dataSets":[{"id":"d0","label":"nmwiGubOV9S QRf9tXIDu x9ßLV RiapudX1o7 YSqéC55yd0 ghLn8Mi 9 2u9HWdCe qqü klz rCIfüFnvUF2 7wLfcVm ChyRO1sz9g JGséo Fubß DühtPOP7IwwB wBS6 oKZuqiÀJ oj a FnL0mrqyx x8iCp41O éWCE 0SEpwV F8B7nO 0oEC7ABCb","entries":[0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0],"pane":0},{"id":"d1","label":"ZkYÀL8b U","entries":[0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0],"pane":1},{"id":"d2","label":"éi zQm4ß PhR1BéL ÀR","entries":[0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0],"pane":2},{"id":"d3","label":"1Lé S","entries":[0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0],"pane":0}],"kind":"line","xAxis":{"title":"","format":{"type":"category","labels":["4td5 ux5E aDKjc16 j04ei81PPl8 ß72nK5aQfGH7 yPftVsTuéHf ","bCKW1uQ 72","","8B0aeYß","L","ZiQx ijDZb4GpC OiFoüC Cpt121js MiTliYQ Aw","","NAm2uq ik0ZYA6 bM1KßüivxM Ksa","k w3HßÀür EßOW Ah1OIq fßnfvßDx dYG SkPXB fd OHSi e9ANüFaWSMu EALf 7Ap","PF4ézpwqC","HfRYÀ","FBümU49pWß3 abVCrA71ßW"]}},"leftAxis":{"title":"s2 DP EkzAJl"},"panes":[{"weight":2},{"weight":0.9211476724842155,"gap":20,"axis":{"title":"z ","customLabels":[{"value":-1.0,"text":"6b6K BdS6nzAV j fsrxvÀI Aq LDéPCC6xor c14fUMw zuéNYeOltF eMHé9xüHKJgu üSsé8Q UAxAWor M édü tGiS ju2cÀRß2Aaa G 2ßmssAS E4vx DstRomP R3wwFa oéJQ SQ"}]}},{"weight":1.0049511666002529,"gap":0,"axis":{"title":"H N so79waC iUJSkC F36Eé861hIp8 vIl2si51iÀüF I"}}],"highlights":[{"dataSet":"d2","index":5}],"marker":{"trigger":"item","showLabel":true},"legend":{"orientation":"horizontal","horizontalAlignment":"left","verticalAlignment":"bottom"}}
"""#

  @Test func aPaneTitleGivesWayToACustomLabelOfThePaneAbove() throws {
    let spec = try #require(ChartSpec.parse(try JSONReader.parse(Self.panes), log: DiagnosticLog()))
    let model = ChartModel(spec: spec)
    let layout = LayoutEngine.layout(model)
    #expect(TextFitPropertyTests.violations(model, layout) == [])
    // The middle pane keeps its custom label; the lowest pane's title line under it is emptied.
    #expect(layout.panes[0].axis.customLabels.count == 1)
    #expect(layout.panes[1].axis.titleLines.contains(""))
    // An emptied line draws nothing and keeps the others in place.
    let svg = ChartRenderer.render(model, prefix: "c").svg
    #expect(!svg.contains("\"></text>"))
  }

  @Test func anOffsetThatMustGiveWayTakesItsLabelsWithIt() throws {
    // Labels written from an offset say nothing without it: where the offset's line gives way, so
    // do they (`settleCorner` on two axes whose offsets collide, the first giving way).
    let json: JSONValue = ["kind": "scatter", "width": 400, "height": 240,
                           "dataSets": [["id": "a", "entries": ["x": .numbers((0...60).map { 1_733_011_200_000 + Double($0) * 1_000 }),
                                                                 "y": .numbers((0...60).map { Double($0 % 7) })]]]]
    let spec = try #require(ChartSpec.parse(json, log: DiagnosticLog()))
    let layout = LayoutEngine.layout(ChartModel(spec: spec))
    var x = try #require(layout.x)
    #expect(x.labelOffset != nil)
    var copy = x
    LayoutEngine.settleCorner(&x, plot: layout.frame, &copy, otherPlot: layout.frame)
    #expect(x.labelOffset == nil)
    #expect(x.ticks.allSatisfy { $0.label.isEmpty })
    #expect(x.titleLines.allSatisfy { $0.isEmpty })
    // The other keeps its offset, its labels and its line.
    #expect(copy.labelOffset != nil && copy.ticks.contains { !$0.label.isEmpty } && copy.titleLines == ["+1733011200000"])
  }
}
