import Foundation
@testable import ChartCore

/// The data shapes of a rendered SVG, read back from the markup alone: an oracle for hit tests
/// that shares nothing with the layout or the renderers.
struct PaintedShape {
  /// The `data-dataset` of the series group the shape is in.
  var dataSet: String
  var ariaLabel: String
  /// The outline, arcs flattened into short chords (which lie inside the true arc).
  var polygon: [Point]
  var bounds: Rect

  /// Even-odd point-in-polygon test.
  func contains(_ p: Point) -> Bool {
    guard p.x >= bounds.minX, p.x <= bounds.maxX, p.y >= bounds.minY, p.y <= bounds.maxY else { return false }
    var inside = false
    var j = polygon.count - 1
    for i in polygon.indices {
      let a = polygon[i], b = polygon[j]
      if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
      j = i
    }
    return inside
  }

  /// Whether the outline passes within `d` of `p` (the four points `d` away disagree with `p`).
  func hasOutline(near p: Point, within d: Double) -> Bool {
    guard p.x >= bounds.minX - d, p.x <= bounds.maxX + d, p.y >= bounds.minY - d, p.y <= bounds.maxY + d else { return false }
    let here = contains(p)
    return [(d, 0.0), (-d, 0), (0, d), (0, -d)].contains { contains(Point(x: p.x + $0.0, y: p.y + $0.1)) != here }
  }
}

enum PaintedShapes {
  /// Every `<rect>` and `<path>` with an `aria-label` inside a `data-role="series"` group, in
  /// document order (later shapes are painted over earlier ones); with `shadows`, also the shadow
  /// columns (`aria-hidden` shapes of a bar chart's series groups), each labelled as the first bar
  /// of its group that spans the same extent across the bars (series.md: one behind each bar;
  /// across is along x, or along y for `horizontal` bars).
  static func bars(in svg: String, shadows: Bool = false, horizontal: Bool = false) -> [PaintedShape] {
    var out: [PaintedShape] = []
    for line in svg.split(separator: "\n") where line.hasPrefix("<g ") && line.contains("data-role=\"series\"") {
      guard let groupEnd = line.firstIndex(of: ">"),
            let dataSet = Markup.attributes(String(line[..<groupEnd]))["data-dataset"] else { continue }
      var rest = line[groupEnd...]
      var unlabelled: [Int] = []
      let first = out.count
      while let next = [rest.firstRange(of: "<rect "), rest.firstRange(of: "<path ")].compactMap({ $0 })
        .min(by: { $0.lowerBound < $1.lowerBound }) {
        let tail = rest[next.upperBound...]
        guard let end = tail.firstIndex(of: ">") else { break }
        let a = Markup.attributes(String(tail[..<end]))
        rest = tail[end...]
        let label = a["aria-label"] ?? (shadows && a["aria-hidden"] == "true" ? "" : nil)
        guard let label, let polygon = outline(rect: line[next].hasPrefix("<rect"), a), polygon.count > 2 else { continue }
        let bounds = Self.bounds(of: polygon)
        if label.isEmpty { unlabelled.append(out.count) }
        out.append(PaintedShape(dataSet: dataSet, ariaLabel: label, polygon: polygon, bounds: bounds))
      }
      for k in unlabelled {
        // A column spans the value range and its bar's extent across the bars.
        let column = out[k].bounds
        let sameExtent = { (r: Rect) in
          horizontal ? abs(r.minY - column.minY) < 0.02 && abs(r.maxY - column.maxY) < 0.02
            : abs(r.minX - column.minX) < 0.02 && abs(r.maxX - column.maxX) < 0.02
        }
        out[k].ariaLabel = out[first...].first { !$0.ariaLabel.isEmpty && sameExtent($0.bounds) }?.ariaLabel ?? "?"
      }
    }
    return out
  }

  /// The smallest rectangle holding every one of `points` (at least one).
  static func bounds(of points: [Point]) -> Rect {
    let xs = points.map(\.x), ys = points.map(\.y)
    return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
  }

  /// "set[index]" of a shape of data set `dataSet` whose aria-label starts with its entry's x
  /// ("label: x, …"), the entry found by that x in `spec`.
  static func entryName(dataSet: String, ariaLabel: String, _ spec: ChartSpec) -> String {
    let afterName = ariaLabel.split(separator: ": ", maxSplits: 1).last ?? ""
    let x = Double(afterName.split(separator: ", ").first ?? "") ?? .nan
    let index = spec.dataSets.first { $0.id == dataSet }?.entries.x.firstIndex(of: x) ?? -1
    return "\(dataSet)[\(index)]"
  }

  /// The clip rectangle of the plot (`<clipPath …><rect …/>`).
  static func plotClip(in svg: String) -> Rect? {
    guard let clip = svg.firstRange(of: "<clipPath") else { return nil }
    let a = Markup.elements("rect", in: String(svg[clip.lowerBound...])).first ?? [:]
    guard let x = a["x"].flatMap(Double.init), let y = a["y"].flatMap(Double.init),
          let w = a["width"].flatMap(Double.init), let h = a["height"].flatMap(Double.init) else { return nil }
    return Rect(x: x, y: y, width: w, height: h)
  }

  static func outline(rect: Bool, _ a: [String: String]) -> [Point]? {
    if rect {
      guard let x = a["x"].flatMap(Double.init), let y = a["y"].flatMap(Double.init),
            let w = a["width"].flatMap(Double.init), let h = a["height"].flatMap(Double.init) else { return nil }
      return [Point(x: x, y: y), Point(x: x + w, y: y), Point(x: x + w, y: y + h), Point(x: x, y: y + h)]
    }
    guard let d = a["d"] else { return nil }
    var points: [Point] = []
    var current = Point(x: 0, y: 0)
    for (command, n) in Markup.commands(d) {
      switch command {
      case "M", "L": current = Point(x: n[0], y: n[1]); points.append(current)
      case "H": current.x = n[0]; points.append(current)
      case "V": current.y = n[0]; points.append(current)
      case "A":
        let end = Point(x: n[5], y: n[6])
        points += arc(from: current, to: end, radius: n[0], largeArc: n[3] != 0, sweep: n[4] != 0)
        current = end
      default: break  // Z closes the polygon implicitly
      }
    }
    return points
  }

  /// A circular SVG arc as points (endpoint to centre parametrisation of SVG 1.1, F.6.5).
  private static func arc(from p0: Point, to p1: Point, radius: Double, largeArc: Bool, sweep: Bool) -> [Point] {
    let hx = (p0.x - p1.x) / 2, hy = (p0.y - p1.y) / 2
    let d2 = hx * hx + hy * hy
    guard d2 > 0 else { return [p1] }
    let r = max(radius, d2.squareRoot())
    let coef = (largeArc != sweep ? 1.0 : -1.0) * max(0, (r * r - d2) / d2).squareRoot()
    let cxp = coef * hy, cyp = -coef * hx
    let cx = cxp + (p0.x + p1.x) / 2, cy = cyp + (p0.y + p1.y) / 2
    let a0 = atan2(p0.y - cy, p0.x - cx)
    var delta = atan2(p1.y - cy, p1.x - cx) - a0
    if sweep && delta < 0 { delta += 2 * .pi }
    if !sweep && delta > 0 { delta -= 2 * .pi }
    return (1...64).map { k in
      let t = a0 + delta * Double(k) / 64
      return Point(x: cx + r * cos(t), y: cy + r * sin(t))
    }
  }
}
