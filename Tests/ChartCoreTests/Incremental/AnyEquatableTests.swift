import Testing
@testable import ChartCore

/// Region inputs compare type-erased values: equal only for the same type and an equal value.
@Suite struct AnyEquatableTests {
  @Test func sameTypeComparesByValue() {
    #expect(AnyEquatable(3) == AnyEquatable(3))
    #expect(AnyEquatable(3) != AnyEquatable(4))
    #expect(AnyEquatable(Rect(x: 0, y: 0, width: 2, height: 2)) == AnyEquatable(Rect(x: 0, y: 0, width: 2, height: 2)))
    #expect(AnyEquatable(Optional<String>.none) == AnyEquatable(Optional<String>.none))
    #expect(AnyEquatable(Optional("a")) != AnyEquatable(Optional<String>.none))
  }

  @Test func differentTypesAreNeverEqual() {
    #expect(AnyEquatable(1) != AnyEquatable(1.0))
    #expect(AnyEquatable(Optional(1)) != AnyEquatable(1))
    #expect(inputs(1, "a") != inputs("a", 1))
  }

  @Test func notANumberNeverEqualsItself() {
    // A NaN input always counts as changed, so its region is rendered again rather than kept stale.
    let nan = AnyEquatable(Double.nan)
    #expect(nan != nan)
  }

  @Test func anInputsListComparesEveryValueInOrder() {
    #expect(inputs(1, "a", Optional(2.5), [Rect(x: 0, y: 0, width: 1, height: 1)])
      == inputs(1, "a", Optional(2.5), [Rect(x: 0, y: 0, width: 1, height: 1)]))
    // A difference in any one position, the first, a middle one or the last, is seen.
    #expect(inputs(1, "a", Optional(2.5)) != inputs(2, "a", Optional(2.5)))
    #expect(inputs(1, "a", Optional(2.5)) != inputs(1, "b", Optional(2.5)))
    #expect(inputs(1, "a", Optional(2.5)) != inputs(1, "a", Optional<Double>.none))
    // The same values in a list of other types, or a shorter list, are another input.
    #expect(inputs(1, "a") != inputs(1, "a", 0))
    #expect(inputs(1) != inputs(Int64(1)))
    #expect(inputs() == inputs())
    #expect(inputs(Double.nan) != inputs(Double.nan))
    // Lists of lists, as highlight inputs concatenate them.
    #expect(inputs(true) + inputs(3) == inputs(true) + inputs(3))
    #expect(inputs(true) + inputs(3) != inputs(true) + inputs(4))
  }

  @Test("every arity, 1 to 12 values, sees a difference in every position")
  func everyArityComparesEveryPosition() {
    // v(k, d): value k of a list whose position d differs (d = -1: none differs).
    func v(_ k: Int, _ d: Int) -> Int { k == d ? 100 + k : k }
    var lists: [[[AnyEquatable]]] = []
    lists.append((-1..<1).map { d in inputs(v(0, d)) })
    lists.append((-1..<2).map { d in inputs(v(0, d), v(1, d)) })
    lists.append((-1..<3).map { d in inputs(v(0, d), v(1, d), v(2, d)) })
    lists.append((-1..<4).map { d in inputs(v(0, d), v(1, d), v(2, d), v(3, d)) })
    lists.append((-1..<5).map { d in inputs(v(0, d), v(1, d), v(2, d), v(3, d), v(4, d)) })
    lists.append((-1..<6).map { d in inputs(v(0, d), v(1, d), v(2, d), v(3, d), v(4, d), v(5, d)) })
    lists.append((-1..<7).map { d in inputs(v(0, d), v(1, d), v(2, d), v(3, d), v(4, d), v(5, d), v(6, d)) })
    lists.append((-1..<8).map { d in inputs(v(0, d), v(1, d), v(2, d), v(3, d), v(4, d), v(5, d), v(6, d), v(7, d)) })
    lists.append((-1..<9).map { d in inputs(v(0, d), v(1, d), v(2, d), v(3, d), v(4, d), v(5, d), v(6, d), v(7, d), v(8, d)) })
    lists.append((-1..<10).map { d in inputs(v(0, d), v(1, d), v(2, d), v(3, d), v(4, d), v(5, d), v(6, d), v(7, d), v(8, d), v(9, d)) })
    lists.append((-1..<11).map { d in inputs(v(0, d), v(1, d), v(2, d), v(3, d), v(4, d), v(5, d), v(6, d), v(7, d), v(8, d), v(9, d), v(10, d)) })
    lists.append((-1..<12).map { d in inputs(v(0, d), v(1, d), v(2, d), v(3, d), v(4, d), v(5, d), v(6, d), v(7, d), v(8, d), v(9, d), v(10, d), v(11, d)) })
    for (n, variants) in lists.enumerated() {
      let unchanged = variants[0]
      #expect(unchanged == variants[0], "\(n + 1) values")
      for (d, changed) in variants.enumerated().dropFirst() {
        #expect(unchanged != changed, "\(n + 1) values, position \(d - 1)")
      }
    }
  }
}
