/// Receives, during a parse, where each value starts and ends and where member keys lie.
///
/// Calls come in document order: `key` (for an object member) before the `begin` of its value, and
/// a container's `end` after those of all its elements.
protocol JSONPositionRecorder {
  /// False for the plain parse: fast paths that skip per-value work (rows read into columns) apply.
  static var recordsPositions: Bool { get }
  mutating func begin(at offset: Int)
  mutating func end(at offset: Int)
  mutating func key(_ range: Range<Int>)
}

/// The recorder of the plain parse: records nothing.
struct NoPositions: JSONPositionRecorder {
  static var recordsPositions: Bool { false }
  @inline(__always) mutating func begin(at offset: Int) {}
  @inline(__always) mutating func end(at offset: Int) {}
  @inline(__always) mutating func key(_ range: Range<Int>) {}
}

/// Builds a `JSONSourceMap` while the text is parsed.
struct SourceMapRecorder: JSONPositionRecorder {
  static var recordsPositions: Bool { true }
  var nodes: [JSONSourceMap.Node] = []
  /// Indices of the values begun and not yet ended.
  private var open: [Int32] = []
  private var pendingKey: Range<Int>?

  @inline(__always)
  mutating func begin(at offset: Int) {
    let key = pendingKey
    pendingKey = nil
    open.append(Int32(truncatingIfNeeded: nodes.count))
    nodes.append(JSONSourceMap.Node(start: Int32(truncatingIfNeeded: offset), end: -1,
                                    keyStart: Int32(truncatingIfNeeded: key?.lowerBound ?? -1),
                                    keyEnd: Int32(truncatingIfNeeded: key?.upperBound ?? -1), next: -1))
  }

  @inline(__always)
  mutating func end(at offset: Int) {
    guard let i = open.popLast() else { return }
    nodes[Int(i)].end = Int32(truncatingIfNeeded: offset)
    nodes[Int(i)].next = Int32(truncatingIfNeeded: nodes.count)
  }

  @inline(__always)
  mutating func key(_ range: Range<Int>) { pendingKey = range }
}
