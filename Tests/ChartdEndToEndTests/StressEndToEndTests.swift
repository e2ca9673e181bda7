import ChartdJSON
import Foundation
import Testing

/// 100,000 small requests pipelined without waiting, read slowly: all answered, in order.
@Suite(.serialized) struct StressEndToEndTests {
  @Test func hundredThousandPipelinedRequests() throws {
    let d = try DaemonProcess()
    let count = Int(ProcessInfo.processInfo.environment["CHARTD_STRESS_COUNT"] ?? "") ?? 100_000
    // Writer: everything at once, on its own thread, while the test reads slowly.
    let writer = Thread {
      var out: [UInt8] = []
      func add(_ m: JSONValue) { out += d.frame(JSONWriter.bytes(m)) }
      add(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": ["processId": .null]])
      for doc in 0..<2 {
        add(["jsonrpc": "2.0", "id": .number(Double(1 + doc)), "method": "chart/open",
             "params": ["uri": .string("mem:\(doc)"), "version": 0, "spec": lineSpec]])
      }
      for i in 3..<count {
        if i % 10 == 0 {
          // Updates alternate between two documents; versions must come back strictly in order.
          let doc = (i / 10) % 2
          add(["jsonrpc": "2.0", "id": .number(Double(i)), "method": "chart/update",
               "params": ["uri": .string("mem:\(doc)"), "version": .number(Double(i)),
                          "edits": [["op": "setHighlight", "highlights": [["dataSet": "a", "index": .number(Double(i % 4))]]]]]])
        } else {
          add(["jsonrpc": "2.0", "id": .number(Double(i)), "method": "chart/synchronize"])
        }
        if out.count > 1 << 20 {
          d.writeRaw(out)
          out.removeAll(keepingCapacity: true)
        }
      }
      d.writeRaw(out)
    }
    writer.start()
    var expected = 0
    var lastVersion = [-1, -1]
    var slow = 0
    while expected < count {
      guard let m = d.read(timeout: 60) else { break }
      guard let id = m["id"]?.intValue else { continue }  // notifications
      #expect(id == expected, "response out of order")
      if id != expected { break }
      if let v = m["result"]?["version"]?.intValue, id >= 3 {
        let doc = (id / 10) % 2
        #expect(v > lastVersion[doc])
        lastVersion[doc] = v
      }
      #expect(m["error"] == nil, "request \(id) failed: \(m)")
      expected += 1
      // Read slowly at first so the daemon's writer queue must absorb a backlog.
      slow += 1
      if slow < 2_000 && slow % 100 == 0 { usleep(2_000) }
    }
    #expect(expected == count)
  }
}
