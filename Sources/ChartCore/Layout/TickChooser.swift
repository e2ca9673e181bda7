import Foundation

/// Chooses the ticks of one axis for a pixel length: as many as fit without overlapping labels,
/// rotating category labels when that keeps every one of them.
struct TickChooser {
  let plan: AxisPlan
  let start: Double
  let end: Double
  let bounds: AxisBuilder.Bounds
  /// Whether labels too long for their room may be written as their difference from an offset
  /// (`Choice.offset`) rather than shortened with "…".
  var offsetAllowed = true

  /// The ticks chosen, their labels' widths (0 for empty labels) and the label rotation.
  struct Choice: Sendable {
    var nice: NiceTicks
    var ticks: [Tick]
    var widths: [Double]
    var rotation: Double
    /// How many of `NiceTicks.compute`'s candidates the choice was made from: a data range whose
    /// first that many candidates are the same gets the same choice (`AxisPlan.ticksLike`).
    var candidatesRead: NiceTicks.CandidatesRead = .all
    /// The labels are written as each tick's value less this offset (`TickChooser.offsetLabels`),
    /// which `offsetText` writes for the axis to show; nil: as the values themselves.
    var offset: Double? = nil
    var offsetText = ""
  }

  var length: Double { abs(end - start) }
  var fs: Double { plan.fontSize }
  var horizontal: Bool { plan.side.isHorizontal }
  var labelsDrawn: Bool { plan.enabled && plan.common.drawLabels }
  /// labelCount as asked, clamped 2…25.
  var wanted: Int? { plan.common.labelCount.map { min(max($0, 2), 25) } }

  func choose() -> Choice {
    if let explicit = plan.common.tickValues { return explicitTicks(explicit) }
    if case .log(let base) = plan.transform { return logTicks(base: base) }
    return plan.isCategory ? categoryTicks() : valueTicks()
  }

  /// The positive domain of a log axis, over the data and any explicit tick values.
  func logDomain(base: Double, including values: [Double] = []) -> (Double, Double) {
    let positive = values.filter { $0 > 0 && $0.isFinite }
    let lo = ([plan.dataMin].compactMap { $0 } + positive).filter { $0 > 0 }.min()
    let hi = ([plan.dataMax].compactMap { $0 } + positive).filter { $0 > 0 }.max()
    return LogTicks.domain(dataMin: lo, dataMax: hi, base: base, fixedMin: plan.ticks.fixedMin, fixedMax: plan.ticks.fixedMax)
  }

  /// Ticks of a log axis: the densest of 1-2-5 per power, every power, every k-th power that fits.
  /// Labels are short, so more of them are allowed than on a linear axis (10 unless labelCount says).
  func logTicks(base: Double) -> Choice {
    let (lo, hi) = logDomain(base: base)
    var most = wanted ?? 10
    if !horizontal {
      let rows = length / (fs * 2.2)
      most = min(most, max(2, Int(clamping: rows, to: 0...1_000) + 1))
      return make(LogTicks.compute(domain: lo, hi, base: base, maxTicks: most), rotation: 0)
    }
    var first: Choice? = nil
    for rotation in plan.rotation.map({ [$0] }) ?? [0, -45] {
      var fitted = false
      let nice = LogTicks.compute(domain: lo, hi, base: base, maxTicks: most) { candidate in
        fitted = fits(make(candidate, rotation: rotation))
        return fitted
      }
      let c = make(nice, rotation: rotation)
      if fitted { return c }
      if first == nil { first = c }
    }
    return first ?? make(LogTicks.compute(domain: lo, hi, base: base, maxTicks: most), rotation: 0)
  }

