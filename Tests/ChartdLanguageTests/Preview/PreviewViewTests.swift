import ChartCore
import ChartdJSON
import ChartdLanguage
import Testing

@Suite struct PreviewViewTests {
  func spec(_ text: String) -> ChartSpec { SpecAnalysis(Array(text.utf8)).spec! }
  func json(_ text: String) -> JSONValue { SpecAnalysis(Array(text.utf8)).value! }

  @Test func legendToggleSurvivesAnEditUntilTheTextChangesIt() {
    let t1 = #"{"dataSets": [{"id": "a", "entries": [1, 2]}, {"id": "b", "entries": [3, 4]}]}"#
    let v1 = spec(t1)
    var hidden = v1
    hidden.dataSets[1].visible = false
    var view = PreviewView()
    view.record(hidden, from: v1)
    #expect(view.visibility == ["b": false])

    let t2 = #"{"title": "t", "dataSets": [{"id": "a", "entries": [1, 2]}, {"id": "b", "entries": [3, 5]}]}"#
    var v2 = spec(t2)
    view.apply(to: &v2, json: json(t2), previous: json(t1))
    #expect(v2.dataSets[1].visible == false && v2.title == "t")

    // The text now says something about b's visibility itself (the default, even): the text wins.
    let t3 = #"{"dataSets": [{"id": "a", "entries": [1, 2]}, {"id": "b", "visible": true, "entries": [3, 5]}]}"#
    var v3 = spec(t3)
    view.apply(to: &v3, json: json(t3), previous: json(t2))
    #expect(view.visibility.isEmpty && v3.dataSets[1].visible == true)
  }

  @Test func highlightAndViewportKeptAndDroppedWhenStale() {
    let t1 = #"{"dataSets": [{"id": "a", "entries": [1, 2, 3]}]}"#
    let v1 = spec(t1)
    var shown = v1
    shown.highlights = [HighlightSpec(dataSet: "a", index: 2)]
    shown.viewport = Viewport(xMin: 1, xMax: 2)
    var view = PreviewView()
    view.record(shown, from: v1)
    let t2 = #"{"dataSets": [{"id": "a", "entries": [1, 2]}]}"#
    var v2 = spec(t2)
    view.apply(to: &v2, json: json(t2), previous: json(t1))
    #expect(v2.highlights.isEmpty, "entry 2 no longer exists")
    #expect(v2.viewport == Viewport(xMin: 1, xMax: 2))
  }
}
