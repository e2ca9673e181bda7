import ChartdJSON
import Foundation

/// Small messages, the reader's everyday input: what one costs to parse, with and without the
/// shape cache a connection keeps (`JSONShapeCache`).
extension JSONThroughput {
  /// Messages as chartd's clients send them (compact, the keys in their usual order).
  static let messages: [(String, String)] = [
    ("synchronize", #"{"jsonrpc":"2.0","id":41,"method":"chart/synchronize","params":null}"#),
    ("append", #"{"jsonrpc":"2.0","id":42,"method":"chart/update","params":{"uri":"chart://bench/line","version":43,"#
      + #""edits":[{"op":"appendEntries","dataSet":"s","entries":[{"x":10042,"y":50.3}]}]}}"#),
    ("highlight", #"{"jsonrpc":"2.0","id":43,"method":"chart/update","params":{"uri":"chart://bench/line","version":44,"#
      + #""edits":[{"op":"setHighlight","highlights":[{"dataSet":"s","index":7919}]}]}}"#),
    ("toggle", #"{"jsonrpc":"2.0","id":44,"method":"chart/update","params":{"uri":"chart://bench/line","version":45,"#
      + #""edits":[{"op":"setVisibility","dataSet":"ref","visible":false}]}}"#),
  ]

  /// `--messages`: each message parsed `count` times in turn (the mix a connection sees), alone and
  /// with a shape cache; prints nanoseconds per message.
  static func parseMessages(runs: Int, count: Int) {
    let texts = messages.map { Array($0.1.utf8) }
    for (name, cached) in [("parse-messages", false), ("parse-messages-cached", true)] {
      let cache = cached ? JSONShapeCache() : nil
      var checked = true
      for text in texts {
        let plain = try? JSONReader.parse(text)
        let viaCache = text.withUnsafeBytes { try? JSONReader.parse($0, shapes: cache) }
        checked = checked && plain != nil && plain == viaCache
      }
      guard checked else {
        benchLog("json: \(name): a message did not read back as itself")
        continue
      }
      let samplesMS = samples(runs) {
        for _ in 0..<count {
          for text in texts { _ = text.withUnsafeBytes { try? JSONReader.parse($0, shapes: cache) } }
        }
      }
      let perMessage = (BenchRecord.median(samplesMS) ?? 0) * 1e6 / Double(count * texts.count)
      BenchRecord(workload: "json-messages", op: name, samplesMS: samplesMS,
                  fields: ["messages": .number(Double(count * texts.count)), "ns_per_message": .number(perMessage.rounded())]).emit()
      benchLog("\(name): \(String(format: "%.0f", perMessage)) ns per message (\(texts.count) kinds in turn)")
    }
  }
}
