import ChartdJSON

/// An LSP `FoldingRange`: lines `startLine` … `endLine` fold under the first.
public struct FoldingRange: Sendable, Equatable {
  public var startLine: Int
  public var endLine: Int

  public init(startLine: Int, endLine: Int) {
    self.startLine = startLine
    self.endLine = endLine
  }

  public var json: JSONValue { ["startLine": .number(Double(startLine)), "endLine": .number(Double(endLine))] }
}

/// The foldable blocks of a spec file (LSP `textDocument/foldingRange`).
public enum SpecFolding {
  /// Every object and array spread over lines folds from the line of its opening bracket to the
  /// line before its closing one, so the closing bracket stays in sight. Where several start on one
  /// line the outermost is kept (an editor folds a line one way). In document order; at most
  /// `limit` (the client's `rangeLimit`), the first ones. Nothing while the text is not JSON.
  public static func ranges(_ analysis: SpecAnalysis, in doc: TextDocument, limit: Int? = nil) -> [FoldingRange] {
    guard let map = analysis.map else { return [] }
    var out: [FoldingRange] = []
    var lastStart = -1
    for node in map.nodes {
      if let limit, out.count >= limit { break }
      let start = Int(node.start), end = Int(node.end)
      guard end - start >= 2, start < doc.bytes.count else { continue }
      let open = doc.bytes[start]
      guard open == UInt8(ascii: "{") || open == UInt8(ascii: "[") else { continue }
      let first = doc.line(containing: start), last = doc.line(containing: end - 1) - 1
      guard last > first, first != lastStart else { continue }
      out.append(FoldingRange(startLine: first, endLine: last))
      lastStart = first
    }
    return out
  }
}
