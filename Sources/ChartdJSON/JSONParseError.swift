/// Why a byte sequence is not valid JSON, and where the problem was found.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The byte offset in the input where parsing stopped.
  public var offset: Int
  /// A human-readable message that already names the offset ("unexpected character 'x' at byte 17").
  public var message: String
  /// What the first problem found is: text that is not JSON, or a number a `Double` cannot hold.
  public var kind: Kind

  /// The two kinds of problem that stop a parse.
  public enum Kind: Sendable, Equatable {
    /// Not JSON text (RFC 8259), or nested too deep.
    case syntax
    /// A number beyond a `Double`'s range at `offset` (RFC 8259 lets a reader set that limit). The
    /// text may hold other problems further on; `parseWithSourceMap(clampingNumbers:)` reads past it.
    case numberOutOfRange
  }

  /// Creates an error; `message` should mention `offset` so it reads well on its own.
  public init(offset: Int, message: String, kind: Kind = .syntax) {
    self.offset = offset
    self.message = message
    self.kind = kind
  }

  /// The message, which already names the offset.
  public var description: String { message }
}

extension JSONParseError {
  /// An error whose message is `what` followed by " at byte N".
  static func at(_ offset: Int, _ what: String, kind: Kind = .syntax) -> JSONParseError {
    JSONParseError(offset: offset, message: "\(what) at byte \(offset)", kind: kind)
  }

  /// Names one input byte the way a person reads it: 'x' for printable ASCII, U+000A for controls.
  static func describe(byte: UInt8) -> String {
    switch byte {
    case 0x20..<0x7F: return "character '\(Character(Unicode.Scalar(byte)))'"
    case 0..<0x20, 0x7F: return "control character U+00\(hexDigits(byte))"
    default: return "byte 0x\(hexDigits(byte))"
    }
  }

  private static func hexDigits(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
  }
}
