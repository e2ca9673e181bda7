import ChartdTransport
import Testing
@testable import chartd

/// The command line: a command word first, then its options in any order.
@Suite struct ArgumentsTests {
  func parse(_ words: String) throws(ArgumentError) -> Arguments.Command {
    try Arguments.parse(words.split(separator: " ").map(String.init))
  }

  func message(_ words: String) -> String? {
    do {
      _ = try parse(words)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func serveOptions() throws {
    var expected = ServeOptions()
    expected.framing = .ndjson
    expected.trace = "t.ndjson"
    expected.maxDocuments = 3
    #expect(try parse("--max-documents 3 --trace=t.ndjson --framing ndjson") == .serve(expected))
    #expect(try Arguments.parse([]) == .serve(ServeOptions()))
    #expect(message("--framing xml") == "--framing must be lsp or ndjson, got 'xml'")
    #expect(message("--max-documents 0") == "--max-documents needs a positive whole number, got '0'")
    var budget = ServeOptions()
    budget.maxMemory = 2 << 30
    #expect(try parse("--max-memory 2G") == .serve(budget))
    #expect(message("--max-memory lots") == "--max-memory needs a size like 2G, 512M or a number of bytes, got 'lots'")
  }

  @Test func busyPollIsOnByDefaultAndBounded() throws {
    #expect(ServeOptions().busyPollMicroseconds == InputSpin.defaultMicroseconds)
    var off = ServeOptions()
    off.busyPollMicroseconds = 0
    #expect(try parse("--busy-poll-us 0") == .serve(off))
    var long = ServeOptions()
    long.busyPollMicroseconds = 10_000
    #expect(try parse("--busy-poll-us=10000") == .serve(long))
    for bad in ["-1", "10001", "1e3", "", "99999999999999999999"] {
      #expect(message("--busy-poll-us=\(bad)") == "--busy-poll-us must be a whole number of microseconds from 0 to 10000, got '\(bad)'")
    }
    #expect(Arguments.usage.contains("--busy-poll-us N"))
  }

  @Test func aCommandAfterServeOptionsIsExplained() {
    #expect(message("--framing ndjson render x.json") == "unknown argument 'render' (a command comes first: chartd render …)")
    #expect(message("frob") == "unknown argument 'frob' (commands: render, replay, schema, demo, help)")
  }

  @Test func renderOptionsInAnyOrder() throws {
    var expected = RenderOptions()
    expected.spec = "spec.json"
    expected.output = "out.svg"
    #expect(try parse("render -o out.svg spec.json") == .render(expected))
    #expect(try parse("render spec.json -o out.svg") == .render(expected))
    #expect(try parse("render spec.json out.svg") == .render(expected))
    #expect(try parse("render --output=out.svg spec.json") == .render(expected))
    expected.idPrefix = "sales-q1"
    expected.width = 640
    expected.height = 320.5
    expected.theme = "dark"
    #expect(try parse("render --theme dark --width 640 spec.json --id-prefix sales-q1 --height 320.5 -o out.svg") == .render(expected))
  }

  @Test func renderReadsAndWritesDashAsStdio() throws {
    var expected = RenderOptions()
    #expect(try parse("render -") == .render(expected))
    expected.spec = "s.json"
    #expect(try parse("render s.json -o -") == .render(expected))
    expected.spec = "-weird.json"
    #expect(try parse("render -- -weird.json") == .render(expected))
  }

  @Test func renderHelp() throws {
    #expect(try parse("render --help") == .help("render"))
    #expect(try parse("render x.json -h") == .help("render"))
    #expect(try parse("help render") == .help("render"))
    #expect(Arguments.help("render").contains("--id-prefix"))
  }

  @Test(arguments: [
    ("render -o chart.png spec.json", "cannot write 'chart.png': chartd renders SVG only"),
    ("render spec.json chart.pdf", "cannot write 'chart.pdf': chartd renders SVG only"),
    ("render", "render: name the spec file (or - for stdin)"),
    ("render a.json b.svg c.svg", "render: one spec and at most one output"),
    ("render a.json b.svg -o c.svg", "render: the output is named twice"),
    ("render a.json --id-prefix 9lives", "--id-prefix must start with a letter"),
    ("render a.json --width 8", "--width must be a number from 16 to 16384, got '8'"),
    ("render a.json --theme sepia", "--theme must be one of light, dark, highContrast, got 'sepia'"),
    ("render a.json --frob", "render: unknown option '--frob'"),
    ("render a.json -o", "--output needs a value"),
    ("render a.json --width=", "--width must be a number from 16 to 16384, got ''"),
  ])
  func renderRefusals(_ words: String, _ start: String) {
    let got = message(words) ?? "(accepted)"
    #expect(got.hasPrefix(start), "\(got)")
  }

  @Test func replayOptions() throws {
    let expected = ReplayOptionsArguments(files: ["a.ndjson", "b.ndjson"], daemon: "/bin/other", timeout: 2.5, update: true)
    #expect(try parse("replay a.ndjson --update --daemon /bin/other b.ndjson --timeout 2.5") == .replay(expected))
    #expect(message("replay") == "replay: name at least one transcript file")
    #expect(message("replay a.ndjson --update=yes") == "'--update=yes': option takes no value (got 'yes')")
    #expect(try parse("replay --help") == .help("replay"))
  }

  @Test func schemaAndDemoAndHelp() throws {
    #expect(try parse("schema") == .schema(.spec))
    #expect(try parse("schema transcript") == .schema(.transcript))
    #expect(message("schema spec edits") == "schema: expected one of spec, edits, messages, transcript, got 'edits'")
    #expect(try parse("demo --out dir") == .demo(directory: "dir"))
    #expect(try parse("--help") == .help(nil))
    #expect(try parse("help") == .help(nil))
    #expect(try parse("--version") == .version)
    for command in ["render", "replay", "schema", "demo"] { #expect(Arguments.help(nil).contains("\n  \(command) ")) }
  }
}
