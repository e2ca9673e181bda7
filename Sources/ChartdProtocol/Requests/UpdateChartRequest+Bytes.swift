import ChartdJSON

extension UpdateChartRequest {
  /// A `chart/update` request in its plain form, read straight from its bytes; `edits` reads the
  /// value of `edits` (keeping what it read) and says whether it could.
  ///
  /// The plain form: an envelope of exactly `jsonrpc` "2.0", an `id` (plain digits or a plain
  /// string), `method` "chart/update" and `params`; params of `uri`, `edits` and, optionally,
  /// `version` (plain digits), in any order, each once; strings of printable ASCII without escapes.
  /// Nil for anything else, and when `edits` gives up or the params are ones `init(params:)`
  /// refuses: the caller then decodes the message in general (`IncomingMessage.decode`), which
  /// gives the same request for the texts read here (`PreparedUpdateTests`).
  public static func read(_ body: UnsafeRawBufferPointer, edits: (inout JSONCursor) -> Bool) -> (id: RequestID, request: UpdateChartRequest)? {
    // Other messages are passed over at the price of a byte search (for `/`, rare in most).
    guard JSONCursor.contains(body, "/update\"") else { return nil }
    var id: RequestID?, request: UpdateChartRequest?
    let read = JSONCursor.read(body) { c in
      var jsonrpc = false, method = false
      let read = c.object(names: IncomingMessage.envelopeNames) { c, k in
        switch k {
        case 0: jsonrpc = c.string(among: jsonrpcVersion) != nil; return jsonrpc
        case 1: id = c.plainInteger().map(RequestID.number) ?? c.plainString().map(RequestID.string); return id != nil
        case 2: method = c.string(among: updateMethod) != nil; return method
        default: request = readParams(&c, edits); return request != nil
        }
      }
      return read && jsonrpc && method
    }
    guard read, let id, let request else { return nil }
    return (id, request)
  }

  private static let paramNames = JSONNames(["uri", "version", "edits"])
  private static let jsonrpcVersion = JSONNames(["2.0"])
  private static let updateMethod = JSONNames(["chart/update"])

  /// The params object at the cursor, checked as `init(params:)` checks them.
  private static func readParams(_ c: inout JSONCursor, _ readEdits: (inout JSONCursor) -> Bool) -> UpdateChartRequest? {
    var uri: String?, version: Int?, edits = false
    let read = c.object(names: paramNames) { c, k in
      switch k {
      case 0: uri = c.plainString(); return uri != nil
      case 1: version = c.plainInteger(); return version != nil
      default: edits = readEdits(&c); return edits
      }
    }
    // The checks of `ParamsReader.uri`: a refused uri is left to the general reader to report.
    guard read, edits, let uri, !uri.isEmpty, uri.utf8.count <= ParamsReader.maxURIBytes else { return nil }
    return UpdateChartRequest(uri: uri, version: version ?? 0, versionOmitted: version == nil, edits: .array([]))
  }
}
