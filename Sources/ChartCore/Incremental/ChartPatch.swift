import ChartdJSON

/// The difference between two renders of a document, as region replacements, insertions and removals.
///
/// Applied in this order it turns the full SVG of the old version into the new one byte for byte:
/// `root` (replace the root opening tag), `removed`, `inserted` (each right after `after`, or first
/// when `after` is nil), `fragments` (replace the element with that id, or splice its markup),
/// `restored` (put back the element's previous markup, which a client that declared
/// `previousMarkup` keeps).
///
/// A document's patches carry each region's markup also as JSON text (`json`), which the document
/// keeps with the markup: shown again later, it goes out without being escaped again.
public struct ChartPatch: Sendable, Equatable {
  public struct Fragment: Sendable, Equatable {
    public var id: String
    public var svg: String
    /// `svg` written as a JSON string (nil in patches made by hand).
    public var json: JSONStringLiteral?
    /// `svg` as a change of the region's markup before, sent instead of `svg` (only for a document
    /// whose `clientAppliesSplices` is set; `protocol/patch.md`, "Spliced fragments").
    public var splice: MarkupSplice?
    public init(id: String, svg: String, json: JSONStringLiteral? = nil, splice: MarkupSplice? = nil) {
      self.id = id
      self.svg = svg
      self.json = json
      self.splice = splice
    }
  }

  public struct Insertion: Sendable, Equatable {
    public var id: String
    public var svg: String
    /// The region it follows; nil = the first region.
    public var after: String?
    /// `svg` written as a JSON string (nil in patches made by hand).
    public var json: JSONStringLiteral?
    public init(id: String, svg: String, after: String?, json: JSONStringLiteral? = nil) {
      self.id = id
      self.svg = svg
      self.after = after
      self.json = json
    }
  }

  public var root: String?
  public var removed: [String] = []
  public var inserted: [Insertion] = []
  public var fragments: [Fragment] = []
  /// Regions whose new markup is their previous markup, which the client keeps (only for a
  /// document whose `clientKeepsPreviousMarkup` is set; `protocol/patch.md`, "Restored regions").
  public var restored: [String] = []
  /// Regions whose renderer ran to compute this patch (tests check edits render only what they must).
  public var rendered: [RegionName] = []
  /// Regions whose new markup was taken from the shelf (an earlier state of theirs) without rendering.
  public var reused: [RegionName] = []

  public init() {}

  /// True when nothing visible changed.
  public var isEmpty: Bool { root == nil && removed.isEmpty && inserted.isEmpty && fragments.isEmpty && restored.isEmpty }

  /// Bytes of markup the patch carries.
  public var markupBytes: Int {
    (root?.utf8.count ?? 0) + inserted.reduce(0) { $0 + $1.svg.utf8.count }
      + fragments.reduce(0) { $0 + ($1.splice?.text ?? $1.svg).utf8.count }
  }

  /// Applies the patch to the text form of a full SVG (one region per line); nil when it does not fit
  /// (a patch that restores regions needs their previous markup: `apply(to:previous:)`).
  ///
  /// This is what clients do with the DOM; tests use it to check the patch invariant.
  public func apply(to svg: String) -> String? {
    var none: [String: String] = [:]
    return apply(to: svg, previous: &none)
  }

  /// Applies the patch as a client that keeps each region's previous markup (`previous`, by element
  /// id: empty after a full SVG) does; nil when it does not fit, `previous` then unchanged.
  public func apply(to svg: String, previous: inout [String: String]) -> String? {
    var lines = svg.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.count >= 3, lines.last == "", lines[lines.count - 2] == "</svg>" else { return nil }
    func index(of id: String) -> Int? {
      let needle = "id=\"\(id)\""
      return lines.indices.dropFirst().first { lines[$0].hasPrefix("<") && Self.firstID(lines[$0]).map(String.init) == needle }
    }
    if let root { lines[0] = root }
    for id in removed {
      guard let i = index(of: id) else { return nil }
      lines.remove(at: i)
    }
    for ins in inserted {
      let at: Int
      if let after = ins.after {
        guard let i = index(of: after) else { return nil }
        at = i + 1
      } else {
        at = 1
      }
      lines.insert(ins.svg, at: at)
    }
    var held = previous
    for id in removed { held[id] = nil }
    for f in fragments {
      guard let i = index(of: f.id) else { return nil }
      // A splice is applied as a client applies it, to the line it holds: `svg` is not looked at.
      let line: String
      if let splice = f.splice {
        guard let spliced = splice.apply(to: lines[i]) else { return nil }
        line = spliced
      } else {
        line = f.svg
      }
      held[f.id] = lines[i]
      lines[i] = line
    }
    for id in restored {
      guard let i = index(of: id), let back = held[id] else { return nil }
      held[id] = lines[i]
      lines[i] = back
    }
    previous = held
    return lines.joined(separator: "\n")
  }

  /// The first `id="…"` attribute of a line (the region element's own id).
  static func firstID(_ line: String) -> Substring? {
    guard let r = line.range(of: " id=\"") else { return nil }
    let rest = line[r.upperBound...]
    guard let end = rest.firstIndex(of: "\"") else { return nil }
    return line[line.index(after: r.lowerBound)...end]
  }
}
