import ChartdJSON

/// A patch on the wire: the result of `chart/update` and the params of `chart/patch`.
///
/// Written straight into the outgoing bytes (members in sorted key order, as `JSONWriter` would):
/// its fragments are most of an answer's bytes, and building them into a tree of values first
/// cost more than escaping them.
public struct PatchPayload: JSONWritable {
  public struct Fragment: Sendable {
    public var id: String
    public var svg: String
    /// `svg` already written as JSON text, when the document kept it from an earlier answer.
    public var json: JSONStringLiteral?
    /// Sent instead of `svg`: the UTF-8 bytes `start..<end` of the region's markup the client holds
    /// are replaced by `text` (`protocol/patch.md`, "Spliced fragments").
    public var splice: (start: Int, end: Int, text: String)?
    public init(id: String, svg: String, json: JSONStringLiteral? = nil, splice: (start: Int, end: Int, text: String)? = nil) {
      self.id = id
      self.svg = svg
      self.json = json
      self.splice = splice
    }
  }

  public struct Insertion: Sendable {
    public var id: String
    public var svg: String
    /// The region it follows; nil = the first region.
    public var after: String?
    /// `svg` already written as JSON text, when the document kept it from an earlier answer.
    public var json: JSONStringLiteral?
    public init(id: String, svg: String, after: String?, json: JSONStringLiteral? = nil) {
      self.id = id
      self.svg = svg
      self.after = after
      self.json = json
    }
  }

  public var uri: String
  public var baseVersion: Int
  public var version: Int
  /// The new root element's start tag, when it changed.
  public var root: String?
  public var removed: [String]
  public var inserted: [Insertion]
  public var fragments: [Fragment]
  /// Regions put back to their previous markup, which the client keeps (left out when empty).
  public var restored: [String]
  public var renderedRegions: Int
  public var reusedRegions: Int
  public var markupBytes: Int

  public init(uri: String, baseVersion: Int, version: Int, root: String?, removed: [String], inserted: [Insertion],
              fragments: [Fragment], restored: [String] = [], renderedRegions: Int, reusedRegions: Int, markupBytes: Int) {
    self.uri = uri
    self.baseVersion = baseVersion
    self.version = version
    self.root = root
    self.removed = removed
    self.inserted = inserted
    self.fragments = fragments
    self.restored = restored
    self.renderedRegions = renderedRegions
    self.reusedRegions = reusedRegions
    self.markupBytes = markupBytes
  }

  public func write(into out: inout [UInt8]) {
    JSONStream.write(into: &out) { s in
      s.reserve(stringBytes: markupBytes, otherBytes: 256 + 64 * (fragments.count + inserted.count + removed.count))
      s.beginObject()
      s.member("baseVersion", Double(baseVersion))
      s.key("fragments")
      s.beginArray()
      for f in fragments {
        s.beginObject()
        s.member("id", f.id)
        if let splice = f.splice {
          s.key("splice")
          s.beginObject()
          s.member("end", Double(splice.end))
          s.member("start", Double(splice.start))
          s.member("text", splice.text)
          s.endObject()
        } else {
          s.svgMember(f.svg, json: f.json)
        }
        s.endObject()
      }
      s.endArray()
      s.key("inserted")
      s.beginArray()
      for i in inserted {
        s.beginObject()
        s.key("after")
        if let after = i.after { s.string(after) } else { s.null() }
        s.member("id", i.id)
        s.svgMember(i.svg, json: i.json)
        s.endObject()
      }
      s.endArray()
      s.key("removed")
      s.beginArray()
      for id in removed { s.string(id) }
      s.endArray()
      if !restored.isEmpty {
        s.key("restored")
        s.beginArray()
        for id in restored { s.string(id) }
        s.endArray()
      }
      if let root { s.member("root", root) }
      s.key("stats")
      s.beginObject()
      s.member("markupBytes", Double(markupBytes))
      s.member("renderedRegions", Double(renderedRegions))
      s.member("reusedRegions", Double(reusedRegions))
      s.endObject()
      s.member("uri", uri)
      s.member("version", Double(version))
      s.endObject()
    }
  }
}

extension JSONStream {
  /// The `svg` member: copied from `json` when the markup was written before, else escaped now.
  fileprivate mutating func svgMember(_ svg: String, json: JSONStringLiteral?) {
    guard let json else { return member("svg", svg) }
    key("svg")
    value(json)
  }
}
