import ChartCore
import ChartdJSON

/// The quick fix of bars or candles at x values too far apart for their slots (the reader's
/// `entries` warning) when those x read as Unix times in seconds: a `date` x axis, on which a bar
/// or candle stands in a slot of the data's own spacing (axes.md, "Slots").
extension SpecAnalysis {
  /// Unix seconds the fix takes x for: 1973 to 5138, the seconds the date-units check accepts.
  static let unixSeconds = 1e8..<1e11

  /// Sets the fix that gives the chart `"xAxis": {"format": "date"}` (the member added to an
  /// `xAxis` without a format, or the axis made), when the warning is the slot-spacing one and every
  /// finite x of its data set reads as Unix seconds.
  func dateAxisFix(_ d: inout LanguageDiagnostic, _ pointer: JSONPointer, doc: TextDocument, encoding: PositionEncoding) {
    guard d.message.contains("or more apart"), let map, let value, value["xAxis"]?["format"] == nil else { return }
    let edit: (Range<Int>, String)? = doc.bytes.withUnsafeBufferPointer { text in
      guard let entries = map.node(at: pointer, in: text) else { return nil }
      let xs = xNumbers(of: entries, map: map, text: text).map(\.value)
      guard !xs.isEmpty, xs.allSatisfy({ Self.unixSeconds.contains($0) }) else { return nil }
      if let axis = map.node(at: JSONPointer(["xAxis"]), in: text) {
        guard text[Int(map.nodes[axis].start)] == UInt8(ascii: "{") else { return nil }
        let at = insertion(of: #""format": "date""#, into: axis, map: map, text: text)
        return (at.at..<at.at, at.text)
      }
      guard text.first == UInt8(ascii: "{") else { return nil }
      let at = insertion(of: #""xAxis": {"format": "date"}"#, into: 0, map: map, text: text)
      return (at.at..<at.at, at.text)
    }
    guard let edit else { return }
    // Offered, not preferred: x given as indices with an `indexDate` format is the other way out.
    d.fix = .init(title: "Draw x as Unix times on a date axis", edits: [(doc.range(of: edit.0, encoding: encoding), edit.1)],
                  preferred: false)
  }
}
