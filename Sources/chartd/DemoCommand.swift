import ChartCore
import ChartdJSON
import Foundation

/// `chartd demo`: renders the built-in gallery (every chart kind) into an HTML page and its SVGs.
func demoCommand(directory: String) -> Int32 {
  let fm = FileManager.default
  do {
    try fm.createDirectory(atPath: directory, withIntermediateDirectories: true)
  } catch {
    FileHandle.standardError.write(Data("chartd: cannot create '\(directory)': \(error.localizedDescription)\n".utf8))
    return 1
  }
  var html = """
    <!doctype html><html lang="en"><head><meta charset="utf-8"><title>chartd gallery</title>
    <style>body{font-family:Helvetica,Arial,sans-serif;margin:24px;background:#f6f8fa;color:#1f2328}
    figure{display:inline-block;margin:12px;background:#fff;border:1px solid #d0d7de;border-radius:6px;padding:8px}
    figcaption{font-size:13px;color:#57606a;margin:4px 0 0 4px}</style></head><body>
    <h1>chartd gallery</h1><p>Every chart below was rendered by chartd from a spec in its built-in gallery.</p>

    """
  var failures = 0
  for example in DemoGallery.examples {
    let started = Date()
    let log = DiagnosticLog()
    guard let json = try? JSONReader.parse(Array(example.spec.utf8)), let spec = ChartSpec.parse(json, log: log) else {
      FileHandle.standardError.write(Data("chartd: gallery example '\(example.name)' is invalid: \(log.items)\n".utf8))
      failures += 1
      continue
    }
    let svg = ChartRenderer.render(ChartModel(spec: spec), prefix: example.name).svg
    let ms = Date().timeIntervalSince(started) * 1000
    let file = "\(example.name).svg"
    guard fm.createFile(atPath: directory + "/" + file, contents: Data(svg.utf8)) else {
      FileHandle.standardError.write(Data("chartd: cannot write '\(directory)/\(file)'\n".utf8))
      return 1
    }
    html += "<figure>\(svg)<figcaption>\(XMLEscape.text(example.title)) — \(file), \(String(format: "%.2f", ms)) ms</figcaption></figure>\n"
  }
  html += "</body></html>\n"
  let page = directory + "/index.html"
  guard fm.createFile(atPath: page, contents: Data(html.utf8)) else {
    FileHandle.standardError.write(Data("chartd: cannot write '\(page)'\n".utf8))
    return 1
  }
  let absolute = URL(fileURLWithPath: page).standardizedFileURL.path
  print("chartd demo: wrote \(DemoGallery.examples.count - failures) charts to \(absolute)")
  return failures == 0 ? 0 : 1
}
