import ChartdJSON

/// Turns valid JSON into (probably) invalid JSON by replacing one node: the invalid half of the
/// input, reaching every check of the readers without a hand-written case for each.
extension Generator {
  /// `value` with one node (chosen among all nodes except the root) replaced by a wrong value,
  /// removed from its object, or given an unknown sibling key.
  public func corrupt(_ value: JSONValue) -> JSONValue {
    let count = Self.nodeCount(value) - 1
    guard count > 0 else { return wrongValue() }
    var target = choose(count)
    return replacing(value, &target)
  }

  private func replacing(_ value: JSONValue, _ target: inout Int) -> JSONValue {
    switch value {
    case .object(var o):
      for key in o.keys.sorted() {
        if target == 0 {
          switch choose(4) {
          case 0: o[key] = nil
          case 1: o[key + "X"] = o[key]
          default: o[key] = chance(1, in: 2) ? wrongValue() : hostileNumber()
          }
          target = -1
          return .object(o)
        }
        target -= 1
        o[key] = replacing(o[key]!, &target)
        if target < 0 { return .object(o) }
      }
      return .object(o)
    case .array, .numbers:
      var a = value.arrayValue ?? []
      for i in a.indices {
        if target == 0 {
          a[i] = chance(1, in: 2) ? wrongValue() : hostileNumber()
          target = -1
          return .array(a)
        }
        target -= 1
        a[i] = replacing(a[i], &target)
        if target < 0 { return .array(a) }
      }
      return .array(a)
    default:
      return value
    }
  }

  /// Nodes of a JSON tree, the root included.
  static func nodeCount(_ value: JSONValue) -> Int {
    switch value {
    case .object(let o): return 1 + o.values.reduce(0) { $0 + nodeCount($1) }
    case .array(let a): return 1 + a.reduce(0) { $0 + nodeCount($1) }
    case .numbers(let a): return 1 + a.count
    default: return 1
    }
  }
}
