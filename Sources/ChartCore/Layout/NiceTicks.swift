import Foundation

/// What shapes an axis's ticks: how many, which steps, fixed ends, padding.
public struct TickOptions: Sendable, Hashable {
  /// Most ticks wanted (iOS Charts labelCount); clamped to 2…`maxTickCount`.
  public var maxTicks: Int = 6
  public var family: StepFamily = .decimal
  /// Smallest step allowed; steps are multiples of it.
  public var granularity: Double? = nil
  /// Fixed ends: the domain ends exactly there (otherwise it ends on a tick).
  public var fixedMin: Double? = nil
  public var fixedMax: Double? = nil
  /// Fractions of the domain kept free below and above the data.
  public var spaceBottom: Double = 0
  public var spaceTop: Double = 0
  /// Keep 0 inside the domain; then no padding is added on the side where the data stops at 0.
  public var includeZero: Bool = false

  /// The hard cap on ticks of one axis, whatever is asked.
  public static let maxTickCount = 1_000

  public init() {}
}

/// A niced axis domain and the ticks in it.
///
/// The domain ends on ticks (unless an end is fixed), and the choice is *stable*: a data range that
/// grows but stays inside the domain gives exactly the same result (domain hysteresis), because the
/// step is the smallest candidate whose tick span covers the data, and that test can only fail for a
/// larger range.
public struct NiceTicks: Sendable, Hashable {
  public var domainMin: Double
  public var domainMax: Double
  public var step: TickStep
  public var values: [Double]
  /// How the labels of these ticks are written.
  public var labels: TickLabels = .atStep

  /// How tick labels are written: the one rule `TickChooser` applies, set where the ticks are made.
  public enum TickLabels: Sendable, Hashable {
    /// Multiples of `step`: every label with the digits the step needs (nice ticks).
    case atStep
    /// Powers of a log axis's base, or multiples of them: no common step, so each label is written
    /// for its own value and `step` means nothing.
    case logSpaced
    /// The two ends of data no nice step fits (`fallback`): each written for its own value, with the
    /// digits that tell the two apart (`ValueFormatter.distinguishingSteps`).
    case endsOnly
    /// Values the caller gave (`tickValues`), `step` their smallest gap: with the decimals every
    /// value needs, since they need not be multiples of it.
    case given
  }

  /// Whether these are log ticks (`TickLabels.logSpaced`).
  public var logSpaced: Bool { labels == .logSpaced }

  public init(domainMin: Double, domainMax: Double, step: TickStep, values: [Double], labels: TickLabels = .atStep) {
    self.domainMin = domainMin
    self.domainMax = domainMax
    self.step = step
    self.values = values
    self.labels = labels
  }

  /// Ticks for data spanning `dataMin…dataMax` (nil when there is no data).
  ///
  /// `accept` can reject a candidate (labels that would overlap): the search goes on with the next
  /// larger step. Stability holds as long as a rejected step stays rejected when the data grows,
  /// which is true for label overlap: more data under the same step means more ticks in the same
  /// pixels. When every candidate is rejected the largest one tried is returned.
  public static func compute(dataMin: Double?, dataMax: Double?, _ options: TickOptions,
                             accept: (NiceTicks) -> Bool = { _ in true }) -> NiceTicks {
    var candidates = Candidates(dataMin: dataMin, dataMax: dataMax, options)
    var rejected: NiceTicks? = nil
    while let found = candidates.next() {
      if accept(found) { return found }
      rejected = found
    }
    return rejected ?? candidates.fallback
  }

  /// Whether `compute` gives the same result for two data ranges whatever its `accept` decides:
  /// both offer the same candidates in the same order (and fall back alike when there are none).
  /// `firstOnly`: `accept` takes any candidate, so only the first one counts.
  ///
  /// Far cheaper than `compute` with an `accept` that formats and measures labels, which is what
  /// lets an edit that moves no tick skip the layout.
  static func sameResult(_ a: (min: Double?, max: Double?), _ b: (min: Double?, max: Double?), _ options: TickOptions,
                         firstOnly: Bool) -> Bool {
    sameResult(CandidateList(dataMin: a.min, dataMax: a.max, options, firstOnly: firstOnly), b)
  }

