import ChartCore
import ChartdLanguage
import Testing

@Suite struct SpecReferencesTests {
  static let spec = #"""
    {"dataSets": [{"id": "north", "label": "北", "entries": [1]}, {"label": "South", "entries": [2]},
                  {"id": "north", "entries": [3]}],
     "highlights": [{"dataSet": "north", "index": 0}, {"dataSet": "South", "index": 0}, {"dataSet": "nor\u0074h", "index": 0},
                    {"dataSet": "west", "index": 0}]}
    """#

  func at(_ needle: String, _ nth: Int = 0, in text: String = spec) -> (TextDocument, SpecReferences, Int) {
    let d = doc(text)
    var from = text.startIndex
    for _ in 0..<nth { from = text.index(after: text.range(of: needle, range: from..<text.endIndex)!.lowerBound) }
    let hit = text.range(of: needle, range: from..<text.endIndex)!
    let offset = text.utf8.distance(from: text.utf8.startIndex, to: hit.lowerBound.samePosition(in: text.utf8)!) + 1
    return (d, SpecReferences(SpecAnalysis(d.bytes), in: d), offset)
  }

  @Test func definitionGoesToTheFirstDataSetWithTheId() throws {
    let (d, refs, offset) = at(#""north""#, 2)
    let range = try #require(refs.definition(at: offset, in: d, encoding: .utf16))
    #expect(slice(d, range) == #""north""#)
    #expect(range.start.line == 0 && range.start.character == 21)
    // An id taken from the label; a name no data set has.
    let (_, r2, o2) = at(#""South""#, 1)
    #expect(r2.definition(at: o2, in: d, encoding: .utf16).map { slice(d, $0) } == #""South""#)
    let (_, r3, o3) = at(#""west""#)
    #expect(r3.definition(at: o3, in: d, encoding: .utf16) == nil)
  }

  @Test func referencesAndHighlightsFindEveryStringOfTheName() {
    let (d, refs, offset) = at(#""north""#)
    // The escaped spelling names the same data set; the duplicate id is a declaration too.
    #expect(refs.references(at: offset, includeDeclaration: true, in: d, encoding: .utf16).map { slice(d, $0) }
      == [#""north""#, #""north""#, #""north""#, #""nor\u0074h""#])
    #expect(refs.references(at: offset, includeDeclaration: false, in: d, encoding: .utf16).count == 2)
    #expect(refs.highlights(at: offset, in: d, encoding: .utf16).map(\.kind) == [3, 3, 2, 2])
    #expect(refs.references(at: 0, includeDeclaration: true, in: d, encoding: .utf16).isEmpty)
  }

  @Test func renameRewritesTheIdAndItsHighlights() throws {
    let (d, refs, offset) = at(#""nor\u0074h""#)
    guard case .renames(let range, let placeholder) = refs.prepareRename(at: offset, in: d, encoding: .utf16) else {
      Issue.record("no rename offered")
      return
    }
    #expect(placeholder == "north" && slice(d, range) == #"nor\u0074h"#)
    guard case .edits(let edits) = refs.rename(at: offset, to: "Nord \"N\"", in: d, encoding: .utf16) else {
      Issue.record("no edits")
      return
    }
    var renamed = d
    renamed.apply(edits.reversed().map { TextChange(range: $0.range, text: $0.newText) }, version: 2, encoding: .utf16)
    let analysis = SpecAnalysis(renamed.bytes)
    #expect(analysis.dataSetIDs == ["Nord \"N\"", "South", "Nord \"N\""])
    #expect(analysis.value?["highlights"]?.arrayValue?[0]["dataSet"]?.stringValue == "Nord \"N\"")
    #expect(analysis.value?["highlights"]?.arrayValue?[2]["dataSet"]?.stringValue == "Nord \"N\"")
  }

  @Test func renameRefusesWhatTheSpecCannotTake() {
    let (d, refs, offset) = at(#""north""#)
    #expect(refs.rename(at: offset, to: "South", in: d, encoding: .utf16)
      == .refused("a data set with id 'South' exists already: ids must be unique"))
    #expect(refs.rename(at: offset, to: "", in: d, encoding: .utf16) == .refused("a data set id cannot be empty"))
    var limits = SpecLimits()
    limits.maxLabelBytes = 4
    if case .refused(let why) = refs.rename(at: offset, to: "longer", in: d, encoding: .utf16, limits: limits) {
      #expect(why.contains("maxLabelBytes = 4"))
    } else {
      Issue.record("a name over the limit was taken")
    }
    let (_, r2, o2) = at(#""South""#)
    guard case .refused(let why) = r2.prepareRename(at: o2, in: d, encoding: .utf16) else {
      Issue.record("an id taken from a label was offered for rename")
      return
    }
    #expect(why.contains("has no \"id\""))
    let (_, r3, o3) = at(#""west""#)
    #expect(r3.prepareRename(at: o3, in: d, encoding: .utf16) == .refused("no data set has the id 'west'"))
    #expect(refs.prepareRename(at: 0, in: d, encoding: .utf16) == .nothing)
  }

  /// While the text is not JSON (a comma missing, a number beyond a double's range), nothing is
  /// named: a rename says why instead of doing nothing, and navigation finds nothing.
  @Test func renameOfATextThatIsNotJSONSaysWhy() {
    let broken = "{\"dataSets\": [{\"id\": \"north\", \"entries\": [1e400]}],\n \"highlights\": [{\"dataSet\": \"north\"}]}"
    let (d, refs, offset) = at(#""north""#, in: broken)
    #expect(refs.rename(at: offset, to: "n", in: d, encoding: .utf16)
      == .refused("the text is not JSON (number out of range on line 1): fix it to rename data sets"))
    #expect(refs.prepareRename(at: offset, in: d, encoding: .utf16) == refs.rename(at: offset, to: "n", in: d, encoding: .utf16))
    #expect(refs.definition(at: offset, in: d, encoding: .utf16) == nil)
    let (d2, r2, o2) = at(#""north""#, 1, in: "{\"dataSets\": [{\"id\": \"north\"}]\n\n \"highlights\": [{\"dataSet\": \"north\"}]}")
    guard case .refused(let why) = r2.rename(at: o2, to: "n", in: d2, encoding: .utf16) else {
      Issue.record("a rename in a text that is not JSON did not say why")
      return
    }
    #expect(why.hasPrefix("the text is not JSON (") && why.contains("on line 3"), "\(why)")
  }
}
