import ChartdJSON
import ChartdProtocol
import ChartdServer
import Foundation

/// Receives what the server sends, as wire JSON (written and read back), and sorts it into
/// responses (by id) and notifications (in order).
public final class WireRecorder: MessageSink, @unchecked Sendable {
  private let condition = NSCondition()
  private var responses: [JSONValue: [JSONValue]] = [:]
  private var claimed: [JSONValue: Int] = [:]
  private var notifications: [JSONValue] = []
  private var problemList: [String] = []
  private let tamper: (@Sendable (JSONValue) -> [JSONValue])?
  private let readsBack: Bool

  /// `readsBack: false` keeps the message's value once it is written, instead of reading the bytes.
  public init(tamper: (@Sendable (JSONValue) -> [JSONValue])? = nil, readsBack: Bool = true) {
    self.tamper = tamper
    self.readsBack = readsBack
  }

  public func send(_ message: OutgoingMessage) {
    guard let tamper else { return record(message) }
    for m in tamper(message.jsonValue) { record(m) }
  }

  private func record(_ message: some JSONWritable) {
    var bytes: [UInt8] = []
    message.write(into: &bytes)
    let parsed = readsBack ? try? JSONReader.parse(bytes) : message.jsonValue.asWritten
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    guard let parsed, case .object(let o) = parsed, o["jsonrpc"] == "2.0" else {
      problemList.append("the server sent something that is not a JSON-RPC 2.0 object: \(String(decoding: bytes.prefix(200), as: UTF8.self))")
      return
    }
    if let id = o["id"] {
      guard (o["result"] != nil) != (o["error"] != nil) else {
        problemList.append("a response must carry exactly one of result and error: \(String(decoding: bytes.prefix(200), as: UTF8.self))")
        return
      }
      responses[id, default: []].append(parsed)
    } else if o["method"]?.stringValue != nil {
      notifications.append(parsed)
    } else {
      problemList.append("a message without id and method: \(String(decoding: bytes.prefix(200), as: UTF8.self))")
    }
  }

  /// The next response with `id` not yet handed out, waiting up to `timeout` seconds.
  func waitForResponse(_ id: JSONValue, timeout: TimeInterval) -> JSONValue? {
    let deadline = Date().addingTimeInterval(timeout)
    condition.lock()
    defer { condition.unlock() }
    while true {
      let n = claimed[id, default: 0]
      if let list = responses[id], list.count > n {
        claimed[id] = n + 1
        return list[n]
      }
      guard condition.wait(until: deadline) else { return nil }
    }
  }

  /// The notifications received since the last call.
  public func takeNotifications() -> [JSONValue] {
    condition.lock()
    defer { condition.unlock() }
    let out = notifications
    notifications = []
    return out
  }

  /// How many responses arrived for each id (`null` for errors that could not name a request).
  public var responseCounts: [JSONValue: Int] {
    condition.lock()
    defer { condition.unlock() }
    return responses.mapValues(\.count)
  }

  /// Problems seen in the server's output (not JSON, not JSON-RPC…).
  public var problems: [String] {
    condition.lock()
    defer { condition.unlock() }
    return problemList
  }

  func recordProblem(_ p: String) {
    condition.lock()
    problemList.append(p)
    condition.unlock()
  }
}
