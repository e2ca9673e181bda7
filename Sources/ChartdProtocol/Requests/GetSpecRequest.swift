import ChartdJSON

/// `chart/getSpec`: the document's current spec, data included, as JSON.
///
/// `chart/renderSpec` of the result (with the document's `idPrefix`) gives exactly `chart/render`'s SVG,
/// so a client can save what a session of edits produced and a test can check the incremental state
/// against a render from scratch.
public struct GetSpecRequest: RequestMessage {
  public static let method = "chart/getSpec"
  public var uri: String
  public init(params: JSONValue?) throws(ResponseError) { uri = try ParamsReader(params).uri() }
}
