import Foundation

/// Computes pie/donut geometry inside the space layout leaves for it.
///
/// The radius is the largest that fits the swept part of the circle (a half pie gets a larger
/// radius and a centre moved toward its open side) after leaving room for the selection shift on
/// every side and, with outside labels, for value lines and label text beside the pie (while the
/// pie keeps `minRadiusWithOutsideLabels`).
public enum PieLayouter {
  /// The pie's centre, radii and total inside `rect` (a zero radius when nothing fits).
  public static func layout(_ model: ChartModel, in rect: Rect) -> PieLayout {
    let spec = model.spec
    let pie = spec.pie
    let slices = PieSlices.compute(model)
    let shift = selectionShift(pie, in: rect)
    let box = sectorBounds(start: PieSlices.startRadians(pie.rotation), span: slices.span)
    var radius = fit(box, in: rect, padX: shift, padY: shift)
    var labelled = false
    if PieLabelText.hasOutside(spec), !slices.slices.isEmpty {
      let font = PieLabelText.fontSize(spec)
      let widest = slices.slices.compactMap { PieLabelText.outsideParts($0, spec) }
        .map { PieLabelText.outsideWidth($0, fontSize: font) }.max() ?? 0
      // Long labels are truncated rather than allowed to shrink the pie to nothing.
      let textRoom = min(widest, max(0, rect.width) * 0.3)
      // Beside the pie: the value lines and the text. Above and below only a value line's elbow
      // reaches past the rim; the texts are spread inside `rect` whatever the radius.
      let padX = shift + PieLabelText.lineReach + PieLabelText.textGap + textRoom
      let withLabels = fit(box, in: rect, padX: padX, padY: max(shift, PieLabelText.elbow))
      if withLabels >= min(radius, minRadiusWithOutsideLabels(spec)) {
        radius = withLabels
        labelled = true
      }
    }
    let center = Point(x: rect.midX - radius * box.midX, y: rect.midY - radius * box.midY)
    let hole = pie.holeRadius.isFinite ? min(max(pie.holeRadius, 0), 1) : 0
    let transparent = pie.transparentCircleRadius.isFinite ? min(max(pie.transparentCircleRadius, 0), 1) : 0
    return PieLayout(center: center, radius: radius, holeRadius: radius * hole,
                     transparentCircleRadius: radius * transparent, total: slices.total, bounds: rect,
                     selectionShift: shift, outsideLabels: labelled)
  }

  /// The smallest radius a pie keeps its outside labels at: two lines of their text. Below it the
  /// labels would outweigh the pie they explain (a dashboard tile's half pie was left no radius at
  /// all), and the pie takes their room; a legend, where there is one, still names the slices.
  static func minRadiusWithOutsideLabels(_ spec: ChartSpec) -> Double { 2 * PieLabelText.lineHeight(spec) }

  /// The largest radius for which the unit sector `box`, scaled, fits `rect` with `padX` px free
  /// left and right and `padY` px above and below (0 when nothing fits).
  static func fit(_ box: Rect, in rect: Rect, padX: Double, padY: Double) -> Double {
    let fitW = (rect.width - 2 * padX) / max(1e-9, box.width)
    let fitH = (rect.height - 2 * padY) / max(1e-9, box.height)
    let radius = min(fitW, fitH)
    return radius.isFinite && radius > 0 ? radius : 0
  }

  /// The share of the pie's space a highlighted slice's reach may take: a tenth of half its smaller side.
  static let selectionShiftShare = 0.1

  /// The spec's `selectionShift`, at most `selectionShiftShare` of half the smaller side of `rect`.
  ///
  /// The room is kept on every side whether a slice is highlighted or not, so 12 px on a dashboard
  /// tile's pie 35 px in radius took a third of it; the highlighted slice reaches less far there.
  static func selectionShift(_ pie: PieSpec, in rect: Rect) -> Double {
    min(pie.drawnSelectionShift, max(0, min(rect.width, rect.height)) / 2 * selectionShiftShare)
  }

  /// Bounding box of the unit-circle sector from `start` sweeping `span` radians, centre included.
  static func sectorBounds(start: Double, span: Double) -> Rect {
    var minX = 0.0, maxX = 0.0, minY = 0.0, maxY = 0.0
    func include(_ a: Double) {
      minX = min(minX, cos(a)); maxX = max(maxX, cos(a))
      minY = min(minY, sin(a)); maxY = max(maxY, sin(a))
    }
    include(start)
    include(start + span)
    // Every multiple of a quarter turn inside the sweep is an extreme of the arc.
    let quarter = Double.pi / 2
    var k = (start / quarter).rounded(.up)
    while k * quarter <= start + span + 1e-12 {
      include(k * quarter)
      k += 1
    }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }
}
