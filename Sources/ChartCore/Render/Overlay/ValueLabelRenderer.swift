/// Draws the value labels of one data set's visible entries.
///
/// A pure function of its inputs: it writes the inner markup of its region and nothing else.
public enum ValueLabelRenderer {
  public static func render(_ ctx: SeriesContext, into svg: inout SVGWriter) {
    // Placeholder: drawn by the renderer work.
  }
}
