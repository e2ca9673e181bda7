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
    .target(name: "ChartdOracle", dependencies: ["ChartdJSON", "ChartdProtocol", "ChartdTransport", "ChartCore", "ChartdServer"]),

    .testTarget(name: "ChartdJSONTests", dependencies: ["ChartdJSON"]),
    .testTarget(name: "ChartdProtocolTests", dependencies: ["ChartdProtocol", "ChartdJSON"]),
    .testTarget(name: "ChartdTransportTests", dependencies: ["ChartdTransport", "ChartdProtocol", "ChartdJSON"]),
    // Golden/ holds reviewed SVG files, read by path (#filePath), not bundled.
    .testTarget(name: "ChartCoreTests", dependencies: ["ChartCore", "ChartdJSON"], exclude: ["Golden"]),
    .testTarget(name: "ChartdLanguageTests", dependencies: ["ChartdLanguage", "ChartCore", "ChartdJSON"]),
    .testTarget(name: "ChartdServerTests", dependencies: ["ChartdServer", "ChartCore", "ChartdProtocol", "ChartdTransport", "ChartdJSON"]),
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
if Context.environment["CHARTD_FUZZ"] == "1" {
  for name in ["FuzzFraming", "FuzzSpec", "FuzzEdits", "FuzzProtocol"] {
    package.targets.append(.executableTarget(name: name, dependencies: ["ChartdOracle"], path: "Tests/Fuzz/\(name)"))
  }
}
