/// The `aria-label`s of a chunk's entries, written straight into the markup: "Label: x, value"
/// ("Label, Segment: x, value" for a stack segment with a label of its own), with the words a
/// renderer adds between values ("…, size s", "…, open o, high h, low l, close c"), escaped.
///
/// Made once per chunk: the data set's label and the formats are looked up and escaped once, and
/// each entry's numbers go in as bytes. Building each label as a string and escaping it whole cost
/// a quarter of a 1,000-candle chunk's render.
struct AriaLabels {
  /// The data set's label, escaped.
  private let name: [UInt8]
  /// Values as the data set's value labels show them (`SeriesContext.valueText`).
  private let values: ValueFormatter.AttributeNumbers
  /// x values as the automatic format shows them, for entries without a label of their own.
  private let xNumbers: ValueFormatter.AttributeNumbers
  private let labels: EntryColumn<String?>?
  private let xs: EntryColumn<Double>

  init(_ ctx: SeriesContext) {
    let dataSet = ctx.dataSet
    var name: [UInt8] = []
    XMLEscape.appendAttribute(dataSet.label, to: &name)
    self.name = name
    values = ValueFormatter.AttributeNumbers(dataSet.valueLabels.format, locale: ctx.spec.locale)
    xNumbers = ValueFormatter.AttributeNumbers(nil, locale: ctx.spec.locale)
    labels = ctx.entries.labels
    xs = ctx.entries.x
  }

  /// "Label: x, " (or "Label, segment: x, ") for entry `i`; the caller writes what follows.
  func start(entry i: Int, segment: String? = nil, into svg: inout SVGWriter) {
    svg.escapedBytes(name)
    if let segment {
      svg.escapedBytes(Self.comma)
      svg.attributeText(segment)
    }
    svg.escapedBytes(Self.colon)
    if let labels, i < labels.count, let label = labels[i] {
      svg.attributeText(label)
    } else {
      xNumbers.append(xs[i], to: &svg)
    }
    svg.escapedBytes(Self.comma)
  }

  /// A value as the data set's value labels show it.
  func value(_ v: Double, into svg: inout SVGWriter) { values.append(v, to: &svg) }

  /// Words between values: plain text that needs no escaping.
  func words(_ w: [UInt8], into svg: inout SVGWriter) { svg.escapedBytes(w) }

  private static let colon = Array(": ".utf8)
  private static let comma = Array(", ".utf8)
}
