/// Draws the limit lines behind (front false) or in front of the data, with their in-plot labels.
///
/// A pure function of its inputs: it writes the inner markup of its region and nothing else.
public enum LimitLineRenderer {
  public static func render(front: Bool, model: ChartModel, layout: ChartLayout, into svg: inout SVGWriter) {
    // Placeholder: drawn by the renderer work.
  }
}
