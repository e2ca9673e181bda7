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
    let options = Self.options()
    for seed in Self.firstSeed..<(Self.firstSeed + UInt64(Self.runs)) {
      let failure = Oracle.run(seed: seed, options: options)
      #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
      if failure != nil && !Self.keepGoing { break }
    }
  }

  /// `CHARTD_ORACLE_KEEP_GOING=1` runs every seed even after a failure (to survey what breaks).
  static let keepGoing = environment["CHARTD_ORACLE_KEEP_GOING"] == "1"

  /// A client that keeps each region's previous markup: patches restore regions, and the oracle
  /// applies them as `protocol/patch.md` says, with what it keeps.
  @Test func conversationsOfAClientThatKeepsPreviousMarkupKeepEveryInvariant() {
    var options = Self.options()
    options.clientKeepsPreviousMarkup = true
    for seed in Self.firstSeed..<(Self.firstSeed + UInt64(max(1, Self.runs / 2))) {
      let failure = Oracle.run(seed: 2_000 + seed, options: options)
      #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
      if failure != nil && !Self.keepGoing { break }
    }
  }

  @Test func conversationsWithProtocolNoiseKeepEveryInvariant() {
    var options = Self.options()
    options.protocolNoise = true
    for seed in Self.firstSeed..<(Self.firstSeed + UInt64(max(1, Self.runs / 2))) {
      let failure = Oracle.run(seed: 1_000 + seed, options: options)
      #expect(failure == nil, "\(failure.map(String.init(describing:)) ?? "")")
      if failure != nil && !Self.keepGoing { break }
    }
  }
}