  /// Nice value ticks: the smallest step (at most labelCount ticks) whose labels fit.
  ///
  /// Searching steps, not tick counts, keeps the domain stable: a step rejected for overlapping
  /// labels stays rejected when data grows inside the domain.
  func valueTicks() -> Choice {
    var o = plan.ticks
    o.maxTicks = wanted ?? 6
    if !horizontal {
      // Rows of labels need about two line heights each to read comfortably.
      let rows = length / (fs * 2.2)
      o.maxTicks = min(o.maxTicks, max(2, Int(clamping: rows, to: 0...1_000) + 1))
      return make(NiceTicks.compute(dataMin: plan.dataMin, dataMax: plan.dataMax, o), rotation: 0)
    }
    var first: Choice? = nil
    for rotation in plan.rotation.map({ [$0] }) ?? [0, -45] {
      var judged = 0
      var taken: Choice? = nil
      let nice = NiceTicks.compute(dataMin: plan.dataMin, dataMax: plan.dataMax, o) { candidate in
        judged += 1
        let c = make(candidate, rotation: rotation)
        taken = fits(c) ? c : endsKept(c, o)
        return taken != nil
      }
      let fitted = taken != nil
      if abs(rotation) < 1, let finer = finerFromOffset(o, before: fitted ? judged : nil) {
        var c = finer.choice
        // Both searches read no further than the plain one: its fit, or every candidate.
        if first == nil { c.candidatesRead = fitted ? .first(max(judged, finer.judged)) : .all }
        return c
      }
      var c = taken ?? make(nice, rotation: rotation)
      if fitted {
        // Taken at the first rotation tried: the candidates after it were never judged. Taken at a
        // later one, every candidate was judged (and refused) at the first.
        if first == nil { c.candidatesRead = .first(judged) }
        return c
      }
      if first == nil { first = c }
    }
    return first ?? make(NiceTicks.compute(dataMin: plan.dataMin, dataMax: plan.dataMax, o), rotation: 0)
  }

  /// Three ticks whose labels do not all fit, with only their ends labelled, when every larger
  /// step would widen the domain; nil otherwise, or when even the ends' labels do not fit.
  ///
  /// A narrow axis otherwise goes on to larger steps until two labels fit, and each rounds the
  /// domain further out: 96 … 104 on a 47 px axis became 0 … 200, the line one vertical stroke.
  /// Three ticks with their ends labelled (95 … 105) keep the data over most of the axis. Whether
  /// this applies depends on the candidate alone, as `accept` must (domain hysteresis); a lone
  /// label would tell no scale.
  func endsKept(_ c: Choice, _ options: TickOptions) -> Choice? {
    guard labelsDrawn, c.ticks.count == 3, c.nice.values.count == 3, c.nice.labels == .atStep,
          c.widths[0] > 0, c.widths[2] > 0, c.nice.widensAtEveryLargerStep(options) else { return nil }
    var kept = c
    kept.ticks[1].label = ""
    kept.widths[1] = 0
    return fits(kept) ? kept : nil
  }

  /// Every k-th category, k as small as the labels allow.
  func categoryTicks() -> Choice {
    let (lo, hi) = NiceTicks.effectiveRange(dataMin: plan.dataMin, dataMax: plan.dataMax, plan.ticks)
    let span = hi - lo
    let g = plan.ticks.granularity ?? 1
    // No step below these can fit: labels need at least one line height each, and labelCount caps.
    let minSpacing = horizontal ? fs * 1.1 : TextMetrics.lineHeight(fontSize: fs) + 2
    var lowerBound = max(g, labelsDrawn && length > 0 ? span * minSpacing / length : g)
    if let wanted { lowerBound = max(lowerBound, span / Double(wanted)) }
    let steps = StepFamily.thinning.candidates(atLeast: lowerBound * (1 - 1e-9), granularity: g)
    guard let first = steps.first else {
      return make(NiceTicks.compute(dataMin: plan.dataMin, dataMax: plan.dataMax, plan.ticks), rotation: 0)
    }
    func at(_ step: TickStep, _ rotation: Double) -> Choice {
      make(NiceTicks.ticks(step: step, domainMin: lo, domainMax: hi), rotation: rotation)
    }
    let rotation: Double
    // The first step at `rotation` once judged not to fit (automatic rotation tries it flat first):
    // each is made once, its labels formatted and measured once.
    var refused: Choice? = nil
    if let r = plan.rotation, horizontal {
      rotation = r
    } else {
      rotation = 0
      if horizontal {
        // Automatic: rotate only when that keeps every category label; otherwise thin.
        let flat = at(first, 0)
        if fits(flat) { return flat }
        let tilted = at(first, -45)
        if fits(tilted) { return tilted }
        refused = flat
      }
    }
    var last = refused ?? at(first, rotation)
    if refused == nil, fits(last) { return last }
    for step in steps.dropFirst() {
      last = at(step, rotation)
      if fits(last) { return last }
    }
    return last
  }

