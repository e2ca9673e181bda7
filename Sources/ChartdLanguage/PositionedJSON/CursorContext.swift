import ChartdJSON

/// Where a cursor stands in a JSON text that may be broken (the user is typing): inside which
/// object or array, and whether a member name, a member value or an array element is written there.
///
/// Found by a tolerant scan to the cursor that only tracks brackets, strings and separators, so it
/// works on every half-typed text a keystroke can leave. The scan starts at the text's first byte,
/// or, given a source map of the text as it last parsed, at the last value before the cursor that
/// the map places in the part of the text unchanged since.
public struct CursorContext: Sendable, Equatable {
  /// What goes where the cursor is.
  public enum Slot: Sendable, Equatable {
    /// A member name of the object at `path`.
    case key
    /// The value of member `key` of the object at `path`.
    case value(key: String)
    /// Element `index` of the array at `path`.
    case element(index: Int)
    /// The whole document (it is empty or only whitespace).
    case root
    /// Between tokens where nothing can be written (after a value, before a comma).
    case none
  }

  /// JSON Pointer tokens of the object or array that holds the cursor.
  public var path: [String]
  public var slot: Slot
  /// The token the cursor is in or just after (a string with its quotes, or a bare word or number),
  /// or an empty range at the cursor. An unclosed string (one being typed) ends at the cursor.
  public var token: Range<Int>
  public var tokenIsString: Bool
  /// For a key: whether a `:` already follows it (then only the name is replaced).
  public var keyHasColon: Bool
  /// The member names of the object at `path` (before and after the cursor).
  public var siblingKeys: Set<String>

  /// The member name the slot is about: the key being written, or the member whose value it is.
  public func memberName(in text: [UInt8]) -> String? {
    switch slot {
    case .value(let key): return key
    case .key: return tokenIsString ? CursorContext.decodeString(text, token) : String(decoding: text[token], as: UTF8.self)
    default: return nil
    }
  }

  /// The context at byte `offset` of `text`.
  ///
  /// - Parameter known: a source map of this text, or of an earlier one that agrees with it up to
  ///   where it says; the scan then starts at the last value before the cursor that the map places,
  ///   in the state a scan from the start would have there, instead of at the text's first byte.
  public static func at(_ offset: Int, in text: [UInt8], known: KnownPrefix? = nil) -> CursorContext {
    var scanner = ContextScanner(text: text, cursor: max(0, min(offset, text.count)), known: known)
    return scanner.run()
  }

  /// The string value of the string literal at `range` (quotes included; an unterminated one is closed).
  static func decodeString(_ text: [UInt8], _ range: Range<Int>) -> String {
    var raw = Array(text[range])
    if raw.count < 2 || raw.last != UInt8(ascii: "\"") || raw.count == 1 { raw.append(UInt8(ascii: "\"")) }
    if !raw.dropFirst().dropLast().contains(UInt8(ascii: "\\")) {
      return String(decoding: raw.dropFirst().dropLast(), as: UTF8.self)
    }
    return (try? JSONReader.parse(raw))?.stringValue ?? String(decoding: raw.dropFirst().dropLast(), as: UTF8.self)
  }
}

/// The scan behind `CursorContext.at`.
struct ContextScanner {
  enum State { case expectKey, afterKey, expectValue, afterValue }
  struct Frame {
    var isObject: Bool
    /// This container's token in its parent (nil for the outermost).
    var token: String?
    var key: String?
    var index = 0
    var state: State
    var keys: Set<String> = []
  }

  let text: [UInt8]
  let cursor: Int
  let known: KnownPrefix?
  var frames: [Frame] = []
  var rootState = State.expectValue

  init(text: [UInt8], cursor: Int, known: KnownPrefix?) {
    self.text = text
    self.cursor = cursor
    self.known = known
  }

  mutating func run() -> CursorContext {
    var i = known.map { resume(from: $0.map, before: min(cursor, $0.agreeingBefore)) } ?? 0
    while i < cursor {
      let b = text[i]
      switch b {
      case 0x20, 0x0A, 0x0D, 0x09:
        i += 1
      case UInt8(ascii: "\""):
        let end = stringEnd(from: i)
        let isClosed = closed(i, end)
        if let f = frames.last, f.isObject, f.state == .afterValue, isClosed, colonFollows(end) {
          // A name after a value with no comma between (as after a line a broken string left):
          // read as the next member's, the way a JSON parser recovers from a missing comma.
          frames[frames.count - 1].state = .expectKey
          frames[frames.count - 1].key = nil
        }
        // An unclosed string: the user is typing it, and what follows the cursor on its line is not
        // known to be part of it; one that ended at its line's end before the cursor is taken as a
        // value (JSON strings hold no line breaks), so that the lines after it read as written.
        if end > cursor || (!isClosed && end == cursor) {
          let typed = isClosed && closesAString(end) ? end : cursor
          return context(token: i..<typed, isString: true)
        }
        took(string: i..<end)
        i = end
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let token = frames.last.map { $0.isObject ? ($0.key ?? "") : String($0.index) }
        frames.append(Frame(isObject: b == UInt8(ascii: "{"), token: token,
                            state: b == UInt8(ascii: "{") ? .expectKey : .expectValue))
        i += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if !frames.isEmpty { frames.removeLast() }
        setState(.afterValue)
        i += 1
      case UInt8(ascii: ":"):
        if let f = frames.last, f.isObject, f.state == .afterKey { setState(.expectValue) }
        i += 1
      case UInt8(ascii: ","):
        if var f = frames.popLast() {
          if f.isObject { f.state = .expectKey; f.key = nil } else { f.index += 1; f.state = .expectValue }
          frames.append(f)
        }
        i += 1
      default:
        let end = wordEnd(from: i)
        if end >= cursor { return context(token: i..<end, isString: false) }
        if let f = frames.last, f.isObject, f.state == .expectKey {
          // A bare word where a name belongs: taken as that name, so that what follows still reads.
          took(string: i..<end)
        } else {
          setState(.afterValue)
        }
        i = max(end, i + 1)
      }
    }
    return context(token: cursor..<cursor, isString: false)
  }

