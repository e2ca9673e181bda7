import ChartdJSON
import Testing

@testable import ChartCore

/// Spliced fragments: the splice between two markups, and documents that send them.
@Suite struct MarkupSpliceTests {
  /// The longest common start and end on character boundaries, found one character at a time:
  /// what `between` must keep (written without its word-at-a-time loops).
  static func naiveKept(_ old: String, _ new: String) -> (head: Int, tail: Int) {
    let o = Array(old.unicodeScalars), n = Array(new.unicodeScalars)
    var head = 0
    while head < min(o.count, n.count), o[head] == n[head] { head += 1 }
    var tail = 0
    while tail < min(o.count, n.count) - head, o[o.count - 1 - tail] == n[n.count - 1 - tail] { tail += 1 }
    let headBytes = o[..<head].reduce(0) { $0 + String($1).utf8.count }
    let tailBytes = o[(o.count - tail)...].reduce(0) { $0 + String($1).utf8.count }
    return (headBytes, tailBytes)
  }

  /// Pieces of text, among them characters that share a lead byte ("é" C3 A9, "ß" C3 9F) or their
  /// last bytes ("é" and "©" C2 A9; "漢" E6 BC A2 and "欢" E6 AC A2).
  static let pieces = ["L", "1", "2.5", " ", "é", "漢", "😀", "<g id=\"x\">", "</g>", "\"", "M0 0", "ß", "\u{301}", "©", "欢"]

  static func randomText(_ rng: inout SeededRandom, _ count: Int) -> String {
    (0..<count).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
  }

  @Test func aSpliceKeepsTheLongestCommonStartAndEndAndGivesTheNewMarkup() throws {
    var rng = SeededRandom(seed: 20261127)
    var spliced = 0
    for round in 0..<3_000 {
      let base = Self.randomText(&rng, Int(rng.next() % 80))
      var new = base
      // Change a middle piece: insert, delete or replace a few pieces somewhere.
      var scalars = Array(new.unicodeScalars)
      let at = scalars.isEmpty ? 0 : Int(rng.next() % UInt64(scalars.count + 1))
      let cut = min(scalars.count - at, Int(rng.next() % 4))
      scalars.replaceSubrange(at..<(at + cut), with: Array(Self.randomText(&rng, Int(rng.next() % 4)).unicodeScalars))
      new = String(String.UnicodeScalarView(scalars))
      let splice = MarkupSplice.between(base, new)
      let expected = Self.naiveKept(base, new)
      guard base != new else { continue }
      let kept = expected.head + expected.tail
      if kept >= MarkupSplice.leastKept, 2 * kept >= base.utf8.count {
        let s = try #require(splice, "round \(round): no splice though \(expected) bytes are common")
        spliced += 1
        #expect(s.start == expected.head, "round \(round)")
        #expect(s.end == base.utf8.count - expected.tail, "round \(round)")
        #expect(s.apply(to: base) == new, "round \(round)")
      } else {
        #expect(splice == nil, "round \(round): a splice keeps only \(kept) of \(base.utf8.count) bytes")
      }
    }
    #expect(spliced > 1_000)
  }

  @Test func offsetsFallOnCharacterBoundaries() throws {
    // The old and new markups share the first byte of "é" (C3 A9) and "ê" (C3 AA): the kept start
    // ends before both, not inside them.
    let pad = String(repeating: "a", count: 70)
    let s = try #require(MarkupSplice.between(pad + "é" + pad, pad + "ê" + pad))
    #expect(s.start == 70 && s.end == 72 && s.text == "ê")
    // "漢" (E6 BC A2) and "汉" (E6 B1 89) share a lead byte; "😀" and "😁" share three bytes.
    let t = try #require(MarkupSplice.between(pad + "😀x", pad + "😁x"))
    #expect(t.start == 70 && t.end == 74 && t.text == "😁")
    let u = try #require(MarkupSplice.between("漢" + pad, "汉" + pad))
    #expect(u.start == 0 && u.end == 3 && u.text == "汉")
    // "é" (C3 A9) and "©" (C2 A9) share their last byte: the kept end starts after both.
    let v = try #require(MarkupSplice.between(pad + "é" + pad, pad + "©" + pad))
    #expect(v.start == 70 && v.end == 72 && v.text == "©")
  }

