import ChartdJSON

/// What the oracle believes about one open document: the SVG all patches so far add up to, the
/// version, the id prefix and the shape that steers the edit generator.
final class DocumentMirror {
  let uri: String
  var version: Int
  var svg: SVGText
  let prefix: String
  var shape: DocShape
  /// The spec `chart/getSpec` last returned, and whether `shape` was read from it (exact) rather
  /// than guessed from the edits.
  var spec: JSONValue?
  var shapeIsExact = false
  /// Whether the client declared `previousMarkup`, and what it keeps: each region's markup before
  /// its last fragment or restore, by id.
  let keepsPreviousMarkup: Bool
  var previous: [String: String] = [:]
  /// Whether the client declared `markupSplices`.
  let appliesSplices: Bool
  /// `chart/render`s of this document so far.
  var renders = 0

  init(uri: String, version: Int, svg: SVGText, prefix: String, shape: DocShape, keepsPreviousMarkup: Bool = false,
       appliesSplices: Bool = false) {
    self.uri = uri
    self.version = version
    self.svg = svg
    self.prefix = prefix
    self.shape = shape
    self.keepsPreviousMarkup = keepsPreviousMarkup
    self.appliesSplices = appliesSplices
  }

  /// Applies a patch from the wire; it must start at this version and move forward.
  func apply(_ json: JSONValue) throws(OracleError) {
    let patch = try WirePatch(json: json)
    guard patch.baseVersion == version else {
      throw OracleError("patch versions", "patch for '\(uri)' has baseVersion \(patch.baseVersion) but the client holds version \(version)")
    }
    guard patch.version > version else {
      throw OracleError("patch versions", "patch for '\(uri)' goes from \(patch.baseVersion) to \(patch.version), not forward")
    }
    if !keepsPreviousMarkup, !patch.restored.isEmpty {
      throw OracleError("restored regions", "patch for '\(uri)' restores \(patch.restored) for a client that did not declare previousMarkup")
    }
    if !appliesSplices, patch.hasSplices {
      throw OracleError("spliced fragments", "patch for '\(uri)' splices markup for a client that did not declare markupSplices")
    }
    svg = try patch.apply(to: svg, previous: &previous)
    version = patch.version
  }
}
