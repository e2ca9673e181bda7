// chartd-bench: measurements for BENCHMARKS.md (run through scripts/bench; never part of the tests).
// Every result is one JSON line on stdout; progress goes to stderr.
import Foundation

/// The subcommands and what they measure.
let usage = """
  usage: chartd-bench <command> [options]
    render    in-process full renders     --workloads W1,W2,… (W2b@lossless) --samples N --data DIR
    protocol  the chartd binary over pipes --op open|append|toggle|highlight|setSpec-color|session
                                           --workloads … --samples N --chartd PATH
                                           (--daemon-cpu N: the daemon on CPU N; --placement P: ops
                                           named op@P)
    cold      fresh process per run       --runs N --workload W1
    update    in-process ChartDocument.update, one appended point --workloads W2 --samples N
              (--op toggle --dataSet s: hide and show one data set, --workloads scale-1M)
    scaling   sizes 1k…10M                --sizes 1k,10k,100k,1M,10M --samples N
    json      JSON reader/writer throughput (--parse-only: every row form, wall and CPU time;
              --messages: small messages, with and without a shape cache)
    keystroke the language server: one-character didChange in a 2,000-line spec with 10k entries,
              to publishDiagnostics and to the preview's chart/patch --chartd PATH --samples N
    echo-peer a line echo that works --work-us N microseconds on each line (--spin: polls its
              input instead of sleeping in read); driven by bench/wakeup.py
  """

// A daemon that dies mid-write must give an error, not kill the benchmark.
signal(SIGPIPE, SIG_IGN)

let arguments = Array(CommandLine.arguments.dropFirst())
let command = arguments.first ?? ""
let options = BenchArguments(Array(arguments.dropFirst()))
do {
  switch command {
  case "render": try RenderBench.run(options)
  case "protocol": try ProtocolBench.run(options)
  case "cold": try ColdBench.run(options)
  case "update": try UpdateBench.run(options)
  case "scaling": try ScalingBench.run(options)
  case "json": JSONThroughput.run(arguments: Array(arguments.dropFirst()))
  case "keystroke": try KeystrokeBench.run(options)
  case "echo-peer": EchoPeer.run(options)
  default:
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
  }
} catch {
  benchLog("\(command) failed: \(error)")
  exit(1)
}
