import ChartdJSON

/// Reads the top-level fields of a message's `params`, throwing -32602 with the field's JSON Pointer.
public struct ParamsReader: Sendable {
  public let fields: [String: JSONValue]
  /// JSON Pointer of this object in the params ("" for the params themselves); error paths start with it.
  public let prefix: String

  /// Absent or `null` params read as an empty object (methods without parameters accept both forms).
  public init(_ params: JSONValue?) throws(ResponseError) {
    prefix = ""
    guard let params, !params.isNull else { fields = [:]; return }
    guard case .object(let o) = params else {
      throw ResponseError.invalidParam("", "params must be an object, got \(params.typeName)")
    }
    fields = o
  }

  /// Reads `value` as the object at `prefix` of the params (an element of a list).
  public init(_ value: JSONValue, at prefix: String) throws(ResponseError) {
    guard case .object(let o) = value else { throw ResponseError.invalidParam(prefix, "expected an object, got \(value.typeName)") }
    self.init(fields: o, prefix: prefix)
  }

  private init(fields: [String: JSONValue], prefix: String) {
    self.fields = fields
    self.prefix = prefix
  }

  /// The required object member `key`, read with error paths under it (`/textDocument/uri`).
  public func object(_ key: String) throws(ResponseError) -> ParamsReader {
    let v = try value(key)
    guard case .object(let o) = v else { throw ResponseError.invalidParam(prefix + "/" + key, "expected an object, got \(v.typeName)") }
    return ParamsReader(fields: o, prefix: prefix + "/" + key)
  }

  /// An LSP position `{line, character}` (both integers ≥ 0) at member `key`.
  public func position(_ key: String) throws(ResponseError) -> DocumentPosition { try object(key).position() }

  /// This object read as an LSP position (an element of a list of them).
  public func position() throws(ResponseError) -> DocumentPosition {
    let line = try int("line"), character = try int("character")
    guard line >= 0 else { throw ResponseError.invalidParam(prefix + "/line", "must be 0 or greater, got \(line)") }
    guard character >= 0 else { throw ResponseError.invalidParam(prefix + "/character", "must be 0 or greater, got \(character)") }
    return DocumentPosition(line: line, character: character)
  }

  /// An LSP range `{start, end}`.
  public func range(_ key: String) throws(ResponseError) -> DocumentRange {
    let r = try object(key)
    return DocumentRange(start: try r.position("start"), end: try r.position("end"))
  }

  public func value(_ key: String) throws(ResponseError) -> JSONValue {
    guard let v = fields.member(key), !v.isNull else { throw ResponseError.invalidParam(prefix + "/" + key, "missing required property '\(key)'") }
    return v
  }

  public func optionalValue(_ key: String) -> JSONValue? {
    guard let v = fields.member(key), !v.isNull else { return nil }
    return v
  }

  public func string(_ key: String) throws(ResponseError) -> String {
    let v = try value(key)
    guard case .string(let s) = v else { throw ResponseError.invalidParam(prefix + "/" + key, "expected a string, got \(v.typeName)") }
    return s
  }

  public func optionalString(_ key: String) throws(ResponseError) -> String? {
    guard let v = optionalValue(key) else { return nil }
    guard case .string(let s) = v else { throw ResponseError.invalidParam(prefix + "/" + key, "expected a string, got \(v.typeName)") }
    return s
  }

  public func optionalBool(_ key: String) throws(ResponseError) -> Bool? {
    guard let v = optionalValue(key) else { return nil }
    guard case .bool(let b) = v else { throw ResponseError.invalidParam(prefix + "/" + key, "expected a boolean, got \(v.typeName)") }
    return b
  }

  public func int(_ key: String) throws(ResponseError) -> Int {
    try int(key, value: try value(key))
  }

  /// `int` of the value `v` of `key`, looked up already.
  func int(_ key: String, value v: JSONValue) throws(ResponseError) -> Int {
    guard let i = v.intValue else { throw ResponseError.invalidParam(prefix + "/" + key, v.notAnIntegerMessage) }
    return i
  }

  public func optionalInt(_ key: String) throws(ResponseError) -> Int? {
    guard optionalValue(key) != nil else { return nil }
    return try int(key)
  }

  public func number(_ key: String) throws(ResponseError) -> Double {
    let v = try value(key)
    guard let d = v.numberValue else { throw ResponseError.invalidParam(prefix + "/" + key, "expected a number, got \(v.typeName)") }
    return d
  }

  /// The longest document URI accepted, in bytes.
  public static let maxURIBytes = 4096

  /// A document URI: a non-empty string of at most `maxURIBytes` bytes.
  public func uri(_ key: String = "uri") throws(ResponseError) -> String {
    let s = try string(key)
    guard !s.isEmpty else { throw ResponseError.invalidParam(prefix + "/" + key, "must not be empty") }
    guard s.utf8.count <= Self.maxURIBytes else {
      throw ResponseError.invalidParam(prefix + "/" + key, "is longer than \(Self.maxURIBytes) bytes")
    }
    return s
  }

  /// A document version: an integer ≥ 0.
  public func version(_ key: String = "version") throws(ResponseError) -> Int {
    try version(key, value: try value(key))
  }

  /// `version` of the value `raw` of `key`, looked up already (`optionalValue`).
  public func version(_ key: String = "version", value raw: JSONValue) throws(ResponseError) -> Int {
    let v = try int(key, value: raw)
    guard v >= 0 else { throw ResponseError.invalidParam(prefix + "/" + key, "must be 0 or greater, got \(v)") }
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
  associatedtype Params: JSONWritable
  var params: Params { get }
}