  @Test func applyRefusesOffsetsThatDoNotFit() {
    let markup = "<text>é漢</text>"  // é at 6..<8, 漢 at 8..<11
    #expect(MarkupSplice(start: 6, end: 8, text: "e").apply(to: markup) == "<text>e漢</text>")
    #expect(MarkupSplice(start: 7, end: 8, text: "e").apply(to: markup) == nil)
    #expect(MarkupSplice(start: 8, end: 9, text: "e").apply(to: markup) == nil)
    #expect(MarkupSplice(start: 9, end: 8, text: "").apply(to: markup) == nil)
    #expect(MarkupSplice(start: 0, end: 19, text: "").apply(to: markup) == nil)
    #expect(MarkupSplice(start: -1, end: 2, text: "").apply(to: markup) == nil)
    #expect(MarkupSplice(start: 18, end: 18, text: "!").apply(to: markup) == markup + "!")
  }

  static let lineSpec: JSONValue = [
    "kind": "line", "width": 640, "height": 320,
    "dataSets": [["id": "s", "label": "Séries 漢", "entries": .array((0..<400).map { i in
      ["x": .number(Double(i)), "y": .number(Double((i * 37) % 101) / 4)]
    })]],
  ]

  static func append(_ doc: inout ChartDocument, x: Double, y: Double) throws -> ChartPatch {
    let log = DiagnosticLog()
    let edits: JSONValue = [["op": "appendEntries", "dataSet": "s", "entries": [["x": .number(x), "y": .number(y)]]]]
    let plan = try #require(doc.plan(edits, at: JSONPointer(["edits"]), limits: SpecLimits(), log: log), "\(log.items)")
    return doc.apply([plan])
  }

  @Test func anAppendToALineSendsTheChangedEndOfItsLastChunk() throws {
    let spec = try #require(ChartSpec.parse(Self.lineSpec, log: DiagnosticLog()))
    var doc = ChartDocument(model: ChartModel(spec: spec), prefix: "p")
    doc.clientAppliesSplices = true
    var plain = doc
    plain.clientAppliesSplices = false
    var svg = doc.svg
    for k in 0..<20 {
      // x and y stay inside the domains: each append changes the end of the last chunk's path.
      let x = 399.05 + Double(k) * 0.03, y = Double(k % 5) * 2
      let patch = try Self.append(&doc, x: x, y: y)
      let whole = try Self.append(&plain, x: x, y: y)
      #expect(patch.fragments.map(\.id) == whole.fragments.map(\.id), "step \(k)")
      #expect(whole.fragments.allSatisfy { $0.splice == nil })
      for (f, w) in zip(patch.fragments, whole.fragments) {
        #expect(f.svg == w.svg, "step \(k): the splice's document holds the same markup")
      }
      let splices = patch.fragments.compactMap(\.splice)
      #expect(!splices.isEmpty, "step \(k): no splice")
      #expect(patch.markupBytes < whole.markupBytes, "step \(k)")
      #expect(patch.markupBytes == patch.fragments.reduce(0) { $0 + ($1.splice?.text ?? $1.svg).utf8.count })
      svg = try #require(patch.apply(to: svg), "step \(k)")
      #expect(svg == doc.svg && svg == ChartRenderer.render(doc.model, prefix: "p").svg, "step \(k)")
    }
  }

  /// Quotes and characters beyond ASCII are spliced as they are.
  @Test func aSpliceOfMarkupWithQuotesAndNonASCIIAppliesToTheHeldMarkup() throws {
    let pad = String(repeating: "<g/>", count: 20)
    let old = "<text id=\"p-t\">\(pad)Série \"a\"\(pad)</text>"
    let new = "<text id=\"p-t\">\(pad)Séries \"b\" 漢\(pad)</text>"
    let s = try #require(MarkupSplice.between(old, new))
    #expect(s.text == "s \"b\" 漢")
    #expect(s.apply(to: old) == new)
  }
}
