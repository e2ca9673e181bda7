// Stub so this branch compiles; the JSON throughput benchmark is written on another branch and
// replaces this file at merge.

/// JSON reader/writer throughput benchmark (filled in by the JSON work).
public enum JSONThroughput {
  /// Runs the benchmark with the arguments after the subcommand name.
  public static func run(arguments: [String]) {
    print("{\"tool\":\"chartd\",\"op\":\"json\",\"skipped\":\"not available yet\"}")
  }
}
