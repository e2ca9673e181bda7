import ChartCore
import ChartdJSON

/// Where a spec names its data sets: each data set's id (its `id`, or its `label` when it has no
/// `id`, as the reader takes it) and each highlight's `dataSet`. For go to definition, find
/// references, document highlights and rename (LSP `definition`, `references`, `documentHighlight`,
/// `prepareRename`, `rename`).
public struct SpecReferences: Sendable {
  /// One string that names a data set.
  public struct Site: Sendable, Equatable {
    /// The string's bytes, quotes included.
    public var bytes: Range<Int>
    public var name: String
    /// A data set's own id (`id` or `label`), not a highlight naming one.
    public var isDeclaration: Bool
    /// An id taken from `label`: renaming it would rename the legend's text too.
    public var fromLabel: Bool
  }

  public let sites: [Site]
  /// Why no site is known while the text is not JSON: the syntax error and its line (a rename says
  /// so, rather than doing nothing).
  public let unreadable: String?

  /// The sites of the text `analysis` read (none while it is not JSON).
  public init(_ analysis: SpecAnalysis, in doc: TextDocument) {
    unreadable = analysis.syntaxError.map { error in
      let line = doc.line(containing: max(0, error.offset))
      return "the text is not JSON (\(SpecAnalysis.plain(error.message)) on line \(line + 1)): fix it to rename data sets"
    }
    // A number beyond a double's range leaves a map (`SpecAnalysis`), but the text still reads as no spec.
    guard unreadable == nil, let map = analysis.map, !map.nodes.isEmpty else { sites = []; return }
    var found: [Site] = []
    doc.bytes.withUnsafeBufferPointer { text in
      func member(_ node: Int, _ key: String) -> Int? { map.member(key, of: node, in: text) }
      func string(_ node: Int?) -> (Range<Int>, String)? {
        guard let node else { return nil }
        let r = map.valueRange(node)
        guard r.count >= 2, text[r.lowerBound] == UInt8(ascii: "\"") else { return nil }
        return (r, CursorContext.decodeString(doc.bytes, r))
      }
      func elements(_ key: String) -> [Int] {
        guard let list = member(0, key), text[map.valueRange(list).lowerBound] == UInt8(ascii: "[") else { return [] }
        return map.children(list).filter { text[map.valueRange($0).lowerBound] == UInt8(ascii: "{") }
      }
      guard text[map.valueRange(0).lowerBound] == UInt8(ascii: "{") else { return }
      for set in elements("dataSets") {
        if let (r, name) = string(member(set, "id")) {
          found.append(Site(bytes: r, name: name, isDeclaration: true, fromLabel: false))
        } else if let (r, name) = string(member(set, "label")) {
          found.append(Site(bytes: r, name: name, isDeclaration: true, fromLabel: true))
        }
      }
      for h in elements("highlights") {
        if let (r, name) = string(member(h, "dataSet")) {
          found.append(Site(bytes: r, name: name, isDeclaration: false, fromLabel: false))
        }
      }
    }
    sites = found.sorted { $0.bytes.lowerBound < $1.bytes.lowerBound }
  }

  /// The site whose string holds byte `offset` (its quotes included).
  public func site(at offset: Int) -> Site? {
    sites.first { $0.bytes.lowerBound <= offset && offset <= $0.bytes.upperBound }
  }

  /// Every site naming `name`, in document order; declarations only when `declarations`.
  public func sites(named name: String, declarations: Bool = true) -> [Site] {
    sites.filter { $0.name == name && (declarations || !$0.isDeclaration) }
  }

  /// The declaration of `name`: the first data set with that id.
  public func declaration(of name: String) -> Site? {
    sites.first { $0.isDeclaration && $0.name == name }
  }
}
