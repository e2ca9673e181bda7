import ChartCore
import ChartdJSON
import ChartdProtocol
import ChartdServer
import ChartdTransport
import Foundation
import Synchronization

/// The bodies of the fuzz targets, shared so that the targets themselves are a few lines and the
/// same checks run from tests. Each returns a description of a broken invariant, or nil.
public enum FuzzChecks {
  /// Raw bytes through both frame decoders (whole, and split into chunks at positions the bytes
  /// choose) and every body, and the bytes themselves, through the JSON reader and writer.
  public static func framing(_ bytes: [UInt8]) -> String? {
    for framing in [Framing.lsp, .ndjson] {
      let whole = frames(bytes, framing: framing, split: [])
      let cuts = chunkSizes(bytes)
      let split = frames(bytes, framing: framing, split: cuts)
      guard whole == split else {
        return "\(framing) frames depend on how the input is split (chunks \(cuts.prefix(8))): \(whole.count) vs \(split.count) frames"
      }
      let direct = frames(bytes, framing: framing, split: cuts, readingBodiesDirectly: true)
      guard whole == direct else {
        return "\(framing) frames differ when bodies are read straight into their buffers (chunks \(cuts.prefix(8))): "
          + "\(whole.count) vs \(direct.count) frames"
      }
      for case .body(let body) in whole {
        if let problem = jsonRoundTrip(body) { return "\(framing) body: \(problem)" }
        if let problem = preparedUpdate(body) { return "\(framing) body: \(problem)" }
        if let problem = numbersOutOfRange(body) { return "\(framing) body: \(problem)" }
      }
    }
    return jsonRoundTrip(bytes) ?? numbersOutOfRange(bytes)
  }

  /// A text the reader refuses first for a number beyond a double's range says so, and read with
  /// numbers clamped it reads, or fails further on as not JSON; one it refuses as not JSON still
  /// fails when numbers are clamped, at the same byte; and the answer the transport makes of such
  /// a request names its id.
  public static func numbersOutOfRange(_ bytes: [UInt8]) -> String? {
    let strict: JSONParseError
    do {
      _ = try JSONReader.parse(bytes)
      return nil
    } catch let error as JSONParseError {
      strict = error
    } catch {
      return "the reader threw \(error)"
    }
    let lenient: JSONParseError?
    do {
      _ = try JSONReader.parseWithSourceMap(bytes, clampingNumbers: true)
      lenient = nil
    } catch let error as JSONParseError {
      if error.kind == .numberOutOfRange { return "clamping numbers still fails with \(error)" }
      lenient = error
    } catch {
      return "the reader threw \(error)"
    }
    let clamped = lenient == nil
    switch (strict.kind, lenient) {
    case (.numberOutOfRange, nil): break
    case (.numberOutOfRange, let later?) where later.offset > strict.offset: break
    case (.syntax, let same?) where same == strict: break
    default:
      return "the reader's error (\(strict), \(strict.kind)) does not match clamping numbers (\(lenient.map(String.init(describing:)) ?? "reads"))"
    }
    guard let answer = bytes.withUnsafeBytes({ IncomingMessage.numberOutOfRange($0, strict) }) else { return nil }
    guard clamped, answer.id != nil else { return "a number out of range answered without a request id: \(answer)" }
    return nil
  }

