import ChartCore
import ChartdJSON

extension FuzzChecks {
  /// A spec from the bytes, read and rendered. The first byte picks the input's form: even, the
  /// rest is JSON text; 1 modulo 4, the rest drives the spec generator (structured input reaching
  /// deep); 3 modulo 4, the bytes are a spec file for the language server (`language`).
  public static func spec(_ bytes: [UInt8]) -> String? {
    guard let mode = bytes.first else { return nil }
    // One input in four is a spec file's text for the language server.
    if mode % 4 == 3 { return language(bytes) }
    let rest = Array(bytes.dropFirst())
    let json: JSONValue
    if mode % 2 == 0 {
      guard let v = try? JSONReader.parse(rest) else { return nil }
      json = v
    } else {
      json = Generator(ByteChoices(rest)).spec()
    }
    return renderSpec(json)
  }

  /// Reads a spec as `chart/renderSpec` does and checks the SVG of an accepted one.
  public static func renderSpec(_ json: JSONValue) -> String? {
    let log = DiagnosticLog()
    guard let spec = ChartSpec.parse(json, at: JSONPointer(["spec"]), log: log), !log.hasErrors else { return nil }
    let rendered = ChartRenderer.render(ChartModel(spec: spec), prefix: "f")
    do throws(OracleError) {
      let svg = try SVGChecks.check(rendered.svg, regions: .array(rendered.regionIDs.map(JSONValue.string)))
      guard svg.prefix == "f" else { return "the root's id is not the prefix" }
    } catch {
      return "\(error) for spec \(String(JSONWriter.string(json).prefix(2000)))"
    }
    return nil
  }
}
