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

  init(text: TextDocument, limits: SpecLimits) {
    self.text = text
    self.analysis = SpecAnalysis(text.bytes, limits: limits)
    keepIfGood()
  }

  /// Reads the current text again (after changes).
  func reanalyze(limits: SpecLimits) {
    analysis = SpecAnalysis(text.bytes, limits: limits)
    keepIfGood()
  }

  private func keepIfGood() {
    if let spec = analysis.spec, let json = analysis.value { lastGood = (spec, json, text.version) }
  }

  /// Data set ids for completion: from the current text, else from the last one that parsed.
  var dataSetIDs: [String] {
    let ids = analysis.dataSetIDs
    if analysis.value != nil { return ids }
    guard let json = lastGood?.json else { return [] }
    return (json["dataSets"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue ?? $0["label"]?.stringValue }
  }
}
