import ChartdJSON
import ChartdProtocol
import Foundation

/// A JSON-RPC connection over two file descriptors: one reader thread decodes and parses
/// incoming messages, one writer thread writes outgoing frames.
///
/// The two never wait on each other, which is what keeps a client that writes a lot
/// while reading slowly from deadlocking the daemon. Creating a connection also ignores
/// SIGPIPE, so a vanished client ends output quietly instead of killing the process.
public final class Connection: @unchecked Sendable {
  /// How messages are delimited in both directions.
  public let framing: Framing
  /// The largest incoming body parsed; bigger ones arrive as `.tooLarge`.
  public let maxMessageBytes: Int
  /// Backpressure: while more output than this waits to be written, the reader stops reading input
  /// (the client's writes then block until it reads), so a client that stops reading cannot make
  /// the daemon buffer without bound.
  public let maxUnsentBytes: Int
  /// Asked with a body's size before it is parsed; false skips it as `.overBudget`.
  private let admit: @Sendable (Int) -> Bool
  /// The default of `maxUnsentBytes`: 32 MiB.
  public static let defaultMaxUnsentBytes = 32 << 20
  /// How the reader waits for input: a moment of polling before it sleeps (off unless given).
  public let inputSpin: InputSpin
  /// The reader's own descriptor of the input given (a duplicate), closed by the reader when the
  /// input ends, or here when no reader started. Whoever gave the input may close theirs at any
  /// time, and the number it frees can go at once to an unrelated descriptor, which a reader still
  /// using that number would read: tests running side by side lost a socket's messages so.
  private let input: Int32
  /// `input` is the duplicate (nil from `dup` leaves the descriptor given, used as it is).
  private let ownsInput: Bool
  /// `input` read without waiting (`NoWaitDescriptor`); a descriptor of the connection's own is
  /// closed by the reader when the input ends, or here when no reader started.
  private let inputNoWait: NoWaitDescriptor?
  private let trace: TraceFile?
  private let output: OutputQueue
  private let startLock = NSLock()
  private var started = false

  /// The reader thread's stack: generous, because JSON nesting recurses (up to the depth limit).
  static let readerStackBytes = 16 << 20
  /// Bytes requested per `read(2)`.
  static let readChunkBytes = 256 * 1024
  /// Room reserved in front of each serialised body for its LSP header.
  static let headerRoom = 40
  /// The capacity a frame's buffer starts with: a small answer and its header fit in it.
  static let initialFrameBytes = 512
  /// `headerRoom` zero bytes, the start of every outgoing frame.
  static let emptyHeader = [UInt8](repeating: 0, count: headerRoom)

  /// Wraps two open descriptors (not closed by the connection) and starts the writer thread.
  public init(input: Int32, output: Int32, framing: Framing, maxMessageBytes: Int,
              maxUnsentBytes: Int = Connection.defaultMaxUnsentBytes, inputSpin: InputSpin = InputSpin(microseconds: 0),
              trace: TraceFile? = nil, admit: @escaping @Sendable (Int) -> Bool = { _ in true }) {
    ProcessSignals.ignoreSIGPIPE()
    self.inputSpin = inputSpin
    self.framing = framing
    self.maxMessageBytes = maxMessageBytes
    self.maxUnsentBytes = maxUnsentBytes
    self.admit = admit
    self.trace = trace
    // Answers of up to half the pipe leave at once from the thread that made them (see
    // `OutputQueue.enqueue`): with the default 64 KiB pipe a 36 KiB legend toggle went through the
    // writer thread, a wake-up and a hand-off more per answer.
    FileDescriptorIO.widenPipe(output, to: Connection.outputPipeBytes)
    FileDescriptorIO.widenPipe(input, to: Connection.inputPipeBytes)
    // Pipes and sockets are read and written without waiting, and so without a poll before
    // each read or write (`NoWaitDescriptor`). Anything else is used as given.
    // The input's duplicate and the output given stay in use for waiting: a thread with nothing
    // to do sleeps in one blocking `read` or `write` rather than a poll and then the call.
    let own = FileDescriptorIO.duplicate(input)
    self.input = own ?? input
    ownsInput = own != nil
    inputNoWait = NoWaitDescriptor.make(self.input, writing: false)
    self.output = OutputQueue(fd: output, noWait: NoWaitDescriptor.make(output, writing: true))
    self.output.startWriterThread()
  }

