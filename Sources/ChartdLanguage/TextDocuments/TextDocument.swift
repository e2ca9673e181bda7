/// A text document the client has open: its text as UTF-8 bytes and where its lines start.
///
/// Changes arrive as LSP content changes (whole text, or a range and its replacement) and are
/// applied in order; positions are converted between LSP's (line, code unit) and byte offsets.
public struct TextDocument: Sendable {
  public let uri: String
  public let languageId: String
  public private(set) var version: Int
  public private(set) var bytes: [UInt8]
  /// Byte offset of the first byte of each line (line 0 starts at 0).
  public private(set) var lineStarts: [Int]
  /// The characters outside ASCII, where a byte is not a code unit: positions convert in
  /// logarithmic time however long the line (a minified spec is one line of megabytes).
  var wide: WideCharacters

  public init(uri: String, languageId: String, version: Int, text: String) {
    self.uri = uri
    self.languageId = languageId
    self.version = version
    self.bytes = Array(text.utf8)
    self.lineStarts = Self.lineStarts(of: bytes[...], from: 0)
    self.wide = WideCharacters(bytes)
  }

  /// The text (for tests and small documents; the language features work on `bytes`).
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Whether chartd serves this document: language id `chart-json`, or a URI ending `.chart.json`.
  public static func isChartSpec(uri: String, languageId: String?) -> Bool {
    languageId == "chart-json" || uri.lowercased().hasSuffix(".chart.json")
  }

  /// Applies content changes in order (each against the text the previous one left) and takes `version`.
  public mutating func apply(_ changes: [TextChange], version: Int, encoding: PositionEncoding) {
    for change in changes { apply(change, encoding: encoding) }
    self.version = version
  }

  private mutating func apply(_ change: TextChange, encoding: PositionEncoding) {
    let inserted = Array(change.text.utf8)
    guard let range = change.range else {
      bytes = inserted
      lineStarts = Self.lineStarts(of: bytes[...], from: 0)
      wide = WideCharacters(bytes)
      return
    }
    var start = offset(of: range.start, encoding: encoding)
    var end = offset(of: range.end, encoding: encoding)
    if end < start { swap(&start, &end) }
    bytes.replaceSubrange(start..<end, with: inserted)
    wide.replace(start..<end, with: inserted, in: bytes)
    // Carriage returns make line breaks depend on their neighbours: recount everything then.
    if bytes.contains(0x0D) {
      lineStarts = Self.lineStarts(of: bytes[...], from: 0)
      return
    }
    let delta = inserted.count - (end - start)
    let first = line(containing: start)
    var starts = Array(lineStarts[...first])
    starts += Self.lineStarts(of: bytes[start..<(start + inserted.count)], from: start).dropFirst()
    for s in lineStarts[(first + 1)...] where s > end { starts.append(s + delta) }
    lineStarts = starts
  }

  /// The line whose text contains byte `offset` (the last line for offsets at the end).
  public func line(containing offset: Int) -> Int {
    var lo = 0, hi = lineStarts.count - 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
    }
    return lo
  }

  /// Where line `line`'s content ends (before its line break).
  func contentEnd(ofLine line: Int) -> Int {
    var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
    if end > lineStarts[line], bytes[end - 1] == 0x0A { end -= 1 }
    if end > lineStarts[line], bytes[end - 1] == 0x0D { end -= 1 }
    return end
  }

  /// The byte offset of an LSP position; positions past a line's end or past the last line are clamped
  /// to them, and a column inside a character moves to its start.
  public func offset(of position: TextPosition, encoding: PositionEncoding) -> Int {
    guard position.line >= 0 else { return 0 }
    guard position.line < lineStarts.count else { return bytes.count }
    let start = lineStarts[position.line], end = contentEnd(ofLine: position.line)
    // A code unit is at least a byte: a column past the text's byte count is past the line's end.
    let unit = min(max(0, position.character), bytes.count)
    return min(wide.offset(ofUnit: unit, from: start, encoding: encoding), end)
  }

  /// The LSP position of a byte offset (clamped to the text; an offset inside a character counts
  /// that character, one between the `\r` and `\n` of a line break the whole break).
  public func position(of offset: Int, encoding: PositionEncoding) -> TextPosition {
    var offset = max(0, min(offset, bytes.count))
    while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
    // No position lies inside a `\r\n`: the line's length is before it, the next line after it.
    if offset > 0, offset < bytes.count, bytes[offset] == 0x0A, bytes[offset - 1] == 0x0D { offset += 1 }
    let line = line(containing: offset)
    return TextPosition(line: line, character: wide.units(from: lineStarts[line], to: offset, encoding: encoding))
  }

  /// The LSP range of a byte range.
  public func range(of bytes: Range<Int>, encoding: PositionEncoding) -> TextRange {
    TextRange(start: position(of: bytes.lowerBound, encoding: encoding), end: position(of: bytes.upperBound, encoding: encoding))
  }

  /// Offsets of line starts in `slice` (whose first byte is at `base`): `base` itself, then the byte
  /// after every `\n`, and after every `\r` not followed by `\n`.
  static func lineStarts(of slice: ArraySlice<UInt8>, from base: Int) -> [Int] {
    var out = [base]
    slice.withUnsafeBufferPointer { b in
      var i = 0
      while i < b.count {
        let c = b[i]
        if c == 0x0A {
          out.append(base + i + 1)
        } else if c == 0x0D, i + 1 >= b.count || b[i + 1] != 0x0A {
          out.append(base + i + 1)
        }
        i += 1
      }
    }
    return out
  }
}

/// One LSP content change: a replacement of `range`, or of the whole text when `range` is nil.
public struct TextChange: Sendable, Equatable {
  public var range: TextRange?
  public var text: String

  public init(range: TextRange?, text: String) {
    self.range = range
    self.text = text
  }
}
