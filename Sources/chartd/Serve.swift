import ChartdJSON
import ChartdProtocol
import ChartdServer
import ChartdTransport
import Foundation

/// Sends the server's messages through the transport's writer thread.
struct ConnectionSink: MessageSink {
  let connection: Connection
  func send(_ message: OutgoingMessage) { connection.send(message) }
  func waitForRoom() { connection.waitForOutputRoom() }
  func holdOutput(_ on: Bool) { connection.holdOutput(on) }
}

/// Serves one client on stdin/stdout until `exit`, end of input, or the parent process dies.
func serve(_ args: ServeOptions) -> Never {
  ProcessSignals.ignoreSIGPIPE()
  let trace = args.trace.flatMap { path in
    let file = TraceFile(path: path)
    if file == nil { printError("cannot write trace file '\(path)': \(String(cString: strerror(errno)))") }
    return file
  }
  var options = ServerOptions()
  if let limit = args.maxMemory { options.memory.limit = limit }
  let budget = options.memory
  // The settings initialize reports, so a replay can start its daemon with the same ones.
  trace?.start(TranscriptHeader(framing: args.framing, maxMessageBytes: args.maxMessageBytes, maxDocuments: args.maxDocuments,
    maxUnsentBytes: args.maxUnsentBytes, maxMemory: budget.limit, chartdVersion: ChartdVersion.server))
  let connection = Connection(input: 0, output: 1, framing: args.framing, maxMessageBytes: args.maxMessageBytes,
                              maxUnsentBytes: args.maxUnsentBytes, inputSpin: InputSpin(microseconds: args.busyPollMicroseconds),
                              trace: trace) { budget.admitsMessage(bytes: $0) }
  options.maxMessageBytes = args.maxMessageBytes
  options.maxDocuments = args.maxDocuments
  options.maxQueuedBytes = args.maxUnsentBytes
  let server = ChartServer(options: options, sink: ConnectionSink(connection: connection), log: ServerLog(level: args.logLevel)) { code in
    connection.flush()
    trace?.exit(code: code)
    exit(code)
  }
  if let pid = args.clientProcessID { server.watchParentProcess(pid) }
  // A `chart/update` in its plain form is read straight from its bytes (`ChartServer.prepare`).
  connection.start(prepare: { server.prepare($0) }, caughtUp: { event, caughtUp in
    switch event {
    case .message(let classified, let bytes): server.receive(classified, bytes: bytes, caughtUp: caughtUp)
    case .prepared(let prepared as PreparedUpdate, let bytes): server.receive(prepared, bytes: bytes, caughtUp: caughtUp)
    case .prepared: break  // only `prepare` makes them, and it makes only these
    case .parseError(let description): server.receiveParseError(description)
    case .tooLarge(let id, let bytes): server.receiveTooLarge(id: id, bytes: bytes)
    case .overBudget(let id, let bytes): server.receiveOverBudget(id: id, bytes: bytes)
    case .framingError(let description): server.receiveFramingError(description)
    case .endOfInput: server.receiveEndOfInput()
    }
  })
  // The main thread only waits, holding the server and the connection: every message is handled
  // on the reader and worker threads, and the process ends by `exit`. Not `dispatchMain()`, which
  // ends the main thread with `pthread_exit` (nothing here uses the main queue), something
  // valgrind cannot follow: it stopped chartd from running under callgrind, the one exact meter
  // of an update's work (bench/instructions.py).
  withExtendedLifetime((server, connection)) { () -> Never in
    while true { pause() }
  }
}
