import ChartdJSON

/// `chart/open`: opens a chart document from a spec and returns its full SVG.
public struct OpenChartRequest: RequestMessage {
  public static let method = "chart/open"
  public var uri: String
  public var version: Int
  /// The chart spec, read by ChartCore (diagnostic paths start at `/spec`).
  public var spec: JSONValue
  /// Prefix of every region id; derived from the URI when absent.
  public var idPrefix: String?

  public init(params: JSONValue?) throws(ResponseError) {
    let p = try ParamsReader(params)
    uri = try p.uri()
    version = try p.version()
    spec = try p.value("spec")
    idPrefix = try p.optionalString("idPrefix")
    if let prefix = idPrefix, !IDPrefix.isValid(prefix) {
      throw ResponseError.invalidParam("/idPrefix", "must start with a letter and contain only letters, digits, '-' and '_' (at most 64)")
    }
  }
}

/// Rules for region id prefixes.
public enum IDPrefix {
  public static func isValid(_ s: String) -> Bool {
    guard let first = s.unicodeScalars.first, s.utf8.count <= 64,
          (0x41...0x5a).contains(first.value) || (0x61...0x7a).contains(first.value) else { return false }
    return s.unicodeScalars.allSatisfy {
      (0x30...0x39).contains($0.value) || (0x41...0x5a).contains($0.value) || (0x61...0x7a).contains($0.value)
        || $0 == "-" || $0 == "_"
    }
  }
}
