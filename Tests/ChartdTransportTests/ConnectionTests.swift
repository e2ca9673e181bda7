import ChartdJSON
import ChartdProtocol
import Foundation
import Testing
@testable import ChartdTransport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Collects events from the reader thread and lets the test wait for them.
final class EventRecorder: @unchecked Sendable {
  private let condition = NSCondition()
  private var events: [IncomingEvent] = []

  func append(_ event: IncomingEvent) {
    condition.lock()
    events.append(event)
    condition.broadcast()
    condition.unlock()
  }

  /// Waits until `count` events arrived (or 30 s passed) and returns what is there.
  func wait(for count: Int) -> [IncomingEvent] {
    condition.lock()
    defer { condition.unlock() }
    let deadline = Date().addingTimeInterval(30)
    while events.count < count, condition.wait(until: deadline) {}
    return events
  }
}

extension IncomingEvent {
  /// The event of a body that reads as `json`, classified as the transport classifies it.
  static func message(_ json: JSONValue, bytes: Int) -> IncomingEvent {
    .message(IncomingMessage.classify(json), bytes: bytes)
  }
}

/// `read(2)`, callable from types that have a `read` method of their own.
func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}

/// A pipe whose ends are closed when the test is done.
final class TestPipe: @unchecked Sendable {
  let readEnd: Int32
  let writeEnd: Int32
  private var open: [Bool] = [true, true]

  init() {
    var fds: [Int32] = [0, 0]
    _ = pipe(&fds)
    readEnd = fds[0]
    writeEnd = fds[1]
  }

  func write(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { FileDescriptorIO.writeAll(writeEnd, $0) }
  }

  func closeWriteEnd() { if open[1] { close(writeEnd); open[1] = false } }
  func closeReadEnd() { if open[0] { close(readEnd); open[0] = false } }

  /// Reads exactly `count` bytes (fewer only at end of input), `sip` bytes at a time.
  func read(count: Int, sip: Int = 64 * 1024) -> [UInt8] {
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: sip)
    while out.count < count {
      let want = min(sip, count - out.count)
      let n = buffer.withUnsafeMutableBytes { posixRead(readEnd, $0.baseAddress, want) }
      if n <= 0 { break }
      out += buffer[0..<n]
    }
    return out
  }

  /// One `read(2)` of at most `max` bytes; empty at end of input.
  func readSome(max: Int) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: max)
    let n = buffer.withUnsafeMutableBytes { posixRead(readEnd, $0.baseAddress, max) }
    return n > 0 ? Array(buffer[0..<n]) : []
  }

  deinit {
    closeReadEnd()
    closeWriteEnd()
  }
}

