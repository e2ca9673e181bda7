import ChartdServer
import ChartdTransport

/// Command-line arguments of `chartd`.
struct Arguments {
  enum Command: Equatable {
    /// Serve one client on stdin/stdout (the default, also `--stdio`).
    case serve
    /// `chartd render SPEC.json [-o OUT.svg]`.
    case render(spec: String, output: String?)
    /// `chartd demo [--out DIR]`.
    case demo(directory: String)
    case version
    case help
  }

  var command = Command.serve
  var framing = Framing.lsp
  var trace: String?
  var logLevel = ServerLog.Level.warning
  var maxMessageBytes = 256 * 1024 * 1024
  var maxDocuments = 256
  /// Backpressure bound: unsent output, and unread input queued, in bytes.
  var maxUnsentBytes = Connection.defaultMaxUnsentBytes
  /// `--max-memory`: nil keeps the default (half the machine's memory).
  var maxMemory: Int?
  var clientProcessID: Int32?

  static let usage = """
    usage: chartd [--stdio] [--framing lsp|ndjson] [--trace FILE] [--log-level off|error|warning|info|debug]
                  [--max-message-bytes N] [--max-documents N] [--max-unsent-bytes N] [--max-memory N[K|M|G]]
                  [--clientProcessId PID]
           chartd render SPEC.json [-o OUT.svg]
           chartd demo [--out DIR]
           chartd --version | --help

    Serves chart documents over JSON-RPC 2.0 with LSP framing on stdin/stdout (see protocol/).
    """

  /// Parses `args` (without the program name); throws a message for the user on bad input.
  static func parse(_ args: [String]) throws(ArgumentError) -> Arguments {
    var a = Arguments()
    var i = 0
    func value(_ flag: String) throws(ArgumentError) -> String {
      i += 1
      guard i < args.count else { throw ArgumentError("\(flag) needs a value") }
      return args[i]
    }
    func number(_ flag: String) throws(ArgumentError) -> Int {
      let v = try value(flag)
      guard let n = Int(v), n > 0 else { throw ArgumentError("\(flag) needs a positive whole number, got '\(v)'") }
      return n
    }
    while i < args.count {
      let arg = args[i]
      switch arg {
      case "--stdio": break
      case "--framing":
        let v = try value(arg)
        guard let f = Framing(rawValue: v) else { throw ArgumentError("--framing must be lsp or ndjson, got '\(v)'") }
        a.framing = f
      case "--trace": a.trace = try value(arg)
      case "--log-level":
        let v = try value(arg)
        guard let l = ServerLog.Level(name: v) else { throw ArgumentError("--log-level must be off, error, warning, info or debug") }
        a.logLevel = l
      case "--max-message-bytes": a.maxMessageBytes = try number(arg)
      case "--max-documents": a.maxDocuments = try number(arg)
      case "--max-unsent-bytes": a.maxUnsentBytes = try number(arg)
      case "--max-memory":
        let v = try value(arg)
        guard let n = Self.byteCount(v) else { throw ArgumentError("--max-memory needs a size like 2G, 512M or a number of bytes, got '\(v)'") }
        a.maxMemory = n
      case "--clientProcessId", "--client-process-id": a.clientProcessID = Int32(truncatingIfNeeded: try number(arg))
      case "--version", "-v": a.command = .version
      case "--help", "-h": a.command = .help
      case "render":
        let spec = try value("render")
        var output: String? = nil
        if i + 1 < args.count, args[i + 1] == "-o" || args[i + 1] == "--output" {
          i += 1
          output = try value("-o")
        }
        a.command = .render(spec: spec, output: output)
      case "demo":
        var dir = "demo-out"
        if i + 1 < args.count, args[i + 1] == "--out" {
          i += 1
          dir = try value("--out")
        }
        a.command = .demo(directory: dir)
      default:
        throw ArgumentError("unknown argument '\(arg)'")
      }
      i += 1
    }
    return a
  }
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

struct ArgumentError: Error {
  var message: String
  init(_ message: String) { self.message = message }
}
