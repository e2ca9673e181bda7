/// Maps a domain of data values linearly onto a pixel range.
///
/// `rangeStart` is where `domainMin` lands: for a y axis that is the bottom of the plot (unless
/// inverted), for an x axis the left edge.
public struct LinearScale: Sendable, Hashable {
  public var domainMin: Double
  public var domainMax: Double
  public var rangeStart: Double
  public var rangeEnd: Double

  public init(domainMin: Double, domainMax: Double, rangeStart: Double, rangeEnd: Double) {
    self.domainMin = domainMin
    self.domainMax = domainMax
    self.rangeStart = rangeStart
    self.rangeEnd = rangeEnd
  }

  @inline(__always)
  public func map(_ value: Double) -> Double {
    let span = domainMax - domainMin
    guard span != 0 else { return (rangeStart + rangeEnd) / 2 }
    return rangeStart + (value - domainMin) / span * (rangeEnd - rangeStart)
  }

  @inline(__always)
  public func callAsFunction(_ value: Double) -> Double { map(value) }

  /// The data value at a pixel position (hit testing).
  public func invert(_ pixel: Double) -> Double {
    let span = rangeEnd - rangeStart
    guard span != 0 else { return domainMin }
    return domainMin + (pixel - rangeStart) / span * (domainMax - domainMin)
  }

  /// Pixels per data unit (signed).
  public var pixelsPerUnit: Double {
    let span = domainMax - domainMin
    return span == 0 ? 0 : (rangeEnd - rangeStart) / span
  }

  public func contains(_ value: Double) -> Bool {
    value >= Swift.min(domainMin, domainMax) && value <= Swift.max(domainMin, domainMax)
  }
}
