import ChartdJSON
import ChartdProtocol
import Foundation
import Synchronization
@testable import ChartdServer

/// Collects what the server sends and lets a test wait for it.
final class RecordingSink: MessageSink, @unchecked Sendable {
  private let condition = NSCondition()
  private var messages: [JSONValue] = []

  /// Keeps the message as read back from the bytes the server writes (a text that does not read
  /// back is kept as a string saying so, which fails any test that looks at it).
  func send(_ message: OutgoingMessage) {
    var bytes: [UInt8] = []
    message.write(into: &bytes)
    let message = (try? JSONReader.parse(bytes)) ?? .string("unreadable: " + String(decoding: bytes, as: UTF8.self))
    condition.lock()
    messages.append(message)
    condition.broadcast()
    condition.unlock()
  }

  var all: [JSONValue] {
    condition.lock()
    defer { condition.unlock() }
    return messages
  }

  /// Waits until a message matching `predicate` arrives (5 s at most).
  func wait(for predicate: (JSONValue) -> Bool) -> JSONValue? {
    let deadline = Date().addingTimeInterval(5)
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let m = messages.first(where: predicate) { return m }
      guard condition.wait(until: deadline) else { return nil }
    }
  }
}

/// An in-process server with helpers to send messages and await replies.
final class ServerHarness: @unchecked Sendable {
  let sink = RecordingSink()
  let exitBox = ExitBox()
  var server: ChartServer!
  private var nextID = 1000

  init(options: ServerOptions = ServerOptions(), initialize: Bool = true) {
    let box = exitBox
    server = ChartServer(options: options, sink: sink, log: ServerLog(level: .off)) { code in box.set(code) }
    if initialize {
      _ = request("initialize", ["processId": .null, "capabilities": [:]])
      notify("initialized", [:])
    }
  }

  /// Sends a request and waits for its response.
  @discardableResult
  func request(_ method: String, _ params: JSONValue? = nil) -> JSONValue {
    nextID += 1
    let id = nextID
    var message: [String: JSONValue] = ["jsonrpc": "2.0", "id": .number(Double(id)), "method": .string(method)]
    if let params { message["params"] = params }
    server.receive(.object(message))
    return response(id: .number(Double(id)))
  }

  func response(id: JSONValue) -> JSONValue {
    sink.wait { $0["id"] == id && ($0["result"] != nil || $0["error"] != nil) } ?? ["missing": true]
  }

  func notify(_ method: String, _ params: JSONValue? = nil) {
    var message: [String: JSONValue] = ["jsonrpc": "2.0", "method": .string(method)]
    if let params { message["params"] = params }
    server.receive(.object(message))
  }

  /// Sends a request that keeps the worker busy for a while (a large scatter render) without waiting
  /// for it, so that messages sent right after it are still queued when the next ones are read.
  func occupyWorker() {
    nextID += 1
    let points = JSONValue.numbers((0..<200_000).map { Double(($0 * 7_919) % 1_000) })
    server.receive(["jsonrpc": "2.0", "id": .number(Double(nextID)), "method": "chart/renderSpec",
                    "params": ["spec": ["kind": "scatter", "dataSets": [["id": "a", "entries": ["x": points, "y": points]]]]]])
  }

  /// Waits until everything sent so far has been processed.
  func synchronize() { request("chart/synchronize") }

  func waitForExit() -> Int32? {
    let deadline = Date().addingTimeInterval(5)
    while Date() < deadline {
      if let c = exitBox.code { return c }
      usleep(1000)
    }
    return nil
  }
}

extension JSONValue {
  /// `error.code` of a response, if it is an error.
  var errorCode: Int? { self["error"]?["code"]?.intValue }
}

/// The exit code the server asked for, if any.
final class ExitBox: Sendable {
  private let value = Mutex<Int32?>(nil)
  func set(_ code: Int32) { value.withLock { $0 = code } }
  var code: Int32? { value.withLock { $0 } }
}
