extension TextDocument {
  /// The LSP positions of byte offsets given in increasing order, found in one walk over the text.
  ///
  /// `position(of:)` counts from the start of the line each time; a formatter's thousands of edits
  /// on one long line (a minified spec) would count that line thousands of times.
  public func positions(ofAscending offsets: [Int], encoding: PositionEncoding) -> [TextPosition] {
    var out: [TextPosition] = []
    out.reserveCapacity(offsets.count)
    var line = -1, at = 0, units = 0
    for raw in offsets {
      let offset = max(0, min(raw, bytes.count))
      let l = self.line(containing: offset)
      if l != line || offset < at {
        line = l
        at = lineStarts[l]
        units = 0
      }
      while at < offset {
        let (u, n) = encoding.units(lead: bytes[at])
        units += u
        at += n
      }
      out.append(TextPosition(line: line, character: units))
    }
    return out
  }
}
