/// The one registry of every method chartd speaks, sorted by name.
///
/// A test checks it against protocol/ (every registered method documented, every documented method
/// registered). To add a message: a file under Requests/ or Notifications/, a line here, a handler in
/// ChartdServer, its ordering in `MessageOrdering`, and its section in protocol/.
public enum MessageRegistry {
  public static let requests: [any RequestMessage.Type] = [
    CloseChartRequest.self,
    GetSpecRequest.self,
    HitTestRequest.self,
    OpenChartRequest.self,
    PreviewChartRequest.self,
    RenderChartRequest.self,
    RenderSpecRequest.self,
    SynchronizeRequest.self,
    UpdateChartRequest.self,
    InitializeRequest.self,
    ShutdownRequest.self,
    CodeActionRequest.self,
    ColorPresentationRequest.self,
    CompletionRequest.self,
    DefinitionRequest.self,
    DocumentColorRequest.self,
    DocumentFormattingRequest.self,
    DocumentHighlightRequest.self,
    DocumentRangeFormattingRequest.self,
    DocumentSymbolRequest.self,
    InlayHintRequest.self,
    FoldingRangeRequest.self,
    HoverRequest.self,
    PrepareRenameRequest.self,
    ReferencesRequest.self,
    RenameRequest.self,
    SelectionRangeRequest.self,
  ]

  /// Notifications the client sends.
  public static let clientNotifications: [any IncomingNotification.Type] = [
    CancelRequestNotification.self,
    UpdateChartNotification.self,
    ExitNotification.self,
    InitializedNotification.self,
    DidChangeTextDocumentNotification.self,
    DidCloseTextDocumentNotification.self,
    DidOpenTextDocumentNotification.self,
    DidSaveTextDocumentNotification.self,
  ]

  /// Notifications the server sends.
  public static let serverNotifications: [any OutgoingNotification.Type] = [
    ChartDiagnosticsNotification.self,
    ChartPatchNotification.self,
    LogMessageNotification.self,
    PublishDiagnosticsNotification.self,
  ]

  public static func request(named method: String) -> (any RequestMessage.Type)? {
    requests.first { $0.method == method }
  }

  public static func clientNotification(named method: String) -> (any IncomingNotification.Type)? {
    clientNotifications.first { $0.method == method }
  }

  /// Every method name, for the documentation check.
  public static var allMethods: [String] {
    (requests.map { $0.method } + clientNotifications.map { $0.method } + serverNotifications.map { $0.method }).sorted()
  }
}
