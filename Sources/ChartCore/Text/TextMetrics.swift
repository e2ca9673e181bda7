/// Advance widths of text in the default sans-serif font, so layout never needs a system font.
///
/// - Note: placeholder body; the layout work replaces it with shipped per-glyph metrics.
public enum TextMetrics {
  /// Width in px of `text` at `fontSize`.
  public static func width(_ text: String, fontSize: Double) -> Double {
    Double(text.count) * fontSize * 0.55
  }
}
