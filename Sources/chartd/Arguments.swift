import ChartdServer
import ChartdTransport

/// The command line of `chartd`: a command word first (`render`, `replay`, `schema`, `demo`,
/// `help`), or none to serve a client; each command reads its own options, in any order.
enum Arguments {
  enum Command: Equatable {
    /// Serve one client on stdin/stdout (the default, also `--stdio`).
    case serve(ServeOptions)
    case render(RenderOptions)
    case replay(ReplayOptionsArguments)
    case schema(SchemaCommand.Name)
    /// `chartd demo [--out DIR]`.
    case demo(directory: String)
    case version
    /// `--help`, `help`, `help COMMAND`, `COMMAND --help`: nil is the overview.
    case help(String?)
  }

  /// The command words, in the order `--help` lists them.
  static let commands = ["render", "replay", "schema", "demo", "help"]

  static let usage = """
    usage: chartd [--stdio] [--framing lsp|ndjson] [--trace FILE] [--log-level LEVEL]
                  [--max-message-bytes N] [--max-documents N] [--max-unsent-bytes N] [--max-memory N[K|M|G]]
                  [--busy-poll-us N] [--clientProcessId PID]
           chartd render [-o OUT.svg] [--id-prefix P] [--width N] [--height N] [--theme T] SPEC.json|-
           chartd replay [--daemon PATH] [--timeout SECONDS] [--update] TRANSCRIPT.ndjson...
           chartd schema [spec|edits|messages|transcript]
           chartd demo [--out DIR]
           chartd --version | --help | help COMMAND

    Without a command, chartd serves one client: JSON-RPC 2.0 with LSP framing on stdin/stdout
    (protocol/transport.md). Commands:
      render   render one chart spec to SVG, without a session
      replay   re-run recorded sessions (--trace files) against a fresh daemon and compare every reply
      schema   print a JSON Schema (default: the chart spec), all references bundled in one document
      demo     render the gallery of every chart kind to DIR/index.html (default demo-out)

    Serving options:
      --framing lsp|ndjson     Content-Length headers (default) or one JSON message per line
      --trace FILE             write the session's transcript to FILE (replayable: chartd replay FILE)
      --log-level LEVEL        off, error, warning (default), info or debug; logs go to stderr
      --max-message-bytes N    largest message read (default 268435456)
      --max-documents N        most documents open at once (default 256)
      --max-unsent-bytes N     backpressure bound on unread output and queued input (default 33554432)
      --max-memory N[K|M|G]    memory budget for messages and documents (default: half the machine's)
      --busy-poll-us N         after a message that came within N µs, poll for the next one that
                               long before sleeping (0 … 10000, default 1000; 0 never polls)
      --clientProcessId PID    exit when that process ends
    """

  /// Parses `args` (without the program name); throws a message for the user on bad input.
  static func parse(_ args: [String]) throws(ArgumentError) -> Command {
    guard let first = args.first, commands.contains(first) else { return try parseServe(args) }
    let rest = Array(args.dropFirst())
    switch first {
    case "render": return try RenderOptions.parse(rest)
    case "replay": return try ReplayOptionsArguments.parse(rest)
    case "schema": return try SchemaCommand.parse(rest)
    case "demo": return try parseDemo(rest)
    default: return try parseHelp(rest)
    }
  }

