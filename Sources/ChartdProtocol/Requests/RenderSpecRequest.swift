import ChartdJSON

/// `chart/renderSpec`: renders a spec without keeping anything.
public struct RenderSpecRequest: RequestMessage {
  public static let method = "chart/renderSpec"
  public var spec: JSONValue
  public var idPrefix: String?
  public init(params: JSONValue?) throws(ResponseError) {
    let p = try ParamsReader(params)
    spec = try p.value("spec")
    idPrefix = try p.optionalString("idPrefix")
    if let prefix = idPrefix, !IDPrefix.isValid(prefix) {
      throw ResponseError.invalidParam("/idPrefix", "must start with a letter and contain only letters, digits, '-' and '_' (at most 64)")
    }
  }
}
