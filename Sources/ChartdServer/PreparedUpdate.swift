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
    a.id == b.id && a.request.uri == b.request.uri && a.request.version == b.request.version
      && a.request.versionOmitted == b.request.versionOmitted && a.request.edits == b.request.edits
      && a.edits.edits == b.edits.edits && a.edits.diagnostics == b.edits.diagnostics
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
}