  /// `sameResult` with the first range's candidates worked out already.
  ///
  /// - Parameter read: how many candidates `accept` judged for the first range: when it took one
  ///   before the last, the candidates after it were never looked at, and the two ranges need to
  ///   agree only up to it.
  static func sameResult(_ a: CandidateList, _ b: (min: Double?, max: Double?), read: CandidatesRead = .all) -> Bool {
    var cb = Candidates(dataMin: b.min, dataMax: b.max, a.options, sharingStepsWith: a.start)
    var judged: Int? = nil
    if case .first(let n) = read, n >= 1, n < a.domains.count { judged = n }
    // Ticks are a function of step and domain (`ticks(step:domainMin:domainMax:)`).
    for x in a.domains.prefix(judged ?? a.domains.count) {
      guard let y = cb.nextDomain(), x.step == y.step, x.min == y.min, x.max == y.max else { return false }
      if a.firstOnly { return true }
    }
    if judged != nil { return true }
    guard cb.nextDomain() == nil else { return false }
    // The fallback counts only when nothing was offered.
    return !a.domains.isEmpty || a.fallback == cb.fallback
  }

  /// How many of a data range's candidates a choice among them depended on.
  enum CandidatesRead: Sendable, Hashable {
    /// The first n, in order: `accept` took the n-th.
    case first(Int)
    /// Every one, and how many there were.
    case all

    /// What two choices made for one axis depended on together.
    mutating func merge(_ other: CandidatesRead) {
      if case .first(let a) = self, case .first(let b) = other { self = .first(Swift.max(a, b)) } else { self = .all }
    }
  }

  /// The candidates `compute` offers for one data range, as `sameResult` compares them: kept so
  /// that a range compared with edit after edit (the plans a layout was made with) is worked out
  /// once.
  struct CandidateList: Sendable {
    let dataMin: Double?, dataMax: Double?
    let options: TickOptions
    let firstOnly: Bool
    /// The candidates before the first `next`, whose step list another range may share.
    fileprivate let start: Candidates
    /// Every candidate's step and domain in order (only the first with `firstOnly`).
    let domains: [(step: TickStep, min: Double, max: Double)]
    let fallback: NiceTicks

    init(dataMin: Double?, dataMax: Double?, _ options: TickOptions, firstOnly: Bool) {
      self.dataMin = dataMin
      self.dataMax = dataMax
      self.options = options
      self.firstOnly = firstOnly
      var c = Candidates(dataMin: dataMin, dataMax: dataMax, options)
      start = c
      var domains: [(step: TickStep, min: Double, max: Double)] = []
      while let d = c.nextDomain() {
        domains.append(d)
        if firstOnly { break }
      }
      self.domains = domains
      fallback = c.fallback
    }

    /// Whether this is the list of that range under those options (NaN ends never match).
    func isList(of dataMin: Double?, _ dataMax: Double?, _ options: TickOptions, firstOnly: Bool) -> Bool {
      self.dataMin == dataMin && self.dataMax == dataMax && self.options == options && self.firstOnly == firstOnly
    }
  }

  /// The fitting steps for a data range, smallest first: what `compute` offers to `accept`.
  struct Candidates: Sendable {
    private let lo: Double, hi: Double
    private var o: TickOptions
    private let maxTicks: Int
    private let padBottom: Double, padTop: Double
    private let steps: [TickStep]
    /// The smallest step the range allows (nil when the range is empty or not finite).
    private let lowerBound: Double?
    private var position = 0
    /// Whether a domain was offered yet (`tooWide` judges the first only).
    private var offered = false

    /// - Parameter other: candidates of another range under the same options, whose step list is
    ///   taken when it is provably the same (no family step lies between the two lower bounds),
    ///   which saves building it.
    init(dataMin: Double?, dataMax: Double?, _ options: TickOptions, sharingStepsWith other: Candidates? = nil) {
      (lo, hi) = effectiveRange(dataMin: dataMin, dataMax: dataMax, options)
      o = options
      // An end that collapsed onto the other is no longer fixed (see effectiveRange).
      if let f = o.fixedMin, f != lo { o.fixedMin = nil }
      if let f = o.fixedMax, f != hi { o.fixedMax = nil }
      maxTicks = min(max(o.maxTicks, 2), TickOptions.maxTickCount)
      var a = NiceTicks.clampPadding(o.spaceBottom), b = NiceTicks.clampPadding(o.spaceTop)
      if a + b > 0.9 { let s = 0.9 / (a + b); a *= s; b *= s }
      if o.includeZero && lo == 0 { a = 0 }
      if o.includeZero && hi == 0 { b = 0 }
      if o.fixedMin != nil { a = 0 }
      if o.fixedMax != nil { b = 0 }
      (padBottom, padTop) = (a, b)
      let range = hi - lo
      if range.isFinite, range > 0 {
        // No step below this can fit: maxTicks ticks span at most (maxTicks - 1) steps. Nor one
        // under 256 ulps of the ends: the rounding of a value and of its quotient by the step then
        // moves a tick by under 1 % of a step (`floorIndex`); a range a few dozen ulps wide gets
        // fewer ticks instead of ticks it cannot place.
        let bound = Swift.max(range / Double(maxTicks + 1) * (1 - a - b), Swift.max(abs(lo), abs(hi)).ulp * 256)
        lowerBound = bound
        // A decimal list is every step from `bound` up (StepFamily.candidates): another bound at or
        // below this one whose smallest step is still at or above this one has the same list.
        if let other, let otherBound = other.lowerBound, otherBound <= bound, let first = other.steps.first,
           first.value >= bound * (1 - 1e-12), o.family == .decimal, other.o.family == .decimal,
           other.o.granularity == o.granularity {
          steps = other.steps
        } else {
          steps = o.family.candidates(atLeast: bound, granularity: o.granularity)
        }
      } else {
        lowerBound = nil
        steps = []
      }
    }

