import ChartdJSON

extension ContextScanner {
  /// Puts the scanner in the state a scan from the text's start has at the last value before
  /// `limit` that `map` places, and returns that value's first byte (its key's, for a member).
  ///
  /// The walk goes down through the containers opened before `limit`, and in each one to the last
  /// element or member starting before it; that is exact because the bytes before `limit` are those
  /// the map was built from, and a valid JSON text is scanned exactly as the parser read it.
  /// Its cost is the number of elements passed on the way down, not the text's length.
  mutating func resume(from map: JSONSourceMap, before limit: Int) -> Int {
    let nodes = map.nodes
    guard !nodes.isEmpty, Int(nodes[0].start) < limit else { return 0 }
    var current = 0
    var token: String?
    while true {
      let start = Int(nodes[current].start)
      let isObject = text[start] == UInt8(ascii: "{")
      guard isObject || text[start] == UInt8(ascii: "[") else { return start }
      var frame = Frame(isObject: isObject, token: token, state: isObject ? .expectKey : .expectValue)
      var c = current + 1, index = 0
      var last: (node: Int, index: Int)?
      let end = Int(nodes[current].next)
      while c < end, first(of: c, in: map) < limit {
        last = (c, index)
        c = Int(nodes[c].next)
        index += 1
      }
      guard let (child, childIndex) = last else {
        frames.append(frame)
        return start + 1
      }
      if isObject {
        var m = current + 1
        while m < child {
          frame.keys.insert(key(of: m, in: map))
          m = Int(nodes[m].next)
        }
      } else {
        frame.index = childIndex
      }
      // Only bytes before `limit` are read: past it the text may be shorter than the map's.
      let childStart = Int(nodes[child].start)
      guard childStart < limit, text[childStart] == UInt8(ascii: "{") || text[childStart] == UInt8(ascii: "[") else {
        frames.append(frame)
        return first(of: child, in: map)
      }
      // The child is an open container: this frame waits for its value, as after the `:`.
      if isObject {
        let name = key(of: child, in: map)
        frame.key = name
        frame.keys.insert(name)
      }
      frame.state = .expectValue
      frames.append(frame)
      token = isObject ? frame.key : String(childIndex)
      current = child
    }
  }

  /// One past the end of the object or array that starts at byte `offset`, when the map places one
  /// there wholly inside the agreeing bytes; nil otherwise.
  func knownEnd(ofContainerAt offset: Int) -> Int? {
    guard let known else { return nil }
    let nodes = known.map.nodes
    var lo = 0, hi = nodes.count
    while lo < hi {  // the first node starting at or after `offset` (starts increase in document order)
      let mid = (lo + hi) / 2
      if Int(nodes[mid].start) < offset { lo = mid + 1 } else { hi = mid }
    }
    guard lo < nodes.count, Int(nodes[lo].start) == offset, Int(nodes[lo].end) <= known.agreeingBefore else { return nil }
    return Int(nodes[lo].end)
  }

  private func first(of node: Int, in map: JSONSourceMap) -> Int {
    map.keyRange(node)?.lowerBound ?? Int(map.nodes[node].start)
  }

  private func key(of node: Int, in map: JSONSourceMap) -> String {
    map.keyRange(node).map { CursorContext.decodeString(text, $0) } ?? ""
  }
}
