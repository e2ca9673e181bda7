/// Draws one legend item: form and label, dimmed when its data set is hidden.
///
/// A pure function of its inputs: it writes the inner markup of its region and nothing else.
public enum LegendRenderer {
  public static func render(item: LegendItemLayout, model: ChartModel, layout: ChartLayout, into svg: inout SVGWriter) {
    // Placeholder: drawn by the renderer work.
  }
}
