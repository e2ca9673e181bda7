/// Where every value of a parsed JSON text lies: byte ranges of values and of member keys, in
/// document order, so that a JSON Pointer can be turned into the text it names.
///
/// Built by `JSONReader.parseWithSourceMap` in the same pass as the value. Offsets are UTF-8 byte
/// offsets into the parsed text (texts up to 2 GiB).
public struct JSONSourceMap: Sendable {
  /// One value: its text, its key's text when it is an object member, and where its subtree ends.
  public struct Node: Sendable, Equatable {
    /// First byte of the value.
    public var start: Int32
    /// One past its last byte.
    public var end: Int32
    /// The member key with its quotes, or -1 for array elements and the root.
    public var keyStart: Int32
    public var keyEnd: Int32
    /// The index of the first node after this value's subtree (its next sibling, if any).
    public var next: Int32
  }

  /// The values in document order; the root is node 0 and a container's elements follow it.
  public let nodes: [Node]

  init(nodes: [Node]) { self.nodes = nodes }

  /// The byte range of node `i`'s value.
  public func valueRange(_ i: Int) -> Range<Int> { Int(nodes[i].start)..<Int(nodes[i].end) }

  /// The byte range of node `i`'s key (quotes included), nil for array elements and the root.
  public func keyRange(_ i: Int) -> Range<Int>? {
    nodes[i].keyStart < 0 ? nil : Int(nodes[i].keyStart)..<Int(nodes[i].keyEnd)
  }

  /// The nodes of the elements or members of container node `i`, in order.
  public func children(_ i: Int) -> [Int] {
    var out: [Int] = []
    var c = i + 1
    let end = Int(nodes[i].next)
    while c < end {
      out.append(c)
      c = Int(nodes[c].next)
    }
    return out
  }

  /// The node a JSON Pointer names in `text` (the text this map was built from), or nil.
  ///
  /// With duplicate keys the last member is found, as the parsed value keeps the last one.
  public func node(at pointer: JSONPointer, in text: UnsafeBufferPointer<UInt8>) -> Int? {
    guard !nodes.isEmpty else { return nil }
    var current = 0
    for token in pointer.tokens {
      let start = Int(nodes[current].start)
      guard start < text.count else { return nil }
      var c = current + 1
      let end = Int(nodes[current].next)
      var found: Int?
      switch text[start] {
      case UInt8(ascii: "{"):
        found = member(token, of: current, in: text)
      case UInt8(ascii: "["):
        guard let index = Int(token), index >= 0, token.first != "+" else { return nil }
        var n = 0
        while c < end, n < index {
          c = Int(nodes[c].next)
          n += 1
        }
        if c < end { found = c }
      default:
        return nil
      }
      guard let next = found else { return nil }
      current = next
    }
    return current
  }

  /// The member `key` of object node `node` (the last of duplicates, as the parsed value keeps it).
  public func member(_ key: String, of node: Int, in text: UnsafeBufferPointer<UInt8>) -> Int? {
    var c = node + 1, found: Int?
    while c < Int(nodes[node].next) {
      if let k = keyRange(c), Self.key(in: text, k, equals: key) { found = c }
      c = Int(nodes[c].next)
    }
    return found
  }

  /// Whether the quoted key at `range` of `text` is `token` (escapes decoded when there are any).
  public static func key(in text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, equals token: String) -> Bool {
    let inner = text[(range.lowerBound + 1)..<(range.upperBound - 1)]
    if !inner.contains(UInt8(ascii: "\\")) { return inner.elementsEqual(token.utf8) }
    let decoded = try? JSONReader.parse(Array(text[range]))
    return decoded?.stringValue == token
  }
}

extension JSONReader {
  /// Parses one JSON text like `parse`, also returning where each value and key lies.
  ///
  /// - Parameter clampingNumbers: a number beyond a `Double`'s range is read as the largest finite
  ///   one of its sign instead of failing with `.numberOutOfRange`; for locating such numbers in a
  ///   text that is otherwise JSON, never for using the value.
  public static func parseWithSourceMap(_ bytes: UnsafeRawBufferPointer, maxDepth: Int = 512, clampingNumbers: Bool = false) throws
    -> (value: JSONValue, map: JSONSourceMap)
  {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { throw JSONParseError.at(0, "unexpected end of input") }
    var parser = JSONParser(base: base.assumingMemoryBound(to: UInt8.self), count: bytes.count, maxDepth: maxDepth,
                            positions: SourceMapRecorder())
    parser.clampsOutOfRange = clampingNumbers
    let value = try parser.parseDocument()
    return (value, JSONSourceMap(nodes: parser.positions.nodes))
  }

