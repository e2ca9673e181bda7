import ChartCore
import ChartdJSON
import Testing

/// Columns read from a message as lists of numbers get room for as many entries again, so that a
/// client streaming into a large data set never waits for its columns to be copied whole: appending
/// as many entries as were read leaves every column where it was.
@Suite struct ColumnRoomTests {
  static let count = ColumnRoom.minCount + 1_000

  /// The entry forms read as lists of numbers, in the text a client sends.
  static let forms: [(String, String)] = {
    let n = count
    let xs = (0..<n).map { "\($0)" }.joined(separator: ","), ys = (0..<n).map { "\($0 % 97).5" }
    return [
      ("bare values (x = index)", "[" + ys.joined(separator: ",") + "]"),
      ("bare values with gaps", "[null," + ys.dropFirst().joined(separator: ",") + "]"),
      ("columns", "{\"x\": [" + xs + "], \"y\": [" + ys.joined(separator: ",") + "]}"),
      ("columns without x", "{\"y\": [" + ys.joined(separator: ",") + "]}"),
    ]
  }()

  @Test(arguments: forms.map(\.0))
  func appendingAsManyAgainMovesNoColumn(_ name: String) throws {
    let text = try #require(Self.forms.first { $0.0 == name }?.1)
    let log = DiagnosticLog()
    var batch = try #require(EntryColumns.parseBatch(try JSONReader.parse(text), at: JSONPointer(["entries"]), log: log,
                                                     limits: SpecLimits()), "\(log.items)")
    // Held here alone, as the model holds its data set's columns.
    var columns = batch.columns
    batch = EntryBatch(columns: EntryColumns(), explicitX: false)
    #expect(columns.count == Self.count)
    let x0 = columns.x.withUnsafeBufferPointer { $0.baseAddress }, y0 = columns.y.withUnsafeBufferPointer { $0.baseAddress }
    // In steps, as a stream of appends arrives.
    for k in stride(from: 0, to: Self.count, by: 4_096) {
      let step = k..<min(Self.count, k + 4_096)
      columns.append(contentsOf: EntryColumns(x: step.map { Double(Self.count + $0) }, y: step.map { Double($0 % 13) }))
    }
    #expect(columns.count == 2 * Self.count)
    #expect(columns.x.withUnsafeBufferPointer { $0.baseAddress } == x0, "\(name): x moved")
    #expect(columns.y.withUnsafeBufferPointer { $0.baseAddress } == y0, "\(name): y moved")
  }
}
