/// The text a snippet inserts when the client cannot expand snippets (it did not announce
/// `completionItem.snippetSupport`): each tab stop becomes its placeholder, or the first of its
/// choices, or nothing, and escapes are read.
///
/// `"width": ${1:800}` → `"width": 800`; `"${1|line,bar|}"` → `"line"`; `[$1]` → `[]`.
enum SnippetText {
  static func plain(_ snippet: String) -> String {
    var reader = Reader(chars: Array(snippet))
    return reader.text(until: nil)
  }

  private struct Reader {
    let chars: [Character]
    var at = 0

    /// Text up to the unescaped `stop` (consumed), or to the end.
    mutating func text(until stop: Character?) -> String {
      var out = ""
      while at < chars.count {
        let c = chars[at]
        if c == stop {
          at += 1
          return out
        }
        switch c {
        case "\\" where at + 1 < chars.count:
          out.append(chars[at + 1])
          at += 2
        case "$":
          out += tabStop()
        default:
          out.append(c)
          at += 1
        }
      }
      return out
    }

    /// `$1`, `${1}`, `${1:placeholder}` or `${1|a,b|}` at `at`: what it stands for.
    mutating func tabStop() -> String {
      at += 1  // the `$`
      if at < chars.count, chars[at].isNumber {
        while at < chars.count, chars[at].isNumber { at += 1 }
        return ""
      }
      guard at < chars.count, chars[at] == "{" else { return "$" }
      let open = at
      at += 1
      while at < chars.count, chars[at].isNumber { at += 1 }
      guard at > open + 1, at < chars.count else {
        at = open
        return "$"
      }
      switch chars[at] {
      case "}":
        at += 1
        return ""
      case ":":
        at += 1
        return text(until: "}")
      case "|":
        at += 1
        // The first choice, then past the others to the closing `|}`.
        var first = "", ended = false
        while at < chars.count {
          let c = chars[at]
          if c == "\\", at + 1 < chars.count {
            if !ended { first.append(chars[at + 1]) }
            at += 2
            continue
          }
          at += 1
          if c == "|", at < chars.count, chars[at] == "}" {
            at += 1
            break
          }
          if c == "," { ended = true } else if !ended { first.append(c) }
        }
        return first
      default:
        at = open
        return "$"
      }
    }
  }
}
