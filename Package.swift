// swift-tools-version:6.0
// chartd: a chart-rendering daemon speaking JSON-RPC 2.0 with LSP framing.
// No package dependencies: Foundation and the toolchain only.
import PackageDescription

let package = Package(
  name: "chartd",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "chartd", targets: ["chartd"]),
    .executable(name: "chartd-bench", targets: ["ChartdBench"]),
  ],
  targets: [
    // JSON values, reader, writer, JSON Pointer, merge patch. Pure, no I/O.
    .target(name: "ChartdJSON"),
    // Wire types: messages, error codes, method registry. No I/O.
    .target(name: "ChartdProtocol", dependencies: ["ChartdJSON"]),
    // Framing, connection, reader/writer threads, trace. Every I/O rule lives here.
    .target(name: "ChartdTransport", dependencies: ["ChartdJSON", "ChartdProtocol"]),
    // The chart pipeline: spec → model → layout → regions → SVG → patch. Pure, no I/O.
    .target(name: "ChartCore", dependencies: ["ChartdJSON"]),
    // Language features for spec files: text documents and their sync, the positioned parse,
    // diagnostics, completion, hover, symbols, code actions, preview view state. Pure, no I/O.
    .target(name: "ChartdLanguage", dependencies: ["ChartdJSON", "ChartCore"]),
    // Documents, dispatch, ordering, handlers.
    .target(name: "ChartdServer", dependencies: ["ChartdJSON", "ChartdProtocol", "ChartCore", "ChartdLanguage"]),
    // The thin executable: arguments, stdio, exit codes.
    .executableTarget(name: "chartd", dependencies: ["ChartdServer", "ChartCore", "ChartdJSON", "ChartdProtocol", "ChartdTransport"]),
    // Benchmarks (release builds only; never part of the test suite).
    .executableTarget(name: "ChartdBench", dependencies: ["ChartdServer", "ChartCore", "ChartdJSON", "ChartdTransport", "ChartdLanguage"]),
    // The independent oracle: seeded generators of specs, edits and conversations, an in-process
    // server driver and invariant checks written from protocol/ (no I/O). Used by the differential
    // test and the fuzz targets.
    .target(name: "ChartdOracle", dependencies: ["ChartdJSON", "ChartdProtocol", "ChartdTransport", "ChartCore", "ChartdServer",
                                                 "ChartdLanguage"]),

    .testTarget(name: "ChartdJSONTests", dependencies: ["ChartdJSON"]),
    .testTarget(name: "ChartdProtocolTests", dependencies: ["ChartdProtocol", "ChartdJSON"]),
    .testTarget(name: "ChartdTransportTests", dependencies: ["ChartdTransport", "ChartdProtocol", "ChartdJSON"]),
    // Golden/ holds reviewed SVG files, read by path (#filePath), not bundled.
    .testTarget(name: "ChartCoreTests", dependencies: ["ChartCore", "ChartdJSON"], exclude: ["Golden"]),
    .testTarget(name: "ChartdLanguageTests", dependencies: ["ChartdLanguage", "ChartCore", "ChartdJSON"]),
    .testTarget(name: "ChartdServerTests", dependencies: ["ChartdServer", "ChartCore", "ChartdProtocol", "ChartdTransport", "ChartdJSON",
                                                      "ChartdOracle"]),
    // The executable's argument parsing and commands, in-process.
    .testTarget(name: "chartdTests", dependencies: ["chartd", "ChartdJSON", "ChartdTransport"]),
    // Spawns the real chartd binary and talks to it over pipes.
    .testTarget(name: "ChartdEndToEndTests", dependencies: ["ChartdJSON", "chartd"]),
    .testTarget(name: "ChartdOracleTests", dependencies: ["ChartdOracle", "ChartdServer", "ChartdTransport", "ChartCore", "ChartdJSON"]),
  ]
)

// libFuzzer targets (Tests/Fuzz/<name>): they link only against the fuzzer runtime
// (-sanitize=fuzzer), so they are declared only when CHARTD_FUZZ=1 is set, as scripts/fuzz does.
// A plain `swift build`, `swift build --build-tests` or `swift test` never sees them.
// The code under test gets coverage instrumentation and address sanitizer; the oracle (the harness
// that checks it) gets address sanitizer only: its own branches are not what the fuzzer should
// explore, and tracing its comparisons cost a third of every execution.
// CHARTD_FUZZ_ASAN=0 leaves address sanitizer out (coverage only: long campaigns run about twice
// as many executions; the memory-unsafe code is still fuzzed under it by the default build).
// CHARTD_FUZZ_TRACE_CMP=0 keeps edge counters but leaves out comparison tracing: the conversation
// targets reach the server through a generator, so no compared value stands in the input's bytes
// for libFuzzer to learn from, and tracing cost a fifth of every execution.
if Context.environment["CHARTD_FUZZ"] == "1" {
  let asan = Context.environment["CHARTD_FUZZ_ASAN"] != "0"
  let sanitizers = asan ? "-sanitize=fuzzer,address" : "-sanitize=fuzzer"
  let coverage = Context.environment["CHARTD_FUZZ_TRACE_CMP"] == "0" ? ["-sanitize-coverage=edge,inline-8bit-counters,pc-table"] : []
  let underTest: [SwiftSetting] = [.unsafeFlags([sanitizers, "-parse-as-library"] + coverage)]
  for index in package.targets.indices where package.targets[index].type == .regular {
    let harness = package.targets[index].name == "ChartdOracle"
    package.targets[index].swiftSettings = harness ? (asan ? [.unsafeFlags(["-sanitize=address"])] : nil) : underTest
  }
  for name in ["FuzzFraming", "FuzzSpec", "FuzzEdits", "FuzzProtocol"] {
    package.targets.append(.executableTarget(
      name: name, dependencies: ["ChartdOracle"], path: "Tests/Fuzz/\(name)",
      swiftSettings: underTest, linkerSettings: [.unsafeFlags([sanitizers])]))
  }
}
