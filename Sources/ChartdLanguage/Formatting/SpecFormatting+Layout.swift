extension SpecFormatting {
  /// Decides the whitespace before every token, in one pass over the tokens with a stack of the
  /// open containers (no recursion: nesting depth costs no stack).
  struct Layout {
    let text: UnsafeBufferPointer<UInt8>
    let tokens: [JSONTokens.Token]
    let partners: [Int?]
    let options: Options
    /// Columns of each token on one line; before token k, the columns of tokens 0..<k laid flat
    /// (each `:` and `,` with its space after it).
    private var prefix: [Int]
    /// Before token k, the number of objects before it that their author broke after `{`.
    private var authorBroken: [Int]
    /// Before token k, the number of objects and arrays opened before it.
    private var opened: [Int]

    init(text: UnsafeBufferPointer<UInt8>, tokens: [JSONTokens.Token], partners: [Int?], options: Options) {
      self.text = text
      self.tokens = tokens
      self.partners = partners
      self.options = options
      prefix = [0]
      authorBroken = [0]
      opened = [0]
      prefix.reserveCapacity(tokens.count + 1)
      authorBroken.reserveCapacity(tokens.count + 1)
      opened.reserveCapacity(tokens.count + 1)
      for (k, t) in tokens.enumerated() {
        let spaced = t.first == UInt8(ascii: ":") || t.first == UInt8(ascii: ",")
        prefix.append(prefix[k] + Self.columns(text, t) + (spaced ? 1 : 0))
        let broken = t.first == UInt8(ascii: "{") && k + 1 < tokens.count && tokens[k + 1].first != UInt8(ascii: "}")
          && Self.hasLineBreak(text, tokens[k].end..<tokens[k + 1].start)
        authorBroken.append(authorBroken[k] + (broken ? 1 : 0))
        opened.append(opened[k] + (t.first == UInt8(ascii: "{") || t.first == UInt8(ascii: "[") ? 1 : 0))
      }
    }

    /// An open container: whether it is on one line, filled, and its depth.
    private struct Frame {
      var flat: Bool
      var fill: Bool
      var depth: Int
    }

    /// The whitespace before each token and, last, after the last token.
    mutating func gaps(bodyStart: Int, endsWithNewline: Bool, lineBreak: String) -> [Gap] {
      var out: [Gap] = []
      out.reserveCapacity(tokens.count + 1)
      var stack: [Frame] = []
      var column = 0
      let unit = options.insertSpaces ? String(repeating: " ", count: options.tabSize) : "\t"
      var indents: [String] = [""]
      func newline(_ depth: Int) -> String {
        while indents.count <= depth { indents.append(indents[indents.count - 1] + unit) }
        return lineBreak + indents[depth]
      }
      for (k, t) in tokens.enumerated() {
        let before = k == 0 ? bodyStart : tokens[k - 1].end
        var gap = ""
        if k > 0 {
          let previous = tokens[k - 1].first
          let isClose = t.first == UInt8(ascii: "}") || t.first == UInt8(ascii: "]")
          if isClose, let top = stack.last {
            let empty = previous == UInt8(ascii: "{") || previous == UInt8(ascii: "[")
            gap = empty || top.flat ? "" : newline(top.depth)
          } else if previous == UInt8(ascii: "{") || previous == UInt8(ascii: "["), let top = stack.last {
            gap = top.flat ? "" : newline(top.depth + 1)
          } else if previous == UInt8(ascii: ":") {
            gap = " "
          } else if previous == UInt8(ascii: ","), let top = stack.last {
            if top.flat {
              gap = " "
            } else if top.fill, column + 1 + width(k) + trailing(k) <= printWidth {
              gap = " "
            } else {
              gap = newline(top.depth + 1)
            }
          }
        }
        out.append(Gap(bytes: before..<t.start, text: gap))
        column = advance(column, over: gap)
        switch t.first {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          let close = partners[k] ?? k
          let flat = !stack.isEmpty && authorBroken[close] == authorBroken[k]
            && column + prefix[close + 1] - prefix[k] + trailing(close) <= printWidth
          // An array holding no object or array (nothing opens between its brackets).
          let scalars = t.first == UInt8(ascii: "[") && close > k + 1 && opened[close] == opened[k + 1]
          stack.append(Frame(flat: flat, fill: !flat && scalars, depth: stack.count))
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          _ = stack.popLast()
        default:
          break
        }
        column += Self.columns(text, t)
      }
      let last = tokens[tokens.count - 1].end
      let end = options.insertFinalNewline == true || endsWithNewline ? lineBreak : ""
      out.append(Gap(bytes: last..<text.count, text: end))
      return out
    }

    /// Columns of token `k` and, when it starts a container, of the container laid flat.
    private func width(_ k: Int) -> Int {
      guard let close = partners[k] else { return Self.columns(text, tokens[k]) }
      return prefix[close + 1] - prefix[k]
    }

    /// 1 when a `,` follows token `k` on its line.
    private func trailing(_ k: Int) -> Int {
      k + 1 < tokens.count && tokens[k + 1].first == UInt8(ascii: ",") ? 1 : 0
    }

    private func advance(_ column: Int, over gap: String) -> Int {
      var c = column
      for b in gap.utf8 {
        switch b {
        case 0x0A, 0x0D: c = 0
        case 0x09: c += options.tabSize
        default: c += 1
        }
      }
      return c
    }

    /// Columns a token takes: its characters (UTF-8 bytes that start one).
    static func columns(_ text: UnsafeBufferPointer<UInt8>, _ t: JSONTokens.Token) -> Int {
      guard t.first == UInt8(ascii: "\"") else { return t.end - t.start }
      var n = 0
      for i in t.start..<t.end where text[i] & 0xC0 != 0x80 { n += 1 }
      return n
    }

    static func hasLineBreak(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
      range.contains { text[$0] == 0x0A || text[$0] == 0x0D }
    }
  }
}
