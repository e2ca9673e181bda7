import ChartdJSON

/// A region's markup as a document keeps it: the SVG text, and the same text as a JSON string once
/// it came back from the shelf.
///
/// Why: a region shown again (a legend item toggled off and on, an undo) takes its markup from the
/// shelf without rendering, and escaping it into the answer then cost more than the rest of the
/// update. Markup that came back once is likely to come back again; kept with its JSON text, it
/// is copied into the answer as it is. Fresh markup is escaped straight into the answer.
struct RegionMarkup: Sendable {
  var svg: String
  /// `svg` written as a JSON string; nil until it comes back from the shelf (and after
  /// `ChartDocument` let go of its JSON texts to stay within `jsonLimit`).
  var json: JSONStringLiteral?

  init(_ svg: String, json: JSONStringLiteral? = nil) {
    self.svg = svg
    self.json = json
  }

  /// Bytes of text held.
  var bytes: Int { svg.utf8.count + (json?.bytes.count ?? 0) }
}
