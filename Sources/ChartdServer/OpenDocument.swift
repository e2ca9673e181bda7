import ChartCore
import ChartdJSON
import ChartdLanguage

/// A document held by the server: its version, its rendered state and its current warnings.
///
/// A class so that edits mutate the document in place (a struct copy would make copy-on-write
/// duplicate million-entry arrays on every update).
final class OpenDocument {
  let uri: String
  var version: Int
  var document: ChartDocument
  /// The warnings last published for this document.
  var warnings: [Diagnostic] = []
  /// For the preview of a text document (`chart/preview`): the view state its own edits set.
  var view: PreviewView?
  /// For a preview: the text version it shows and that text's JSON (before the view state).
  var textVersion: Int?
  var textJSON: JSONValue?

  init(uri: String, version: Int, document: ChartDocument) {
    self.uri = uri
    self.version = version
    self.document = document
  }

  /// Runs `body` on the document in place. A method called as `open.document.method()` works on
  /// a copy of the whole struct (a retain and a release of every reference in it) unless it is
  /// mutating; the update path calls several.
  func withDocument<R, E: Error>(_ body: (inout ChartDocument) throws(E) -> R) throws(E) -> R {
    try body(&document)
  }
}

/// Region id prefixes: derived from the URI so output does not depend on the order documents were
/// opened in, and unique among open documents.
enum PrefixAllocator {
  /// "c" + 7 base-36 digits of the FNV-1a hash of the URI.
  static func derived(from uri: String) -> String {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in uri.utf8 {
      h ^= UInt64(b)
      h = h &* 0x100_0000_01b3
    }
    let digits = Array("0123456789abcdefghijklmnopqrstuvwxyz")
    var s = "c"
    for _ in 0..<7 {
      s.append(digits[Int(h % 36)])
      h /= 36
    }
    return s
  }

  /// The derived prefix, with a numeric suffix when it would share ids with an open document.
  static func unique(for uri: String, taken: Set<String>) -> String {
    let base = derived(from: uri)
    var candidate = base
    var n = 2
    while let _ = conflict(of: candidate, with: taken) {
      candidate = "\(base)_\(n)"
      n += 1
    }
    return candidate
  }

  /// The open prefix whose element ids `p`'s could equal, if any.
  ///
  /// A document's ids are its prefix and `prefix-…`, so two prefixes can produce the same id exactly
  /// when they are equal or one is the other followed by `-` and more (`doc` and `doc-plot`: the
  /// second's root would be the first's clip path).
  static func conflict(of p: String, with taken: Set<String>) -> String? {
    if taken.contains(p) { return p }
    return taken.sorted().first { p.hasPrefix($0 + "-") || $0.hasPrefix(p + "-") }
  }
}