    /// The next step that fits, placed over the data; nil when none is left.
    mutating func next() -> NiceTicks? {
      nextDomain().map { NiceTicks.ticks(step: $0.step, domainMin: $0.min, domainMax: $0.max) }
    }

    /// `next()` without building the ticks: the step and its domain, which determine them.
    mutating func nextDomain() -> (step: TickStep, min: Double, max: Double)? {
      while position < steps.count {
        let s = steps[position]
        position += 1
        if let d = NiceTicks.fitDomain(step: s, lo: lo, hi: hi, fixedMin: o.fixedMin, fixedMax: o.fixedMax,
                                       padBottom: padBottom, padTop: padTop, maxTicks: maxTicks) {
          if !offered, tooWide(d) {
            // A larger step would be wider still: none is offered.
            position = steps.count
            return nil
          }
          offered = true
          return (s, d.min, d.max)
        }
      }
      return nil
    }

    /// Whether the first domain that fits leaves the data (padded) under half of a two-tick axis,
    /// where ending the axis on the data draws it better.
    ///
    /// Two ticks make one step the whole axis, and data straddling a multiple of a large step only
    /// fits under it: 1999 … 2001 drawn flat on 0 … 2500 (a dashboard tile's line). With more
    /// ticks the first step that fits leaves the data over a seventh of the axis (a smaller step
    /// fits wherever two of the next larger one would, and family steps are at most 3.5 times
    /// apart). Only the first counts: later ones, offered when `accept` refuses labels, would end
    /// the search at a point that moves with the data, and an axis would change under data that
    /// stays inside its domain. Fixed ends and a granularity are the spec's own choice and are kept.
    private func tooWide(_ d: (min: Double, max: Double)) -> Bool {
      guard maxTicks == 2, o.fixedMin == nil, o.fixedMax == nil, o.granularity == nil else { return false }
      return (d.max - d.min) * (1 - padBottom - padTop) > 2 * (hi - lo)
    }

    /// What `compute` returns when no step fits.
    var fallback: NiceTicks {
      // The padding is kept where the padded ends are finite (data near the largest double has none).
      let span = (hi - lo) / (1 - padBottom - padTop)
      let l = lo - padBottom * span, h = hi + padTop * span
      return l.isFinite && h.isFinite ? NiceTicks.fallback(l, h, maxTicks: maxTicks) : NiceTicks.fallback(lo, hi, maxTicks: maxTicks)
    }
  }

  /// Whether every larger step of the options' family places a wider domain than these three
  /// ticks' over any data they hold across their middle tick: what `compute` would offer after
  /// refusing these ticks' labels.
  ///
  /// A larger step under twice this one places a domain of one step, narrower than this one,
  /// around the middle tick unless the tick is one of its multiples (0 … 2.35 M: 0 … 4 M under
  /// 2 M, 0 … 2.5 M under 2.5 M); a step of twice this one or more spans at least this domain, and
  /// the next step placing this very domain (0 … 10 under 5 and under 10) keeps it, with two ticks.
  /// Depends on the domain and the options alone, not on the data inside, so a choice made on it
  /// keeps domain hysteresis (`TickChooser.endsKept`).
  func widensAtEveryLargerStep(_ options: TickOptions) -> Bool {
    let s = step.value
    guard values.count == 3, s.isFinite, s > 0, domainMax > domainMin else { return false }
    let larger = options.family.candidates(atLeast: s * (1 + 1e-9), granularity: options.granularity, limit: 8)
    guard let next = larger.first else { return false }
    for shorter in larger where shorter.value < 2 * s * (1 - 1e-9) {
      let q = shorter.quotient(values[1])
      if NiceTicks.floorIndex(q) != NiceTicks.ceilIndex(q) { return false }
    }
    let fixedMin = options.fixedMin.map { _ in domainMin }, fixedMax = options.fixedMax.map { _ in domainMax }
    let maxTicks = min(max(options.maxTicks, 2), TickOptions.maxTickCount)
    guard let wider = NiceTicks.fitDomain(step: next, lo: domainMin, hi: domainMax, fixedMin: fixedMin, fixedMax: fixedMax,
                                          padBottom: 0, padTop: 0, maxTicks: maxTicks) else { return true }
    return wider.min < domainMin || wider.max > domainMax
  }

