import ChartdJSON

/// A patch as it arrives on the wire, applied to the text form of the SVG exactly as
/// `protocol/patch.md` says: root, then removed, then inserted in order, then fragments, then
/// restored (for a client that keeps each region's previous markup).
///
/// Written from the protocol text, not from ChartCore's `ChartPatch.apply`, so that the oracle does
/// not share the implementation's assumptions. Besides applying, it checks what patch.md promises
/// about a patch: ids that exist, one-line markup whose element carries the id it replaces, and
/// fragments sent only when their markup changed.
public struct WirePatch: Sendable {
  public var baseVersion: Int
  public var version: Int
  public var root: String?
  public var removed: [String]
  public var inserted: [(id: String, svg: String, after: String?)]
  public var fragments: [(id: String, svg: String)]
  public var restored: [String]

  /// Reads the patch object (the result of `chart/update` or the params of `chart/patch`).
  public init(json: JSONValue) throws(OracleError) {
    func fail(_ what: String) -> OracleError { OracleError("patch shape", what) }
    guard let base = json["baseVersion"]?.intValue, let version = json["version"]?.intValue else {
      throw fail("baseVersion and version must be integers")
    }
    baseVersion = base
    self.version = version
    switch json["root"] {
    case nil, .null?: root = nil
    case .string(let s)?: root = s
    default: throw fail("root must be a string")
    }
    guard let removed = json["removed"]?.arrayValue, let inserted = json["inserted"]?.arrayValue,
          let fragments = json["fragments"]?.arrayValue else { throw fail("removed, inserted and fragments must be arrays") }
    self.removed = try removed.map { v throws(OracleError) in
      guard let s = v.stringValue else { throw fail("removed holds a non-string") }
      return s
    }
    self.inserted = try inserted.map { v throws(OracleError) in
      guard let id = v["id"]?.stringValue, let svg = v["svg"]?.stringValue, let after = v["after"] else {
        throw fail("an insertion needs id, svg and after")
      }
      guard after.isNull || after.stringValue != nil else { throw fail("after must be a string or null") }
      return (id, svg, after.stringValue)
    }
    self.fragments = try fragments.map { v throws(OracleError) in
      guard let id = v["id"]?.stringValue, let svg = v["svg"]?.stringValue else { throw fail("a fragment needs id and svg") }
      return (id, svg)
    }
    if let value = json["restored"] {
      guard let ids = value.arrayValue else { throw fail("restored must be an array") }
      guard !ids.isEmpty else { throw fail("restored is sent although it is empty") }
      restored = try ids.map { v throws(OracleError) in
        guard let s = v.stringValue else { throw fail("restored holds a non-string") }
        return s
      }
    } else {
      restored = []
    }
  }

  /// The document after the patch; throws when the patch does not fit `svg`.
  public func apply(to svg: SVGText) throws(OracleError) -> SVGText {
    var nothing: [String: String] = [:]
    return try apply(to: svg, previous: &nothing)
  }

  /// The document after the patch, for a client that keeps each region's previous markup
  /// (`previous`, by id); throws when the patch does not fit, `previous` then unchanged.
  public func apply(to svg: SVGText, previous: inout [String: String]) throws(OracleError) -> SVGText {
    func fail(_ what: String) -> OracleError { OracleError("patch application", what) }
    var held = previous
    var doc = svg
    if let root {
      guard root.hasPrefix("<svg"), !root.contains("\n") else { throw fail("root is not one opening <svg> tag") }
      doc.root = root
    }
    for id in removed {
      guard let i = doc.index(of: id) else { throw fail("removed '\(id)' is not in the document") }
      doc.regions.remove(at: i)
      held[id] = nil
    }
    for ins in inserted {
      try Self.checkMarkup(ins.svg, id: ins.id)
      guard doc.index(of: ins.id) == nil else { throw fail("inserted '\(ins.id)' is already in the document") }
      var at = 0
      if let after = ins.after {
        guard let i = doc.index(of: after) else { throw fail("inserted '\(ins.id)' after '\(after)', which is not in the document") }
        at = i + 1
      }
      doc.regions.insert(SVGText.Region(id: ins.id, markup: ins.svg), at: at)
    }
    for f in fragments {
      try Self.checkMarkup(f.svg, id: f.id)
      guard let i = doc.index(of: f.id) else { throw fail("fragment '\(f.id)' is not in the document") }
      guard doc.regions[i].markup != f.svg else { throw fail("fragment '\(f.id)' is sent although its markup did not change") }
      held[f.id] = doc.regions[i].markup
      doc.regions[i].markup = f.svg
    }
    let named = Set(fragments.map(\.id) + inserted.map(\.id) + removed)
    for id in restored {
      guard !named.contains(id) else { throw fail("'\(id)' is restored and also a fragment, inserted or removed") }
      guard let i = doc.index(of: id) else { throw fail("restored '\(id)' is not in the document") }
      guard let back = held[id] else { throw fail("restored '\(id)' has no previous markup on the client") }
      guard back != doc.regions[i].markup else { throw fail("'\(id)' is restored although its markup does not change") }
      held[id] = doc.regions[i].markup
      doc.regions[i].markup = back
    }
    previous = held
    return doc
  }

  /// A region's markup: one line, one element whose id is `id`.
  static func checkMarkup(_ markup: String, id: String) throws(OracleError) {
    guard !markup.contains("\n") else { throw OracleError("patch application", "markup of '\(id)' contains a newline") }
    guard let tag = XMLScan.openingTag(markup), tag.attributes["id"] == id else {
      throw OracleError("patch application", "markup for '\(id)' is not an element with that id: \(SVGText.first(of: markup))")
    }
  }
}
