/// A full SVG document in the text form of `protocol/patch.md`: the root's opening tag on the
/// first line, one region per line, `</svg>` last, a newline at the end.
///
/// Written from the protocol text, independently of ChartCore's own patch code.
public struct SVGText: Equatable, Sendable {
  public struct Region: Equatable, Sendable {
    public var id: String
    public var markup: String
  }

  public var root: String
  public var regions: [Region]

  /// Splits a full SVG; throws a description when the text breaks the documented shape.
  public init(parsing text: String) throws(OracleError) {
    guard text.hasSuffix("</svg>\n") else { throw OracleError("svg shape", "the document does not end with \"</svg>\\n\"") }
    // Split on newline bytes: a Character-wise split cost a tenth of every fuzzed conversation.
    var lines = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(Substring($0)) }
    lines.removeLast(2)  // "</svg>" and the empty string after the final newline
    guard let first = lines.first, first.hasPrefix("<svg ") || first.hasPrefix("<svg>") else {
      throw OracleError("svg shape", "the first line is not the root's opening tag: \(Self.first(of: lines.first ?? ""))")
    }
    root = first
    regions = []
    for line in lines.dropFirst() {
      guard let tag = XMLScan.openingTag(line) else {
        throw OracleError("svg shape", "a region line is not one element: \(Self.first(of: line))")
      }
      guard let id = tag.attributes["id"] else {
        throw OracleError("svg shape", "a region has no id: \(Self.first(of: line))")
      }
      regions.append(Region(id: id, markup: line))
    }
  }

  /// The document text: root, regions, `</svg>`, final newline.
  public var text: String {
    var out = root + "\n"
    for r in regions { out += r.markup + "\n" }
    return out + "</svg>\n"
  }

  /// Region ids in document order.
  public var regionIDs: [String] { regions.map(\.id) }

  /// The root element's `id` (the document's id prefix).
  public var prefix: String? { XMLScan.openingTag(root)?.attributes["id"] }

  public func index(of id: String) -> Int? { regions.firstIndex { $0.id == id } }

  /// The start of a long line, for messages.
  static func first(of line: String) -> String { line.count > 160 ? String(line.prefix(160)) + "…" : line }
}
