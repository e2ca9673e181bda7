/// Draws one chunk of a candlestick data set: wicks and bodies, or OHLC ticks.
///
/// A pure function of its inputs: it writes the inner markup of its region and nothing else.
public enum CandleRenderer {
  public static func render(_ ctx: SeriesContext, into svg: inout SVGWriter) {
    // Placeholder: drawn by the renderer work.
  }
}
