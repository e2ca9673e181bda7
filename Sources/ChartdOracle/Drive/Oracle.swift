import ChartdJSON
import ChartdServer

/// Drives an in-process `ChartServer` through random conversations and checks, after every step,
/// the invariants of the protocol:
///
/// - (a) the previous SVG plus every patch received (applied from its wire JSON by `WirePatch`)
///   equals `chart/render`'s SVG byte for byte, at the version the patches name;
/// - (b) `chart/render` equals `chart/renderSpec` of `chart/getSpec`'s spec with the same
///   `idPrefix` (when the server has `chart/getSpec`);
/// - (c) a rejected update changes nothing: neither the SVG nor the version;
/// - every request gets exactly one response; region ids are unique and match `regions`; no two
///   open documents share an element id.
///
/// It never traps on a broken invariant: `run` returns an `OracleFailure` describing the seed, the
/// step and the messages sent. (A trap inside the server still ends the process.)
public final class Oracle {
  let gen: Generator
  let options: OracleOptions
  let server: InProcessServer
  let seed: UInt64?
  var docs: [DocumentMirror] = []
  /// Region lines already found well-formed in this conversation.
  let checkedLines = WellFormedLines()
  /// nil until probed; false when the server answers `chart/getSpec` with -32601.
  var getSpecSupported: Bool?
  /// Responses each request id should get, and how many `id: null` error responses.
  var expected: [JSONValue: Int] = [:]
  /// Written to text only for a failure report: writing every message cost a tenth of a run.
  var sentThisStep: [JSONValue] = []
  var action = "start"

  init(source: any ChoiceSource, options: OracleOptions, seed: UInt64?, serverOptions: ServerOptions) {
    gen = Generator(source)
    self.options = options
    self.seed = seed
    server = InProcessServer(options: serverOptions, tamper: options.tamper, readsBack: options.readsWireBack)
    server.timeout = options.responseTimeout
  }

  /// One seeded run; nil when every invariant held.
  public static func run(seed: UInt64, options: OracleOptions = OracleOptions()) -> OracleFailure? {
    run(source: SeededChoices(seed: seed), options: options, seed: seed)
  }

  /// One run whose decisions come from `source` (e.g. libFuzzer's bytes).
  public static func run(source: any ChoiceSource, options: OracleOptions = OracleOptions(), seed: UInt64? = nil,
                         serverOptions: ServerOptions = ServerOptions()) -> OracleFailure? {
    Oracle(source: source, options: options, seed: seed, serverOptions: serverOptions).run()
  }

  func run() -> OracleFailure? {
    // A failure returns early: let the server finish what it was sent before it is released.
    defer { if server.exited == nil { server.drain() } }
    var step = 0
    do throws(OracleError) {
      try begin()
      // A fuzzer's input ends the conversation when it runs out (zeros would only repeat step 1).
      while step < options.steps, !((gen.source as? ByteChoices)?.isExhausted ?? false) {
        step += 1
        sentThisStep = []
        try performStep()
        try checkServerOutput()
      }
      step += 1
      sentThisStep = []
      try finish()
    } catch {
      return OracleFailure(seed: seed, step: step, action: action, error: error, sent: sentThisStep.map(JSONWriter.string))
    }
    return nil
  }

  /// One random action and the checks after it.
  func performStep() throws(OracleError) {
    if docs.isEmpty { return try openDocument() }
    switch gen.choose(100) {
    case 0..<45: try updateRequest(gen.pick(docs))
    case 45..<60 where options.bursts: try burst(gen.pick(docs))
    case 60..<68: docs.count < options.maxDocuments ? try openDocument() : try closeDocument(gen.pick(docs))
    case 68..<72:
      try closeDocument(gen.pick(docs))
      try openDocument()
    case 72..<80: try renderSpec()
    case 80..<85: try hitTest(gen.pick(docs))
    case 85..<90: try cancelledUpdate(gen.pick(docs))
    case 90..<100 where options.protocolNoise: try noise()
    default: try updateRequest(gen.pick(docs))
    }
  }

  // MARK: - Sending

  /// Sends a message, noting it for the failure report and the trace.
  func send(_ message: JSONValue) {
    sentThisStep.append(message)
    options.trace?(JSONWriter.string(message))
    server.send(message)
  }

  /// Sends a request expecting one response, and waits for it.
  func request(_ method: String, _ params: JSONValue?) throws(OracleError) -> JSONValue {
    let id = server.newID()
    expected[id, default: 0] += 1
    send(InProcessServer.message(method, params, id: id))
    return try server.response(to: id)
  }

  func notify(_ method: String, _ params: JSONValue?) { send(InProcessServer.message(method, params, id: nil)) }

  /// The result of a response that must succeed.
  func result(_ response: JSONValue, of what: String) throws(OracleError) -> JSONValue {
    if let e = response["error"] { throw OracleError("\(what) succeeds", "\(what) failed: \(JSONWriter.string(e))") }
    return response["result"] ?? .null
  }

  /// Problems the recorder saw in the server's output (not JSON-RPC, unreadable JSON…).
  func checkServerOutput() throws(OracleError) {
    if let p = server.sink.problems.first { throw OracleError("wire output", p) }
  }

  func log(_ a: String) {
    action = a
    options.trace?("# \(a)")
  }
}