@Suite(.timeLimit(.minutes(2))) struct ConnectionTests {
  #if os(Linux)
  @Test func theOutputPipeIsWidenedSoLargeAnswersLeaveAtOnce() throws {
    let input = TestPipe(), output = TestPipe()
    let maxSize = (try? String(contentsOfFile: "/proc/sys/fs/pipe-max-size", encoding: .utf8))
      .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
    try #require(maxSize >= Connection.outputPipeBytes, "the kernel caps pipes at \(maxSize) bytes")
    let connection = Connection(input: input.readEnd, output: output.writeEnd, framing: .ndjson, maxMessageBytes: 1 << 20)
    #expect(Int(fcntl(output.writeEnd, 1032)) == Connection.outputPipeBytes)  // F_GETPIPE_SZ
    // A 100 KB answer into the empty pipe is written by the sending thread itself.
    let text = String(repeating: "a", count: 100_000)
    connection.send(["result": .string(text)])
    #expect(connection.unsentBytes == 0)
    #expect(output.read(count: 100_000 + 14).count == 100_014)
  }

  @Test func theInputPipeIsWidenedSoALargeMessageArrivesInFewReads() throws {
    let input = TestPipe(), output = TestPipe()
    let maxSize = (try? String(contentsOfFile: "/proc/sys/fs/pipe-max-size", encoding: .utf8))
      .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
    try #require(maxSize >= Connection.inputPipeBytes, "the kernel caps pipes at \(maxSize) bytes")
    #expect(Int(fcntl(input.readEnd, 1032)) < Connection.inputPipeBytes)  // F_GETPIPE_SZ: 64 KiB by default
    let connection = Connection(input: input.readEnd, output: output.writeEnd, framing: .ndjson, maxMessageBytes: 1 << 20)
    #expect(Int(fcntl(input.readEnd, 1032)) == Connection.inputPipeBytes)
    // The writer's end is the same pipe.
    #expect(Int(fcntl(input.writeEnd, 1032)) == Connection.inputPipeBytes)
    _ = connection
  }
  #endif

  @Test func receivesEventsInOrderAndSendsExactFrames() throws {
    let input = TestPipe(), output = TestPipe()
    let connection = Connection(input: input.readEnd, output: output.writeEnd, framing: .lsp, maxMessageBytes: 1000)
    let recorder = EventRecorder()
    connection.start(recorder.append)

    input.write(lspFrame(#"{"jsonrpc":"2.0","id":1,"method":"a"}"#))
    input.write(Array("Content-Length: 3\r\n\r\nnot".utf8))
    let tooLarge = #"{"id":9,"pad":""# + String(repeating: "p", count: 2000) + #""}"#
    input.write(lspFrame(tooLarge))
    input.write(Array("Content-Length: x\r\n\r\n".utf8))
    input.closeWriteEnd()
    let events = recorder.wait(for: 5)
    #expect(events == [
      .message(["jsonrpc": "2.0", "id": 1, "method": "a"], bytes: 37),
      .parseError("unexpected character 'o' at byte 1"),
      .tooLarge(id: 9, bytes: tooLarge.utf8.count),
      .framingError("invalid Content-Length 'x'"),
      .endOfInput,
    ])

    connection.send(["id": 1, "result": ["b": "é", "a": [1, 2.5]]])
    connection.flush()
    let body = #"{"id":1,"result":{"a":[1,2.5],"b":"é"}}"#
    let expected = Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
    #expect(output.read(count: expected.count) == expected)
  }

  @Test func slowPeerDoesNotBlockSendsOrTheReader() throws {
    let input = TestPipe(), output = TestPipe()
    // Below the backpressure bound the reader and the writer are independent.
    let connection = Connection(input: input.readEnd, output: output.writeEnd, framing: .lsp, maxMessageBytes: 1 << 20,
                                maxUnsentBytes: 100 << 20)
    let recorder = EventRecorder()
    connection.start(recorder.append)

    // 50 MB queued while nobody reads: a synchronous writer would block on the first message
    // (the pipe holds 64 KiB), so the sends must finish on their own.
    let sends = Thread.detachNewThreadAndWait {
      let payload = String(repeating: "a", count: 1_000_000)
      for i in 0..<50 { connection.send(["seq": .number(Double(i)), "data": .string(payload)]) }
    }
    #expect(sends.wait(seconds: 60))

    // The reader keeps working while the writer is stuck on the full pipe.
    input.write(lspFrame(#"{"ping":true}"#))
    #expect(recorder.wait(for: 1) == [.message(["ping": true], bytes: 13)])

    // Now drain the output in small sips and check every frame arrived intact and in order.
    let drained = Thread.detachNewThreadAndWait { connection.flush() }
    var decoder = FrameDecoder(framing: .lsp, maxMessageBytes: 2 << 20)
    var bodies: [[UInt8]] = []
    while bodies.count < 50 {
      let sip = output.readSome(max: 4096)
      guard !sip.isEmpty else { break }
      for case .body(let bytes) in decoder.feed(sip) { bodies.append(bytes) }
    }
    #expect(bodies.count == 50)
    for (i, bytes) in bodies.enumerated() {
      let value = try JSONReader.parse(bytes)
      #expect(value["seq"] == .number(Double(i)))
      #expect(value["data"]?.stringValue?.utf8.count == 1_000_000)
    }
    #expect(drained.wait(seconds: 30))
  }

  @Test func vanishedPeerDoesNotCrashOrHang() {
    let input = TestPipe(), output = TestPipe()
    let connection = Connection(input: input.readEnd, output: output.writeEnd, framing: .lsp, maxMessageBytes: 1000)
    connection.send(["before": true])
    connection.flush()
    output.closeReadEnd()
    connection.send(["big": .string(String(repeating: "b", count: 1 << 20))])
    for i in 0..<10 { connection.send(["i": .number(Double(i))]) }
    connection.flush()
    #expect(connection.isOutputClosed)
    connection.send(["after": true])
    connection.flush()
  }

  @Test func concurrentSendsNeverInterleave() throws {
    let input = TestPipe(), output = TestPipe()
    let connection = Connection(input: input.readEnd, output: output.writeEnd, framing: .lsp, maxMessageBytes: 1000)
    let reader = Thread.detachNewThreadAndWait { () -> [[UInt8]] in
      var decoder = FrameDecoder(framing: .lsp, maxMessageBytes: 1 << 20)
      var bodies: [[UInt8]] = []
      while bodies.count < 800 {
        let chunk = output.readSome(max: 65536)
        if chunk.isEmpty { break }
        for case .body(let b) in decoder.feed(chunk) { bodies.append(b) }
      }
      return bodies
    }
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for i in 0..<100 {
        connection.send(["thread": .number(Double(thread)), "i": .number(Double(i)), "pad": .string(String(repeating: "x", count: i * 50))])
      }
    }
    connection.flush()
    #expect(reader.wait(seconds: 30))
    let bodies = reader.result ?? []
    #expect(bodies.count == 800)
    var nextPerThread = [Int](repeating: 0, count: 8)
    for body in bodies {
      let value = try JSONReader.parse(body)
      guard let thread = value["thread"]?.intValue, let i = value["i"]?.intValue else {
        Issue.record("bad body"); continue
      }
      // Each thread's messages keep their order.
      #expect(nextPerThread[thread] == i)
      nextPerThread[thread] = i + 1
    }
  }

  /// A body the server's own reader takes comes as `.prepared`, in order with the rest; the
  /// others are decoded as usual, and the reader is never offered a body over the memory budget.
  @Test func bodiesTheServerReadsItselfComeAsPrepared() {
    final class Marked: PreparedMessage, Equatable {
      let text: String
      init(text: String) { self.text = text }
      static func == (a: Marked, b: Marked) -> Bool { a.text == b.text }
    }
    let input = TestPipe(), output = TestPipe()
    let connection = Connection(input: input.readEnd, output: output.writeEnd, framing: .ndjson, maxMessageBytes: 1000,
                                admit: { $0 < 50 })
    let recorder = EventRecorder()
    connection.start(prepare: { body in
      let text = String(decoding: body, as: UTF8.self)
      return text.hasPrefix("{\"mine\"") ? Marked(text: text) : nil
    }, caughtUp: { event, _ in recorder.append(event) })
    let long = "{\"mine\":\"" + String(repeating: "x", count: 60) + "\"}"
    input.write(Array("{\"a\":1}\n{\"mine\":2}\n\(long)\n{\"other\"\n".utf8))
    input.closeWriteEnd()
    let events = recorder.wait(for: 5)
    #expect(events == [.message(["a": 1], bytes: 7), .prepared(Marked(text: #"{"mine":2}"#), bytes: 10),
                       .overBudget(id: nil, bytes: long.utf8.count), .parseError("unexpected end of input at byte 8"), .endOfInput])
    #expect(events[1] != .prepared(Marked(text: #"{"mine":3}"#), bytes: 10))
  }

  /// The LSP header is written in place in front of the body: for every digit count of the body's
  /// length it is exactly `Content-Length: N\r\n\r\n`, ending where the body starts.
  @Test func theHeaderIsWrittenInFrontOfTheBody() {
    var lengths = [0, 1, 9, 10, 99, 100, 65_535, Int(Int32.max), Int.max]
    var power = 1
    for _ in 0..<18 {
      power *= 10
      lengths += [power - 1, power]
    }
    for length in lengths {
      var buffer = [UInt8](repeating: 0, count: Connection.headerRoom)
      let start = Connection.writeHeader(length, into: &buffer)
      #expect(Array(buffer[start...]) == Array("Content-Length: \(length)\r\n\r\n".utf8))
      #expect(buffer[..<start].allSatisfy { $0 == 0 })
    }
  }

  @Test func ndjsonConnectionWritesAndReadsLines() {
    let input = TestPipe(), output = TestPipe()
    let connection = Connection(input: input.readEnd, output: output.writeEnd, framing: .ndjson, maxMessageBytes: 1000)
    let recorder = EventRecorder()
    connection.start(recorder.append)
    input.write(Array("{\"a\":1}\n\n[1,\n".utf8))
    input.closeWriteEnd()
    #expect(recorder.wait(for: 3) == [.message(["a": 1], bytes: 7), .parseError("unexpected end of input at byte 3"), .endOfInput])
    connection.send(["b": [true, nil]])
    connection.flush()
    let expected = Array("{\"b\":[true,null]}\n".utf8)
    #expect(output.read(count: expected.count) == expected)
  }

  @Test func traceRecordsBothDirectionsAsATranscript() throws {
    let path = NSTemporaryDirectory() + "chartd-trace-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).ndjson"
    defer { unlink(path) }
    let trace = try #require(TraceFile(path: path))
    trace.start(TranscriptHeader(framing: .lsp, maxMessageBytes: 1000))
    let input = TestPipe(), output = TestPipe()
    let connection = Connection(input: input.readEnd, output: output.writeEnd, framing: .lsp, maxMessageBytes: 1000, trace: trace)
    let recorder = EventRecorder()
    connection.start(recorder.append)
    // A pretty-printed body (line breaks between tokens), a body that is not JSON, bad framing.
    input.write(lspFrame("{\"id\":1,\r\n \"method\":\"m\"}") + lspFrame("{oops") + Array("Content-Length: oops\r\n\r\n".utf8))
    input.closeWriteEnd()
    _ = recorder.wait(for: 4)
    connection.send(["id": 1, "result": nil])
    connection.flush()
    trace.exit(code: 3)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.count == 7)
    let stamp = #/"time":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"/#
    #expect(lines.allSatisfy { $0.contains(stamp) })
    // Messages are copied as they were read or written.
    #expect(lines.contains { $0.hasPrefix(#"{"dir":"in","time":"#) && $0.hasSuffix(#","message":{"id":1,   "method":"m"}}"#) })
    #expect(lines.contains { $0.hasPrefix(#"{"dir":"out","time":"#) && $0.hasSuffix(#","message":{"id":1,"result":null}}"#) })
    let transcript = try Transcript(parsing: Array(text.utf8))
    #expect(transcript.header == TranscriptHeader(framing: .lsp, maxMessageBytes: 1000))
    #expect(transcript.lines.map(\.entry) == [
      .message(.incoming, ["id": 1, "method": "m"]),
      .raw(.incoming, Array("{oops".utf8)),
      .event(.incoming, "framing error: invalid Content-Length 'oops'"),
      .event(.incoming, "end of input"),
      .message(.outgoing, ["id": 1, "result": nil]),
      .exit(3),
    ])
  }

  /// Only the last message of what one read brought, with no more input waiting, is "caught up":
  /// the server may run that one on the reader thread.
  @Test func aLargeBodyReadStraightIntoItsBufferArrivesWholeBetweenItsNeighbours() {
    let input = TestPipe(), output = TestPipe()
    let connection = Connection(input: input.readEnd, output: output.writeEnd, framing: .lsp, maxMessageBytes: 1 << 24)
    let recorder = EventRecorder()
    connection.start(recorder.append)
    // Four read chunks and more, written in uneven pieces from another thread.
    let values = (0..<200_000).map { JSONValue.number(Double($0 % 977) / 8) }
    // An envelope, so that the classified message still holds every value.
    let big = JSONWriter.bytes(["jsonrpc": "2.0", "id": 2, "method": "m", "params": ["values": .array(values)]])
    #expect(big.count > 4 * Connection.readChunkBytes)
    let stream = lspFrame(#"{"id":1}"#) + Array("Content-Length: \(big.count)\r\n\r\n".utf8) + big + lspFrame(#"{"id":3}"#)
    let writer = Thread {
      var at = 0, k = 0
      while at < stream.count {
        let n = min(stream.count - at, [1, 70_000, 4093, 300_000][k % 4])
        input.write(Array(stream[at..<(at + n)]))
        at += n
        k += 1
      }
      input.closeWriteEnd()
    }
    writer.start()
    #expect(recorder.wait(for: 4) == [
      .message(["id": 1], bytes: 8),
      .message(["jsonrpc": "2.0", "id": 2, "method": "m", "params": ["values": .array(values)]], bytes: big.count),
      .message(["id": 3], bytes: 8), .endOfInput,
    ])
    _ = output
  }

  @Test func inputEndingInsideALargeBodyIsAFramingError() {
    let input = TestPipe(), output = TestPipe()
    let connection = Connection(input: input.readEnd, output: output.writeEnd, framing: .lsp, maxMessageBytes: 1 << 24)
    let recorder = EventRecorder()
    connection.start(recorder.append)
    input.write(Array("Content-Length: 5000000\r\n\r\n[".utf8) + Array(repeating: UInt8(ascii: "1"), count: 1_000_000))
    input.closeWriteEnd()
    #expect(recorder.wait(for: 2) == [.framingError("input ended after 1000001 of 5000000 body bytes"), .endOfInput])
    _ = output
  }

  @Test func onlyTheLastMessageReadyIsCaughtUp() {
    let input = TestPipe(), output = TestPipe()
    let connection = Connection(input: input.readEnd, output: output.writeEnd, framing: .ndjson, maxMessageBytes: 1000)
    let (recorder, flags) = Self.startRecording(connection)
    // One write, so one read takes all three.
    input.write(Array("{\"a\":1}\n{\"a\":2}\n{\"a\":3}\n".utf8))
    #expect(recorder.wait(for: 3).count == 3)
    #expect(flags.values == [false, false, true])
    input.closeWriteEnd()
    #expect(recorder.wait(for: 4).last == .endOfInput)
    #expect(flags.values.last == false)
  }

  @Test func aReadThatFillsItsBufferIsNotCaughtUp() throws {
    let input = TestPipe(), output = TestPipe()
    let connection = Connection(input: input.readEnd, output: output.writeEnd, framing: .ndjson, maxMessageBytes: 1000)
    // More than one read's worth waits before the reader starts (the pipe was widened to take it):
    // the first read fills its buffer, so the last message it completes is not the last one ready.
    let line = Array("{\"a\":12345}\n".utf8)
    let count = Connection.readChunkBytes / line.count + 1_000
    try #require(count * line.count <= Int(fcntl(input.writeEnd, 1032)))  // F_GETPIPE_SZ
    input.write(Array((0..<count).map { _ in line }.joined()))
    let (recorder, flags) = Self.startRecording(connection)
    #expect(recorder.wait(for: count).count == count)
    #expect(flags.values.count == count)
    #expect(flags.values.indices.filter { flags.values[$0] } == [count - 1])
  }

  @Test func aSocketIsReadAndWrittenLikeAPipe() throws {
    // Node and libuv give a child process stream sockets for its stdio, not pipes.
    let pair = try TestSocketPair()
    let connection = Connection(input: pair.near, output: pair.near, framing: .ndjson, maxMessageBytes: 1000,
                                inputSpin: InputSpin(microseconds: 5_000))
    let (recorder, flags) = Self.startRecording(connection)
    pair.writeFar(Array("{\"a\":1}\n{\"a\":2}\n".utf8))
    #expect(recorder.wait(for: 2) == [.message(["a": 1], bytes: 7), .message(["a": 2], bytes: 7)])
    #expect(flags.values == [false, true], "a read that emptied the socket: the last message is caught up")
    connection.send(["id": 1])
    #expect(pair.readFar(count: 9) == Array("{\"id\":1}\n".utf8))
    #expect(connection.unsentBytes == 0)
    pair.writeFar(Array("{\"a\":3}\n".utf8))
    #expect(recorder.wait(for: 3).count == 3)
    pair.closeFar()
    #expect(recorder.wait(for: 4).last == .endOfInput)
  }

  /// Starts `connection`, recording every event and the `caughtUp` flag it came with.
  static func startRecording(_ connection: Connection) -> (EventRecorder, FlagRecorder) {
    let recorder = EventRecorder()
    let flags = FlagRecorder()
    connection.start(caughtUp: { event, caughtUp in
      flags.append(caughtUp)
      recorder.append(event)
    })
    return (recorder, flags)
  }

  @Test func traceFileThatCannotBeOpenedIsNil() {
    #expect(TraceFile(path: "/nonexistent-directory-for-chartd/trace.log") == nil)
  }
}

/// A value computed on a separate thread, so the test thread can do the other half of a
/// pipe conversation meanwhile.
final class ThreadResult<T>: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private(set) var result: T?

  fileprivate func finish(_ value: T) {
    result = value
    done.signal()
  }

  /// True when the work finished within the time.
  func wait(seconds: Double) -> Bool {
    done.wait(timeout: .now() + seconds) == .success
  }
}

extension Thread {
  static func detachNewThreadAndWait<T>(_ work: @escaping @Sendable () -> T) -> ThreadResult<T> {
    let box = ThreadResult<T>()
    Thread.detachNewThread { box.finish(work()) }
    return box
  }
}

/// The `caughtUp` flags the reader passed, in order.
final class FlagRecorder: @unchecked Sendable {
  private let lock = NSLock()
  private var flags: [Bool] = []

  func append(_ flag: Bool) {
    lock.lock()
    flags.append(flag)
    lock.unlock()
  }

  var values: [Bool] {
    lock.lock()
    defer { lock.unlock() }
    return flags
  }
}
