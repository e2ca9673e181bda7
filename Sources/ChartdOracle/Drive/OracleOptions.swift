import ChartdJSON

/// Settings of one oracle run.
public struct OracleOptions: Sendable {
  /// Actions per run (each followed by the checks).
  public var steps = 40
  /// Most documents open at once.
  public var maxDocuments = 3
  /// Whether to send bursts of `chart/update` notifications (coalesced into `chart/patch`).
  public var bursts = true
  /// Whether to mix in protocol-level mischief: malformed messages, unknown methods, duplicate
  /// ids, requests before `initialize` and after `shutdown`.
  public var protocolNoise = false
  /// Whether to run check (b), `chart/render` == `chart/renderSpec(chart/getSpec)`, when the
  /// server has `chart/getSpec` (it is skipped when the server answers -32601).
  public var checkGetSpec = true
  /// Called with every message sent (its wire JSON) and every step's name, to reproduce a failure.
  public var trace: (@Sendable (String) -> Void)?
  /// Seconds to wait for a response before reporting it missing.
  public var responseTimeout: Double = 30
  /// Rewrites each message the server sends before the oracle sees it (nil: untouched). Tests use
  /// it to break an invariant on purpose and check that the oracle notices.
  public var tamper: (@Sendable (JSONValue) -> [JSONValue])?
  /// Whether every message is read back from the bytes the JSON writer made, both ways, as a
  /// client would. The fuzz conversation targets turn it off: FuzzFraming fuzzes that round trip
  /// on its own, and here it cost a third of every execution. Messages are still written.
  public var readsWireBack = true
  /// Whether the client declares `previousMarkup` (it keeps each region's previous markup, and
  /// patches restore regions: `protocol/patch.md`, "Restored regions").
  public var clientKeepsPreviousMarkup = false
  /// Whether the client declares `markupSplices` (fragments may splice a region's markup:
  /// `protocol/patch.md`, "Spliced fragments").
  public var clientAppliesSplices = false

  public init(steps: Int = 40) { self.steps = steps }
}

/// A broken invariant with what is needed to reproduce it.
public struct OracleFailure: Error, Sendable, CustomStringConvertible {
  /// The seed of a seeded run (nil for runs from fuzzer bytes).
  public var seed: UInt64?
  public var step: Int
  public var action: String
  public var error: OracleError
  /// The messages sent during the failing step, as wire JSON.
  public var sent: [String]

  public var description: String {
    var s = "oracle failure at step \(step) (\(action))"
    if let seed { s += ", seed \(seed)" }
    s += "\n\(error)\nmessages sent in this step:"
    for m in sent { s += "\n  " + (m.utf8.count > 20_000 ? String(m.prefix(20_000)) + "…" : m) }
    return s
  }
}
