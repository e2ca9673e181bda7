import ChartdJSON

/// Checks of one full SVG as `protocol/patch.md` describes it.
public enum SVGChecks {
  /// Parses `svg` and checks its shape: unique region ids that start with the root's id and match
  /// `regions` (when given) in order, unique element ids, and every region one well-formed element.
  /// `memo` remembers region lines already found well-formed, so a conversation checks each distinct
  /// line once (most regions are unchanged from one step to the next).
  public static func check(_ svg: String, regions: JSONValue?, memo: WellFormedLines? = nil) throws(OracleError) -> SVGText {
    let doc = try SVGText(parsing: svg)
    guard let prefix = doc.prefix else { throw OracleError("svg shape", "the root has no id") }
    var seen = Set<String>()
    for r in doc.regions {
      guard seen.insert(r.id).inserted else { throw OracleError("unique region ids", "region id '\(r.id)' appears twice") }
      guard r.id.hasPrefix(prefix + "-") else { throw OracleError("region ids", "region id '\(r.id)' does not start with '\(prefix)-'") }
      if memo?.contains(r.markup) == true { continue }
      if let problem = XMLScan.wellFormedness(of: r.markup) {
        throw OracleError("well-formed markup", "region '\(r.id)': \(problem)")
      }
      memo?.insert(r.markup)
    }
    if let regions {
      let listed = regions.arrayValue?.compactMap(\.stringValue) ?? []
      guard listed == doc.regionIDs else {
        throw OracleError("regions list", "'regions' (\(listed.count) ids) differs from the SVG's region ids (\(doc.regionIDs.count)): first difference \(firstDifference(listed, doc.regionIDs))")
      }
    }
    var ids = Set<String>()
    for id in XMLScan.ids(in: svg) where !ids.insert(id).inserted {
      throw OracleError("unique element ids", "element id '\(id)' appears twice in one document")
    }
    return doc
  }

  /// Ids shared by two documents' SVGs (nil when they share none).
  public static func sharedID(_ a: String, _ b: String) -> String? {
    let left = Set(XMLScan.ids(in: a))
    return XMLScan.ids(in: b).first { left.contains($0) }
  }

  static func firstDifference(_ a: [String], _ b: [String]) -> String {
    for (x, y) in zip(a, b) where x != y { return "'\(x)' vs '\(y)'" }
    return a.count > b.count ? "extra '\(a[b.count])'" : b.count > a.count ? "missing '\(b[a.count])'" : "none"
  }

  /// Where two full SVGs differ, as region ids (for failure messages).
  public static func difference(_ a: String, _ b: String) -> String {
    let la = a.split(separator: "\n", omittingEmptySubsequences: false)
    let lb = b.split(separator: "\n", omittingEmptySubsequences: false)
    for (i, (x, y)) in zip(la, lb).enumerated() where x != y {
      let id = XMLScan.openingTag(String(x))?.attributes["id"] ?? "?"
      // From a little before the first differing character: long lines differ far from their start.
      let common = zip(x, y).prefix { $0 == $1 }.count
      let from = max(0, common - 60)
      return "line \(i) (\(id)) differs at character \(common):\n  expected: …\(SVGText.first(of: String(x.dropFirst(from))))\n  got:      …\(SVGText.first(of: String(y.dropFirst(from))))"
    }
    return "line counts differ: \(la.count) vs \(lb.count)"
  }
}

/// Region lines already checked and found well-formed (bounded: forgotten wholesale past a limit).
public final class WellFormedLines {
  private var lines = Set<String>()
  private let limit: Int

  public init(limit: Int = 50_000) { self.limit = limit }

  func contains(_ line: String) -> Bool { lines.contains(line) }

  func insert(_ line: String) {
    if lines.count >= limit { lines.removeAll(keepingCapacity: true) }
    lines.insert(line)
  }
}
