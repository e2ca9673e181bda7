import Foundation

/// One drawn slice of a pie: which entry it is, its value and where it sits on the circle.
public struct PieSlice: Sendable, Hashable {
  /// Entry index in the pie's data set.
  public var index: Int
  /// The entry's value as given (always positive).
  public var value: Double
  /// Share of the total of the drawn (positive) values, 0…1.
  public var fraction: Double
  /// Start angle in radians, clockwise from 3 o'clock (SVG's y axis points down).
  public var start: Double
  /// Angular size in radians.
  public var sweep: Double
  public var color: Color
  /// The entry's label, if it has one.
  public var label: String?

  /// Angle of the slice's bisector.
  public var midAngle: Double { start + sweep / 2 }
  /// Share of the total in percent.
  public var percent: Double { fraction * 100 }
}

/// The slices of a pie chart, computed from the model alone so renderers, layout and hit testing agree.
///
/// Rules: the first data set holds the slices; a hidden first data set draws nothing. A slice's size
/// is its entry's value; negative, NaN, infinite and zero values give no slice (a negative share
/// cannot be drawn truthfully, so it is skipped like a missing value; the spec check warns about it).
/// Hidden entries (`hiddenEntries`, legend toggles of single slices) give no slice and leave the total.
/// The slices span `maxAngle` degrees starting at `rotation` degrees.
public enum PieSlices {
  /// The pie data set and its slices (empty when there is nothing to draw).
  public struct Result: Sendable, Hashable {
    /// Index of the pie data set (nil when there is none or it is hidden).
    public var dataSetIndex: Int?
    public var slices: [PieSlice]
    /// Sum of the drawn values (positive and finite).
    public var total: Double
    /// Total angle the pie spans, radians.
    public var span: Double
  }

  /// The slices of the model's pie data set, in entry order.
  public static func compute(_ model: ChartModel) -> Result {
    let pie = model.spec.pie
    let span = spanRadians(pie.maxAngle)
    guard let ds = model.spec.dataSets.first, ds.visible else {
      return Result(dataSetIndex: nil, slices: [], total: 0, span: span)
    }
    let values = ds.entries.y
    let hidden = Set(ds.hiddenEntries)
    func drawn(_ i: Int) -> Bool { draws(values[i]) && !hidden.contains(i) }
    // Shares are computed on values scaled by the largest, so that huge values do not overflow the sum.
    var largest = 0.0
    for i in values.indices where drawn(i) { largest = max(largest, values[i]) }
    guard largest > 0 else { return Result(dataSetIndex: 0, slices: [], total: 0, span: span) }
    var scaledTotal = 0.0
    for i in values.indices where drawn(i) { scaledTotal += values[i] / largest }
    let total = scaledTotal * largest
    var slices: [PieSlice] = []
    var angle = startRadians(pie.rotation)
    for (i, v) in values.enumerated() where drawn(i) {
      let fraction = (v / largest) / scaledTotal
      let sweep = fraction * span
      slices.append(PieSlice(index: i, value: v, fraction: fraction, start: angle, sweep: sweep,
                             color: color(model, entry: i), label: label(ds.entries, i)))
      angle += sweep
    }
    return Result(dataSetIndex: 0, slices: slices, total: total, span: span)
  }

  /// Whether a value gives a slice: positive and finite.
  @inline(__always)
  static func draws(_ v: Double) -> Bool { v.isFinite && v > 0 }

  /// Colour of slice `i`: the entry's own colour, then the data set's colour list, then the palette.
  public static func color(_ model: ChartModel, entry i: Int) -> Color {
    guard let ds = model.spec.dataSets.first else { return model.theme.paletteColor(i) }
    if let colors = ds.entries.colors, i >= 0, i < colors.count, let c = colors[i] { return c }
    if !ds.colors.isEmpty { return ds.colors[((i % ds.colors.count) + ds.colors.count) % ds.colors.count] }
    return model.theme.paletteColor(i)
  }

  static func label(_ e: EntryColumns, _ i: Int) -> String? {
    guard let labels = e.labels, i >= 0, i < labels.count else { return nil }
    return labels[i]
  }

  /// `maxAngle` in radians, kept within (0, 2π]; nonsense falls back to a full circle.
  static func spanRadians(_ degrees: Double) -> Double {
    guard degrees.isFinite, degrees > 0 else { return 2 * .pi }
    return min(degrees, 360) * .pi / 180
  }

  /// `rotation` in radians, reduced to [0, 2π).
  static func startRadians(_ degrees: Double) -> Double {
    guard degrees.isFinite else { return 1.5 * .pi }
    var d = degrees.truncatingRemainder(dividingBy: 360)
    if d < 0 { d += 360 }
    return d * .pi / 180
  }
}

/// A point on a circle around `center` at `angle` radians (clockwise from 3 o'clock).
@inline(__always)
func polar(_ center: Point, _ radius: Double, _ angle: Double) -> Point {
  Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
}
