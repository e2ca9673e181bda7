import ChartdJSON

/// An LSP `TextEdit`: replace `range` of the text with `newText`.
public struct TextEdit: Sendable, Equatable {
  public var range: TextRange
  public var newText: String

  public init(range: TextRange, newText: String) {
    self.range = range
    self.newText = newText
  }

  public var json: JSONValue { ["range": range.json, "newText": .string(newText)] }
}
