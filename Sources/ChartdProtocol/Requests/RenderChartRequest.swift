import ChartdJSON

/// `chart/render`: the full SVG of an open document at its current version.
public struct RenderChartRequest: RequestMessage {
  public static let method = "chart/render"
  public var uri: String
  /// The client renders to compare, not to start afresh: it keeps the previous markup it holds
  /// (`protocol/patch.md`, "Restored regions"), and patches may go on restoring it.
  public var keepPreviousMarkup: Bool

  public init(params: JSONValue?) throws(ResponseError) {
    let p = try ParamsReader(params)
    uri = try p.uri()
    keepPreviousMarkup = try p.optionalBool("keepPreviousMarkup") ?? false
  }
}
