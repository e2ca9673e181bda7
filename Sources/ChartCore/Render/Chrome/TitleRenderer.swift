/// Draws the chart title.
///
/// A pure function of its inputs: it writes the inner markup of its region and nothing else.
public enum TitleRenderer {
  public static func render(title: TitleLayout, model: ChartModel, layout: ChartLayout, into svg: inout SVGWriter) {
    // Placeholder: drawn by the renderer work.
  }
}
