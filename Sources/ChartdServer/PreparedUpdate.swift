import ChartCore
import ChartdJSON
import ChartdProtocol

/// A `chart/update` request read before its turn: its params decoded and its edits read, so that
/// the worker only checks and applies them.
///
/// A class: the events and jobs that carry it stay one word wide, cheap to move for every message.
public final class PreparedUpdate: PreparedMessage, Equatable {
  public let id: RequestID
  public let request: UpdateChartRequest
  public let edits: ReadEdits

  init(id: RequestID, request: UpdateChartRequest, edits: ReadEdits) {
    self.id = id
    self.request = request
    self.edits = edits
  }

  public static func == (a: PreparedUpdate, b: PreparedUpdate) -> Bool {
    a.id == b.id && a.request == b.request && a.edits == b.edits
  }
}

extension ChartServer {
  /// Reads a body that is a `chart/update` request in its plain form straight from its bytes
  /// (`UpdateChartRequest.read`, `ChartEdit.readPlain`), without making its JSON values; nil for
  /// any other body, which is then decoded in general.
  ///
  /// Runs on the reader thread: it reads only the options, which never change.
  public func prepare(_ body: UnsafeRawBufferPointer) -> PreparedUpdate? {
    Self.prepare(body, limits: options.spec)
  }

  /// `prepare` under the spec limits `limits`.
  public static func prepare(_ body: UnsafeRawBufferPointer, limits: SpecLimits) -> PreparedUpdate? {
    guard body.count <= readAheadBytes else { return nil }
    var edits: [ChartEdit]?
    guard let (id, request) = UpdateChartRequest.read(body, edits: { c in
      edits = ChartEdit.readPlain(&c, limits: limits)
      return edits != nil
    }), let edits else { return nil }
    return PreparedUpdate(id: id, request: request, edits: ReadEdits(plain: edits, at: editsPath, limits: limits))
  }

  /// A `chart/update` request decoded in general, read as `readAhead` reads it: nil when its params
  /// are ones `UpdateChartRequest(params:)` refuses (it is then answered in its turn).
  static func readInGeneral(id: RequestID, params: JSONValue?, limits: SpecLimits) -> PreparedUpdate? {
    guard let request = try? UpdateChartRequest(params: params) else { return nil }
    return PreparedUpdate(id: id, request: request, edits: ReadEdits(request.edits, at: editsPath, limits: limits))
  }

  /// What the general reader makes of a body (`IncomingMessage.decode`, then `readInGeneral`): the
  /// reading `prepare` is held to. Nil for anything but a `chart/update` request it accepts.
  public static func readInGeneral(_ body: UnsafeRawBufferPointer, limits: SpecLimits) -> PreparedUpdate? {
    guard case .success(.request(let id, UpdateChartRequest.method, let params))? = try? IncomingMessage.decode(body) else {
      return nil
    }
    return readInGeneral(id: id, params: params, limits: limits)
  }
}