  /// The capacity asked for the output pipe.
  static let outputPipeBytes = 1 << 20
  /// The capacity asked for the input pipe: a client writing a 16 MB chart waited for the reader
  /// (and woke it) every 64 KiB of the default pipe.
  static let inputPipeBytes = 1 << 20

  deinit {
    output.close()
    guard !started else { return }
    if let inputNoWait, inputNoWait.isOwned { FileDescriptorIO.closeDescriptor(inputNoWait.fd) }
    if ownsInput { FileDescriptorIO.closeDescriptor(input) }
  }

  /// Starts the reader thread; events are delivered in order on it. Returns immediately.
  /// Only the first call has an effect. After `.endOfInput` the thread ends.
  public func start(_ handler: @escaping @Sendable (IncomingEvent) -> Void) {
    start(caughtUp: { event, _ in handler(event) })
  }

  /// Like `start(_:)`, and tells with each event whether it is the last one ready: no other
  /// decoded message follows it and no input is waiting to be read. A server may then handle it
  /// on the reader thread itself (no hand-off), since nothing it could read meanwhile is pending.
  ///
  /// `prepare` is offered each body (one within the memory budget) before the general decode: a
  /// message it reads comes as `.prepared`, the rest as usual. It runs on the reader thread.
  public func start(prepare: (@Sendable (UnsafeRawBufferPointer) -> (any PreparedMessage)?)? = nil,
                    caughtUp handler: @escaping @Sendable (IncomingEvent, _ caughtUp: Bool) -> Void) {
    startLock.lock()
    defer { startLock.unlock() }
    guard !started else { return }
    started = true
    let reader = InputReader(fd: input, ownsFD: ownsInput, noWait: inputNoWait, framing: framing, maxMessageBytes: maxMessageBytes, spin: inputSpin, trace: trace,
                             prepare: prepare, handler: handler, admit: admit) { [output, maxUnsentBytes] in
      output.waitForRoom(limit: maxUnsentBytes)
    }
    let thread = Thread { reader.run() }
    thread.stackSize = Connection.readerStackBytes
    thread.name = "chartd.reader"
    thread.start()
  }

  /// Thread-safe, never blocks on the pipe: the message is serialised and queued for the writer thread.
  public func send(_ message: some JSONWritable) {
    enqueue(message)
  }

  /// `send` for a message given as a value (literals in tests and tools).
  public func send(_ message: JSONValue) {
    enqueue(message)
  }

  private func enqueue(_ message: some JSONWritable) {
    // Room for a typical answer up front: starting from the header's 40 bytes, appending grew the
    // buffer (a new allocation and a copy) twice before the body reserved what it needs.
    // Not `init(unsafeUninitializedCapacity:)`: that initializer is not specialized, and its run-time
    // lookup of the array's type costs some 130 instructions a frame (bench/instructions.py).
    var buffer: [UInt8] = []
    buffer.reserveCapacity(Connection.initialFrameBytes)
    buffer.append(contentsOf: Connection.emptyHeader)
    message.write(into: &buffer)
    let bodyLength = buffer.count - Connection.headerRoom
    trace?.record(.outgoing, body: buffer[Connection.headerRoom...])
    let start: Int
    switch framing {
    case .lsp:
      start = Connection.writeHeader(bodyLength, into: &buffer)
    case .ndjson:
      buffer.append(UInt8(ascii: "\n"))
      start = Connection.headerRoom
    }
    output.enqueue(OutputQueue.Frame(buffer: buffer, start: start))
  }