  /// Ticks of `step` inside a fixed domain (explicit thinning of category axes).
  public static func ticks(step: TickStep, domainMin: Double, domainMax: Double) -> NiceTicks {
    let first = ceilIndex(step.quotient(domainMin)), last = floorIndex(step.quotient(domainMax))
    var values: [Double] = []
    if first <= last, last - first < Double(TickOptions.maxTickCount) {
      var i = first
      while i <= last {
        values.append(clean(step.multiple(i)))
        i += 1
      }
    }
    return NiceTicks(domainMin: domainMin, domainMax: domainMax, step: step, values: values)
  }

  /// The domain step `s` is placed on over the data (its ticks follow from step and domain); nil
  /// when it needs more than `maxTicks` ticks.
  static func fitDomain(step: TickStep, lo: Double, hi: Double, fixedMin: Double?, fixedMax: Double?,
                        padBottom a: Double, padTop b: Double, maxTicks: Int) -> (min: Double, max: Double)? {
    let s = step.value
    let tol = 1e-9
    let plain = step.unit == .number
    // `step.quotient`, with the division by a number step's value (worked out once) written out.
    func quotient(_ v: Double) -> Double { plain ? v / s : step.quotient(v) }
    func floorIndex(_ v: Double) -> Double { NiceTicks.floorIndex(quotient(v)) }
    func ceilIndex(_ v: Double) -> Double { NiceTicks.ceilIndex(quotient(v)) }
    /// What `ticks(step:domainMin:domainMax:)` would count.
    func count(_ d0: Double, _ d1: Double) -> Double {
      let first = ceilIndex(d0), last = floorIndex(d1)
      return first <= last && last - first < Double(TickOptions.maxTickCount) ? last - first + 1 : 0
    }
    // The index slack (`floorIndex`) and `tol` are fractions of a step: a value that far past a
    // multiple counts as on it. A step far larger than the data (the last ones tried when none
    // with few enough ticks fits) would so put a domain beside the data: -12 counted as 0 under a
    // step of 2e10, and 0 … 2e10 drawn for -12 … 40. A domain must hold the data to within a
    // billionth of the data's own range.
    let held = (hi - lo) * tol
    switch (fixedMin, fixedMax) {
    case (nil, nil):
      // Smallest number of intervals k whose span, padded, covers the data.
      for k in 1..<maxTicks {
        let span = Double(k) * s
        let i0 = floorIndex(lo - a * span)
        let d0 = step.multiple(i0), d1 = step.multiple(i0 + Double(k))
        // Beyond the largest double (data near it) no domain of this step exists.
        guard d0.isFinite, d1.isFinite else { return nil }
        // (A bottom end past the data may still hold it with more intervals: their padding is wider.)
        if d0 <= lo + held, d1 >= hi + b * span - tol * s, d1 >= hi - held {
          return (clean(d0), clean(d1))
        }
      }
      return nil
    case (let fmin?, nil):
      // Top end on the first multiple that leaves the padding free above the data.
      let needed = b > 0 ? (hi - b * fmin) / (1 - b) : hi
      var i1 = ceilIndex(needed)
      if step.multiple(i1) <= fmin { i1 = floorIndex(fmin) + 1 }
      let d1 = clean(step.multiple(i1))
      return d1.isFinite && d1 > fmin && d1 >= hi - held && count(fmin, d1) <= Double(maxTicks) ? (fmin, d1) : nil
    case (nil, let fmax?):
      let needed = a > 0 ? (lo - a * fmax) / (1 - a) : lo
      var i0 = floorIndex(needed)
      if step.multiple(i0) >= fmax { i0 = ceilIndex(fmax) - 1 }
      let d0 = clean(step.multiple(i0))
      return d0.isFinite && d0 < fmax && d0 <= lo + held && count(d0, fmax) <= Double(maxTicks) ? (d0, fmax) : nil
    case (let fmin?, let fmax?):
      return count(fmin, fmax) <= Double(maxTicks) ? (fmin, fmax) : nil
    }
  }

