/// The headers of one LSP message as they are read, line by line.
struct HeaderBlock: Sendable {
  /// What to do once the blank line that ends the block has been read.
  enum Outcome: Equatable {
    /// Read a body of this many bytes.
    case message(length: Int)
    /// The length is known but the message is unusable: skip the body, then report.
    case skip(length: Int, error: String)
    /// No usable length: report and read on as headers.
    case resync(error: String)
  }

  var lineCount = 0
  var contentLength: Int?
  /// The first problem that leaves the body length unknown.
  var lengthProblem: String?
  var charsetProblem: String?

  static let contentLengthName = Array("content-length".utf8)
  static let contentTypeName = Array("content-type".utf8)

  /// Reads one header line (without its line ending). Lines without a colon are ignored.
  mutating func add(line: [UInt8]) {
    lineCount += 1
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return }
    let name = HeaderBlock.trimmed(line[..<colon])
    let value = HeaderBlock.trimmed(line[(colon + 1)...])
    if HeaderBlock.equalsIgnoringCase(name, HeaderBlock.contentLengthName) {
      guard let length = HeaderBlock.parseLength(value) else {
        lengthProblem = lengthProblem ?? "invalid Content-Length '\(HeaderBlock.printable(value))'"
        return
      }
      if let previous = contentLength, previous != length {
        lengthProblem = lengthProblem ?? "conflicting Content-Length headers (\(previous) and \(length))"
      }
      contentLength = length
    } else if HeaderBlock.equalsIgnoringCase(name, HeaderBlock.contentTypeName) {
      if let charset = HeaderBlock.charset(in: value), charset != "utf-8", charset != "utf8" {
        charsetProblem = "unsupported charset '\(charset)' (only utf-8 is accepted)"
      }
    }
  }

  var outcome: Outcome {
    if let lengthProblem { return .resync(error: lengthProblem) }
    guard let contentLength else { return .resync(error: "header block without Content-Length") }
    if let charsetProblem { return .skip(length: contentLength, error: charsetProblem) }
    return .message(length: contentLength)
  }

  /// A non-negative decimal integer of at most 18 digits (so it cannot overflow).
  static func parseLength<Digits: Collection<UInt8>>(_ text: Digits) -> Int? {
    guard !text.isEmpty, text.count <= 18 else { return nil }
    var value = 0
    for c in text {
      guard (c &- 0x30) < 10 else { return nil }
      value = value * 10 + Int(c &- 0x30)
    }
    return value
  }

  /// The lower-cased `charset` parameter of a media type, without quotes.
  static func charset(in value: ArraySlice<UInt8>) -> String? {
    let text = String(decoding: value, as: UTF8.self)
    for parameter in text.split(separator: ";").dropFirst() {
      let parts = parameter.split(separator: "=", maxSplits: 1)
      guard parts.count == 2,
        parts[0].trimmingCharacters(in: " \t").lowercased() == "charset"
      else { continue }
      var charset = parts[1].trimmingCharacters(in: " \t")
      if charset.count >= 2, charset.hasPrefix("\""), charset.hasSuffix("\"") {
        charset = String(charset.dropFirst().dropLast())
      }
      return charset.lowercased()
    }
    return nil
  }

  static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var slice = bytes
    while let first = slice.first, first == 0x20 || first == 0x09 { slice.removeFirst() }
    while let last = slice.last, last == 0x20 || last == 0x09 { slice.removeLast() }
    return slice
  }

  static func equalsIgnoringCase(_ bytes: ArraySlice<UInt8>, _ lowercase: [UInt8]) -> Bool {
    bytes.count == lowercase.count && zip(bytes, lowercase).allSatisfy { asciiLowercased($0) == $1 }
  }

  @inline(__always)
  static func asciiLowercased(_ b: UInt8) -> UInt8 { (b &- 0x41) < 26 ? b | 0x20 : b }

  /// A header value made safe to quote in a message: printable ASCII, at most 40 characters.
  static func printable(_ bytes: ArraySlice<UInt8>) -> String {
    let shown = bytes.prefix(40).map { (0x20..<0x7F).contains($0) ? Character(Unicode.Scalar($0)) : "?" }
    return String(shown) + (bytes.count > 40 ? "…" : "")
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in set: String) -> String {
    var slice = self[...]
    while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
    while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
    return String(slice)
  }
}