  /// Parses a byte array with its source map.
  public static func parseWithSourceMap(_ bytes: [UInt8], maxDepth: Int = 512, clampingNumbers: Bool = false) throws
    -> (value: JSONValue, map: JSONSourceMap)
  {
    try bytes.withUnsafeBytes { try parseWithSourceMap($0, maxDepth: maxDepth, clampingNumbers: clampingNumbers) }
  }
}

extension JSONSourceMap {
  /// The map after the text of scalar node `i` changed length by `delta` bytes: the node and the
  /// containers around it end `delta` later, everything after it moves by `delta`.
  public func resized(node i: Int, by delta: Int) -> JSONSourceMap {
    guard delta != 0 else { return self }
    let d = Int32(truncatingIfNeeded: delta)
    let oldEnd = nodes[i].end
    var out = nodes
    out.withUnsafeMutableBufferPointer { n in
      for k in 0..<n.count {
        if n[k].start >= oldEnd {
          n[k].start += d
          n[k].end += d
          if n[k].keyStart >= 0 {
            n[k].keyStart += d
            n[k].keyEnd += d
          }
        } else if n[k].end >= oldEnd {
          n[k].end += d  // the node itself and every container holding it
        }
      }
    }
    return JSONSourceMap(nodes: out)
  }

  /// The path (JSON Pointer tokens) and index of the innermost node whose value contains bytes
  /// `range` of `text`; containers are entered only when the range lies inside one of their elements.
  public func innermost(containing range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> (node: Int, tokens: [String])? {
    innermost(containing: range, in: text, keptOnly: false)
  }

  /// `innermost`, or nil when the node is not the one the parsed value keeps at its path: an object
  /// on the way has a later member with the same key (duplicate keys: the last one wins), so the
  /// path names another value than the node's text.
  public func innermostKept(containing range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> (node: Int, tokens: [String])? {
    innermost(containing: range, in: text, keptOnly: true)
  }

  private func innermost(containing range: Range<Int>, in text: UnsafeBufferPointer<UInt8>, keptOnly: Bool) -> (node: Int, tokens: [String])? {
    guard !nodes.isEmpty, valueRange(0).lowerBound <= range.lowerBound, range.upperBound <= valueRange(0).upperBound else { return nil }
    var current = 0
    var tokens: [String] = []
    descend: while true {
      let start = Int(nodes[current].start)
      let isObject = text[start] == UInt8(ascii: "{")
      guard isObject || text[start] == UInt8(ascii: "[") else { return (current, tokens) }
      var c = current + 1
      var index = 0
      let end = Int(nodes[current].next)
      while c < end {
        let v = valueRange(c)
        if v.lowerBound <= range.lowerBound && range.upperBound <= v.upperBound {
          if isObject {
            guard let k = keyRange(c), let key = try? JSONReader.parse(Array(text[k])).stringValue else { return nil }
            if keptOnly {
              // Members are few (an object of a spec, a row of entries): the rest are looked at.
              var later = Int(nodes[c].next)
              while later < end {
                if let other = keyRange(later), Self.key(in: text, other, equals: key) { return nil }
                later = Int(nodes[later].next)
              }
            }
            tokens.append(key)
          } else {
            tokens.append(String(index))
          }
          current = c
          continue descend
        }
        c = Int(nodes[c].next)
        index += 1
      }
      return (current, tokens)
    }
  }
}

extension JSONValue {
  /// Replaces the value at `tokens` (which must exist); false when the path does not lead to a value.
  public mutating func replace(at tokens: ArraySlice<String>, with new: JSONValue) -> Bool {
    guard let token = tokens.first else {
      self = new
      return true
    }
    switch self {
    case .object(var o):
      guard var child = o[token] else { return false }
      self = .null  // drop this reference so that the containers below are changed in place
      o[token] = nil
      let ok = child.replace(at: tokens.dropFirst(), with: new)
      o[token] = child
      self = .object(o)
      return ok
    case .array(var a):
      guard let i = Int(token), a.indices.contains(i) else { return false }
      self = .null
      let ok = a[i].replace(at: tokens.dropFirst(), with: new)
      self = .array(a)
      return ok
    case .numbers(var a):
      guard tokens.count == 1, let i = Int(token), a.indices.contains(i), case .number(let d) = new else { return false }
      self = .null
      a[i] = d
      self = .numbers(a)
      return true
    default:
      return false
    }
  }
}
