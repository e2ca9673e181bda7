import ChartdJSON

/// `chart/update`: applies edits atomically and answers with a patch (as a notification: pushes `chart/patch`).
public struct UpdateChartRequest: RequestMessage, Equatable {
  public static let method = "chart/update"
  public var uri: String
  public var version: Int
  /// True when `version` was left out, which only the preview of a text document accepts (the
  /// server then takes the next version); `version` is then 0.
  public var versionOmitted: Bool
  /// The edits, read by ChartCore (diagnostic paths start at `/edits`); an empty array when the
  /// request was read from its bytes (`read(_:edits:)`), which reads the edits itself.
  public var edits: JSONValue

  public init(uri: String, version: Int, versionOmitted: Bool, edits: JSONValue) {
    self.uri = uri
    self.version = version
    self.versionOmitted = versionOmitted
    self.edits = edits
  }

  public init(params: JSONValue?) throws(ResponseError) {
    let p = try ParamsReader(params)
    uri = try p.uri()
    // Looked up once: every update reads it.
    let rawVersion = p.optionalValue("version")
    versionOmitted = rawVersion == nil
    if let rawVersion { version = try p.version(value: rawVersion) } else { version = 0 }
    edits = try p.value("edits")
    guard edits.arrayValue != nil else { throw ResponseError.invalidParam("/edits", "expected an array, got \(edits.typeName)") }
  }
}
