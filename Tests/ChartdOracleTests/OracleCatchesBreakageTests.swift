import ChartdJSON
import ChartdOracle
import Testing

/// The oracle must notice a broken invariant: each test breaks one on purpose (by rewriting what
/// the server sends) and expects a failure naming the right check.
@Suite struct OracleCatchesBreakageTests {
  /// Runs seeds until one fails, with `tamper` applied to every outgoing message.
  static func failure(_ tamper: @escaping @Sendable (JSONValue) -> [JSONValue], steps: Int = 30) -> OracleFailure? {
    var options = OracleOptions(steps: steps)
    options.tamper = tamper
    options.responseTimeout = 1
    for seed in UInt64(1)...20 {
      if let f = Oracle.run(seed: seed, options: options) { return f }
    }
    return nil
  }

  /// `message` with `result.<key>` replaced.
  static func withResult(_ message: JSONValue, _ key: String, _ value: (JSONValue) -> JSONValue) -> JSONValue {
    guard case .object(var m) = message, case .object(var r)? = m["result"], let old = r[key] else { return message }
    r[key] = value(old)
    m["result"] = .object(r)
    return .object(m)
  }

  @Test func aChangedFragmentBreaksThePatchInvariant() throws {
    let f = try #require(Self.failure { m in
      [Self.withResult(m, "fragments") { fragments in
        guard var list = fragments.arrayValue, case .object(var first)? = list.first,
              let svg = first["svg"]?.stringValue else { return fragments }
        first["svg"] = .string(svg.replacingOccurrences(of: "/>", with: " />"))
        list[0] = .object(first)
        return .array(list)
      }]
    })
    #expect(f.error.check.hasPrefix("patch"), "\(f)")
  }

  @Test func aWrongVersionInRenderIsReported() throws {
    // Full renders (open, render) claim one version more than they are.
    let f = try #require(Self.failure { m in
      m["result"]?["regions"] == nil ? [m] : [Self.withResult(m, "version") { .number(($0.numberValue ?? 0) + 1) }]
    })
    #expect(f.error.check == "versions" || f.error.check == "open", "\(f)")
  }

  @Test func aDuplicatedResponseBreaksOneResponsePerRequest() throws {
    let f = try #require(Self.failure { m in m["method"] == nil && m["result"] == .null ? [m, m] : [m] })
    #expect(f.error.check == "one response per request", "\(f)")
  }

  @Test func aLostResponseIsReported() throws {
    // Hit tests go unanswered.
    let failure = Self.failure({ m in m["result"]?["target"] != nil ? [] : [m] }, steps: 60)
    let f = try #require(failure)
    #expect(f.error.check == "one response per request", "\(f)")
  }

  @Test func aDuplicatedRegionIDIsReported() throws {
    // Every full SVG gets its background line twice; patches stay as they are.
    let f = try #require(Self.failure { m in
      [Self.withResult(m, "svg") { svg in
        guard let text = svg.stringValue, let bg = text.split(separator: "\n").first(where: { $0.contains("-bg\"") }) else { return svg }
        return .string(text.replacingOccurrences(of: bg, with: bg + "\n" + bg))
      }]
    })
    #expect(f.error.check == "unique region ids" || f.error.check.hasPrefix("regions"), "\(f)")
  }
}
