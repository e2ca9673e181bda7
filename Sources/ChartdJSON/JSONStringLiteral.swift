/// A string already written as JSON text (quotes and escapes included), to be copied into answers
/// as it is.
///
/// Why: SVG markup has a quote every few bytes, and escaping it costs about three instructions a
/// byte where copying costs a few hundredths. Markup that goes out more than once (a region shown
/// again after a legend toggle) is escaped once and copied after.
public struct JSONStringLiteral: JSONWritable, Equatable {
  /// The JSON text: `"`, the escaped UTF-8, `"`.
  public let bytes: [UInt8]

  /// `s` written as `JSONWriter` writes a string.
  public init(_ s: String) {
    var scratch: [UInt8] = []
    self.init(s, scratch: &scratch)
  }

  /// `s` written as `JSONWriter` writes a string, through `scratch` (kept by the caller for the
  /// next one): the writer needs room for every byte escaped, and the text is kept at its size.
  public init(_ s: String, scratch: inout [UInt8]) {
    scratch.removeAll(keepingCapacity: true)
    scratch.reserveCapacity(s.utf8.count + s.utf8.count / 4 + min(s.utf8.count, JSONWriter.pieceBytes) + 2)
    JSONWriter.writeString(s, into: &scratch)
    bytes = scratch.withUnsafeBufferPointer { Array($0) }
  }

  public func write(into out: inout [UInt8]) { out.append(contentsOf: bytes) }
}
