/// Draws one axis: line, tick labels, title and on-axis badges.
///
/// A pure function of its inputs: it writes the inner markup of its region and nothing else.
public enum AxisRenderer {
  public static func render(axis: AxisLayout, model: ChartModel, layout: ChartLayout, into svg: inout SVGWriter) {
    // Placeholder: drawn by the renderer work.
  }
}