  /// Decodes `bytes` fed in chunks of the given sizes (cycled; empty: all at once), then finishes.
  ///
  /// - Parameter readingBodiesDirectly: after each chunk, the rest of a body being collected is
  ///   read through `FrameDecoder.fillBody` in pieces of the same sizes, as the reader thread does
  ///   for a large body.
  static func frames(_ bytes: [UInt8], framing: Framing, split: [Int], readingBodiesDirectly: Bool = false) -> [DecodedFrame] {
    var decoder = FrameDecoder(framing: framing, maxMessageBytes: 4096)
    var out: [DecodedFrame] = []
    var start = 0, k = 0
    func piece() -> Int {
      defer { k += 1 }
      return split.isEmpty ? bytes.count : max(1, split[k % split.count])
    }
    while start < bytes.count {
      let end = min(bytes.count, start + piece())
      out += decoder.feed(Array(bytes[start..<end]))
      start = end
      guard readingBodiesDirectly, decoder.bodyBytesAwaited > 0 else { continue }
      out += decoder.fillBody { room in
        let n = min(room.count, piece(), bytes.count - start)
        guard n > 0 else { return 0 }
        bytes.withUnsafeBytes { room.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[start..<(start + n)])) }
        start += n
        return n
      }
    }
    return out + decoder.finish()
  }

  /// Chunk sizes derived from the input's own bytes, so every input also tests its own splits.
  static func chunkSizes(_ bytes: [UInt8]) -> [Int] {
    guard let first = bytes.first else { return [1] }
    return bytes.suffix(8).map { Int($0 % (first % 16 + 1)) + 1 }
  }

  /// `JSONReader` accepts exactly what `ReferenceJSON` accepts, with the same value; writing a value
  /// and reading it back gives the same value, and writing is stable; a lone number reads as the
  /// standard library's correctly rounded parse of the same text.
  /// The object layouts kept across `jsonRoundTrip` calls (locked: tests may call it side by side).
  static let keptShapes = Mutex(JSONShapeCache())

  public static func jsonRoundTrip(_ bytes: [UInt8]) -> String? {
    let reference = ReferenceJSON.parse(bytes)
    // A connection's reader keeps object layouts from one message to the next: one cache kept
    // across inputs, so each input meets the layouts of those before it.
    let viaCache = keptShapes.withLock { shapes in bytes.withUnsafeBytes { try? JSONReader.parse($0, shapes: shapes) } }
    guard let value = try? JSONReader.parse(bytes) else {
      if let problem = envelopeMembers(bytes, reference: reference) { return problem }
      if let viaCache {
        return "the reader accepts with kept object layouts what it refuses without: \(String(JSONWriter.string(viaCache).prefix(200)))"
      }
      guard let reference else { return nil }
      return "the reader refuses JSON that the reference reader accepts: \(String(JSONWriter.string(reference).prefix(200)))"
    }
    guard let reference else {
      return "the reader accepts text that is not JSON: \(String(decoding: bytes.prefix(200), as: UTF8.self))"
    }
    guard viaCache == value else {
      return "the reader with kept object layouts reads \(viaCache.map { String(JSONWriter.string($0).prefix(200)) } ?? "an error"), not \(String(JSONWriter.string(value).prefix(200)))"
    }
    guard reference == value else {
      return "the reader and the reference reader disagree: \(String(JSONWriter.string(value).prefix(200))) vs \(String(JSONWriter.string(reference).prefix(200)))"
    }
    if let problem = envelopeMembers(bytes, reference: reference) { return problem }
    if case .number(let d) = value {
      let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      if let reference = Double(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text), reference.isFinite, reference != d {
        return "the number \(text) reads as \(d), not \(reference)"
      }
    }
    let text = JSONWriter.bytes(value)
    guard let again = try? JSONReader.parse(text) else {
      return "the reader cannot read the writer's output: \(String(decoding: text.prefix(200), as: UTF8.self))"
    }
    guard again == value else { return "a value changed in a write/read round trip: \(String(decoding: text.prefix(200), as: UTF8.self))" }
    guard JSONWriter.bytes(again) == text else { return "writing the same value twice gave different text" }
    return nil
  }

  /// What the server's own reader of plain `chart/update` requests (`ChartServer.prepare`) takes
  /// from `bytes`, the general path (`ChartServer.readInGeneral`: decode, `UpdateChartRequest(params:)`,
  /// `ChartEdit.parseEdits`) reads the same, without a diagnostic; under the default limits and
  /// under tight ones.
  public static func preparedUpdate(_ bytes: [UInt8]) -> String? {
    for limits in preparedUpdateLimits {
      guard let fast = bytes.withUnsafeBytes({ ChartServer.prepare($0, limits: limits) }) else { continue }
      let text = String(decoding: bytes.prefix(200), as: UTF8.self)
      guard let general = bytes.withUnsafeBytes({ ChartServer.readInGeneral($0, limits: limits) }) else {
        return "the plain update reader reads what the general reader takes for no chart/update request: \(text)"
      }
      let r = general.request
      guard fast.id == general.id, fast.request.uri == r.uri, fast.request.version == r.version,
            fast.request.versionOmitted == r.versionOmitted else {
        return "the plain update reader reads another id, uri or version than the general reader: \(text)"
      }
      guard general.edits.diagnostics.isEmpty, fast.edits.edits == general.edits.edits else {
        return "the plain update reader reads edits \(String(describing: fast.edits.edits).prefix(200)), the general reader "
          + "\(String(describing: general.edits.edits).prefix(200)) with \(general.edits.diagnostics.prefix(2)): \(text)"
      }
    }
    return nil
  }

  /// The limits `preparedUpdate` reads under: the default ones, and ones tight enough that small
  /// messages meet them.
  public static let preparedUpdateLimits = [SpecLimits(), SpecLimits(maxEntriesPerDataSet: 2, maxLabelBytes: 3)]

  /// `JSONReader.parseMembers` reads a text only when the reference reader reads it as an object of
  /// those names alone, and gives each member the reference reader's value.
  public static func envelopeMembers(_ bytes: [UInt8], reference: JSONValue?) -> String? {
    let names = IncomingMessage.envelopeNames
    guard let members = bytes.withUnsafeBytes({ JSONReader.parseMembers($0, names: names) }) else { return nil }
    guard case .object(let o)? = reference else {
      return "the envelope reader reads text that the reference reader does not read as an object: "
        + String(decoding: bytes.prefix(200), as: UTF8.self)
    }
    for k in 0..<names.count where members[k] != o[names.name(k)] {
      return "the envelope reader reads member \(names.name(k)) as \(members[k].map { String(JSONWriter.string($0).prefix(100)) } ?? "absent"), "
        + "the reference reader as \(o[names.name(k)].map { String(JSONWriter.string($0).prefix(100)) } ?? "absent")"
    }
    if o.keys.count != members.compactMap({ $0 }).count {
      return "the envelope reader read an object with other members: \(String(decoding: bytes.prefix(200), as: UTF8.self))"
    }
    return nil
  }
}
