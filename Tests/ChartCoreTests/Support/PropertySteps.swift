import Foundation

/// How long the property tests run: `CHARTD_PROPERTY_STEPS` when it is set (scaled for a test whose
/// steps cost more, and at least `minimum`), else the test's own default.
enum PropertySteps {
  static func count(default steps: Int, scale: Double = 1, minimum: Int = 1) -> Int {
    guard let asked = Int(ProcessInfo.processInfo.environment["CHARTD_PROPERTY_STEPS"] ?? "") else { return steps }
    return max(minimum, Int(Double(asked) * scale))
  }
}
