import Testing
@testable import ChartCore

/// The column check reads four values at a time; a NaN or an infinity must be found wherever it
/// sits, in the unrolled part or the tail, and reported at its first position.
@Suite struct ColumnCheckTests {
  @Test func theFirstInvalidValueIsFoundAtEveryPosition() {
    for count in 0..<24 {
      #expect(Column.firstInvalid((0..<count).map(Double.init), missingAllowed: false) == nil)
      for at in 0..<count {
        for bad in [Double.nan, .infinity, -.infinity] {
          var a = (0..<count).map { Double($0) - 5.5 }
          a[at] = bad
          if at + 2 < count { a[at + 2] = .infinity }  // a later one does not hide the first
          let expected: Int? = bad.isNaN ? (at + 2 < count ? at + 2 : nil) : at
          #expect(Column.firstInvalid(a, missingAllowed: true) == expected, "\(count) values, \(bad) at \(at)")
          #expect(Column.firstInvalid(a, missingAllowed: false) == at, "\(count) values, \(bad) at \(at)")
        }
      }
    }
  }

  @Test func aBlockBoundaryDoesNotHideAValue() {
    // Blocks of 4,096 values are summed separately.
    for at in [4_095, 4_096, 4_097, 8_191, 9_999] {
      var a = [Double](repeating: 1, count: 10_000)
      a[at] = -.infinity
      #expect(Column.firstInvalid(a, missingAllowed: true) == at)
    }
  }

  @Test func aLongColumnCheckedInPartsReportsTheFirstOffender() {
    // Above `ColumnScan.parallelThreshold` the column is cut into parts checked side by side: the
    // first offender of the whole column is reported, whichever part finds one first.
    let count = 3 * ColumnScan.parallelThreshold + 123
    #expect(Column.firstInvalid([Double](repeating: 2, count: count), missingAllowed: false) == nil)
    let positions = [0, 4_095, 4_096, count / 2 - 1, count / 2, count / 2 + 1, count - 4_097, count - 1]
    for at in positions {
      for later in [nil, at + 1, count - 1] {
        var a = [Double](repeating: 2, count: count)
        a[at] = .infinity
        if let later, later > at, later < count { a[later] = -.infinity }
        #expect(Column.firstInvalid(a, missingAllowed: true) == at, "\(at), later \(String(describing: later))")
        // A NaN before it counts only when missing values are not allowed.
        if at > 10 {
          a[at - 10] = .nan
          #expect(Column.firstInvalid(a, missingAllowed: true) == at)
          #expect(Column.firstInvalid(a, missingAllowed: false) == at - 10)
        }
      }
    }
    // Offenders only in the later parts: the earliest of them.
    var a = [Double](repeating: 2, count: count)
    a[count - 5] = .nan
    a[count / 3 * 2] = .infinity
    #expect(Column.firstInvalid(a, missingAllowed: false) == count / 3 * 2)
  }
}
