import ChartCore
import ChartdJSON
import ChartdLanguage
import ChartdProtocol

/// The chartd server: classifies incoming messages, orders them, and runs their handlers.
///
/// Messages arrive on the transport's reader thread (`receive…`); everything except
/// `$/cancelRequest` is executed one at a time in arrival order, by the worker or, when nothing is
/// queued and nothing else is ready, by the reader thread itself, so handlers need no locks for
/// documents and lifecycle state.
///
/// - Important: fields under "worker state" are touched only by the worker.
public final class ChartServer: @unchecked Sendable {
  /// One unit of work, in arrival order.
  enum Job: Sendable {
    case message(IncomingMessage)
    /// A `chart/update` request read when it arrived (`prepare`, `readAhead`).
    case update(PreparedUpdate)
    case invalid(InvalidMessage)
    case endOfInput
  }

  let options: ServerOptions
  let sink: MessageSink
  let log: ServerLog
  /// Called once when the process should end (code 0 after shutdown, else 1).
  let onExit: @Sendable (Int32) -> Void
  private var queue: WorkQueue<Job>!
  let cancellation = CancellationTracker()

  // Worker state.
  enum Lifecycle { case uninitialized, running, shutDown }
  var lifecycle = Lifecycle.uninitialized
  var documents: [String: OpenDocument] = [:]
  /// Chart spec files the client has open (`textDocument/didOpen`), by URI.
  var textDocuments: [String: OpenTextDocument] = [:]
  /// The unit of LSP columns, chosen in `initialize`.
  var positionEncoding = PositionEncoding.utf16
  /// The most folding ranges the client wants (`textDocument.foldingRange.rangeLimit`), if it said.
  var foldingRangeLimit: Int?
  /// Whether hover and completion documentation go out as Markdown (unless the client lists only plain text).
  var markdownDocs = true
  /// Whether the client expands snippets in completions (`completionItem.snippetSupport`).
  var snippetsOnClient = false
  /// Whether the client reads nested document symbols (`documentSymbol.hierarchicalDocumentSymbolSupport`);
  /// else they go as a flat list of `SymbolInformation`.
  var hierarchicalSymbolsOnClient = false
  /// Whether the client keeps each region's previous markup (`previousMarkup`, chosen in `initialize`).
  var previousMarkupOnClient = false
  /// Whether the client applies fragments that splice a region's markup (`markupSplices`, chosen in `initialize`).
  var splicesOnClient = false
  var parentWatcher: ParentProcessWatcher?
  var parentWatcherFromFlag: ParentProcessWatcher?
  private var exited = false

  public init(options: ServerOptions = ServerOptions(), sink: MessageSink, log: ServerLog,
              onExit: @escaping @Sendable (Int32) -> Void) {
    self.options = options
    self.sink = sink
    self.log = log
    self.onExit = onExit
    // Weak: work still queued when an embedder releases the server is dropped (nobody is there to
    // answer it), instead of running on a freed server.
    self.queue = WorkQueue(onIdleAfterBurst: { Allocator.returnFreedMemory() }, holdOutput: { sink.holdOutput($0) }) {
      [weak self] job, queue in self?.perform(job, queue)
    }
  }

  // MARK: - Input (reader thread)

  /// A decoded message body of `bytes` bytes.
  ///
  /// Blocks the caller (the reader thread) while the queue holds more than the options allow, so a
  /// client that writes faster than the worker runs is slowed down instead of filling memory.
  ///
  /// - Parameter caughtUp: the transport has no other message ready (none decoded after this one,
  ///   no input waiting). The message then runs on the calling thread if the worker is idle: a
  ///   `$/cancelRequest` that could overtake it is not there to be read, so nothing changes but the
  ///   hand-off saved.
  public func receive(_ json: JSONValue, bytes: Int = 0, caughtUp: Bool = false) {
    receive(IncomingMessage.classify(json), bytes: bytes, caughtUp: caughtUp)
  }

