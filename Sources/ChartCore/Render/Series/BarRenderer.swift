/// Draws one chunk of a bar data set: grouped/stacked/horizontal bars, rounded, gradient.
///
/// A pure function of its inputs: it writes the inner markup of its region and nothing else.
public enum BarRenderer {
  public static func render(_ ctx: SeriesContext, into svg: inout SVGWriter) {
    // Placeholder: drawn by the renderer work.
  }
}
