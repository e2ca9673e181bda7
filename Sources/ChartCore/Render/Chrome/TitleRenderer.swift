/// Draws the chart title.
///
/// A pure function of its inputs: it writes the inner markup of its region and nothing else.
public enum TitleRenderer {
  public static func render(title: TitleLayout, model: ChartModel, layout: ChartLayout, into svg: inout SVGWriter) {
    guard !title.text.isEmpty else { return }
    svg.textElement(title.text, x: title.origin.x, y: title.origin.y, anchor: "middle", fontSize: title.fontSize,
                    color: layout.theme.text, weight: "bold")
  }
}
