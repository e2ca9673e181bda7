import ChartdJSON

/// LSP `FormattingOptions`, as the formatting requests carry them under `options`.
public struct FormattingOptionsParams: Sendable, Equatable {
  /// The largest `tabSize` accepted: a wider indent is a mistake, not a style.
  public static let maxTabSize = 16
  public var tabSize: Int
  public var insertSpaces: Bool
  public var insertFinalNewline: Bool?

  /// Reads `options` of `p`: `tabSize` (0 … `maxTabSize`) and `insertSpaces` are required, as LSP
  /// says; `insertFinalNewline` is optional; other members (`trimTrailingWhitespace`, an editor's
  /// own) are accepted and have nothing to do (the formatter leaves no trailing whitespace).
  public init(_ p: ParamsReader) throws(ResponseError) {
    let o = try p.object("options")
    tabSize = try o.int("tabSize")
    guard tabSize >= 0, tabSize <= Self.maxTabSize else {
      throw ResponseError.invalidParam(o.prefix + "/tabSize", "must be 0 … \(Self.maxTabSize), got \(tabSize)")
    }
    let spaces = try o.value("insertSpaces")
    guard case .bool(let b) = spaces else {
      throw ResponseError.invalidParam(o.prefix + "/insertSpaces", "expected a boolean, got \(spaces.typeName)")
    }
    insertSpaces = b
    insertFinalNewline = try o.optionalBool("insertFinalNewline")
  }
}
