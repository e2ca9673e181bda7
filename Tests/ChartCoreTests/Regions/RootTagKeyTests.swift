import Testing
@testable import ChartCore

/// A document makes its root `<svg>` tag again exactly when what the tag reads changed, and the
/// tag it keeps is always the one a fresh render writes.
@Suite struct RootTagKeyTests {
  static func document() -> ChartDocument {
    var spec = ChartSpec()
    spec.kind = .line
    spec.width = 420
    spec.height = 260
    spec.dataSets = [SpecFixtures.dataSet("a", [1, 4, 2, 5]), SpecFixtures.dataSet("b", [30, 10, 20, 40])]
    return ChartDocument(model: ChartModel(spec: spec), prefix: "c")
  }

  /// The document's root equals a fresh render's, and the patch carries it exactly when it changed.
  static func check(_ doc: ChartDocument, _ patch: ChartPatch, before: String, _ what: String) {
    let fresh = ChartRenderer.render(doc.model, prefix: "c")
    #expect(doc.root == fresh.root, "\(what)")
    #expect(doc.svg == fresh.svg, "\(what)")
    #expect((patch.root != nil) == (doc.root != before), "\(what)")
  }

  /// A change of the spec as `setSpec` makes it (the model's derived parts, the theme among them,
  /// follow the spec).
  static func spec(_ change: @escaping (inout ChartSpec) -> Void) -> (inout ChartModel) -> Void {
    { model in
      var s = model.spec
      change(&s)
      model.replaceSpec(s)
    }
  }

  @Test func everyValueTheTagReadsMakesItAgain() {
    var doc = Self.document()
    let edits: [(String, (inout ChartModel) -> Void)] = [
      ("width", Self.spec { $0.width = 500 }),
      ("height", Self.spec { $0.height = 300 }),
      ("font size", Self.spec { $0.fontSize = 14 }),
      ("dark theme", Self.spec { $0.theme = .dark }),
      ("high contrast", Self.spec { $0.theme = .highContrast }),
      ("back to light", Self.spec { $0.theme = .light }),
    ]
    for (what, edit) in edits {
      let before = doc.root, made = doc.rootTagsMade
      let patch = doc.update(edit)
      Self.check(doc, patch, before: before, what)
      #expect(doc.root != before, "\(what) changes the tag")
      #expect(doc.rootTagsMade == made + 1, "\(what)")
    }
  }

  @Test func editsThatLeaveTheKeyAloneMakeNoTag() {
    var doc = Self.document()
    let edits: [(String, (inout ChartModel) -> Void)] = [
      ("hide b", { $0.setVisibility(dataSet: 1, false) }),
      ("show b", { $0.setVisibility(dataSet: 1, true) }),
      ("title", Self.spec { $0.title = "Sales" }),
      ("colour", Self.spec { $0.dataSets[0].color = Color(hex: 0x336699) }),
    ]
    for (what, edit) in edits {
      let before = doc.root, made = doc.rootTagsMade
      let patch = doc.update(edit)
      Self.check(doc, patch, before: before, what)
      #expect(doc.rootTagsMade == made, "\(what)")
    }
  }
}
