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
}
