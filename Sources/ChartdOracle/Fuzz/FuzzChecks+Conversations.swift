extension FuzzChecks {
  /// Steps of one fuzzed conversation. Short on purpose: libFuzzer learns from many fast runs, and
  /// the seeded differential test (OracleDifferentialTests, CHARTD_ORACLE_STEPS) covers long ones.
  /// Every seed in Tests/Fuzz/corpus ends within it.
  public static let conversationSteps = 16

  /// A conversation on one document, edits and bursts, driven by the bytes, by a client that keeps
  /// each region's previous markup (patches restore regions) and applies spliced fragments, as
  /// chartd's own clients do; nil when the oracle found every invariant intact.
  public static func edits(_ bytes: [UInt8], trace: (@Sendable (String) -> Void)? = nil, checkGetSpec: Bool = true) -> String? {
    var options = OracleOptions(steps: conversationSteps)
    options.maxDocuments = 1
    options.clientKeepsPreviousMarkup = true
    options.clientAppliesSplices = true
    options.trace = trace
    options.checkGetSpec = checkGetSpec
    options.readsWireBack = false
    return Oracle.run(source: ByteChoices(bytes), options: options).map(String.init(describing:))
  }

  /// A whole conversation with several documents and protocol mischief, driven by the bytes; and
  /// a `chart/update` text written from the same bytes, read by both update readers
  /// (`preparedUpdate`: the conversation hands the server values, not bytes).
  public static func conversation(_ bytes: [UInt8], trace: (@Sendable (String) -> Void)? = nil, checkGetSpec: Bool = true) -> String? {
    var options = OracleOptions(steps: conversationSteps)
    options.protocolNoise = true
    options.trace = trace
    options.checkGetSpec = checkGetSpec
    options.readsWireBack = false
    if let problem = Oracle.run(source: ByteChoices(bytes), options: options) { return String(describing: problem) }
    return preparedUpdate(UpdateTexts(ByteChoices(bytes)).message())
  }
}
