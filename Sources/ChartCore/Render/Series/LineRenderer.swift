/// Draws one chunk of a line data set: path in its mode, area fill, circles.
///
/// A pure function of its inputs: it writes the inner markup of its region and nothing else.
public enum LineRenderer {
  public static func render(_ ctx: SeriesContext, into svg: inout SVGWriter) {
    // Placeholder: drawn by the renderer work.
  }
}
