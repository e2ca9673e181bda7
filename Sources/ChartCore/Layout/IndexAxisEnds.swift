/// The ends of an index axis (bars, candles, categories) drawn from its data: where the outer slots
/// end, and on an axis denser than its device pixels a little further out, on a grid of slot steps.
///
/// Bars and candles end half a slot past their outer entries, as in iOS Charts, and categories on
/// their outer entries. Ends that follow the data exactly move the scale with every entry appended
/// or dropped at an end, and every bar and candle with it. When four or more slots share a device
/// pixel, each end instead moves outward to the next multiple of a step of 2^k slots (past the end,
/// never on it), the step the largest that spans at most half a device pixel of the axis: the
/// picture differs from the exact ends by at most half a device pixel at each end, and the ends
/// move only when the data reaches a step.
enum IndexAxisEnds {
  /// Slots per device pixel from which the ends round outward (steps of at least two slots).
  static let denseSlotsPerPixel = 4.0

  /// Where an axis ends, and on a rounded one where its automatic ticks may stand.
  struct Ends: Equatable {
    var min: Double
    var max: Double
    /// On rounded ends: the ends moved one step back in, inside the data's slots. Ticks in the few
    /// slots beyond would stand where the exact ends put none, or at the axis's very end, and
    /// change the labels chosen; these bounds move only with the ends. Nil: the ends are exact.
    var ticks: ClosedRange<Double>?
  }

  /// The axis's ends for data whose outer slots end at `exactMin` and `exactMax`, in slots of
  /// `unit` x units, on an axis at most `devicePixels` long. The exact ends when the axis is not
  /// dense, or when a rounded end would not be a finite number past the exact one.
  ///
  /// An exact end on the grid still moves a step out: the end and the ticks' bound then move
  /// together, at one layout per step (on the grid, the bound would move on its own).
  static func ends(exactMin: Double, exactMax: Double, unit: Double, devicePixels: Double) -> Ends {
    let exact = Ends(min: exactMin, max: exactMax)
    guard unit > 0, unit.isFinite, devicePixels > 0, devicePixels.isFinite, exactMin <= exactMax else { return exact }
    let slots = (exactMax - exactMin) / unit
    // Half a device pixel holds this many slots; the step is the largest power of two within it.
    let perHalfPixel = slots / (2 * devicePixels)
    guard slots.isFinite, slots < 0x1p52, perHalfPixel >= denseSlotsPerPixel / 2 else { return exact }
    let step = Double(sign: .plus, exponent: perHalfPixel.exponent, significand: 1) * unit
    guard step.isFinite, step > 0,
          let lo = multiple(of: step, below: exactMin), let hi = multiple(of: step, below: -exactMax).map({ -$0 })
    else { return exact }
    let tickMin = lo + step, tickMax = hi - step
    return Ends(min: lo, max: hi, ticks: tickMin <= tickMax ? tickMin...tickMax : nil)
  }

  /// The largest multiple of `step` below `v` (nil when it is not a finite number below `v`): a
  /// `v` on the grid, or a quotient the division rounded up, is corrected by a step or two; where
  /// a step no longer moves a number that large, there is none.
  private static func multiple(of step: Double, below v: Double) -> Double? {
    var m = (v / step).rounded(.down) * step
    if m >= v { m -= step }
    if m >= v { m -= step }
    return m.isFinite && m < v ? m : nil
  }
}