  /// Whether the string `start..<end` (as `stringEnd` bounds it) ends with its closing quote.
  func closed(_ start: Int, _ end: Int) -> Bool {
    guard end - start >= 2, text[end - 1] == UInt8(ascii: "\"") else { return false }
    var backslashes = 0  // an odd run of backslashes before the last quote escapes it
    while end - 2 - backslashes > start, text[end - 2 - backslashes] == UInt8(ascii: "\\") { backslashes += 1 }
    return backslashes % 2 == 0
  }

  /// Whether a string's closing quote just before `offset` plausibly is one: what follows it on its
  /// line can follow a string (`,` `:` `}` `]`, or nothing). In `"ba‸, "width": 1` the quote
  /// before `width` opens that name; the string being typed is `"ba`, unclosed.
  func closesAString(_ offset: Int) -> Bool {
    var j = offset
    while j < text.count, text[j] == 0x20 || text[j] == 0x09 { j += 1 }
    guard j < text.count else { return true }
    switch text[j] {
    case UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x0A, 0x0D: return true
    default: return false
    }
  }

  /// One past the closing quote of the string starting at `start` (the text's end when unterminated,
  /// or the end of the line: a string never spans lines, not even after a backslash).
  func stringEnd(from start: Int) -> Int {
    var j = start + 1
    while j < text.count {
      switch text[j] {
      case UInt8(ascii: "\\"):
        if j + 1 < text.count, text[j + 1] == 0x0A || text[j + 1] == 0x0D { return j + 1 }
        j += 2
      case UInt8(ascii: "\""): return j + 1
      case 0x0A, 0x0D: return j
      default: j += 1
      }
    }
    return text.count
  }

  func wordEnd(from start: Int) -> Int {
    var j = start
    while j < text.count {
      let c = text[j]
      if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 || c == UInt8(ascii: ",") || c == UInt8(ascii: ":")
        || c == UInt8(ascii: "{") || c == UInt8(ascii: "}") || c == UInt8(ascii: "[") || c == UInt8(ascii: "]")
        || c == UInt8(ascii: "\"") { break }
      j += 1
    }
    return j
  }

  mutating func took(string range: Range<Int>) {
    guard var f = frames.popLast() else { rootState = .afterValue; return }
    if f.isObject, f.state == .expectKey {
      let key = text[range.lowerBound] == UInt8(ascii: "\"") ? CursorContext.decodeString(text, range)
        : String(decoding: text[range], as: UTF8.self)
      f.key = key
      f.keys.insert(key)
      f.state = .afterKey
    } else {
      f.state = .afterValue
    }
    frames.append(f)
  }

  mutating func setState(_ s: State) {
    if frames.isEmpty { rootState = s } else { frames[frames.count - 1].state = s }
  }

  /// The context for a cursor in (or right after) `token`.
  func context(token: Range<Int>, isString: Bool) -> CursorContext {
    let path = frames.dropFirst().map { $0.token ?? "" }
    guard let f = frames.last else {
      let empty = text.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
      return CursorContext(path: [], slot: empty ? .root : .none, token: token, tokenIsString: isString,
                           keyHasColon: false, siblingKeys: [])
    }
    var slot = CursorContext.Slot.none
    var keys = f.keys
    if f.isObject {
      switch f.state {
      case .expectKey: slot = .key
      case .afterKey where !token.isEmpty && token.upperBound >= cursor && token.lowerBound < cursor: slot = .key
      case .expectValue: slot = .value(key: f.key ?? "")
      default: slot = .none
      }
      keys.formUnion(keysAfter(token.upperBound))
    } else if f.state == .expectValue {
      slot = .element(index: f.index)
    }
    return CursorContext(path: path, slot: slot, token: token, tokenIsString: isString,
                         keyHasColon: slot == .key && colonFollows(token.upperBound), siblingKeys: keys)
  }

  func colonFollows(_ offset: Int) -> Bool {
    var j = offset
    while j < text.count, text[j] == 0x20 || text[j] == 0x09 { j += 1 }
    return j < text.count && text[j] == UInt8(ascii: ":")
  }

  /// Member names after `offset` in the same object: strings followed by `:` at its own depth.
  func keysAfter(_ offset: Int) -> Set<String> {
    var keys: Set<String> = []
    var depth = 0
    var j = offset
    while j < text.count {
      let c = text[j]
      switch c {
      case UInt8(ascii: "\""):
        let end = stringEnd(from: j)
        if depth == 0, colonFollows(end) { keys.insert(CursorContext.decodeString(text, j..<end)) }
        j = max(end, j + 1)
        continue
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        if let end = knownEnd(ofContainerAt: j) {
          j = end  // a nested object or array the map places: none of its keys is this object's
          continue
        }
        depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth < 0 { return keys }
      default: break
      }
      j += 1
    }
    return keys
  }
}
