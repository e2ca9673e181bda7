import ChartdJSON

/// A source map of a document's text as it last parsed, and how far the current text still agrees
/// with that text: a scan of the current text may trust the map for every value that lies before
/// `agreeingBefore`, even while the text after it is broken.
public struct KnownPrefix: Sendable {
  public let map: JSONSourceMap
  /// The bytes `0..<agreeingBefore` of the current text are those the map was built from.
  public private(set) var agreeingBefore: Int

  /// The map of a text that is the current one.
  public init(map: JSONSourceMap, textCount: Int) {
    self.map = map
    self.agreeingBefore = textCount
  }

  /// After a change that replaced bytes from `offset` on: the text before `offset` still agrees.
  public mutating func changed(from offset: Int) {
    agreeingBefore = min(agreeingBefore, max(0, offset))
  }
}