  static func parseServe(_ args: [String]) throws(ArgumentError) -> Command {
    var o = ServeOptions()
    var cursor = ArgumentCursor(args)
    while let word = try cursor.next() {
      switch word {
      case .option("--stdio"): break
      case .option("--framing"):
        let v = try cursor.value(for: "--framing")
        guard let f = Framing(rawValue: v) else { throw ArgumentError("--framing must be lsp or ndjson, got '\(v)'") }
        o.framing = f
      case .option("--trace"): o.trace = try cursor.value(for: "--trace")
      case .option("--log-level"):
        let v = try cursor.value(for: "--log-level")
        guard let l = ServerLog.Level(name: v) else { throw ArgumentError("--log-level must be off, error, warning, info or debug") }
        o.logLevel = l
      case .option("--max-message-bytes"): o.maxMessageBytes = try cursor.positiveInteger(for: "--max-message-bytes")
      case .option("--max-documents"): o.maxDocuments = try cursor.positiveInteger(for: "--max-documents")
      case .option("--max-unsent-bytes"): o.maxUnsentBytes = try cursor.positiveInteger(for: "--max-unsent-bytes")
      case .option("--max-memory"):
        let v = try cursor.value(for: "--max-memory")
        guard let n = Arguments.byteCount(v) else { throw ArgumentError("--max-memory needs a size like 2G, 512M or a number of bytes, got '\(v)'") }
        o.maxMemory = n
      case .option("--busy-poll-us"):
        let v = try cursor.value(for: "--busy-poll-us")
        guard let n = Int(v), n >= 0, n <= InputSpin.maxMicroseconds else {
          throw ArgumentError("--busy-poll-us must be a whole number of microseconds from 0 to \(InputSpin.maxMicroseconds), got '\(v)'")
        }
        o.busyPollMicroseconds = n
      case .option("--clientProcessId"), .option("--client-process-id"):
        o.clientProcessID = Int32(truncatingIfNeeded: try cursor.positiveInteger(for: "--clientProcessId"))
      case .option("--version"), .option("-v"): return .version
      case .option("--help"), .option("-h"): return .help(nil)
      case .option(let name): throw ArgumentError("unknown option '\(name)'")
      case .operand(let word):
        let hint = commands.contains(word) ? " (a command comes first: chartd \(word) …)" : " (commands: \(commands.joined(separator: ", ")))"
        throw ArgumentError("unknown argument '\(word)'\(hint)")
      }
    }
    return .serve(o)
  }

  static func parseDemo(_ args: [String]) throws(ArgumentError) -> Command {
    var directory = "demo-out"
    var cursor = ArgumentCursor(args)
    while let word = try cursor.next() {
      switch word {
      case .option("--out"), .option("-o"): directory = try cursor.value(for: "--out")
      case .option("--help"), .option("-h"): return .help("demo")
      case .option(let name): throw ArgumentError("demo: unknown option '\(name)'")
      case .operand(let word): throw ArgumentError("demo: unexpected argument '\(word)'")
      }
    }
    return .demo(directory: directory)
  }

  static func parseHelp(_ args: [String]) throws(ArgumentError) -> Command {
    guard let topic = args.first else { return .help(nil) }
    guard commands.contains(topic), args.count == 1 else { throw ArgumentError("help: unknown command '\(args.joined(separator: " "))'") }
    return .help(topic == "help" ? nil : topic)
  }

  /// The help text of one command, or the overview.
  static func help(_ topic: String?) -> String {
    switch topic {
    case "render": return RenderOptions.usage
    case "replay": return ReplayOptionsArguments.usage
    case "schema": return SchemaCommand.usage
    case "demo": return "usage: chartd demo [--out DIR]\n\nRenders the built-in gallery of every chart kind to DIR/index.html (default demo-out)."
    default: return usage
    }
  }
}

/// Settings of the serving daemon.
struct ServeOptions: Equatable {
  var framing = Framing.lsp
  var trace: String?
  var logLevel = ServerLog.Level.warning
  var maxMessageBytes = 256 * 1024 * 1024
  var maxDocuments = 256
  /// Backpressure bound: unsent output, and unread input queued, in bytes.
  var maxUnsentBytes = Connection.defaultMaxUnsentBytes
  /// `--max-memory`: nil keeps the default (half the machine's memory).
  var maxMemory: Int?
  /// `--busy-poll-us`: how long the reader polls for a message that follows soon (`InputSpin`).
  var busyPollMicroseconds = InputSpin.defaultMicroseconds
  var clientProcessID: Int32?
}

extension Arguments {
  /// `N`, `NK`, `NM` or `NG` (powers of 1024) as bytes; nil when not a positive size.
  static func byteCount(_ text: String) -> Int? {
    let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
    var digits = Substring(text)
    var unit = 1
    if let last = text.last?.uppercased().first, let u = units[last] {
      unit = u
      digits = digits.dropLast()
    }
    guard let n = Int(digits), n > 0, n <= Int.max / unit else { return nil }
    return n * unit
  }
}