  /// The caller's tick values, inside a domain niced over the data and those values.
  func explicitTicks(_ values: [Double]) -> Choice {
    var vals = Array(Set(values.filter(\.isFinite))).sorted()
    if vals.count > TickOptions.maxTickCount { vals = Array(vals.prefix(TickOptions.maxTickCount)) }
    if case .log(let base) = plan.transform {
      let (lo, hi) = logDomain(base: base, including: vals)
      let nice = NiceTicks(domainMin: lo, domainMax: hi, step: TickStep(mantissa: 1, exponent: 0),
                           values: vals.filter { $0 >= lo && $0 <= hi }, labels: .logSpaced)
      if !horizontal { return make(nice, rotation: 0) }
      if let r = plan.rotation { return make(nice, rotation: r) }
      let flat = make(nice, rotation: 0)
      return fits(flat) ? flat : make(nice, rotation: -45)
    }
    var o = plan.ticks
    o.maxTicks = wanted ?? 6
    let lo = [plan.dataMin, vals.first].compactMap { $0 }.min()
    let hi = [plan.dataMax, vals.last].compactMap { $0 }.max()
    var nice = NiceTicks.compute(dataMin: lo, dataMax: hi, o)
    let dmin = min(nice.domainMin, nice.domainMax), dmax = max(nice.domainMin, nice.domainMax)
    nice.values = vals.filter { $0 >= dmin && $0 <= dmax }
    let gaps = zip(nice.values.dropFirst(), nice.values).map { $0 - $1 }.filter { $0 > 0 }
    let step = gaps.min() ?? (dmax - dmin)
    if let s = TickStep(decimal: step, significantDigits: 12) { nice.step = s }
    nice.labels = .given
    if !horizontal { return make(nice, rotation: 0) }
    if let r = plan.rotation { return make(nice, rotation: r) }
    let flat = make(nice, rotation: 0)
    return fits(flat) ? flat : make(nice, rotation: -45)
  }

