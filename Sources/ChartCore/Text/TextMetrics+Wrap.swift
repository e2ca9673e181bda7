extension TextMetrics {
  /// `text` broken into at most `maxLines` lines no wider than `maxWidth`; the last line is
  /// shortened with "…" when text is left over.
  ///
  /// Lines break at spaces and between East Asian wide characters (which need no spaces); a word
  /// wider than a line is broken between characters. Explicit line breaks are kept. Widths add up
  /// (kerning is ignored), so a line is measured once per piece. Empty text gives no lines.
  ///
  /// `breakWords: false` keeps a word wider than a line whole on its own line, shortened with "…".
  public static func wrap(_ text: String, toWidth maxWidth: Double, fontSize fs: Double, bold: Bool = false,
                          maxLines: Int, breakWords: Bool = true) -> [String] {
    guard maxLines > 0, maxWidth > 0, !text.isEmpty else { return [] }
    func w(_ s: String) -> Double { width(s, fontSize: fs, bold: bold) }
    var lines: [String] = []
    var current = "", currentWidth = 0.0
    var leftOver = false
    /// Ends the current line; false when no further line may start.
    func push() -> Bool {
      lines.append(current.trimmingTrailingSpaces())
      current = ""
      currentWidth = 0
      return lines.count < maxLines
    }
    outer: for (p, paragraph) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if p > 0, !push() { leftOver = true; break }
      for token in tokens(String(paragraph)) {
        let piece = current.isEmpty ? token.trimmingLeadingSpaces() : token
        let pw = w(piece)
        if currentWidth + pw <= maxWidth { current += piece; currentWidth += pw; continue }
        var word = token.trimmingLeadingSpaces()
        if !current.isEmpty {
          if !push() { leftOver = true; break outer }
          let ww = w(word)
          if ww <= maxWidth { current = word; currentWidth = ww; continue }
        }
        if !breakWords {
          current = word
          currentWidth = w(word)
          continue
        }
        // A word wider than a line: as many characters as fit on each line.
        while !word.isEmpty {
          var part = "", partWidth = 0.0
          for c in word {
            let cw = w(String(c))
            if !part.isEmpty, partWidth + cw > maxWidth { break }
            part.append(c)
            partWidth += cw
          }
          word = String(word.dropFirst(part.count))
          current = part
          currentWidth = partWidth
          if !word.isEmpty, !push() { leftOver = true; break outer }
        }
      }
    }
    if leftOver, let last = lines.popLast() {
      // Text is left over: "last…" when it fits, else a shorter prefix of `last` and "…".
      lines.append(truncate(last + "…", toWidth: maxWidth, fontSize: fs, bold: bold))
    } else if !current.isEmpty {
      lines.append(current.trimmingTrailingSpaces())
    }
    // A character wider than the whole line is all that can overflow: shortened, it fits or goes.
    lines = lines.map { w($0) <= maxWidth ? $0 : truncate($0, toWidth: maxWidth, fontSize: fs, bold: bold) }
    while let last = lines.last, last.isEmpty { lines.removeLast() }
    return lines
  }

  /// Break opportunities: a run of non-space characters with the spaces before it, or one wide character.
  static func tokens(_ s: String) -> [String] {
    var out: [String] = []
    var cur = ""
    var sawText = false
    for c in s {
      let wide = c.unicodeScalars.first.map { isWide($0.value) } ?? false
      if c == " " || c == "\t" {
        if sawText { out.append(cur); cur = ""; sawText = false }
        cur.append(" ")
      } else if wide {
        cur.append(c)
        out.append(cur)
        cur = ""
        sawText = false
      } else {
        cur.append(c)
        sawText = true
      }
    }
    if !cur.isEmpty { out.append(cur) }
    return out
  }
}

extension String {
  func trimmingTrailingSpaces() -> String {
    var s = Substring(self)
    while s.last == " " || s.last == "\t" { s = s.dropLast() }
    return String(s)
  }

  func trimmingLeadingSpaces() -> String {
    var s = Substring(self)
    while s.first == " " || s.first == "\t" { s = s.dropFirst() }
    return String(s)
  }
}
