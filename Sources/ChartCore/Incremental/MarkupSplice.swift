/// A region's new markup as a change of the markup the client holds: the UTF-8 bytes
/// `start..<end` of it replaced by `text` (`protocol/patch.md`, "Spliced fragments").
///
/// Why: an append to a large line changes the end of one path, and the rest of its region, often
/// most of a kilobyte, is what the client already has.
public struct MarkupSplice: Sendable, Equatable {
  /// Byte offsets into the UTF-8 encoding of the markup replaced; both on character boundaries.
  public var start: Int
  public var end: Int
  /// What replaces those bytes.
  public var text: String

  public init(start: Int, end: Int, text: String) {
    self.start = start
    self.end = end
    self.text = text
  }

  /// Bytes of the old markup a splice must keep to be sent instead of the whole markup: below
  /// that, its offsets and member names cost about what they save.
  public static let leastKept = 64

  /// The splice that turns `old` into `new`, keeping their longest common start and end; nil when
  /// it would keep fewer than `leastKept` bytes or less than half of `old`.
  ///
  /// Why half: a splice costs both sides more work than a whole fragment (finding it here; encoding
  /// and decoding there), which pays off when most of a region stays, as when a path grows at its
  /// end, and not for a highlight or a marker that moved, where most of the markup is new.
  public static func between(_ old: String, _ new: String) -> MarkupSplice? {
    var old = old, new = new
    return old.withUTF8 { o in new.withUTF8 { n in between(o, n) } }
  }

  static func between(_ o: UnsafeBufferPointer<UInt8>, _ n: UnsafeBufferPointer<UInt8>) -> MarkupSplice? {
    let most = min(o.count, n.count)
    guard most >= leastKept, 2 * most >= o.count, let ob = o.baseAddress, let nb = n.baseAddress else { return nil }
    var head = 0
    // Eight bytes at a time: markup of a kilobyte is compared in about a hundred steps.
    while head + 8 <= most,
          UnsafeRawPointer(ob + head).loadUnaligned(as: UInt64.self) == UnsafeRawPointer(nb + head).loadUnaligned(as: UInt64.self) {
      head += 8
    }
    while head < most, ob[head] == nb[head] { head += 1 }
    // A cut inside a character would leave a client text it cannot decode: back off to its start.
    while head > 0, (head < o.count && isContinuation(ob[head])) || (head < n.count && isContinuation(nb[head])) {
      head -= 1
    }
    var tail = 0
    let tailMost = most - head
    while tail + 8 <= tailMost,
          UnsafeRawPointer(ob + o.count - tail - 8).loadUnaligned(as: UInt64.self)
            == UnsafeRawPointer(nb + n.count - tail - 8).loadUnaligned(as: UInt64.self) {
      tail += 8
    }
    while tail < tailMost, ob[o.count - tail - 1] == nb[n.count - tail - 1] { tail += 1 }
    // The kept end starts at the same character in both; a continuation byte there is moved past.
    while tail > 0, isContinuation(ob[o.count - tail]) { tail -= 1 }
    guard head + tail >= leastKept, 2 * (head + tail) >= o.count else { return nil }
    let text = String(decoding: UnsafeBufferPointer(rebasing: n[head..<(n.count - tail)]), as: UTF8.self)
    return MarkupSplice(start: head, end: o.count - tail, text: text)
  }

  /// `markup` with the splice applied; nil when its offsets do not fit (out of range, inside a character).
  public func apply(to markup: String) -> String? {
    let bytes = Array(markup.utf8)
    guard 0 <= start, start <= end, end <= bytes.count,
          start == bytes.count || !Self.isContinuation(bytes[start]),
          end == bytes.count || !Self.isContinuation(bytes[end]) else { return nil }
    return String(decoding: bytes[..<start], as: UTF8.self) + text + String(decoding: bytes[end...], as: UTF8.self)
  }

  @inline(__always)
  static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
}
