/// A value that writes its own JSON text: compact, and the same bytes `JSONWriter` writes for the
/// equal `JSONValue`.
///
/// Why: an answer carrying large SVG strings costs less written straight into the outgoing buffer
/// than built as a tree of values, written, and freed (see `JSONStream`).
public protocol JSONWritable: Sendable {
  /// Appends the JSON text to `out`.
  func write(into out: inout [UInt8])
  /// The same value as a tree, for recorders and tests.
  var jsonValue: JSONValue { get }
}

extension JSONWritable {
  /// Written and read back; a text that does not read back (a defect of the writer) becomes a
  /// string saying so, which no comparison mistakes for the intended value.
  public var jsonValue: JSONValue {
    var bytes: [UInt8] = []
    write(into: &bytes)
    return (try? JSONReader.parse(bytes)) ?? .string("unreadable JSON text: " + String(decoding: bytes.prefix(200), as: UTF8.self))
  }
}

extension JSONValue: JSONWritable {
  public func write(into out: inout [UInt8]) { JSONWriter.write(self, into: &out) }
  public var jsonValue: JSONValue { self }
}
