import Foundation

/// Draws a radar chart's regions: the web, one data set's polygon, ring values, category labels
/// and value labels at the vertices.
///
/// Pure functions of their inputs: each writes the inner markup of its region and nothing else.
/// Vertices come from `RadarGeometry.point`: a value lies on its entry's spoke, clamped to the web;
/// a missing value (NaN, or an entry past the data set's end) has no vertex and the polygon joins
/// its neighbours.
public enum RadarRenderer {
  /// Spokes (every `skipWebLineCount + 1`-th) and rings, each kind in one path.
  public static func web(model: ChartModel, layout: ChartLayout, into svg: inout SVGWriter) {
    let radar = model.spec.radar
    guard radar.drawWeb, let r = layout.radar, r.geometry.spokes > 0, r.geometry.radius > 0 else { return }
    let g = r.geometry
    let opacity = min(max(radar.webOpacity.isFinite ? radar.webOpacity : 0.6, 0), 1)
    let spokeColor = radar.webColor ?? layout.theme.axisLine
    let step = max(1, radar.skipWebLineCount + 1)
    if radar.webLineWidth > 0 {
      var p = PathBuilder()
      for k in stride(from: 0, to: g.spokes, by: step) {
        let end = g.at(spoke: k, distance: g.radius)
        p.move(g.center.x, g.center.y)
        p.line(end.x, end.y)
      }
      stroke(p, spokeColor, width: radar.webLineWidth, opacity: opacity, role: "spokes", into: &svg)
    }
    if radar.innerWebLineWidth > 0 {
      var p = PathBuilder()
      for ring in r.rings where ring.position > 0 {
        for k in 0..<g.spokes {
          let q = g.at(spoke: k, distance: ring.position)
          if k == 0 { p.move(q.x, q.y) } else { p.line(q.x, q.y) }
        }
        p.closePath()
      }
      stroke(p, radar.innerWebColor ?? spokeColor, width: radar.innerWebLineWidth, opacity: opacity, role: "rings", into: &svg)
    }
  }

  private static func stroke(_ p: PathBuilder, _ color: Color, width: Double, opacity: Double, role: String,
                             into svg: inout SVGWriter) {
    guard !p.isEmpty else { return }
    svg.open("path")
    svg.attr("d", path: p)
    svg.attr("fill", "none")
    svg.attr("stroke", color: color.withAlpha(color.alpha * opacity))
    svg.attr("stroke-width", width)
    svg.attr("stroke-linejoin", "round")
    svg.attr("data-role", role)
    svg.selfClose()
  }

  /// The vertices of data set `i`: (entry index, point) for every value that has one.
  static func vertices(_ model: ChartModel, _ g: RadarGeometry, dataSet i: Int) -> [(index: Int, point: Point)] {
    let e = model.spec.dataSets[i].entries
    return (0..<min(e.count, g.spokes)).compactMap { k in g.point(spoke: k, value: e.y[k]).map { (k, $0) } }
  }

  /// The polygon of data set `i`: fill (when the line style asks), outline, and vertex dots.
  public static func polygon(model: ChartModel, radar: RadarLayout, dataSet i: Int, into svg: inout SVGWriter) {
    let ds = model.spec.dataSets[i]
    let style = ds.line
    let points = vertices(model, radar.geometry, dataSet: i)
    guard !points.isEmpty else { return }
    var p = PathBuilder()
    for (k, v) in points.enumerated() {
      if k == 0 { p.move(v.point.x, v.point.y) } else { p.line(v.point.x, v.point.y) }
    }
    if points.count > 2 { p.closePath() }
    let color = model.color(of: i)
    svg.open("path")
    svg.attr("d", path: p)
    if style.fill, points.count > 2 {
      let paint = style.fillColor ?? color
      svg.attr("fill", color: paint.withAlpha(paint.alpha * min(max(style.fillOpacity, 0), 1)))
    } else {
      svg.attr("fill", "none")
    }
    if style.width > 0 {
      svg.attr("stroke", color: color)
      svg.attr("stroke-width", style.width)
      svg.attr("stroke-linejoin", "round")
      svg.dashAttr(style.dash)
    }
    svg.attr("aria-label", accessibilityLabel(model, dataSet: i, points.map(\.index)))
    svg.selfClose()
    if style.showCircles, style.circleRadius > 0 || points.count == 1 {
      var dots = PathBuilder()
      for v in points {
        dots.move(v.point.x, v.point.y)
        dots.horizontal(v.point.x)
      }
      LineRenderer.writeDots(dots, diameter: 2 * max(style.circleRadius, 1), color: color, into: &svg)
    }
  }