  /// Writes exactly `Content-Length: N\r\n\r\n` into the room in front of the body, ending where the
  /// body starts, and returns where it starts: in place, without a string made for it.
  static func writeHeader(_ bodyLength: Int, into buffer: inout [UInt8]) -> Int {
    buffer.withUnsafeMutableBufferPointer { b in
      var i = headerRoom - 4
      b[i] = 13; b[i + 1] = 10; b[i + 2] = 13; b[i + 3] = 10
      var n = UInt(max(0, bodyLength))
      repeat {
        i -= 1
        b[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: n % 10)
        n /= 10
      } while n != 0
      // The name is 16 bytes; with 4 for the line ends and at most 20 digits it fits in `headerRoom`.
      let name = Framing.lengthHeaderName
      i -= name.count
      for (k, byte) in name.enumerated() { b[i + k] = byte }
      return i
    }
  }

  /// While `on`, answers may wait a moment (at most 32 KiB, at most 1 ms) to leave in one `write`;
  /// off sends them. For a server that knows more work is queued right behind the current job.
  public func holdOutput(_ on: Bool) {
    output.hold(on)
  }

  /// Blocks until everything queued so far is written (or the output is gone).
  public func flush() {
    output.waitUntilDrained()
  }

  /// Blocks while more than `maxUnsentBytes` of output wait to be written (or until the output is
  /// gone): the server's worker calls it before each job, so the work it does while a client is not
  /// reading stays within the bound.
  public func waitForOutputRoom() {
    output.waitForRoom(limit: maxUnsentBytes)
  }

  /// Bytes of output queued and not yet written.
  public var unsentBytes: Int { output.unsent }

  /// True once writing failed because the output is gone; later messages are dropped.
  public var isOutputClosed: Bool { output.isBroken }
}

/// The reader thread's work: read, decode, parse, deliver.
private final class InputReader: @unchecked Sendable {
  let fd: Int32
  /// `fd` is the connection's own, closed when the input ends.
  let ownsFD: Bool
  /// `fd` read without waiting, when the reader polls (a descriptor of the connection's own is
  /// closed when the input ends); `fd` itself is read when the reader sleeps until input comes.
  let noWait: NoWaitDescriptor?
  /// `fd` is a pipe or a stream socket: a read that returns less than it asked for emptied it.
  let readsDrain: Bool
  /// The last read emptied the pipe (it returned less than it asked for): no input waits, as a
  /// poll right after it would tell, without the poll.
  var drained = false
  let trace: TraceFile?
  let handler: @Sendable (IncomingEvent, Bool) -> Void
  let prepare: (@Sendable (UnsafeRawBufferPointer) -> (any PreparedMessage)?)?
  /// Blocks while the output is over its bound.
  let waitForRoom: @Sendable () -> Void
  let admit: @Sendable (Int) -> Bool
  var decoder: FrameDecoder
  var spin: InputSpin
  /// The object layouts of earlier messages (envelopes, params, edits), so that messages laid out
  /// alike are read without making and hashing their keys again. Used on this reader's thread only.
  let shapes = JSONShapeCache()

  init(fd: Int32, ownsFD: Bool, noWait: NoWaitDescriptor?, framing: Framing, maxMessageBytes: Int, spin: InputSpin, trace: TraceFile?,
       prepare: (@Sendable (UnsafeRawBufferPointer) -> (any PreparedMessage)?)?,
       handler: @escaping @Sendable (IncomingEvent, Bool) -> Void, admit: @escaping @Sendable (Int) -> Bool,
       waitForRoom: @escaping @Sendable () -> Void) {
    self.admit = admit
    self.spin = spin
    self.fd = fd
    self.ownsFD = ownsFD
    self.noWait = noWait
    readsDrain = FileDescriptorIO.isPipe(fd) || FileDescriptorIO.isStreamSocket(fd)
    self.trace = trace
    self.handler = handler
    self.prepare = prepare
    self.waitForRoom = waitForRoom
    self.decoder = FrameDecoder(framing: framing, maxMessageBytes: maxMessageBytes)
  }

