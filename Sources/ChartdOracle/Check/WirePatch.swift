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
  /// Each fragment's new markup (`svg`) or the splice of the markup the client holds that makes it.
  public var fragments: [(id: String, markup: FragmentMarkup)]
  public var restored: [String]

  /// What a fragment carries.
  public enum FragmentMarkup: Sendable, Equatable {
    case svg(String)
    /// The UTF-8 bytes `start..<end` of the region's markup replaced by `text`.
    case splice(start: Int, end: Int, text: String)
  }

  /// Whether a fragment splices the markup the client holds.
  public var hasSplices: Bool {
    fragments.contains { if case .splice = $0.markup { true } else { false } }
  }

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
      guard let id = v["id"]?.stringValue else { throw fail("a fragment needs an id") }
      switch (v["svg"], v["splice"]) {
      case (.string(let svg)?, nil):
        return (id, .svg(svg))
      case (nil, let splice?):
        guard let start = splice["start"]?.intValue, let end = splice["end"]?.intValue, let text = splice["text"]?.stringValue,
              splice.objectValue?.count == 3 else {
          throw fail("a splice needs integers start and end and a string text, and nothing else")
        }
        return (id, .splice(start: start, end: end, text: text))
      default:
        throw fail("a fragment needs either svg (a string) or splice")
      }
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
      guard let i = doc.index(of: f.id) else { throw fail("fragment '\(f.id)' is not in the document") }
      let svg: String
      switch f.markup {
      case .svg(let whole): svg = whole
      case .splice(let start, let end, let text): svg = try Self.splice(doc.regions[i].markup, start, end, text, id: f.id)
      }
      try Self.checkMarkup(svg, id: f.id)
      guard doc.regions[i].markup != svg else { throw fail("fragment '\(f.id)' is sent although its markup did not change") }
      held[f.id] = doc.regions[i].markup
      doc.regions[i].markup = svg
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

  /// `markup` with its UTF-8 bytes `start..<end` replaced by `text`, as patch.md defines a splice:
  /// offsets in range, on character boundaries, and a splice that keeps at least 64 bytes and at
  /// least half of the markup.
  static func splice(_ markup: String, _ start: Int, _ end: Int, _ text: String, id: String) throws(OracleError) -> String {
    func fail(_ what: String) -> OracleError { OracleError("spliced fragment", "'\(id)': \(what)") }
    var bytes = Array(markup.utf8)
    guard 0 <= start, start <= end, end <= bytes.count else {
      throw fail("start \(start) and end \(end) do not fit markup of \(bytes.count) bytes")
    }
    let kept = start + (bytes.count - end)
    guard kept >= 64, 2 * kept >= bytes.count else {
      throw fail("keeps \(kept) of \(bytes.count) bytes: fewer than 64, or less than half")
    }
    // A character boundary is where no continuation byte (10xxxxxx) follows.
    for offset in [start, end] where offset < bytes.count && bytes[offset] & 0xC0 == 0x80 {
      throw fail("offset \(offset) falls inside a character")
    }
    bytes.replaceSubrange(start..<end, with: Array(text.utf8))
    guard let spliced = String(validating: bytes, as: UTF8.self) else { throw fail("the spliced markup is not UTF-8") }
    return spliced
  }

  /// A region's markup: one line, one element whose id is `id`.
  static func checkMarkup(_ markup: String, id: String) throws(OracleError) {
    guard !markup.contains("\n") else { throw OracleError("patch application", "markup of '\(id)' contains a newline") }
    guard let tag = XMLScan.openingTag(markup), tag.attributes["id"] == id else {
      throw OracleError("patch application", "markup for '\(id)' is not an element with that id: \(SVGText.first(of: markup))")
    }
  }
}
