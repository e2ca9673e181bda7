/// Draws the marker box (formatted value) at the first highlighted entry, inside the plot.
///
/// A pure function of its inputs: it writes the inner markup of its region and nothing else.
public enum MarkerRenderer {
  public static func render(model: ChartModel, layout: ChartLayout, into svg: inout SVGWriter) {
    // Placeholder: drawn by the renderer work.
  }
}
