/// Writes JSON text straight into bytes, member by member, without building a `JSONValue`.
///
/// The text equals what `JSONWriter` writes for the same value when every object's members are
/// written in sorted key order; that is the caller's duty (keys are static ASCII names, written
/// without escaping), and each caller's tests compare with `JSONWriter` for that reason.
public struct JSONStream {
  public private(set) var bytes: [UInt8]
  /// True right after a complete value, so the next member or element needs a comma.
  private var afterValue = false

  /// Continues `out`: its bytes are moved into the stream for the duration of `body` and back
  /// after, so appending never copies them.
  public static func write(into out: inout [UInt8], _ body: (inout JSONStream) -> Void) {
    var stream = JSONStream(bytes: [])
    swap(&stream.bytes, &out)
    body(&stream)
    swap(&stream.bytes, &out)
  }

  /// The text `body` writes.
  public static func bytes(_ body: (inout JSONStream) -> Void) -> [UInt8] {
    var out: [UInt8] = []
    write(into: &out, body)
    return out
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  /// Makes room at once for strings of `stringBytes` in all (a quote escaped every eighth byte or
  /// so, as in SVG markup) and `otherBytes` of the rest, so the bytes do not grow step by step.
  public mutating func reserve(stringBytes: Int, otherBytes: Int) {
    // A string is escaped in pieces, each first given room for twice its length.
    let room = stringBytes + stringBytes / 4 + min(stringBytes, JSONWriter.pieceBytes) + otherBytes
    bytes.reserveCapacity(bytes.count + room)
  }

  public mutating func beginObject() { open(UInt8(ascii: "{")) }
  public mutating func endObject() { close(UInt8(ascii: "}")) }
  public mutating func beginArray() { open(UInt8(ascii: "[")) }
  public mutating func endArray() { close(UInt8(ascii: "]")) }

  /// The name of the next member.
  public mutating func key(_ name: StaticString) {
    separate()
    bytes.append(UInt8(ascii: "\""))
    bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    // Byte by byte: a two-byte array literal here was made on the heap at every key.
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
    afterValue = false
  }

  public mutating func string(_ s: String) {
    separate()
    JSONWriter.writeString(s, into: &bytes)
    afterValue = true
  }

  public mutating func number(_ d: Double) {
    separate()
    JSONWriter.writeNumber(d, into: &bytes)
    afterValue = true
  }

  public mutating func null() { value(JSONValue.null) }

  /// Any value, as `JSONWriter` writes it.
  public mutating func value(_ v: some JSONWritable) {
    separate()
    v.write(into: &bytes)
    afterValue = true
  }

  /// A member whose value is a string.
  public mutating func member(_ name: StaticString, _ s: String) {
    key(name)
    string(s)
  }

  /// A member whose value is a number.
  public mutating func member(_ name: StaticString, _ d: Double) {
    key(name)
    number(d)
  }

  @inline(__always)
  private mutating func separate() {
    if afterValue { bytes.append(UInt8(ascii: ",")) }
  }

  private mutating func open(_ b: UInt8) {
    separate()
    bytes.append(b)
    afterValue = false
  }

  private mutating func close(_ b: UInt8) {
    bytes.append(b)
    afterValue = true
  }
}
