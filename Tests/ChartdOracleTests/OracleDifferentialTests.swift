import ChartdOracle
import Foundation
import Testing

/// The differential test: seeded random conversations against the in-process server, every
/// invariant checked after every step. Bounded for CI; longer with `CHARTD_ORACLE_RUNS` (seeds),
/// `CHARTD_ORACLE_STEPS` (steps per seed) and `CHARTD_ORACLE_SEED` (the first seed).
@Suite struct OracleDifferentialTests {
  static let environment = ProcessInfo.processInfo.environment
  static let runs = Int(environment["CHARTD_ORACLE_RUNS"] ?? "") ?? 20
  static let steps = Int(environment["CHARTD_ORACLE_STEPS"] ?? "") ?? 40
  static let firstSeed = UInt64(environment["CHARTD_ORACLE_SEED"] ?? "") ?? 1

  /// `CHARTD_ORACLE_TRACE=1` prints every message sent (to reproduce a failure by hand);
  /// `CHARTD_ORACLE_NO_GETSPEC=1` leaves out check (b) (to survey past a known defect there).
  static func options() -> OracleOptions {
    var options = OracleOptions(steps: steps)
    options.checkGetSpec = environment["CHARTD_ORACLE_NO_GETSPEC"] != "1"
    if environment["CHARTD_ORACLE_TRACE"] == "1" {
      options.trace = { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
    }
    return options
  }

  @Test func seededConversationsKeepEveryInvariant() {
    Self.run(seeds: Self.runs, from: 0, options: Self.options())
  }

  /// A client that keeps each region's previous markup: patches restore regions, and the oracle
  /// applies them as `protocol/patch.md` says, with what it keeps.
  @Test func conversationsOfAClientThatKeepsPreviousMarkupKeepEveryInvariant() {
    var options = Self.options()
    options.clientKeepsPreviousMarkup = true
    Self.run(seeds: max(1, Self.runs / 2), from: 2_000, options: options)
  }

  /// A client that applies spliced fragments, with and without keeping previous markup (what
  /// chartd's own clients declare): the oracle splices the bytes as `protocol/patch.md` says.
  @Test(arguments: [false, true])
  func conversationsOfAClientThatAppliesSplicesKeepEveryInvariant(keepsPreviousMarkup: Bool) {
    var options = Self.options()
    options.clientAppliesSplices = true
    options.clientKeepsPreviousMarkup = keepsPreviousMarkup
    // Counts the spliced fragments the server sends (passing every message on as it is), so that
    // the runs are known to have applied splices, not only whole fragments.
    let splices = SpliceCount()
    options.tamper = { message in
      let patch = message["result"] ?? message["params"]
      let n = patch?["fragments"]?.arrayValue?.filter { $0["splice"] != nil }.count ?? 0
      if n > 0 { splices.add(n) }
      return [message]
    }
    Self.run(seeds: max(1, Self.runs / 2), from: keepsPreviousMarkup ? 4_000 : 3_000, options: options)
    #expect(splices.value > 0, "no patch spliced a region")
  }

  /// A count shared with the server's thread.
  final class SpliceCount: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func add(_ k: Int) { lock.withLock { n += k } }
    var value: Int { lock.withLock { n } }
  }

  @Test func conversationsWithProtocolNoiseKeepEveryInvariant() {
    var options = Self.options()
    options.protocolNoise = true
    Self.run(seeds: max(1, Self.runs / 2), from: 1_000, options: options)
  }

  /// `CHARTD_ORACLE_KEEP_GOING=1` runs every seed even after a failure (to survey what breaks).
  static let keepGoing = environment["CHARTD_ORACLE_KEEP_GOING"] == "1"

  /// Runs `seeds` conversations, seeds `offset + firstSeed` on, each expected to keep every invariant.
  static func run(seeds: Int, from offset: UInt64, options: OracleOptions) {
    for seed in firstSeed..<(firstSeed + UInt64(seeds)) {
      let failure = Oracle.run(seed: offset + seed, options: options)
      #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
      if failure != nil && !keepGoing { break }
    }
  }
}
