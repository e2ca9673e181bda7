import Foundation

/// Where an axis's tick labels and title lines are drawn: one decision shared by `AxisRenderer`
/// and `ChartTexts` (the boxes the layout property test checks).
///
/// On a horizontal axis a label is centred on `position + labelShift` (or, rotated, ends there);
/// on a vertical axis its baseline is at `position + labelShift`.
public enum AxisTexts {
  /// Lines an axis title may wrap onto before it is shortened with "…".
  public static let maxTitleLines = 2
  /// Px between two title lines, beyond the line height.
  static let titleLineGap = 1.0

  /// Baseline-to-baseline distance of title lines at `fontSize`.
  static func titleLineStep(fontSize fs: Double) -> Double { TextMetrics.lineHeight(fontSize: fs) + titleLineGap }

  /// Px across the axis that `lines` title lines take.
  static func titleThickness(lines: Int, fontSize fs: Double) -> Double {
    lines <= 0 ? 0 : Double(lines) * TextMetrics.lineHeight(fontSize: fs) + Double(lines - 1) * titleLineGap
  }

  /// Tick labels on `side` (the axis's own side, or the opposite one for mirrored labels).
  public static func labels(_ axis: AxisLayout, plot: Rect, side: AxisSide) -> [PlacedText] {
    let fs = axis.fontSize
    let gap = axis.style.tickLength + axis.style.labelOffset
    let rotation = side.isHorizontal ? axis.labelRotation : 0
    let rotated = abs(rotation) >= 1
    let anchor: PlacedText.Anchor
    switch side {
    // Slanted labels hang away from the plot: down from the bottom axis, up from the top one.
    case .bottom, .top: anchor = rotated ? ((side == .bottom) == (rotation < 0) ? .end : .start) : .middle
    case .left: anchor = axis.labelsInside ? .start : .end
    case .right: anchor = axis.labelsInside ? .end : .start
    }
    let theta = rotation * .pi / 180
    // Half the cap height: rotated labels are placed so that the middle of their glyphs meets the tick.
    let c = TextMetrics.capHeight * fs / 2
    var out: [PlacedText] = []
    for t in axis.ticks where !t.label.isEmpty {
      var x: Double, y: Double
      switch side {
      case .bottom where axis.labelsInside:
        x = t.position + t.labelShift
        y = plot.maxY - axis.style.labelOffset - TextMetrics.descender * fs
      case .bottom:
        let y0 = plot.maxY + gap
        if rotated {
          x = t.position - c * sin(theta)
          y = y0 + c * cos(theta)
        } else {
          x = t.position + t.labelShift
          y = y0 + TextMetrics.capHeight * fs
        }
      case .top:
        let y0 = plot.minY - gap
        if rotated {
          x = t.position - c * sin(theta)
          y = y0 + c * cos(theta)
        } else {
          x = t.position + t.labelShift
          y = y0 - TextMetrics.descender * fs
        }
      case .left:
        x = axis.labelsInside ? plot.minX + axis.style.labelOffset : plot.minX - gap
        y = t.position + t.labelShift
      case .right:
        x = axis.labelsInside ? plot.maxX - axis.style.labelOffset : plot.maxX + gap
        y = t.position + t.labelShift
      }
      out.append(PlacedText(t.label, x: x, y: y, anchor: anchor, fontSize: fs, rotation: rotated ? rotation : 0))
    }
    return out
  }

  /// The texts of the axis's custom labels, outside the plot where a regular label would go, each
  /// centred along the axis on its (moved) centre; `AxisRenderer` draws these.
  public static func customLabels(_ axis: AxisLayout, plot: Rect) -> [PlacedText] {
    let fs = axis.fontSize
    let gap = axis.style.tickLength + axis.style.labelOffset
    return axis.customLabels.map { l in
      switch axis.side {
      case .bottom:
        return PlacedText(l.text, x: l.center, y: Pixel.round(plot.maxY + gap + TextMetrics.capHeight * fs), anchor: .middle, fontSize: fs)
      case .top:
        return PlacedText(l.text, x: l.center, y: Pixel.round(plot.minY - gap - TextMetrics.descender * fs), anchor: .middle, fontSize: fs)
      case .left:
        return PlacedText(l.text, x: plot.minX - gap, y: Pixel.round(l.center + TextMetrics.centeringOffset(fontSize: fs)),
                          anchor: .end, fontSize: fs)
      case .right:
        return PlacedText(l.text, x: plot.maxX + gap, y: Pixel.round(l.center + TextMetrics.centeringOffset(fontSize: fs)),
                          anchor: .start, fontSize: fs)
      }
    }
  }

  /// The title's lines at the outer edge of the band, along the axis, centred on the plot side.
  public static func title(_ axis: AxisLayout, plot: Rect) -> [PlacedText] {
    let fs = axis.style.titleFontSize
    let b = axis.band
    let step = titleLineStep(fontSize: fs)
    let n = axis.titleLines.count
    return axis.titleLines.enumerated().map { k, line in
      // Line k counted from the plot outwards is at the band's edge for the last line.
      let fromEdge = Double(n - 1 - k) * step
      switch axis.side {
      case .bottom:
        return PlacedText(line, x: plot.midX, y: b.maxY - TextMetrics.descender * fs - fromEdge, anchor: .middle, fontSize: fs)
      case .top:
        return PlacedText(line, x: plot.midX, y: b.minY + TextMetrics.ascender * fs + Double(k) * step, anchor: .middle,
                          fontSize: fs)
      case .left:
        return PlacedText(line, x: b.minX + TextMetrics.ascender * fs + Double(k) * step, y: plot.midY, anchor: .middle,
                          fontSize: fs, rotation: -90)
      case .right:
        return PlacedText(line, x: b.maxX - TextMetrics.ascender * fs - Double(k) * step, y: plot.midY, anchor: .middle,
                          fontSize: fs, rotation: 90)
      }
    }
  }
}
