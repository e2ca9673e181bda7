import ChartCore
import ChartdJSON
import ChartdServer
import Foundation

/// The version line of `--version`.
enum ChartdVersionText {
  static let text = "\(ChartdVersion.server) (protocol \(ChartdVersion.protocolVersion))"
}

/// `chartd render SPEC.json [-o OUT.svg]`: one-shot rendering; diagnostics on stderr.
func renderCommand(specPath: String, output: String?) -> Int32 {
  let data: Data
  if specPath == "-" {
    data = FileHandle.standardInput.readDataToEndOfFile()
  } else {
    guard let d = FileManager.default.contents(atPath: specPath) else {
      FileHandle.standardError.write(Data("chartd: cannot read '\(specPath)'\n".utf8))
      return 1
    }
    data = d
  }
  let json: JSONValue
  do {
    json = try JSONReader.parse([UInt8](data))
  } catch {
    FileHandle.standardError.write(Data("chartd: \(specPath) is not valid JSON: \(error)\n".utf8))
    return 1
  }
  let log = DiagnosticLog()
  let spec = ChartSpec.parse(json, log: log)
  for d in log.items { FileHandle.standardError.write(Data("chartd: \(specPath): \(d)\n".utf8)) }
  guard let spec, !log.hasErrors else { return 1 }
  let svg = ChartRenderer.render(ChartModel(spec: spec), prefix: "chart").svg
  if let output {
    guard FileManager.default.createFile(atPath: output, contents: Data(svg.utf8)) else {
      FileHandle.standardError.write(Data("chartd: cannot write '\(output)'\n".utf8))
      return 1
    }
  } else {
    FileHandle.standardOutput.write(Data(svg.utf8))
  }
  return 0
}
