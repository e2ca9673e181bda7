/// Draws highlight lines, bar overlays, bubble rings and shifted pie slices for the spec's highlights.
///
/// A pure function of its inputs: it writes the inner markup of its region and nothing else.
public enum HighlightRenderer {
  public static func render(model: ChartModel, layout: ChartLayout, into svg: inout SVGWriter) {
    // Placeholder: drawn by the renderer work.
  }
}
