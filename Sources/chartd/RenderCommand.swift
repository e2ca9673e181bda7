#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import ChartCore
import ChartdJSON
import ChartdServer
import Foundation

/// The version line of `--version`.
enum ChartdVersionText {
  static let text = "\(ChartdVersion.server) (protocol \(ChartdVersion.protocolVersion))"
}

/// `chartd render`: one-shot rendering; diagnostics on stderr. Returns the exit status.
func renderCommand(_ o: RenderOptions) -> Int32 {
  let name = o.spec == "-" ? "stdin" : o.spec
  let bytes: [UInt8]
  if o.spec == "-" {
    bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
  } else {
    switch FileBytes.contents(of: o.spec) {
    case .success(let b): bytes = b
    case .failure(let reason):
      printError("cannot read '\(o.spec)': \(reason.message)")
      return 1
    }
  }
  var json: JSONValue
  do {
    json = try JSONReader.parse(bytes)
  } catch {
    printError("\(name) is not valid JSON: \(error)")
    return 1
  }
  // The overrides go into the JSON, so the spec reader checks them like any other value.
  if case .object(var spec) = json {
    if let w = o.width { spec["width"] = .number(w) }
    if let h = o.height { spec["height"] = .number(h) }
    if let t = o.theme { spec["theme"] = .string(t) }
    json = .object(spec)
  }
  let log = DiagnosticLog()
  let spec = ChartSpec.parse(json, log: log)
  for d in log.items { printError("\(name): \(d)") }
  guard let spec, !log.hasErrors else { return 1 }
  let svg = Array(ChartRenderer.render(ChartModel(spec: spec), prefix: o.idPrefix).svg.utf8)
  if o.output == "-" {
    FileHandle.standardOutput.write(Data(svg))
    return 0
  }
  if case .failure(let reason) = FileBytes.store(svg, at: o.output) {
    printError("cannot write '\(o.output)': \(reason.message)")
    return 1
  }
  return 0
}

/// Writes `chartd: message` to stderr.
func printError(_ message: String) {
  FileHandle.standardError.write(Data("chartd: \(message)\n".utf8))
}

/// Whole-file reads and writes that fail with the system's reason ("No such file or directory").
enum FileBytes {
  struct Failure: Error { var message: String }

  static func contents(of path: String) -> Result<[UInt8], Failure> {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return .failure(Failure(message: reason())) }
    defer { close(fd) }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n > 0 { out += chunk[0..<n]; continue }
      if n == 0 { return .success(out) }
      if errno != EINTR { return .failure(Failure(message: reason())) }
    }
  }

  static func store(_ bytes: [UInt8], at path: String) -> Result<Void, Failure> {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { return .failure(Failure(message: reason())) }
    defer { close(fd) }
    var offset = 0
    while offset < bytes.count {
      let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if n > 0 { offset += n; continue }
      if n < 0, errno == EINTR { continue }
      return .failure(Failure(message: reason()))
    }
    return .success(())
  }

  private static func reason() -> String { String(cString: strerror(errno)) }
}
