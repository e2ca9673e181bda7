import ChartCore
import Testing

/// Where entries without x land when they are appended or written over existing entries.
@Suite struct EntryBatchTests {
  let existing = EntryColumns(x: [0, 1, 2, 3], y: [5, 6, 7, 8])

  @Test func implicitXContinuesAfterTheLastX() {
    let batch = EntryBatch(columns: EntryColumns(x: [0, 1], y: [9, 10]), explicitX: false)
    #expect(batch.placed(appendingTo: existing).x == [4, 5])
    #expect(batch.placed(appendingTo: existing).y == [9, 10])
    #expect(batch.placed(appendingTo: EntryColumns()).x == [0, 1])
    // After a sliding window dropped the oldest entries the x keeps counting up.
    #expect(batch.placed(appendingTo: EntryColumns(x: [10, 11], y: [1, 1])).x == [12, 13])
  }

  @Test func implicitXSkipsTrailingGapsInX() {
    let batch = EntryBatch(columns: EntryColumns(x: [0], y: [1]), explicitX: false)
    #expect(batch.placed(appendingTo: EntryColumns(x: [2, .nan], y: [1, 1])).x == [3])
  }

  @Test func explicitXIsKept() {
    let batch = EntryBatch(columns: EntryColumns(x: [40, 41], y: [9, 10]), explicitX: true)
    #expect(batch.placed(appendingTo: existing).x == [40, 41])
    #expect(batch.placed(updating: existing, from: 1).x == [40, 41])
  }

  @Test func implicitXOfAnUpdateKeepsTheReplacedX() {
    let shifted = EntryColumns(x: [10, 20, 30], y: [1, 2, 3])
    let batch = EntryBatch(columns: EntryColumns(x: [0, 1], y: [9, 9]), explicitX: false)
    #expect(batch.placed(updating: shifted, from: 1).x == [20, 30])
    // Past the end (the document rejects this; the helper still gives something sane).
    #expect(batch.placed(updating: shifted, from: 2).x == [30, 3])
  }
}
