import Testing
@testable import ChartCore

/// Shipped advance widths: sane relations, known Arial/Helvetica widths, wide and zero-width scripts.
@Suite struct TextMetricsTests {
  @Test func knownWidths() {
    // Arial/Helvetica/Liberation Sans: digits are 0.556 em, "W" 0.944 em, "i" 0.222 em.
    #expect(abs(TextMetrics.width("0", fontSize: 1000) - 556.15) < 0.5)
    #expect(abs(TextMetrics.width("W", fontSize: 1000) - 943.85) < 0.5)
    #expect(abs(TextMetrics.width("i", fontSize: 1000) - 222.17) < 0.5)
    #expect(TextMetrics.width("W", fontSize: 12) > TextMetrics.width("i", fontSize: 12) * 3)
    // Every digit has the same advance, so tick labels of equal length line up.
    let digits = (0...9).map { TextMetrics.width(String($0), fontSize: 11) }
    #expect(Set(digits).count == 1)
    #expect(TextMetrics.width("", fontSize: 11) == 0)
    #expect(TextMetrics.width("Wi", fontSize: 20) == TextMetrics.width("W", fontSize: 20) + TextMetrics.width("i", fontSize: 20))
  }

  @Test func boldIsWider() {
    #expect(TextMetrics.width("Revenue by month", fontSize: 16, bold: true) > TextMetrics.width("Revenue by month", fontSize: 16))
  }

  @Test func scripts() {
    // CJK and full-width forms: one em each.
    #expect(TextMetrics.width("東京", fontSize: 10) == 20)
    #expect(TextMetrics.width("한국", fontSize: 10) == 20)
    #expect(TextMetrics.width("１", fontSize: 10) == 10)
    // Latin-1, Greek, Cyrillic have their own widths (not the average).
    #expect(TextMetrics.width("é", fontSize: 10) == TextMetrics.width("e", fontSize: 10))
    #expect(TextMetrics.width("Ж", fontSize: 10) > TextMetrics.width("ж", fontSize: 10))
    #expect(TextMetrics.width("α", fontSize: 10) > 0)
    #expect(TextMetrics.width("€", fontSize: 10) == TextMetrics.width("0", fontSize: 10))
    // Combining marks take no space; unknown scripts the average advance.
    #expect(TextMetrics.width("e\u{301}", fontSize: 10) == TextMetrics.width("e", fontSize: 10))
    let average = TextMetrics.averageAdvance / TextMetrics.unitsPerEm * 10
    #expect(abs(TextMetrics.width("\u{0E01}", fontSize: 10) - average) < 1e-9)
  }

  @Test func truncation() {
    let long = "A label far too long for its place"
    let short = TextMetrics.truncate(long, toWidth: 60, fontSize: 11)
    #expect(short.hasSuffix("…") && short.count < long.count)
    #expect(TextMetrics.width(short, fontSize: 11) <= 60)
    #expect(TextMetrics.truncate("fits", toWidth: 60, fontSize: 11) == "fits")
    #expect(TextMetrics.truncate(long, toWidth: 2, fontSize: 11) == "")
  }
}