  /// A message body as classified by `IncomingMessage.decode` (or `classify`), of `bytes` bytes.
  public func receive(_ classified: Result<IncomingMessage, InvalidMessage>, bytes: Int = 0, caughtUp: Bool = false) {
    switch classified {
    case .failure(let invalid):
      queue.enqueue(.invalid(invalid))
    case .success(let message):
      if MessageOrdering.of(message) == .immediate {
        handleImmediately(message)
      } else {
        if case .request(let id, _, _) = message { cancellation.queued(id) }
        if caughtUp, queue.runHereIfIdle(.message(message), bytes: bytes) { return }
        queue.enqueue(readAhead(message, bytes: bytes), bytes: bytes)
      }
    }
    queue.waitForRoom(maxJobs: options.maxQueuedMessages, maxBytes: options.maxQueuedBytes)
  }

  /// A `chart/update` request read from its bytes (`prepare`), of `bytes` bytes: ordered, run and
  /// answered as `receive` would the same message decoded in general.
  public func receive(_ prepared: PreparedUpdate, bytes: Int = 0, caughtUp: Bool = false) {
    cancellation.queued(prepared.id)
    if caughtUp, queue.runHereIfIdle(.update(prepared), bytes: bytes) { return }
    queue.enqueue(.update(prepared), bytes: bytes)
    queue.waitForRoom(maxJobs: options.maxQueuedMessages, maxBytes: options.maxQueuedBytes)
  }

  /// The job of a message that waits for the worker: a small `chart/update` request is read now,
  /// on the reader thread, which is otherwise idle while a pipelined client's messages queue up;
  /// the worker then only checks and applies its edits. Large ones are read in their turn: their
  /// read form would double what the queue holds beyond `maxQueuedBytes`. So are requests with
  /// params `init(params:)` refuses, to be answered in their turn.
  private func readAhead(_ message: IncomingMessage, bytes: Int) -> Job {
    guard bytes <= Self.readAheadBytes, case .request(let id, UpdateChartRequest.method, let params) = message,
          let read = Self.readInGeneral(id: id, params: params, limits: options.spec) else { return .message(message) }
    return .update(read)
  }

  /// Largest `chart/update` whose edits are read on arrival.
  static let readAheadBytes = 64 << 10

  /// Where an update's edits are, for diagnostics.
  static let editsPath = JSONPointer(["edits"])

  /// A body that is not JSON: answered with -32700 and `id: null`.
  public func receiveParseError(_ description: String) {
    queue.enqueue(.invalid(InvalidMessage(id: nil, error: ResponseError(.parseError, "parse error: \(description)"))))
  }

  /// A message over the size limit, skipped by the transport.
  public func receiveTooLarge(id: JSONValue?, bytes: Int) {
    let error = ResponseError.failed(.messageTooLarge,
      "message of \(bytes) bytes exceeds the limit maxMessageBytes = \(options.maxMessageBytes)",
      extra: ["limit": .number(Double(options.maxMessageBytes)), "bytes": .number(Double(bytes))])
    if let id = id.flatMap(RequestID.init) {
      queue.enqueue(.invalid(InvalidMessage(id: id, error: error)))
    } else {
      log.log(.warning, error.message)
    }
  }

  /// A message the transport did not parse because reading it would pass the memory budget.
  public func receiveOverBudget(id: JSONValue?, bytes: Int) {
    let error = Self.overBudget("reading a message of \(bytes) bytes", growth: bytes * MemoryBudget.bytesPerMessageByte,
                                budget: options.memory)
    if let id = id.flatMap(RequestID.init) {
      queue.enqueue(.invalid(InvalidMessage(id: id, error: error)))
    } else {
      log.log(.warning, error.message)
    }
  }

  /// The -32803 `resourceLimit` error for work that would take the process past `--max-memory`.
  static func overBudget(_ what: String, growth: Int, budget: MemoryBudget) -> ResponseError {
    let resident = MemoryBudget.residentBytes()
    return .failed(.resourceLimit,
      "\(what) would need about \(growth >> 20) MiB more; the daemon holds \(resident >> 20) MiB of its limit maxMemory = \(budget.limit >> 20) MiB (--max-memory)",
      extra: ["limit": .number(Double(budget.limit)), "resident": .number(Double(resident)), "needed": .number(Double(growth))])
  }

