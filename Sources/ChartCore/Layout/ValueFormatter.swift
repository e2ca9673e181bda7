/// Turns values into label text according to a `FormatterSpec` and the locale.
///
/// - Note: placeholder body; the layout work replaces it with the full formatter.
public enum ValueFormatter {
  /// Formats `value`; `step` (the tick interval) decides automatic decimals.
  public static func format(_ value: Double, _ spec: FormatterSpec?, step: Double? = nil, locale: LocaleSpec = LocaleSpec()) -> String {
    SVGNumber.format(value)
  }
}
