import ChartCore
import ChartdJSON
import ChartdProtocol

extension ChartServer {
  /// Applies the lifecycle rules, decodes the params and runs the request's handler; `read`: the
  /// `chart/update` request as read on arrival (its params are then not decoded again).
  func dispatchRequest(method: String, params: JSONValue?, reply: Reply, read: PreparedUpdate? = nil) {
    switch lifecycle {
    case .uninitialized where method != InitializeRequest.method:
      reply.error(ResponseError(.serverNotInitialized, "the server is not initialized: send 'initialize' first"))
      return
    case .running where method == InitializeRequest.method:
      reply.error(ResponseError(.invalidRequest, "'initialize' may be sent only once"))
      return
    case .shutDown:
      reply.error(ResponseError(.invalidRequest, "the server is shut down: only 'exit' is accepted"))
      return
    default:
      break
    }
    do throws(ResponseError) {
      switch method {
      case InitializeRequest.method: reply.result(try initialize(InitializeRequest(params: params)))
      case ShutdownRequest.method: reply.result(try shutdown(ShutdownRequest(params: params)))
      case OpenChartRequest.method: reply.result(try open(OpenChartRequest(params: params)))
      case UpdateChartRequest.method:
        if let read {
          reply.result(try update(read.request, readEdits: read.edits))
        } else {
          reply.result(try update(UpdateChartRequest(params: params)))
        }
      case RenderChartRequest.method: reply.result(try render(RenderChartRequest(params: params)))
      case GetSpecRequest.method: reply.result(try getSpec(GetSpecRequest(params: params)))
      case HitTestRequest.method: reply.result(try hitTest(HitTestRequest(params: params)))
      case CloseChartRequest.method: reply.result(try close(CloseChartRequest(params: params)))
      case RenderSpecRequest.method: reply.result(try renderSpec(RenderSpecRequest(params: params)))
      case SynchronizeRequest.method: _ = try SynchronizeRequest(params: params); reply.result(.null)
      case PreviewChartRequest.method: reply.result(try preview(PreviewChartRequest(params: params)))
      case CompletionRequest.method: reply.result(.array(completion(try CompletionRequest(params: params)).map { $0.json(markdown: markdownDocs, snippets: snippetsOnClient) }))
      case HoverRequest.method: reply.result(hover(try HoverRequest(params: params))?.json(markdown: markdownDocs) ?? .null)
      case DocumentSymbolRequest.method:
        reply.result(documentSymbolsReply(try DocumentSymbolRequest(params: params)))
      case InlayHintRequest.method: reply.result(.array(inlayHints(try InlayHintRequest(params: params)).map(\.json)))
      case DocumentColorRequest.method:
        reply.result(.array(documentColors(try DocumentColorRequest(params: params)).map(\.json)))
      case ColorPresentationRequest.method:
        reply.result(.array(colorPresentations(try ColorPresentationRequest(params: params)).map(\.json)))
      case DocumentFormattingRequest.method:
        reply.result(.array(formatting(try DocumentFormattingRequest(params: params)).map(\.json)))
      case DocumentRangeFormattingRequest.method:
        reply.result(.array(rangeFormatting(try DocumentRangeFormattingRequest(params: params)).map(\.json)))
      case DefinitionRequest.method: reply.result(definition(try DefinitionRequest(params: params)))
      case ReferencesRequest.method: reply.result(references(try ReferencesRequest(params: params)))
      case DocumentHighlightRequest.method: reply.result(documentHighlights(try DocumentHighlightRequest(params: params)))
      case PrepareRenameRequest.method: reply.result(try prepareRename(try PrepareRenameRequest(params: params)))
      case RenameRequest.method: reply.result(try rename(try RenameRequest(params: params)))
      case FoldingRangeRequest.method:
        reply.result(.array(foldingRanges(try FoldingRangeRequest(params: params)).map(\.json)))
      case SelectionRangeRequest.method:
        reply.result(.array(selectionRanges(try SelectionRangeRequest(params: params)).map(\.json)))
      case CodeActionRequest.method:
        let r = try CodeActionRequest(params: params)
        reply.result(.array(codeActions(r).map { $0.json(uri: r.at.uri) }))
      default:
        reply.error(ResponseError(.methodNotFound, "unknown method '\(method)'"))
      }
    } catch {
      reply.error(error)
    }
  }

  /// Notifications: never answered; before `initialize` only `exit` counts.
  func dispatchNotification(method: String, params: JSONValue?) {
    if method == ExitNotification.method {
      exit(code: lifecycle == .shutDown ? 0 : 1)
      return
    }
    guard lifecycle == .running else {
      log.log(.debug, "dropped notification '\(method)' (server \(lifecycle == .shutDown ? "shut down" : "not initialized"))")
      return
    }
    switch method {
    case InitializedNotification.method:
      break
    case UpdateChartNotification.method:
      handleUpdateNotifications([params])
    case DidOpenTextDocumentNotification.method, DidChangeTextDocumentNotification.method,
         DidCloseTextDocumentNotification.method, DidSaveTextDocumentNotification.method:
      dispatchTextSync(method: method, params: params)
    default:
      // Unknown notifications (including `$/…` ones) are ignored, as LSP requires.
      log.log(.debug, "ignored notification '\(method)'")
    }
  }
}

extension ChartServer {
  /// Text document sync notifications; a malformed one is reported with `window/logMessage`.
  func dispatchTextSync(method: String, params: JSONValue?) {
    do throws(ResponseError) {
      switch method {
      case DidOpenTextDocumentNotification.method: didOpen(try DidOpenTextDocumentNotification(params: params))
      case DidChangeTextDocumentNotification.method: didChange([params])
      case DidCloseTextDocumentNotification.method: didClose(try DidCloseTextDocumentNotification(params: params))
      default: _ = try DidSaveTextDocumentNotification(params: params)  // the text is already known
      }
    } catch {
      notify(LogMessageNotification(level: .error, message: "\(method) rejected: \(error.message)"))
    }
  }
}
