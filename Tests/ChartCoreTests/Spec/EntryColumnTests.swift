import Testing
@testable import ChartCore

/// A column whose front is dropped without moving the rest: the same elements as an array after
/// any edits, its storage moved down only now and then, and never much larger than its elements.
@Suite struct EntryColumnTests {
  @Test func randomEditsGiveWhatAnArrayGives() {
    var rng = SplitMix(seed: 0xC0_1_0_3)
    func pick(_ n: Int) -> Int { min(n - 1, Int(rng.next() * Double(n))) }
    var column = EntryColumn<Double>()
    var array: [Double] = []
    for step in 0..<20_000 {
      switch pick(9) {
      case 0, 1, 2:
        let new = (0..<(1 + pick(300))).map { _ in rng.next() }
        column.append(contentsOf: new)
        array.append(contentsOf: new)
      case 3, 4:
        // A sliding window: the oldest out.
        let k = min(array.count, pick(200))
        column.removeSubrange(0..<k)
        array.removeSubrange(0..<k)
      case 5:
        guard !array.isEmpty else { continue }
        let a = pick(array.count), b = a + pick(array.count - a + 1)
        column.removeSubrange(a..<b)
        array.removeSubrange(a..<b)
      case 6:
        guard !array.isEmpty else { continue }
        let a = pick(array.count), b = a + pick(min(8, array.count - a) + 1)
        let new = (0..<pick(5)).map { _ in rng.next() }
        column.replaceSubrange(a..<b, with: new)
        array.replaceSubrange(a..<b, with: new)
      case 7:
        guard !array.isEmpty else { continue }
        let i = pick(array.count), v = rng.next()
        column[i] = v
        array[i] = v
      default:
        column.append(.nan)
        array.append(.nan)
      }
      #expect(column.count == array.count, "step \(step)")
      // Dropped elements wait for at most a quarter of the column (or the slack).
      #expect(column.storageCount - column.count <= max(EntryColumn<Double>.slack, column.storageCount / 4))
      if step % 97 == 0 || column.count < 8 {
        let same = column.withUnsafeBufferPointer { Array($0) }
        #expect(same.elementsEqual(array) { $0 == $1 || ($0.isNaN && $1.isNaN) }, "step \(step)")
        #expect(column.array.count == array.count && Array(column).count == array.count)
      }
    }
  }

  @Test func aDropFromTheFrontMovesNothingUntilTheSlackIsUsed() {
    var column = EntryColumn((0..<100_000).map(Double.init))
    let base = column.withUnsafeBufferPointer { $0.baseAddress }
    column.removeSubrange(0..<1)
    // The elements stayed where they were; the column starts one further on.
    #expect(column.withUnsafeBufferPointer { $0.baseAddress } == base.map { $0 + 1 })
    #expect(column[0] == 1 && column.count == 99_999 && column.storageCount == 100_000)
    // A quarter of the column dropped: moved down once.
    column.removeSubrange(0..<25_000)
    #expect(column.storageCount == column.count && column[0] == 25_001)
  }

  @Test func aRangeBeyondTheColumnIsClampedNotTrapped() {
    var column = EntryColumn<Double>([1, 2, 3])
    column.removeSubrange(5..<9)
    #expect(column == [1, 2, 3])
    column.removeSubrange(1..<10)
    #expect(column == [1])
    column.removeSubrange(0..<10)
    #expect(column.isEmpty)
  }

  @Test func equalColumnsCompareAsArraysDo() {
    let a = EntryColumn<Double>([1, .nan, 3])
    // The same storage is equal (as arrays are), NaN and all; other storage compares elements.
    #expect(a == a)
    #expect(a != EntryColumn([1, .nan, 3]))
    #expect(EntryColumn<Double>([1, 2, 3]) == [1, 2, 3])
    var b = EntryColumn<Double>([0, 1, 2, 3])
    b.removeSubrange(0..<1)
    #expect(b == [1, 2, 3] && b.hashValue == EntryColumn<Double>([1, 2, 3]).hashValue)
  }
}
