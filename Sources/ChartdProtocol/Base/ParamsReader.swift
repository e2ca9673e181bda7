import ChartdJSON

/// Reads the top-level fields of a message's `params`, throwing -32602 with the field's JSON Pointer.
public struct ParamsReader: Sendable {
  public let fields: [String: JSONValue]

  /// Absent or `null` params read as an empty object (methods without parameters accept both forms).
  public init(_ params: JSONValue?) throws(ResponseError) {
    guard let params, !params.isNull else { fields = [:]; return }
    guard case .object(let o) = params else {
      throw ResponseError.invalidParam("", "params must be an object, got \(params.typeName)")
    }
    fields = o
  }

  public func value(_ key: String) throws(ResponseError) -> JSONValue {
    guard let v = fields[key], !v.isNull else { throw ResponseError.invalidParam("/" + key, "is required") }
    return v
  }

  public func optionalValue(_ key: String) -> JSONValue? {
    guard let v = fields[key], !v.isNull else { return nil }
    return v
  }

  public func string(_ key: String) throws(ResponseError) -> String {
    let v = try value(key)
    guard case .string(let s) = v else { throw ResponseError.invalidParam("/" + key, "expected a string, got \(v.typeName)") }
    return s
  }

  public func optionalString(_ key: String) throws(ResponseError) -> String? {
    guard let v = optionalValue(key) else { return nil }
    guard case .string(let s) = v else { throw ResponseError.invalidParam("/" + key, "expected a string, got \(v.typeName)") }
    return s
  }

  public func int(_ key: String) throws(ResponseError) -> Int {
    let v = try value(key)
    guard let i = v.intValue else { throw ResponseError.invalidParam("/" + key, "expected an integer, got \(v.typeName == "a number" ? "a fraction" : v.typeName)") }
    return i
  }

  public func optionalInt(_ key: String) throws(ResponseError) -> Int? {
    guard optionalValue(key) != nil else { return nil }
    return try int(key)
  }

  public func number(_ key: String) throws(ResponseError) -> Double {
    let v = try value(key)
    guard let d = v.numberValue else { throw ResponseError.invalidParam("/" + key, "expected a number, got \(v.typeName)") }
    return d
  }

  /// A document URI: a non-empty string of at most 4096 bytes.
  public func uri(_ key: String = "uri") throws(ResponseError) -> String {
    let s = try string(key)
    guard !s.isEmpty else { throw ResponseError.invalidParam("/" + key, "must not be empty") }
    guard s.utf8.count <= 4096 else { throw ResponseError.invalidParam("/" + key, "is longer than 4096 bytes") }
    return s
  }

  /// A document version: an integer ≥ 0.
  public func version(_ key: String = "version") throws(ResponseError) -> Int {
    let v = try int(key)
    guard v >= 0 else { throw ResponseError.invalidParam("/" + key, "must be 0 or greater, got \(v)") }
    return v
  }
}

/// A request the server answers; one type per file under Requests/.
public protocol RequestMessage: Sendable {
  /// The JSON-RPC method name.
  static var method: String { get }
  /// Decodes the params, throwing -32602 with a located diagnostic.
  init(params: JSONValue?) throws(ResponseError)
}

/// A notification (no reply); one type per file under Notifications/.
public protocol NotificationMessage: Sendable {
  static var method: String { get }
}

/// A notification the client sends.
public protocol IncomingNotification: NotificationMessage {
  init(params: JSONValue?) throws(ResponseError)
}

/// A notification the server sends.
public protocol OutgoingNotification: NotificationMessage {
  var params: JSONValue { get }
}
