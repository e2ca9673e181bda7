import ChartdJSON
import Testing
@testable import ChartdProtocol

@Suite struct OutgoingMessageTests {
  static func bytes(_ m: some JSONWritable) -> [UInt8] {
    var out: [UInt8] = []
    m.write(into: &out)
    return out
  }

  @Test("responses, errors and notifications: the JSON-RPC shape, byte for byte what JSONWriter writes")
  func envelopes() throws {
    let cases: [(OutgoingMessage, JSONValue)] = [
      (.response(id: .string("a"), result: ["v": 1] as JSONValue), ["jsonrpc": "2.0", "id": "a", "result": ["v": 1]]),
      (.response(id: .number(7), result: JSONValue.null), ["jsonrpc": "2.0", "id": 7, "result": nil]),
      (.error(id: nil, ResponseError(.parseError, "bad \"x\"")),
       ["jsonrpc": "2.0", "id": nil, "error": ["code": -32700, "message": "bad \"x\""]]),
      (.error(id: .number(3), ResponseError(.invalidParams, "m", data: ["k": [1, 2]])),
       ["jsonrpc": "2.0", "id": 3, "error": ["code": -32602, "message": "m", "data": ["k": [1, 2]]]]),
      (.notification("chart/x", params: ["p": "é"] as JSONValue), ["jsonrpc": "2.0", "method": "chart/x", "params": ["p": "é"]]),
    ]
    for (message, expected) in cases {
      #expect(Self.bytes(message) == JSONWriter.bytes(expected))
      #expect(message.jsonValue == expected)
      #expect(try JSONReader.parse(Self.bytes(message)) == expected)
    }
  }

  /// The wire shape of a patch, spelt out as a value.
  static func tree(_ p: PatchPayload) -> JSONValue {
    var o: [String: JSONValue] = [
      "uri": .string(p.uri), "baseVersion": .number(Double(p.baseVersion)), "version": .number(Double(p.version)),
      "removed": .array(p.removed.map(JSONValue.string)),
      "inserted": .array(p.inserted.map { ["id": .string($0.id), "svg": .string($0.svg), "after": $0.after.map(JSONValue.string) ?? .null] }),
      "fragments": .array(p.fragments.map { ["id": .string($0.id), "svg": .string($0.svg)] }),
      "stats": ["renderedRegions": .number(Double(p.renderedRegions)), "reusedRegions": .number(Double(p.reusedRegions)),
                "markupBytes": .number(Double(p.markupBytes))],
    ]
    if let root = p.root { o["root"] = .string(root) }
    return .object(o)
  }

  @Test("a patch is written as its value would be, whatever it holds")
  func patches() throws {
    let texts = ["", "r-1", "<g id=\"c-plot\">\n<path d=\"M0 0L1 1\"/></g>", "a\\b\u{1}", "é😀"]
    var seed: UInt64 = 0x5EED
    func next(_ n: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(n))
    }
    for _ in 0..<400 {
      let p = PatchPayload(
        uri: texts[next(texts.count)], baseVersion: next(1000), version: next(1 << 30) + 1,
        root: next(3) == 0 ? texts[next(texts.count)] : nil,
        removed: (0..<next(3)).map { _ in texts[next(texts.count)] },
        inserted: (0..<next(3)).map { _ in
          let svg = texts[next(texts.count)]
          return PatchPayload.Insertion(id: texts[next(texts.count)], svg: svg, after: next(2) == 0 ? nil : texts[next(texts.count)],
                                        json: next(2) == 0 ? nil : JSONStringLiteral(svg))
        },
        // Markup with its JSON text made before (as a document keeps it) or without.
        fragments: (0..<next(4)).map { _ in
          let svg = texts[next(texts.count)]
          return PatchPayload.Fragment(id: texts[next(texts.count)], svg: svg, json: next(2) == 0 ? nil : JSONStringLiteral(svg))
        },
        renderedRegions: next(60), reusedRegions: next(60), markupBytes: next(1 << 20))
      let expected = Self.tree(p)
      #expect(Self.bytes(p) == JSONWriter.bytes(expected))
      #expect(try JSONReader.parse(Self.bytes(OutgoingMessage.response(id: .number(1), result: p)))["result"] == expected)
    }
  }
}
