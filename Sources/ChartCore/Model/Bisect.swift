/// The binary search the indexes and stacks share.
enum Bisect {
  /// The first index of `0..<count` at which `isBefore` is false, for a predicate that holds on a
  /// prefix of the indices and not after it (`count` when it holds everywhere).
  @inline(__always)
  static func first(_ count: Int, notWhere isBefore: (Int) -> Bool) -> Int {
    var a = 0, b = count
    while a < b {
      let m = (a + b) / 2
      if isBefore(m) { a = m + 1 } else { b = m }
    }
    return a
  }
}
