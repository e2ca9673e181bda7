import Foundation

/// Fits a pie's centre text into the hole (or the pie without one): the text's own lines at the
/// requested size when they fit; else wrapped onto more lines at spaces; else so wrapped at smaller
/// sizes down to `minFontSize`; else at that size with long words broken; else shortened with "…".
///
/// One decision shared by `PieRenderer` and `ChartTexts`. In a pie spanning half a circle or less
/// the block moves out of the centre into the swept side, inside the half ring.
public enum PieCenterText {
  /// The smallest size the text is shrunk to before it is shortened.
  public static let minFontSize = 6.0
  /// Baseline-to-baseline distance as a multiple of the font size.
  static let lineSpacing = 1.2

  /// The lines as drawn (empty without centre text or room for it).
  public static func fit(_ pie: PieLayout, _ spec: ChartSpec, span: Double) -> [PlacedText] {
    guard let text = spec.pie.centerText, !text.isEmpty else { return [] }
    let own = text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
    let requested = spec.pie.centerTextFontSize ?? spec.fontSize * 1.3
    let hole = PieRenderer.holeRadius(pie, spec)
    let room = (hole > 0 ? hole : pie.radius) * 0.92
    guard room.isFinite, room > 0 else { return [] }
    let half = span <= .pi + 1e-9
    let start = requested.isFinite && requested > 0 ? requested : 14
    let largest = min(start, 200)

    // The widest line a block of `n` lines may have at `font` inside the circle of radius `room`.
    func lineWidth(_ n: Int, _ font: Double) -> Double {
      let h = Double(n) * lineSpacing * font * (half ? 2 : 1) / 2
      return h < room ? 2 * (room * room - h * h).squareRoot() : 0
    }
    func widest(_ lines: [String], _ font: Double) -> Double {
      lines.map { TextMetrics.width($0, fontSize: font) }.max() ?? 0
    }
    // The text's own lines, wrapped further where needed, all shown at `font` (nil: they do not fit).
    func wrapped(_ font: Double, breakWords: Bool) -> [String]? {
      if own.count >= 1, widest(own, font) <= lineWidth(own.count, font) { return own }
      // Fewer lines leave wider lines: start at the text's own count and add only as many as it needs.
      var n = max(1, own.count)
      while n < 64, lineWidth(n, font) > 0 {
        let lines = TextMetrics.wrap(text, toWidth: lineWidth(n, font), fontSize: font, maxLines: 64,
                                     breakWords: breakWords)
        if lines.count <= n { return lines.contains { $0.hasSuffix("…") } && !text.contains("…") ? nil : lines }
        n = lines.count
      }
      return nil
    }
    var font = largest
    var lines: [String]? = nil
    // Whole words first, at sizes down to the smallest; only then are words broken.
    while true {
      if let l = wrapped(font, breakWords: false) { lines = l; break }
      if font <= minFontSize { break }
      font = max(minFontSize, (font * 0.9 * 2).rounded(.down) / 2)
    }
    if lines == nil { lines = wrapped(font, breakWords: true) }
    if lines == nil {
      // At the smallest size: as many lines as the hole holds, the last one shortened.
      var n = 1
      while lineWidth(n + 1, font) >= font * 2 { n += 1 }
      lines = TextMetrics.wrap(text, toWidth: lineWidth(n, font), fontSize: font, maxLines: n)
    }
    let shown = lines ?? []
    guard !shown.isEmpty else { return [] }
    let lh = font * lineSpacing
    let height = lh * Double(shown.count)
    var center = pie.center
    if half {
      let mid = PieSlices.startRadians(spec.pie.rotation) + span / 2
      let extent = widest(shown, font) / 2 * abs(cos(mid)) + height / 2 * abs(sin(mid))
      center = polar(center, extent, mid)
    }
    let firstBaseline = center.y - height / 2 + lh / 2 + font * 0.35
    return shown.enumerated().map { k, line in
      PlacedText(line, x: center.x, y: firstBaseline + Double(k) * lh, anchor: .middle, fontSize: font)
    }
  }
}
