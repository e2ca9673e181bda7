import Foundation

/// Computes a radar's web inside the space layout leaves for it.
///
/// The web is centred in `rect`; its radius is the largest that keeps every category label (placed
/// just beyond its spoke's end, on the side the spoke points to) inside `rect`. Labels wider than a
/// share of the plot are shortened with "…" rather than allowed to shrink the web to nothing.
public enum RadarLayouter {
  /// Px between the outer ring and a category label.
  static let labelGap = 6.0
  /// Px kept free around the web for its stroke and a highlighted vertex.
  static let margin = 6.0
  /// Beyond this share of a spoke's direction across an axis, a label is anchored at its near edge.
  static let sideThreshold = 0.3

  public static func layout(_ model: ChartModel, in rect: Rect) -> RadarLayout {
    let spec = model.spec
    let radar = spec.radar
    let fs = LayoutEngine.fontSize(nil, spec)
    let labelFont = LayoutEngine.sane(radar.labelFontSize ?? fs, fs, 1...200)
    let ringFont = (fs * 0.85 * 100).rounded() / 100
    let spokes = spokeCount(spec)
    let start = PieSlices.startRadians(radar.rotation)
    let center = Point(x: Pixel.round(rect.midX), y: Pixel.round(rect.midY))
    let h = TextMetrics.lineHeight(fontSize: labelFont)
    // Long labels are shortened: one label may take at most this much of the plot's width.
    let maxWidth = max(24, rect.width * 0.22)
    let texts = (0..<spokes).map { k -> String in
      guard k < radar.categories.count else { return "" }
      return TextMetrics.truncate(radar.categories[k], toWidth: maxWidth, fontSize: labelFont)
    }
    var radius = min(rect.width, rect.height) / 2 - margin
    for k in 0..<spokes where !texts[k].isEmpty {
      let w = TextMetrics.width(texts[k], fontSize: labelFont)
      let a = start + 2 * .pi * Double(k) / Double(spokes)
      let (x0, x1) = extent(cos(a), size: w), (y0, y1) = extent(sin(a), size: h)
      radius = min(radius, limit(cos(a), lo: x0, hi: x1, center: center.x, min: rect.minX, max: rect.maxX),
                   limit(sin(a), lo: y0, hi: y1, center: center.y, min: rect.minY, max: rect.maxY))
    }
    radius = radius.isFinite ? Pixel.round(max(0, radius)) : 0
    let ticks = valueTicks(model, radius: radius, ringFont: ringFont)
    let geometry = RadarGeometry(center: center, radius: radius, spokes: spokes, startAngle: start,
                                 domainMin: ticks.domainMin, domainMax: ticks.domainMax)
    var labels = (0..<spokes).compactMap { k -> RadarCategoryLabel? in
      texts[k].isEmpty ? nil : place(texts[k], spoke: k, geometry, fontSize: labelFont)
    }
    separate(&labels, geometry, fontSize: labelFont)
    // A web too small for its labels (a very low plot) keeps only those that stay inside the plot.
    labels.removeAll { $0.box.minX < rect.minX - 0.5 || $0.box.maxX > rect.maxX + 0.5
      || $0.box.minY < rect.minY - 0.5 || $0.box.maxY > rect.maxY + 0.5 }
    return RadarLayout(geometry: geometry, rings: rings(ticks, geometry, spec), labels: labels,
                       labelFontSize: labelFont, ringFontSize: ringFont)
  }

  /// Labels that would overlap (many spokes on a low web) give way: the wider of two is shortened
  /// with "…" until they part; one that cannot shorten further is left out (the later spoke's).
  static func separate(_ labels: inout [RadarCategoryLabel], _ g: RadarGeometry, fontSize fs: Double) {
    // Stricter than the property test's half-pixel allowance, so that rounding never tips a pair over it.
    func clash(_ a: RadarCategoryLabel, _ b: RadarCategoryLabel) -> Bool {
      TextBox(rect: a.box).overlaps(TextBox(rect: b.box), tolerance: 0.1)
    }
    // Each round shortens or removes one label: bounded by the characters there are.
    var rounds = labels.reduce(0) { $0 + $1.text.count } + labels.count
    while rounds > 0 {
      rounds -= 1
      var pair: (Int, Int)? = nil
      search: for i in labels.indices {
        for j in labels.indices where j > i && clash(labels[i], labels[j]) { pair = (i, j); break search }
      }
      guard let (i, j) = pair else { return }
      let k = labels[i].box.width >= labels[j].box.width ? i : j
      let shorter = TextMetrics.truncate(labels[k].text, toWidth: labels[k].box.width * 0.75, fontSize: fs)
      if shorter.count >= 2, shorter != labels[k].text {
        labels[k] = place(shorter, spoke: labels[k].spoke, g, fontSize: fs)
      } else {
        labels.remove(at: j)
      }
    }
  }

