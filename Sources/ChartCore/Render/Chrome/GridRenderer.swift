/// Draws grid lines of all axes and the zero line.
///
/// A pure function of its inputs: it writes the inner markup of its region and nothing else.
public enum GridRenderer {
  public static func render(model: ChartModel, layout: ChartLayout, into svg: inout SVGWriter) {
    // Placeholder: drawn by the renderer work.
  }
}
