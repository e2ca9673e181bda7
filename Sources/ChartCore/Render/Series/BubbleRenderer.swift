/// Draws one chunk of a bubble data set (size normalised as √(size/max)).
///
/// A pure function of its inputs: it writes the inner markup of its region and nothing else.
public enum BubbleRenderer {
  public static func render(_ ctx: SeriesContext, into svg: inout SVGWriter) {
    // Placeholder: drawn by the renderer work.
  }
}
