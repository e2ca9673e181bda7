extension JSONWriter {
  /// Writes `d` as the shortest JSON number that reads back to exactly `d`.
  static func writeNumber(_ d: Double, into out: inout [UInt8]) {
    guard d.isFinite else { appendASCII("null", to: &out); return }
    if d.rounded(.towardZero) == d, abs(d) < 9_007_199_254_740_992 {
      if d == 0 {
        // Keep the sign of negative zero; "-0" is valid JSON and reads back as -0.0.
        if d.sign == .minus { out.append(UInt8(ascii: "-")) }
        out.append(UInt8(ascii: "0"))
      } else {
        writeInteger(Int64(d), into: &out)
      }
      return
    }
    writeShortestForm(d.description, into: &out)
  }

  /// Writes an integer's decimal digits without allocating.
  static func writeInteger(_ value: Int64, into out: inout [UInt8]) {
    var magnitude = value.magnitude
    if value < 0 { out.append(UInt8(ascii: "-")) }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var i = 20
      repeat {
        i -= 1
        digits[i] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude != 0
      out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[i..<20]))
    }
  }

  /// Rewrites Swift's shortest round-trip description ("1e+20", "1e-05", "2.5",
  /// "9007199254740994.0") into compact JSON: no "+" and no leading zeros in the exponent,
  /// no ".0" fraction.
  static func writeShortestForm(_ text: String, into out: inout [UInt8]) {
    var text = text
    text.withUTF8 { utf8 in
      let exponentIndex = utf8.firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") } ?? utf8.count
      var mantissaEnd = exponentIndex
      if mantissaEnd >= 2, utf8[mantissaEnd - 1] == UInt8(ascii: "0"), utf8[mantissaEnd - 2] == UInt8(ascii: ".") {
        mantissaEnd -= 2
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[0..<mantissaEnd]))
      guard exponentIndex < utf8.count else { return }
      out.append(UInt8(ascii: "e"))
      var i = exponentIndex + 1
      if i < utf8.count, utf8[i] == UInt8(ascii: "+") { i += 1 }
      if i < utf8.count, utf8[i] == UInt8(ascii: "-") { out.append(UInt8(ascii: "-")); i += 1 }
      while i < utf8.count - 1, utf8[i] == UInt8(ascii: "0") { i += 1 }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[i..<utf8.count]))
    }
  }
}