  /// The range to cover: data (or 0…1 without data), zero included when asked, fixed ends applied,
  /// and never empty.
  static func effectiveRange(dataMin: Double?, dataMax: Double?, _ o: TickOptions) -> (Double, Double) {
    var lo = dataMin.flatMap { $0.isFinite ? $0 : nil }
    var hi = dataMax.flatMap { $0.isFinite ? $0 : nil }
    if lo == nil || hi == nil { lo = 0; hi = o.includeZero || o.fixedMin != nil || o.fixedMax != nil ? 0 : 1 }
    guard var l = lo, var h = hi else { return (0, 1) }
    if l > h { swap(&l, &h) }
    if o.includeZero { l = min(l, 0); h = max(h, 0) }
    let fmin = o.fixedMin.flatMap { $0.isFinite ? $0 : nil }
    let fmax = o.fixedMax.flatMap { $0.isFinite ? $0 : nil }
    if let fmin { l = fmin; if h <= fmin { h = fmax ?? widen(fmin, up: true) } }
    if let fmax { h = fmax; if l >= fmax { l = fmin.map { Swift.min($0, fmax) } ?? widen(fmax, up: false) } }
    // Closer than 1e-14 of their size (about 45 ulps) ends count as one value: ticks between them
    // could not be told apart. Wider ranges are kept, as nanosecond timestamps over a millisecond
    // (1e-12 of their size) must be.
    if h - l <= max(abs(l), abs(h)) * 1e-14 || h - l < 1e-300 {
      // A single value (or fixed ends that meet): open a range around it.
      let v = abs(l) < 1e-200 ? 0 : l
      if v == 0 { return o.includeZero ? (0, 1) : (-1, 1) }
      let d = abs(v) * 0.1
      if o.includeZero { return v > 0 ? (0, v) : (v, 0) }
      return (v - d, v + d)
    }
    return (l, h)
  }

  /// A neighbour of `v` for an axis whose one fixed end left no room.
  private static func widen(_ v: Double, up: Bool) -> Double {
    let d = v == 0 ? 1 : abs(v) * 0.1
    return up ? v + d : v - d
  }

  fileprivate static func clampPadding(_ p: Double) -> Double { p.isFinite ? min(max(p, 0), 0.45) : 0 }

  /// Both ends as ticks when no step fits (ranges beyond the double range), and 0 between ends of
  /// opposite signs when three ticks are allowed: where bars grow from, labelled as on any axis.
  /// Their labels are written each for its own value (`TickLabels.endsOnly`); the step, the power
  /// of ten at or below the ends' distance, is what badges and anything else that asks see.
  fileprivate static func fallback(_ lo: Double, _ hi: Double, maxTicks: Int) -> NiceTicks {
    let l = lo.isFinite ? lo : -Double.greatestFiniteMagnitude
    let h = hi.isFinite ? hi : Double.greatestFiniteMagnitude
    // Ends of opposite signs too far apart for a double differ in their sign: two digits do.
    let distance = h - l
    let size = distance.isFinite && distance > 0 ? distance : Swift.max(abs(l), abs(h)) / 10
    let exponent = size.isFinite && size > 0 ? Int(Foundation.log10(size).rounded(.down)) : 0
    let step = TickStep(mantissa: 1, exponent: Swift.min(Swift.max(exponent, -300), 308))
    let values = l == h ? [l] : l < 0 && h > 0 && maxTicks >= 3 ? [l, 0, h] : [l, h]
    return NiceTicks(domainMin: l, domainMax: h, step: step, values: values, labels: .endsOnly)
  }

  /// The index of the last multiple of a step at or below a value, from their quotient `q`: a
  /// quotient a little under a whole number, as a division leaves it, counts as that number. The
  /// slack is a billionth, or two ulps of a quotient so large that its ulps are more (values of
  /// 1e18 over a step of 1e5): what the division and the value's own rounding may move it by, and
  /// under 1 % of a step while steps are 256 ulps of the values or more (`Candidates`).
  @inline(__always)
  static func floorIndex(_ q: Double) -> Double { floor(q + slack(q)) }

  /// The index of the first multiple at or above a value (see `floorIndex`).
  @inline(__always)
  static func ceilIndex(_ q: Double) -> Double { ceil(q - slack(q)) }

  @inline(__always)
  private static func slack(_ q: Double) -> Double { Swift.max(1e-9, q.ulp * 2) }

  /// Turns -0 into 0 (tick values are exact multiples already, see `TickStep.multiple`).
  @inline(__always)
  static func clean(_ v: Double) -> Double { v == 0 ? 0 : v }
}