  /// Broken framing: nothing can be answered; the transport has resynchronised.
  public func receiveFramingError(_ description: String) {
    log.log(.warning, "framing error: \(description)")
  }

  public func receiveEndOfInput() { queue.enqueue(.endOfInput) }

  private func handleImmediately(_ message: IncomingMessage) {
    switch message {
    case .notification(CancelRequestNotification.method, let params):
      if let n = try? CancelRequestNotification(params: params) { cancellation.cancel(n.id) }
    case .request(let id, CancelRequestNotification.method, let params):
      // Sent with an id by mistake: it still cancels, and, being a request, gets its one answer
      // (in order with the others).
      if let n = try? CancelRequestNotification(params: params) { cancellation.cancel(n.id) }
      queue.enqueue(.invalid(InvalidMessage(id: id, error: ResponseError(.invalidRequest,
        "'\(CancelRequestNotification.method)' is a notification: send it without an 'id'"))))
    default:
      break
    }
  }

  // MARK: - Execution (worker)

  private func perform(_ job: Job, _ queue: WorkQueue<Job>) {
    guard !exited else { return }
    // Backpressure on output: no new work while the client leaves earlier answers unread.
    sink.waitForRoom()
    switch job {
    case .invalid(let invalid):
      sink.send(OutgoingMessage.error(id: invalid.id, invalid.error))
    case .endOfInput:
      exit(code: lifecycle == .shutDown ? 0 : 1)
    case .message(.request(let id, let method, let params)):
      request(id, method, params, read: nil)
    case .update(let prepared):
      request(prepared.id, UpdateChartRequest.method, nil, read: prepared)
    case .message(.notification(let method, let params)):
      if method == UpdateChartNotification.method, lifecycle == .running {
        // A burst of update notifications becomes one render and one patch per document: the
        // burst is taken whole, whatever documents it interleaves, and grouped by document in
        // the order each first appears. Each document's notifications keep their order; those
        // of different documents do not depend on each other (`MessageOrdering.documentUpdate`).
        let more = queue.takeRun { job in
          guard case .message(.notification(let m, _)) = job else { return false }
          return m == UpdateChartNotification.method
        }
        var all = [params]
        for case .message(.notification(_, let p)) in more { all.append(p) }
        handleUpdateNotifications(Self.groupedByDocument(all))
        return
      }
      if method == DidChangeTextDocumentNotification.method, lifecycle == .running {
        // Keystrokes queued behind a slow job are read once: one analysis, one diagnostics, one patch.
        let uri = params?["textDocument"]?["uri"]?.stringValue
        let more = queue.takeRun { job in
          guard case .message(.notification(let m, let p)) = job else { return false }
          return m == DidChangeTextDocumentNotification.method && p?["textDocument"]?["uri"]?.stringValue == uri
        }
        var all = [params]
        for case .message(.notification(_, let p)) in more { all.append(p) }
        didChange(all)
        return
      }
      dispatchNotification(method: method, params: params)
    case .message(.response):
      break
    }
  }

  /// Answers one request, or its cancellation.
  private func request(_ id: RequestID, _ method: String, _ params: JSONValue?, read: PreparedUpdate?) {
    let reply = Reply(id: id, method: method, sink: sink) { [log] in log.log(.error, $0) }
    if cancellation.take(id) {
      reply.error(ResponseError(.requestCancelled, "request \(id) was cancelled"))
      return
    }
    dispatchRequest(method: method, params: params, reply: reply, read: read)
  }

  /// Ends the process once: flushes what was sent, then calls `onExit`.
  func exit(code: Int32) {
    guard !exited else { return }
    exited = true
    log.log(.info, "exiting with code \(code)")
    onExit(code)
  }

  /// Sends a notification to the client.
  func notify(_ n: some OutgoingNotification) {
    sink.send(OutgoingMessage.notification(type(of: n).method, params: n.params))
  }
}