  /// Spokes: one per category, or as many as the longest data set has values (hidden ones too, so
  /// that toggling a legend item never reshapes the web).
  static func spokeCount(_ spec: ChartSpec) -> Int {
    if !spec.radar.categories.isEmpty { return min(spec.radar.categories.count, RadarSpec.maxSpokes) }
    return min(spec.dataSets.map(\.entries.count).max() ?? 0, RadarSpec.maxSpokes)
  }

  /// Where a label's box lies along one axis relative to its anchor, for a spoke whose direction
  /// has component `c` on that axis: beyond the anchor on the side it points to, centred when it
  /// points across.
  static func extent(_ c: Double, size: Double) -> (lo: Double, hi: Double) {
    if c > sideThreshold { return (0, size) }
    if c < -sideThreshold { return (-size, 0) }
    return (-size / 2, size / 2)
  }

  /// The largest radius that keeps a box `lo…hi` around the anchor at `center + (r + gap)·c` inside `min…max`.
  static func limit(_ c: Double, lo: Double, hi: Double, center: Double, min lower: Double, max upper: Double) -> Double {
    if c > 1e-9 { return (upper - center - hi) / c - labelGap }
    if c < -1e-9 { return (center - lower + lo) / -c - labelGap }
    return .infinity
  }

  /// A label's anchor, baseline and box at the end of spoke `k`.
  static func place(_ text: String, spoke k: Int, _ g: RadarGeometry, fontSize: Double) -> RadarCategoryLabel {
    let a = g.angle(k)
    let w = TextMetrics.width(text, fontSize: fontSize), h = TextMetrics.lineHeight(fontSize: fontSize)
    let p = g.at(spoke: k, distance: g.radius + labelGap)
    let (x0, _) = extent(cos(a), size: w), (y0, _) = extent(sin(a), size: h)
    let anchor = cos(a) > sideThreshold ? "start" : cos(a) < -sideThreshold ? "end" : "middle"
    let box = Rect(x: Pixel.round(p.x + x0), y: Pixel.round(p.y + y0), width: Pixel.round(w), height: Pixel.round(h))
    return RadarCategoryLabel(text: text, spoke: k, x: p.x, y: Pixel.round(box.y + TextMetrics.ascender * fontSize),
                              anchor: anchor, box: box)
  }

  /// The value range: `min` (default 0) at the centre, nice steps up to `max` or over the largest
  /// value of the data sets that count for the range; at most `ringCount` rings.
  static func valueTicks(_ model: ChartModel, radius: Double, ringFont: Double) -> NiceTicks {
    let spec = model.spec
    let spokes = spokeCount(spec)
    var lo: Double? = nil, hi: Double? = nil
    for (i, ds) in spec.dataSets.enumerated() where model.countsForRange(i) {
      for v in ds.entries.y.prefix(spokes) where v.isFinite {
        lo = Swift.min(lo ?? v, v)
        hi = Swift.max(hi ?? v, v)
      }
    }
    var o = TickOptions()
    o.maxTicks = Swift.min(Swift.max(spec.radar.ringCount, 1), 25) + 1
    o.fixedMin = spec.radar.centreValue
    if let m = spec.radar.max, m > spec.radar.centreValue { o.fixedMax = m }
    // Rings closer than two ring labels would crowd: fewer rings on a small web.
    let room = Int(radius / Swift.max(1, ringFont * 1.6))
    o.maxTicks = Swift.max(2, Swift.min(o.maxTicks, room + 1))
    var t = NiceTicks.compute(dataMin: lo, dataMax: hi, o)
    if !(t.domainMax > t.domainMin) || !t.domainMin.isFinite || !t.domainMax.isFinite {
      t = NiceTicks(domainMin: 0, domainMax: 1, step: TickStep(mantissa: 1, exponent: 0), values: [0, 1])
    }
    return t
  }

  /// The rings: every tick above the centre, and the outer ring when the top is fixed off a tick.
  static func rings(_ t: NiceTicks, _ g: RadarGeometry, _ spec: ChartSpec) -> [Tick] {
    var values = t.values.filter { $0 > t.domainMin && $0 <= t.domainMax }
    if values.last != t.domainMax { values.append(t.domainMax) }
    let step = t.step.value
    // Rings of data no nice step fits are written each for its own value, as axis ends are (the
    // top ring at 1.7e308 was "2e308", beyond any double).
    let own = t.labels == .endsOnly ? ValueFormatter.distinguishingSteps(values, spec.radar.format, locale: spec.locale) : nil
    let shared = own == nil ? ValueFormatter.sharedMantissaDecimals(values, spec.radar.format, step: step) : nil
    return values.enumerated().map { k, v in
      let label = own.map { ValueFormatter.format(v, spec.radar.format, step: $0[k], locale: spec.locale) }
        ?? ValueFormatter.format(v, spec.radar.format, step: step, locale: spec.locale, mantissaDecimals: shared)
      return Tick(value: v, label: label, position: Pixel.round(g.distance(v)))
    }
  }
}
