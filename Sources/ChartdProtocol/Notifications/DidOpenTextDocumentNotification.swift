import ChartdJSON

/// `textDocument/didOpen`: the client opened a text document; chartd serves it when it is a chart
/// spec (language id `chart-json`, or a URI ending `.chart.json`) and ignores it otherwise.
public struct DidOpenTextDocumentNotification: IncomingNotification {
  public static let method = "textDocument/didOpen"
  public var uri: String
  public var languageId: String
  public var version: Int
  public var text: String

  public init(params: JSONValue?) throws(ResponseError) {
    let d = try ParamsReader(params).object("textDocument")
    uri = try d.uri()
    languageId = try d.optionalString("languageId") ?? ""
    version = try d.int("version")
    text = try d.string("text")
  }
}
