import ChartdJSON

/// An LSP position as it travels: a 0-based line and a column in the negotiated code units.
public struct DocumentPosition: Sendable, Hashable {
  public var line: Int
  public var character: Int
  public init(line: Int, character: Int) {
    self.line = line
    self.character = character
  }
}

/// An LSP range as it travels (`end` exclusive).
public struct DocumentRange: Sendable, Hashable {
  public var start: DocumentPosition
  public var end: DocumentPosition
  public init(start: DocumentPosition, end: DocumentPosition) {
    self.start = start
    self.end = end
  }
}
