/// Draws the slices of a pie/donut, centre text and entry/value labels.
///
/// A pure function of its inputs: it writes the inner markup of its region and nothing else.
public enum PieRenderer {
  public static func render(model: ChartModel, layout: ChartLayout, into svg: inout SVGWriter) {
    // Placeholder: drawn by the renderer work.
  }
}
