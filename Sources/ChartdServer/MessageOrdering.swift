import ChartdProtocol

/// How a message is ordered against the others: decided here, in one switch, for every method.
///
/// The server executes work on one worker in arrival order, so every kind below is honoured by
/// construction; the distinction is kept because it is what may run concurrently if that ever pays,
/// and it drives burst coalescing (consecutive updates of one document).
///
/// Adding a message: decide its case here; a `.documentUpdate` must never be reordered with any
/// other message for the same document.
public enum MessageOrdering: Equatable, Sendable {
  /// Waits for everything before it and holds back everything after it.
  case barrier
  /// Changes one document.
  case documentUpdate(uri: String)
  /// Reads one document.
  case documentRead(uri: String)
  /// Touches no document.
  case freestanding
  /// Handled as soon as it is read, ahead of queued work.
  case immediate

  public static func of(_ message: IncomingMessage) -> MessageOrdering {
    switch message {
    case .request(_, let method, let params), .notification(let method, let params):
      let uri = params?["uri"]?.stringValue ?? params?["textDocument"]?["uri"]?.stringValue ?? ""
      // The message of a session's hot loop, told before the names the switch compares in turn.
      if method == UpdateChartRequest.method { return .documentUpdate(uri: uri) }
      switch method {
      case InitializeRequest.method, ShutdownRequest.method, SynchronizeRequest.method, ExitNotification.method,
           InitializedNotification.method:
        return .barrier
      case OpenChartRequest.method, UpdateChartRequest.method, CloseChartRequest.method, PreviewChartRequest.method,
           DidOpenTextDocumentNotification.method, DidChangeTextDocumentNotification.method,
           DidCloseTextDocumentNotification.method, DidSaveTextDocumentNotification.method:
        // A text document and its preview share the URI: text changes update the preview too.
        return .documentUpdate(uri: uri)
      case RenderChartRequest.method, HitTestRequest.method, GetSpecRequest.method, CompletionRequest.method,
           HoverRequest.method, DocumentSymbolRequest.method, CodeActionRequest.method, DocumentColorRequest.method,
           ColorPresentationRequest.method, DocumentFormattingRequest.method, DocumentRangeFormattingRequest.method,
           FoldingRangeRequest.method, SelectionRangeRequest.method, DefinitionRequest.method, ReferencesRequest.method,
           DocumentHighlightRequest.method, PrepareRenameRequest.method, RenameRequest.method, InlayHintRequest.method:
        return .documentRead(uri: uri)
      case CancelRequestNotification.method:
        return .immediate
      default:
        return .freestanding
      }
    case .response:
      return .immediate
    }
  }
}
