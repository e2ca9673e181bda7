/// A rendered chart: the root tag and the regions in order, which together are the full SVG.
public struct RenderedChart: Sendable, Equatable {
  public var root: String
  public var regionIDs: [String]
  public var markup: [String]

  /// The full SVG: root tag, one region per line, closing tag, trailing newline.
  public var svg: String {
    var out = root
    out += "\n"
    for m in markup {
      out += m
      out += "\n"
    }
    out += "</svg>\n"
    return out
  }
}

/// Renders whole charts (used by `chart/open`, `chart/render`, `chart/renderSpec` and the CLI).
public enum ChartRenderer {
  /// The root `<svg>` opening tag (size, accessibility links, default font).
  ///
  /// - Important: a value read here must be in `RootTagKey`: a document makes the tag again only
  ///   when its key changes.
  public static func rootTag(prefix: String, model: ChartModel, layout: ChartLayout) -> String {
    var svg = SVGWriter()
    svg.open("svg")
    svg.attr("xmlns", "http://www.w3.org/2000/svg")
    svg.attr("id", prefix)
    svg.attr("width", layout.canvas.width)
    svg.attr("height", layout.canvas.height)
    svg.attr("viewBox", "0 0 \(SVGNumber.format(layout.canvas.width)) \(SVGNumber.format(layout.canvas.height))")
    svg.attr("role", "img")
    svg.attr("aria-labelledby", "\(prefix)-a11y-title \(prefix)-a11y-desc")
    svg.attr("font-family", layout.theme.fontFamily)
    svg.attr("font-size", model.spec.fontSize)
    svg.attr("data-theme", layout.theme.name.rawValue)
    svg.close()
    return svg.output
  }

  /// What `rootTag` reads besides the prefix, compared by a document on every update that may
  /// change the layout (a legend toggle made the tag again each time: a tenth of its markup work).
  struct RootTagKey: Equatable {
    var canvas: Size
    var fontFamily: String
    var fontSize: Double
    var theme: ThemeName
  }

  static func rootTagKey(model: ChartModel, layout: ChartLayout) -> RootTagKey {
    RootTagKey(canvas: layout.canvas, fontFamily: layout.theme.fontFamily, fontSize: model.spec.fontSize,
               theme: layout.theme.name)
  }

  public static func render(_ model: ChartModel, prefix: String) -> RenderedChart {
    let layout = LayoutEngine.layout(model)
    let aggregations = Aggregations.compute(model, layout)
    let names = RegionPlan.regions(model, layout, aggregations)
    return RenderedChart(
      root: rootTag(prefix: prefix, model: model, layout: layout),
      regionIDs: names.map { $0.id(prefix: prefix) },
      markup: RegionRenderer.renderAll(names, prefix: prefix, model: model, layout: layout, aggregations: aggregations))
  }
}
