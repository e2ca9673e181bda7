import ChartdJSON
import Foundation
import Testing

/// A client that stops reading: the daemon's memory stays within its backpressure bound, and every
/// answer arrives, in order, once the client reads again.
@Suite(.serialized) struct BackpressureEndToEndTests {
  @Test func aStalledClientCannotGrowTheDaemon() throws {
    let bound = 1 << 20
    let d = try DaemonProcess(arguments: ["--framing", "ndjson", "--max-unsent-bytes", String(bound)])
    d.request(0, "initialize", ["processId": .null])
    _ = d.response(0)
    let entries = JSONValue.numbers((0..<3_500).map { sin(Double($0) / 30) * 100 })
    d.request(1, "chart/open", ["uri": "mem:a", "version": 1, "spec": ["dataSets": [["id": "a", "entries": entries]]]])
    let svgBytes = try #require(d.response(1)?["result"]?["svg"]?.stringValue?.utf8.count)
    let before = try #require(d.residentBytes)

    d.pauseReading()
    let count = 2_000  // about 2,000 × svgBytes of answers: far over the bound
    let writer = Thread {
      for i in 0..<count { d.request(10 + i, "chart/render", ["uri": "mem:a"]) }
    }
    writer.start()
    var peak = before
    for _ in 0..<20 {
      Thread.sleep(forTimeInterval: 0.1)
      peak = max(peak, d.residentBytes ?? 0)
    }
    d.resumeReading()
    for i in 0..<count {
      let r = d.read(timeout: 30)
      #expect(r?["id"]?.intValue == 10 + i, "answer \(i) out of order or missing")
      if r?["id"]?.intValue != 10 + i { break }
    }
    // Unbounded, the daemon would hold count × svgBytes of unsent answers; bounded, the bound plus
    // one answer and the pipe's contents, plus allocator slack.
    let unbounded = count * svgBytes
    let allowed = 3 * bound + 8 << 20
    #expect(unbounded > 4 * allowed)
    print("backpressure: RSS +\((peak - before) >> 10) KiB while \(unbounded >> 20) MiB of answers were unread")
    #expect(peak - before < allowed, "RSS grew by \(peak - before) bytes while the client did not read (allowed \(allowed))")
  }
}
