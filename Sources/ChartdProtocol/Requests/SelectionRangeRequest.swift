import ChartdJSON

/// `textDocument/selectionRange`: for each position, the ranges "expand selection" steps through.
/// Result: `SelectionRange[]`, one per position.
public struct SelectionRangeRequest: RequestMessage {
  public static let method = "textDocument/selectionRange"
  /// The most positions one request may ask about.
  public static let maxPositions = 1_000
  public var uri: String
  public var positions: [DocumentPosition]

  public init(params: JSONValue?) throws(ResponseError) {
    let p = try ParamsReader(params)
    uri = try p.object("textDocument").uri()
    let list = try p.value("positions")
    guard let items = list.arrayValue else {
      throw ResponseError.invalidParam("/positions", "expected an array, got \(list.typeName)")
    }
    guard items.count <= Self.maxPositions else {
      throw ResponseError.invalidParam("/positions", "\(items.count) positions exceed the limit maxPositions = \(Self.maxPositions)")
    }
    positions = try items.indices.map { (k: Int) throws(ResponseError) -> DocumentPosition in
      try ParamsReader(items[k], at: "/positions/\(k)").position()
    }
  }
}
