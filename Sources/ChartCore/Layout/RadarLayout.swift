import Foundation

/// What a radar's polygons are drawn against: centre, radius, spokes and the value range.
///
/// Kept apart from the rings and labels so that a data set's polygon is re-rendered only when
/// something it reads changes (not when a category label is renamed).
public struct RadarGeometry: Sendable, Hashable {
  public var center: Point
  /// Radius in px of the outer ring (the value `domainMax`).
  public var radius: Double
  public var spokes: Int
  /// Angle of spoke 0 in radians, clockwise from 3 o'clock.
  public var startAngle: Double
  /// Value at the centre.
  public var domainMin: Double
  /// Value at the outer ring (greater than `domainMin`).
  public var domainMax: Double

  public init(center: Point, radius: Double, spokes: Int, startAngle: Double, domainMin: Double, domainMax: Double) {
    self.center = center
    self.radius = radius
    self.spokes = spokes
    self.startAngle = startAngle
    self.domainMin = domainMin
    self.domainMax = domainMax
  }

  /// The direction of spoke `k` in radians (clockwise, as SVG's y axis points down).
  public func angle(_ k: Int) -> Double {
    spokes > 0 ? startAngle + 2 * .pi * Double(k) / Double(spokes) : startAngle
  }

  /// The distance in px from the centre of `value`, clamped to the web (below the centre value: 0).
  public func distance(_ value: Double) -> Double {
    let span = domainMax - domainMin
    guard value.isFinite, span > 0, span.isFinite else { return 0 }
    return radius * min(max((value - domainMin) / span, 0), 1)
  }

  /// The value at `distance` px from the centre (not clamped).
  public func value(atDistance d: Double) -> Double {
    radius > 0 ? domainMin + (domainMax - domainMin) * d / radius : domainMin
  }

  /// Where `value` lies on spoke `k`, rounded to 1/100 px; nil for a missing value.
  public func point(spoke k: Int, value: Double) -> Point? {
    guard value.isFinite else { return nil }
    return at(spoke: k, distance: distance(value))
  }

  /// The point `distance` px out along spoke `k`, rounded to 1/100 px.
  public func at(spoke k: Int, distance d: Double) -> Point {
    let a = angle(k)
    return Point(x: Pixel.round(center.x + d * cos(a)), y: Pixel.round(center.y + d * sin(a)))
  }
}

/// One category label outside the web.
public struct RadarCategoryLabel: Sendable, Hashable {
  /// The text drawn (truncated with "…" to fit).
  public var text: String
  /// The spoke (category index) it names.
  public var spoke: Int
  /// The anchor point: `x` with `anchor`, `y` the baseline.
  public var x: Double
  public var y: Double
  /// SVG text-anchor: start, middle or end.
  public var anchor: String
  /// The box the text occupies (for hit tests and overlap checks).
  public var box: Rect

  public init(text: String, spoke: Int, x: Double, y: Double, anchor: String, box: Rect) {
    self.text = text
    self.spoke = spoke
    self.x = x
    self.y = y
    self.anchor = anchor
    self.box = box
  }
}

/// Geometry of a radar chart: the web, its rings (value ticks) and the category labels around it.
public struct RadarLayout: Sendable, Hashable {
  public var geometry: RadarGeometry
  /// Ring values, formatted; `position` is the ring's distance in px from the centre.
  public var rings: [Tick]
  public var labels: [RadarCategoryLabel]
  public var labelFontSize: Double
  /// Size of the ring value labels in px.
  public var ringFontSize: Double

  public init(geometry: RadarGeometry, rings: [Tick], labels: [RadarCategoryLabel], labelFontSize: Double,
              ringFontSize: Double) {
    self.geometry = geometry
    self.rings = rings
    self.labels = labels
    self.labelFontSize = labelFontSize
    self.ringFontSize = ringFontSize
  }
}