  /// "Label: Speed 5, Power 3, …" (at most 50 values, so a long polygon keeps a bounded label).
  static func accessibilityLabel(_ model: ChartModel, dataSet i: Int, _ indices: [Int]) -> String {
    let spec = model.spec
    let ds = spec.dataSets[i]
    let parts = indices.prefix(50).map { k -> String in
      let value = ValueFormatter.format(ds.entries.y[k], ds.valueLabels.format, locale: spec.locale)
      return "\(category(spec, k)) \(value)"
    }
    return ds.label + ": " + parts.joined(separator: ", ") + (indices.count > 50 ? ", …" : "")
  }

  /// The name of spoke `k`: its category, or its number from 1.
  static func category(_ spec: ChartSpec, _ k: Int) -> String {
    k < spec.radar.categories.count ? spec.radar.categories[k] : "\(k + 1)"
  }

  /// The ring values, beside the first spoke just outside each ring.
  public static func ringLabels(model: ChartModel, layout: ChartLayout, into svg: inout SVGWriter) {
    guard model.spec.radar.drawRingLabels, let r = layout.radar, r.geometry.spokes > 0, r.geometry.radius > 0 else { return }
    let g = r.geometry
    let font = r.ringFontSize
    let a = g.angle(0)
    // Beside the spoke on the side that keeps the text off it: right of an upward spoke.
    let side = Point(x: -sin(a), y: cos(a))
    let anchor = side.x > 0.3 ? "start" : side.x < -0.3 ? "end" : "middle"
    var body = SVGWriter()
    for ring in r.rings where ring.position > 0 && !ring.label.isEmpty {
      let q = g.at(spoke: 0, distance: ring.position)
      let x = Pixel.round(q.x + side.x * 4)
      let y = Pixel.round(q.y + side.y * 4 + TextMetrics.centeringOffset(fontSize: font))
      body.textElement(ring.label, x: x, y: y, anchor: anchor)
    }
    guard !body.isEmpty else { return }
    svg.open("g")
    svg.attr("font-size", font)
    svg.attr("fill", color: layout.theme.secondaryText)
    svg.attr("aria-hidden", "true")
    svg.close()
    svg.raw(body)
    svg.end("g")
  }

  /// The category labels as the layout placed them.
  public static func categoryLabels(model: ChartModel, layout: ChartLayout, into svg: inout SVGWriter) {
    guard let r = layout.radar, !r.labels.isEmpty else { return }
    svg.open("g")
    svg.attr("font-size", r.labelFontSize)
    svg.attr("fill", color: model.spec.radar.labelColor ?? layout.theme.text)
    svg.close()
    for label in r.labels { svg.textElement(label.text, x: label.x, y: label.y, anchor: label.anchor) }
    svg.end("g")
  }

  /// Values just inside each vertex (along its spoke, so that they never meet the category labels
  /// outside the web), none when there are more than `maxVisibleEntries`.
  public static func valueLabels(model: ChartModel, radar: RadarLayout, dataSet i: Int, into svg: inout SVGWriter) {
    let spec = model.spec
    let ds = spec.dataSets[i]
    let style = ds.valueLabels
    let g = radar.geometry
    let points = vertices(model, g, dataSet: i)
    guard style.show, !points.isEmpty, points.count <= max(0, style.maxVisibleEntries) else { return }
    let font = style.fontSize ?? spec.fontSize
    guard font > 0, font.isFinite else { return }
    svg.open("g")
    svg.attr("font-size", font)
    svg.attr("fill", color: style.color ?? model.theme.text)
    svg.attr("text-anchor", "middle")
    svg.attr("aria-hidden", "true")
    svg.close()
    for v in points {
      let text = ValueFormatter.format(ds.entries.y[v.index], style.format, locale: spec.locale)
      let a = g.angle(v.index)
      // A vertex at the centre has no inside: its label goes just outside it.
      let d = (g.distance(ds.entries.y[v.index]) > 4 + font ? -1 : 1) * (4 + font * 0.6)
      var x = v.point.x + cos(a) * d, y = v.point.y + sin(a) * d
      var anchor: String? = nil
      if v.index == 0 {
        // The first spoke carries the ring values on one side (`ringLabels`): its value sits on the
        // other, clear of them, instead of centred on the spoke beside a ring value ("7" "6").
        let side = Point(x: -sin(a), y: cos(a))
        if abs(side.x) > 0.3 {
          x -= side.x * 4
          anchor = side.x > 0 ? "end" : "start"
        } else {
          y -= side.y * (4 + font / 2)
        }
      }
      svg.textElement(text, x: Pixel.round(x), y: Pixel.round(y + TextMetrics.centeringOffset(fontSize: font)), anchor: anchor)
    }
    svg.end("g")
  }
}
