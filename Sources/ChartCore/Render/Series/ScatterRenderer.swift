/// Draws one chunk of a scatter data set as symbols.
///
/// A pure function of its inputs: it writes the inner markup of its region and nothing else.
public enum ScatterRenderer {
  public static func render(_ ctx: SeriesContext, into svg: inout SVGWriter) {
    // Placeholder: drawn by the renderer work.
  }
}