  /// Ticks with positions, labels (shortened where they could never fit) and canvas-safe shifts.
  /// `preferOffset`: labels are written from an offset whenever that saves
  /// `OffsetLabels.digitsSavedOnARow` digits or more, shortened or not (`finerFromOffset`).
  func make(_ nice: NiceTicks, rotation: Double, preferOffset: Bool = false) -> Choice {
    var nice = nice
    // A rounded index axis's automatic ticks stay by its slots; given ones stand where given.
    if let bounds = plan.tickBounds, nice.labels != .given { nice.values.removeAll { !bounds.contains($0) } }
    let scale = ValueScale(domainMin: nice.domainMin, domainMax: nice.domainMax, rangeStart: start, rangeEnd: end,
                           transform: plan.transform)
    var maxWidth: Double
    let theta = rotation * .pi / 180
    let room = bounds.labelRoom
    if !horizontal {
      maxWidth = bounds.widestAcross
    } else if abs(rotation) >= 1 {
      maxWidth = max(48, bounds.canvas.height * 0.28) / abs(sin(theta))
      if room.isFinite {
        maxWidth = min(maxWidth, (room - TextMetrics.capHeight * fs * abs(cos(theta)) - 2) / abs(sin(theta)))
      }
    } else {
      // A row of labels needs a line's height; without it the labels are left out.
      maxWidth = TextMetrics.lineHeight(fontSize: fs) <= room ? max(length, 30) : 0
    }
    // Slanted labels hang to one side of their ticks: never further than the side may grow.
    let slanted = horizontal && abs(rotation) >= 1 && abs(cos(theta)) > 1e-9
    let hangsLeft = (plan.side == .bottom) == (rotation < 0)
    var ticks: [Tick] = []
    var widths: [Double] = []
    // A label was shortened to fit: written from an offset, the labels may fit whole.
    var shortened = false
    ticks.reserveCapacity(nice.values.count)
    // An automatic date pattern is as precise as the step: years, months, days or times of day.
    let formatter = DateText.resolvingTicks(plan.formatter, nice)
    let format = nice.labels == .given
      ? ValueFormatter.resolvingStep(formatter, step: nice.step.value, covering: nice.values)
      : ValueFormatter.resolvingStep(formatter, step: nice.step.value)
    // Log ticks are a power (or a multiple of one) apart: each label is written for its own value.
    let logBase = nice.logSpaced ? plan.transform.base : nil
    // The ends of data no nice step fits: each written for its own value, as far as tells them apart.
    let ownSteps = labelsDrawn && logBase == nil && nice.labels == .endsOnly
      ? ValueFormatter.distinguishingSteps(nice.values, plan.formatter, locale: plan.locale) : nil
    // Given ticks may have digits their smallest gap has not: scientific labels keep them.
    let lastDigit = nice.labels == .given && format.step != nil
      ? ValueFormatter.finestLastDigit(nice.values, step: nice.step.value) : nil
    let shared = labelsDrawn && logBase == nil && ownSteps == nil
      ? format.step.flatMap { ValueFormatter.sharedMantissaDecimals(nice.values, format.spec, step: $0, lastDigit: lastDigit) }
      : nil
    for (k, v) in nice.values.enumerated() {
      var label = ""
      if labelsDrawn {
        label = logBase.map { ValueFormatter.logTick(v, base: $0, plan.formatter, locale: plan.locale) }
          ?? ownSteps.map { ValueFormatter.format(v, plan.formatter, step: $0[k], locale: plan.locale) }
          ?? ValueFormatter.format(v, format.spec, step: format.step, locale: plan.locale, mantissaDecimals: shared,
                                   lastDigit: lastDigit)
      }
      var w = label.isEmpty ? 0 : TextMetrics.width(label, fontSize: fs)
      var limit = maxWidth
      if slanted {
        let p = scale.map(v)
        let lo = min(start, end), hi = max(start, end)
        let leftReach = p - lo + bounds.startReach, rightReach = hi - p + bounds.endReach
        // Mirrored labels hang one way below the plot and the other way above it.
        let reach = plan.mirrored ? min(leftReach, rightReach) : hangsLeft ? leftReach : rightReach
        limit = min(limit, reach / abs(cos(theta)))
      }
      if w > limit {
        shortened = true
        label = TextMetrics.truncate(label, toWidth: limit, fontSize: fs)
        // A lone "…" says nothing: no label rather than that.
        if label == "…" { label = "" }
        w = TextMetrics.width(label, fontSize: fs)
      }
      ticks.append(Tick(value: v, label: label, position: Pixel.round(scale.map(v))))
      widths.append(Pixel.round(w))
    }
    var offset: OffsetLabels? = nil
    if shortened || preferOffset, offsetAllowed, !slanted, logBase == nil, ownSteps == nil, nice.labels == .atStep,
       let step = format.step {
      offset = offsetLabels(nice.values, step: step, format: format, limit: maxWidth,
                            digitsSaved: preferOffset && !shortened ? OffsetLabels.digitsSavedOnARow : 1)
      if let offset {
        for k in ticks.indices {
          ticks[k].label = offset.labels[k]
          widths[k] = Pixel.round(offset.widths[k])
        }
      }
    }
    if horizontal, abs(rotation) < 1, plan.avoidClipping {
      // Labels inside the plot stay inside it; outside, within the space the axes share.
      let low = plan.labelsInside ? min(start, end) : bounds.minX
      let high = plan.labelsInside ? max(start, end) : bounds.maxX
      for i in ticks.indices where widths[i] > 0 {
        let left = ticks[i].position - widths[i] / 2, right = ticks[i].position + widths[i] / 2
        var shift = 0.0
        if left < low { shift = low - left } else if right > high { shift = high - right }
        ticks[i].labelShift = Pixel.round(shift)
      }
    }
    var choice = Choice(nice: nice, ticks: ticks, widths: widths, rotation: rotation)
    choice.offset = offset?.offset
    choice.offsetText = offset?.text ?? ""
    return choice
  }

  /// Whether no two labels overlap (with a small gap) at the choice's rotation.
  func fits(_ c: Choice) -> Bool {
    guard labelsDrawn else { return true }
    var items: [(pos: Double, width: Double)] = []
    for (t, w) in zip(c.ticks, c.widths) where w > 0 { items.append((t.position + (horizontal ? t.labelShift : 0), w)) }
    items.sort { $0.pos < $1.pos }
    let line = TextMetrics.lineHeight(fontSize: fs)
    let gap = max(4, fs * 0.5)
    for (a, b) in zip(items, items.dropFirst()) {
      let d = b.pos - a.pos
      if !horizontal {
        if d < line + 2 { return false }
      } else if abs(c.rotation) < 1 {
        if d - (a.width + b.width) / 2 < gap { return false }
      } else if d < line / abs(sin(c.rotation * .pi / 180)) + 1 {
        return false
      }
    }
    return true
  }
}
