/// Computes pie/donut geometry inside the space layout leaves for it.
///
/// - Note: placeholder body; the pie work replaces it.
public enum PieLayouter {
  public static func layout(_ model: ChartModel, in rect: Rect) -> PieLayout {
    let r = min(rect.width, rect.height) / 2
    return PieLayout(center: Point(x: rect.midX, y: rect.midY), radius: r, holeRadius: r * model.spec.pie.holeRadius,
                     transparentCircleRadius: r * model.spec.pie.transparentCircleRadius, total: 1)
  }
}
