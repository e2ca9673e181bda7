import ChartCore
import ChartdJSON
import ChartdLanguage
import Testing

@Suite struct PreviewViewTests {
  func spec(_ text: String) -> ChartSpec { SpecAnalysis(Array(text.utf8)).spec! }

  @Test func legendToggleSurvivesAnEditUntilTheTextChangesIt() {
    let v1 = spec(#"{"dataSets": [{"id": "a", "entries": [1, 2]}, {"id": "b", "entries": [3, 4]}]}"#)
    var hidden = v1
    hidden.dataSets[1].visible = false
    var view = PreviewView()
    view.record(hidden, from: v1)
    #expect(view.visibility == ["b": false])

    var v2 = spec(#"{"title": "t", "dataSets": [{"id": "a", "entries": [1, 2]}, {"id": "b", "entries": [3, 5]}]}"#)
    let text2 = v2
    view.apply(to: &v2, previous: v1)
    #expect(v2.dataSets[1].visible == false && v2.title == "t")

    // The text now says something about b's visibility itself: the text wins.
    var v3 = spec(#"{"dataSets": [{"id": "a", "entries": [1, 2]}, {"id": "b", "visible": false, "entries": [3, 5]}]}"#)
    view.apply(to: &v3, previous: text2)
    #expect(view.visibility.isEmpty && v3.dataSets[1].visible == false)
  }

  @Test func highlightAndViewportKeptAndDroppedWhenStale() {
    let v1 = spec(#"{"dataSets": [{"id": "a", "entries": [1, 2, 3]}]}"#)
    var shown = v1
    shown.highlights = [HighlightSpec(dataSet: "a", index: 2)]
    shown.viewport = Viewport(xMin: 1, xMax: 2)
    var view = PreviewView()
    view.record(shown, from: v1)
    var v2 = spec(#"{"dataSets": [{"id": "a", "entries": [1, 2]}]}"#)
    view.apply(to: &v2, previous: v1)
    #expect(v2.highlights.isEmpty, "entry 2 no longer exists")
    #expect(v2.viewport == Viewport(xMin: 1, xMax: 2))
  }
}
