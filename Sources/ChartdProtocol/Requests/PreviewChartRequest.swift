import ChartdJSON

/// `chart/preview`: opens (or returns) the chart document that follows a text document: every
/// change of the text that reads as a spec is applied to it and pushed as `chart/patch`.
/// Result: as `chart/open` (`uri`, `version`, `svg`, `regions`) and `textVersion`.
public struct PreviewChartRequest: RequestMessage {
  public static let method = "chart/preview"
  public var uri: String
  /// Prefix of every element id; derived from the URI when absent.
  public var idPrefix: String?

  public init(params: JSONValue?) throws(ResponseError) {
    let p = try ParamsReader(params)
    uri = try p.object("textDocument").uri()
    idPrefix = try p.optionalString("idPrefix")
    if let prefix = idPrefix, !IDPrefix.isValid(prefix) {
      throw ResponseError.invalidParam("/idPrefix", "must start with a letter and contain only letters, digits, '-' and '_' (at most 64)")
    }
  }
}
