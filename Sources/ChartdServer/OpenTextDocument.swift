import ChartCore
import ChartdJSON
import ChartdLanguage

/// A chart spec file the client has open: its text, what the latest text says, and the last spec
/// that read without errors (what a preview keeps showing while the text is broken).
///
/// A class so that handlers update it in place.
final class OpenTextDocument {
  var text: TextDocument
  /// The analysis of the current text.
  var analysis: SpecAnalysis
  /// The diagnostics last published (quick fixes are looked up here).
  var diagnostics: [LanguageDiagnostic] = []
  /// The latest text spec without errors, with its JSON and text version.
  var lastGood: (spec: ChartSpec, json: JSONValue, version: Int)?
  /// The source map of the last text that parsed and how much of the current text it still
  /// describes: hover and completion start their scan there, also while the text after it is broken.
  private(set) var known: KnownPrefix?

  init(text: TextDocument, limits: SpecLimits) {
    self.text = text
    self.analysis = SpecAnalysis(text.bytes, limits: limits)
    keepIfGood()
  }

  /// The JSON of the text as changed so far, when every change since the last analysis stayed inside
  /// one scalar (nil: the text must be parsed again).
  private var edited: (value: JSONValue, map: JSONSourceMap)?
  /// Whether `text` changed since `analysis` was made.
  private var changed = false

  /// Applies content changes in order; each one that only retypes a number or a string updates the
  /// JSON and its source map in place, so that the next analysis need not parse the whole text.
  func apply(_ changes: [TextChange], version: Int, encoding: PositionEncoding) {
    for change in changes {
      if let range = change.range {
        let a = text.offset(of: range.start, encoding: encoding), b = text.offset(of: range.end, encoding: encoding)
        let bytes = min(a, b)..<max(a, b)
        known?.changed(from: bytes.lowerBound)
        if known?.agreeingBefore == 0 { known = nil }  // nothing of it describes the text any more
        if !changed || edited != nil {
          let base = edited.map { SpecAnalysis(value: $0.value, map: $0.map, syntaxError: nil, spec: nil, diagnostics: []) } ?? analysis
          edited = base.scalarEdit(replacing: bytes, with: Array(change.text.utf8), in: text.bytes)
        }
      } else {
        edited = nil
        known = nil
      }
      changed = true
      text.apply([change], version: version, encoding: encoding)
    }
    // No change still brings the client's version: diagnostics are published for it.
    if changes.isEmpty { text.apply([], version: version, encoding: encoding) }
  }

  /// Reads the current text again (after changes): only the spec reader when the changes were
  /// scalar edits, else the whole text.
  func reanalyze(limits: SpecLimits) {
    if let edited {
      analysis = SpecAnalysis(value: edited.value, map: edited.map, limits: limits)
    } else {
      analysis = SpecAnalysis(text.bytes, limits: limits)
    }
    edited = nil
    changed = false
    keepIfGood()
  }

  private func keepIfGood() {
    if let map = analysis.map { known = KnownPrefix(map: map, textCount: text.bytes.count) }
    if let spec = analysis.spec, let json = analysis.value { lastGood = (spec, json, text.version) }
  }

  /// The JSON completion reads: the current text's, else the last one that read as a spec.
  private var completionJSON: JSONValue? { analysis.value ?? lastGood?.json }

  /// What the chart and its data sets are drawn as, for completion.
  var drawnKinds: DrawnKinds? { completionJSON.flatMap(DrawnKinds.init) }

  /// Data set ids for completion.
  var dataSetIDs: [String] { completionJSON.map(SpecAnalysis.dataSetIDs(in:)) ?? [] }
}
