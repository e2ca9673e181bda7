import Foundation

/// A label drawn beside the pie, with the value line that leads to it from its slice.
struct PieOutsideLabel: Sendable, Hashable {
  var slice: PieSlice
  var label: String?
  var value: String?
  /// On the right of the pie (text starts at `textX`) or on the left (text ends there).
  var rightSide: Bool
  var textX: Double
  /// Vertical centre of the text line.
  var centerY: Double
  /// Rim of the slice → radial elbow → label.
  var line: [Point]
}

/// Places outside labels so that they never overlap: per side, labels are spread vertically around
/// where their slices point, within the pie's bounds; when more labels than fit, the smallest
/// slices lose theirs.
enum PieLabelPlacer {
  /// - Parameter rim: how far each slice reaches along its bisector (its value line starts there).
  static func outsideLabels(_ slices: [PieSlice], _ pie: PieLayout, _ spec: ChartSpec,
                            rim: (PieSlice) -> Double) -> [PieOutsideLabel] {
    let font = PieLabelText.fontSize(spec), lh = PieLabelText.lineHeight(spec)
    let shift = pie.selectionShift
    let c = pie.center, r = pie.radius
    var minY = c.y - r - shift - lh, maxY = c.y + r + shift + lh
    if pie.bounds.height > 0 { minY = pie.bounds.minY; maxY = pie.bounds.maxY }
    let slots = ((maxY - minY) / lh).rounded(.down)
    let capacity = slots.isFinite ? Int(min(max(slots, 0), 100_000)) : 0
    var out: [PieOutsideLabel] = []
    for right in [true, false] {
      var side = slices.filter { (cos($0.midAngle) >= 0) == right && PieLabelText.outsideParts($0, spec) != nil }
      if side.count > capacity {
        let kept = Set(side.sorted { ($0.fraction, -$0.index) > ($1.fraction, -$1.index) }.prefix(capacity).map(\.index))
        side = side.filter { kept.contains($0.index) }
      }
      let desired = side.map { c.y + (r + PieLabelText.elbow) * sin($0.midAngle) }
      let order = side.indices.sorted { (desired[$0], side[$0].index) < (desired[$1], side[$1].index) }
      let ys = spread(order.map { desired[$0] }, height: lh, minY: minY, maxY: maxY)
      let dir = right ? 1.0 : -1.0
      let lineEnd = c.x + dir * (r + shift + PieLabelText.lineReach)
      let textX = lineEnd + dir * PieLabelText.textGap
      for (k, i) in order.enumerated() {
        let slice = side[i], y = ys[k]
        guard var parts = PieLabelText.outsideParts(slice, spec) else { continue }
        if pie.bounds.width > 0 {
          let room = right ? pie.bounds.maxX - textX : textX - pie.bounds.minX
          parts = fit(parts, room: room, fontSize: font)
        }
        let line = [polar(c, min(r, rim(slice)), slice.midAngle), polar(c, r + PieLabelText.elbow, slice.midAngle),
                    Point(x: lineEnd - dir * 8, y: y), Point(x: lineEnd, y: y)]
        out.append(PieOutsideLabel(slice: slice, label: parts.label, value: parts.value, rightSide: right,
                                   textX: textX, centerY: y, line: line))
      }
    }
    return out
  }

  /// Shortens the label part (never the value) so that the line fits `room`.
  static func fit(_ parts: (label: String?, value: String?), room: Double, fontSize: Double) -> (label: String?, value: String?) {
    guard let label = parts.label, PieLabelText.outsideWidth(parts, fontSize: fontSize) > room else { return parts }
    let valueWidth = parts.value.map { TextMetrics.width(" " + $0, fontSize: fontSize) } ?? 0
    let short = PieLabelText.truncated(label, maxWidth: room - valueWidth, fontSize: fontSize)
    if short.isEmpty && parts.value != nil { return (nil, parts.value) }
    return (short.isEmpty ? label : short, parts.value)
  }

  /// Centres of items of `height`, in the order of `desired` (ascending), at least `height` apart,
  /// inside [minY, maxY] when they fit, each as close to its desired centre as the others allow.
  ///
  /// Overlapping items are merged into clusters placed at the mean of their desired positions (the
  /// least-squares placement), then clamped to the bounds; a clamped cluster may merge again.
  static func spread(_ desired: [Double], height: Double, minY: Double, maxY: Double) -> [Double] {
    struct Cluster { var first: Int; var count: Int; var sum: Double; var top: Double }
    func place(_ cl: inout Cluster) {
      // Items j = 0..<count sit at top + j·height; the best top is mean(desired) − height·(count−1)/2.
      let n = Double(cl.count)
      var top = cl.sum / n - height * (n - 1) / 2
      top = min(top, maxY - height / 2 - height * (n - 1))
      top = max(top, minY + height / 2)
      cl.top = top
    }
    var clusters: [Cluster] = []
    for (i, d) in desired.enumerated() {
      var cl = Cluster(first: i, count: 1, sum: d, top: d)
      place(&cl)
      while let last = clusters.last, last.top + Double(last.count) * height > cl.top + 1e-9 {
        cl = Cluster(first: last.first, count: last.count + cl.count, sum: last.sum + cl.sum, top: 0)
        place(&cl)
        clusters.removeLast()
      }
      clusters.append(cl)
    }
    var ys: [Double] = []
    ys.reserveCapacity(desired.count)
    for cl in clusters {
      for j in 0..<cl.count { ys.append(cl.top + Double(j) * height) }
    }
    return ys
  }
}
