import ChartdJSON

/// `chart/update` sent without an id: applied like the request; the patch is pushed as `chart/patch`.
///
/// Several queued update notifications of one document may be merged into one patch.
public struct UpdateChartNotification: IncomingNotification {
  public static let method = "chart/update"
  public var update: UpdateChartRequest
  public init(params: JSONValue?) throws(ResponseError) { update = try UpdateChartRequest(params: params) }
}