  func run() {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Connection.readChunkBytes, alignment: 16)
    defer { buffer.deallocate() }
    while case .bytes(let count) = waitAndRead(into: buffer) {
      // Backpressure: what was read waits (one chunk at most) while the client leaves our output
      // unread; the next read, and so the client's writes, wait with it.
      waitForRoom()
      deliver(decoder.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<count])))
      // The rest of a large body is read straight into it, not through `buffer`.
      if decoder.bodyBytesAwaited >= Connection.readChunkBytes {
        deliver(decoder.fillBody { room in
          waitForRoom()
          let result = FileDescriptorIO.readSome(fd, into: room)
          noteRead(result, asked: room.count)
          guard case .bytes(let n) = result else { return 0 }
          return n
        })
      }
    }
    for frame in decoder.finish() { deliver(frame, caughtUp: false) }
    trace?.note(.incoming, transcriptEndOfInput)
    if let noWait, noWait.isOwned { FileDescriptorIO.closeDescriptor(noWait.fd) }
    if ownsFD { FileDescriptorIO.closeDescriptor(fd) }
    handler(.endOfInput, false)
  }

  /// Reads the next input, polling for it first when the last message came soon (`InputSpin`).
  private func waitAndRead(into buffer: UnsafeMutableRawBufferPointer) -> FileDescriptorIO.ReadResult {
    let start = FileDescriptorIO.monotonicNanoseconds()
    var result: FileDescriptorIO.ReadResult?
    if spin.armed {
      let deadline = start &+ spin.limitNanoseconds
      if let noWait {
        result = noWait.readPolling(into: buffer, until: deadline)
      } else {
        FileDescriptorIO.pollForInput(fd, until: deadline)
      }
    }
    let read = result ?? FileDescriptorIO.readSome(fd, into: buffer)
    spin.waited(nanoseconds: FileDescriptorIO.monotonicNanoseconds() &- start)
    noteRead(read, asked: buffer.count)
    return read
  }

  /// Remembers whether `result`, of a read of `asked` bytes, emptied the pipe.
  private func noteRead(_ result: FileDescriptorIO.ReadResult, asked: Int) {
    guard case .bytes(let n) = result else {
      drained = false
      return
    }
    // A pipe's or a stream socket's read takes everything it holds up to `asked`; a terminal's,
    // say, only one line.
    drained = readsDrain && n < asked
  }

  private func deliver(_ frames: [DecodedFrame]) {
    for (k, frame) in frames.enumerated() {
      // Asked only for the last frame: one poll per read, not per message, and none after a read
      // that emptied the pipe.
      deliver(frame, caughtUp: k == frames.count - 1 && (drained || !FileDescriptorIO.hasInput(fd)))
    }
  }

  private func deliver(_ frame: DecodedFrame, caughtUp: Bool) {
    switch frame {
    case .body(let bytes):
      guard admit(bytes.count) else {
        trace?.note(.incoming, "skipped a \(bytes.count)-byte message over the memory budget")
        handler(.overBudget(id: RequestIDSniffer.sniff(Array(bytes.prefix(64 * 1024))), bytes: bytes.count), caughtUp)
        return
      }
      if let prepare, let prepared = bytes.withUnsafeBytes(prepare) {
        trace?.record(.incoming, body: bytes[...])
        handler(.prepared(prepared, bytes: bytes.count), caughtUp)
        return
      }
      // Parsed before it is traced, so the trace can tell a message from an unreadable body.
      let event: IncomingEvent
      var parsed = false
      do {
        event = .message(try bytes.withUnsafeBytes { try IncomingMessage.decode($0, shapes: shapes) }, bytes: bytes.count)
        parsed = true
      } catch let error as JSONParseError {
        // A request that is JSON but for a number beyond a double's range is answered with its id.
        if let invalid = bytes.withUnsafeBytes({ IncomingMessage.numberOutOfRange($0, error) }) {
          event = .message(.failure(invalid), bytes: bytes.count)
        } else {
          event = .parseError(error.message)
        }
      } catch {
        event = .parseError(String(describing: error))
      }
      // Only what parses goes into the transcript as JSON: the transcript is read as JSON.
      trace?.record(.incoming, body: bytes[...], isJSON: parsed)
      handler(event, caughtUp)
    case .tooLarge(let id, let bytes):
      trace?.note(.incoming, "skipped a \(bytes)-byte message over the size limit")
      handler(.tooLarge(id: id, bytes: bytes), caughtUp)
    case .framingError(let message):
      trace?.note(.incoming, "framing error: \(message)")
      handler(.framingError(message), caughtUp)
    }
  }
}
