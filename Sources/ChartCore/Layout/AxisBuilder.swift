import Foundation

/// An axis laid out for one plot rectangle, and the thickness of the band it needs beside the plot.
struct BuiltAxis: Sendable {
  var layout: AxisLayout
  /// Px needed on the axis's side of the plot (labels, badges, title).
  var thickness: Double
  /// Px needed on the opposite side (mirrored x labels).
  var oppositeThickness: Double
  /// Px that slanted labels of a horizontal axis reach left of the plot (room the left side must leave).
  var startOverhang: Double = 0
  /// Px that rotated labels of a horizontal axis reach right of the plot.
  var endOverhang: Double = 0
  /// The tick candidates its choices depended on (`TickChooser.Choice.candidatesRead`).
  var candidatesRead: NiceTicks.CandidatesRead = .all
}

/// Turns an `AxisPlan` and a plot rectangle into an `AxisLayout`: ticks, labels, rotation, badges.
enum AxisBuilder {
  /// Where the chart's edges are, for keeping the first and last label inside the canvas.
  struct Bounds: Sendable, Equatable {
    var canvas: Size
    var padding: Insets
    /// Px across the axis that its tick labels may take beyond the tick marks and gap: longer labels
    /// are shortened, and labels of a horizontal axis without a line's room are left out.
    var labelRoom: Double = .infinity
    /// The left and right edges labels of a horizontal axis stay within: the space the axes share
    /// (inside the padding, beside a legend on the left or right).
    var minX: Double
    var maxX: Double
    /// Px slanted labels may reach left of the plot's left edge and right of its right edge: the
    /// room the sides may still give them (they are then widened to the labels' overhang).
    var startReach: Double = .infinity
    var endReach: Double = .infinity

    /// Px a text written across a vertical axis's band may take: a tick label's, a custom label's.
    var widestAcross: Double { min(max(30, canvas.width * 0.3), labelRoom) }

    init(canvas: Size, padding: Insets, minX: Double? = nil, maxX: Double? = nil) {
      self.canvas = canvas
      self.padding = padding
      self.minX = minX ?? padding.left
      self.maxX = maxX ?? canvas.width - padding.right
    }
  }

  /// The last few tick choices of one axis, each with the plan, bounds and pixel span it was made
  /// for. The choice (labels formatted and measured for every candidate step) is most of an axis's
  /// cost; `axesLayout` asks for a few spans while the bands settle, and the next layout of the
  /// document asks for the same spans again unless the data range or the size moved. It also keeps
  /// the last few axes built whole, for a layout that asks for one with the very same arguments.
  struct ChoiceMemo: Sendable {
    struct Entry: Sendable {
      var plan: AxisPlan
      var bounds: Bounds
      var start: Double
      var end: Double
      var choice: TickChooser.Choice
    }
    /// Newest last; a layout needs two spans (before and after the bands settle), rarely more.
    private(set) var entries: [Entry] = []
    static let capacity = 4

    /// Candidate lists of the kept plans' data ranges, for plans that differ from them in that range alone.
    private var candidates = TickCandidateMemo()

    /// The choice kept for this plan, bounds and span; or the choice of a kept plan that differs in
    /// its data range alone, when both ranges get the same tick candidates (an append that stays
    /// inside the domain drawn, followed by an edit that lays the chart out again).
    mutating func choice(_ plan: AxisPlan, _ bounds: Bounds, start: Double, end: Double) -> TickChooser.Choice? {
      // Entries are read in place (`entries[k].field`): `last(where:)` hands its test a copy of
      // every entry it looks at, a retain of each reference in its plan and choice.
      var near: Int? = nil
      for k in entries.indices.reversed() where entries[k].start == start && entries[k].end == end && entries[k].bounds == bounds {
        if entries[k].plan == plan { return entries[k].choice }
        if near == nil { near = k }
      }
      guard let k = near else { return nil }
      let nice = entries[k].choice.nice
      return plan.ticksLike(entries[k].plan, domain: (nice.domainMin, nice.domainMax), read: entries[k].choice.candidatesRead,
                            memo: &candidates) ? entries[k].choice : nil
    }

    mutating func remember(_ entry: Entry) {
      if entries.count >= Self.capacity { entries.removeFirst() }
      entries.append(entry)
    }

    /// A whole axis as `build` made it from these arguments.
    struct Built: Sendable {
      var plan: AxisPlan
      var plot: Rect
      var bounds: Bounds
      var theme: Theme
      var maxThickness: Double
      var axis: BuiltAxis
    }
    /// Newest last: a legend toggle back and forth asks for the same few axes again.
    private(set) var built: [Built] = []

    /// The axis built from the same arguments, if kept: `build` is a function of them alone.
    func builtAxis(_ plan: AxisPlan, plot: Rect, bounds: Bounds, theme: Theme, maxThickness: Double) -> BuiltAxis? {
      for k in built.indices.reversed()
      where built[k].plot == plot && built[k].maxThickness == maxThickness && built[k].bounds == bounds
        && built[k].plan == plan && built[k].theme == theme {
        return built[k].axis
      }
      return nil
    }

    mutating func remember(_ entry: Built) {
      if built.count >= Self.capacity { built.removeFirst() }
      built.append(entry)
    }
  }

  static func build(_ plan: AxisPlan, plot: Rect, bounds: Bounds, theme: Theme,
                    maxThickness: Double = .infinity) -> BuiltAxis {
    var memo = ChoiceMemo()
    return build(plan, plot: plot, bounds: bounds, theme: theme, maxThickness: maxThickness, memo: &memo)
  }

  /// Builds the axis, reusing a choice from `memo` made for the same plan, bounds and span.
  ///
  /// The band never needs more than `maxThickness` px: labels are shortened to fit it (keeping room
  /// for one title line when they can), then the title takes up to `AxisTexts.maxTitleLines` lines
  /// of what is left, or none.
  static func build(_ given: AxisPlan, plot: Rect, bounds given0: Bounds, theme: Theme,
                    maxThickness: Double = .infinity, memo: inout ChoiceMemo) -> BuiltAxis {
    if let kept = memo.builtAxis(given, plot: plot, bounds: given0, theme: theme, maxThickness: maxThickness) { return kept }
    let built = buildAxis(given, plot: plot, bounds: given0, theme: theme, maxThickness: maxThickness, memo: &memo)
    memo.remember(ChoiceMemo.Built(plan: given, plot: plot, bounds: given0, theme: theme, maxThickness: maxThickness, axis: built))
    return built
  }

  /// `build` without the kept axes (the tick choice may still come from `memo`).
  private static func buildAxis(_ given: AxisPlan, plot: Rect, bounds given0: Bounds, theme: Theme,
                                maxThickness: Double, memo: inout ChoiceMemo) -> BuiltAxis {
    let length = given.side.isHorizontal ? plot.width : plot.height
    var given = given
    // Bubbles are drawn no larger than the plot allows (`BubbleSizing.maxDiameter`).
    if given.markRadius > 0 { given.markRadius = min(given.markRadius, BubbleSizing.largestDiameter(in: plot) / 2) }
    var plan = given.paddedForMarks(length: length)
    let fs = plan.fontSize
    let title = plan.common.title.flatMap { $0.isEmpty ? nil : $0 }
    var bounds = given0
    if maxThickness.isFinite, !plan.labelsInside {
      let base = (plan.role == .x && plan.common.drawAxisLine ? 4 : 0) + AxisStyle().labelOffset
      let titleReserve = title == nil ? 0 : AxisTexts.titleThickness(lines: 1, fontSize: fs) + 6
      var room = maxThickness - base - titleReserve
      // Labels come first: the title gives up its line rather than squeeze them below three lines' room.
      if room < 3 * TextMetrics.lineHeight(fontSize: fs) { room = maxThickness - base }
      bounds.labelRoom = max(0, room)
    }
    let horizontal = plan.side.isHorizontal
    var (start, end): (Double, Double)
    if horizontal {
      (start, end) = (plot.minX, plot.maxX)
    } else if case .x = plan.role {
      // Horizontal bar charts list categories from the top down, as a reader scans a list.
      (start, end) = (plot.minY, plot.maxY)
    } else {
      (start, end) = (plot.maxY, plot.minY)
    }
    if plan.inverted { swap(&start, &end) }
    func choose(_ plan: AxisPlan) -> TickChooser.Choice {
      if let memoized = memo.choice(plan, bounds, start: start, end: end) { return memoized }
      let choice = TickChooser(plan: plan, start: start, end: end, bounds: bounds).choose()
      memo.remember(.init(plan: plan, bounds: bounds, start: start, end: end, choice: choice))
      return choice
    }
    var choice = choose(plan)
    var read = choice.candidatesRead
    // A nice domain that grew on one side squeezes the other: widen until the marks fit (rarely twice).
    for _ in 0..<3 {
      guard let wider = given.paddedForMarks(length: length, domain: choice.nice.domainMin...choice.nice.domainMax) else { break }
      plan = wider
      choice = choose(plan)
      read.merge(choice.candidatesRead)
    }
    let built = assemble(choice, plan: plan, read: read, plot: plot, bounds: bounds, theme: theme,
                         maxThickness: maxThickness, start: start, end: end)
    guard choice.offset != nil, built.layout.labelOffset == nil else { return built }
    // No line to show the labels' offset on: the labels are written whole after all (and shortened).
    var whole = TickChooser(plan: plan, start: start, end: end, bounds: bounds)
    whole.offsetAllowed = false
    let plain = whole.choose()
    read.merge(plain.candidatesRead)
    return assemble(plain, plan: plan, read: read, plot: plot, bounds: bounds, theme: theme, maxThickness: maxThickness,
                    start: start, end: end)
  }

  /// The axis of `choice`, its ticks and labels, drawn along `plot` between `start` and `end`: the
  /// scale, badges, custom labels, title lines (the labels' offset last) and the band they take.
  private static func assemble(_ choice: TickChooser.Choice, plan: AxisPlan, read: NiceTicks.CandidatesRead, plot: Rect,
                               bounds: Bounds, theme: Theme, maxThickness: Double, start: Double, end: Double) -> BuiltAxis {
    let horizontal = plan.side.isHorizontal
    let length = horizontal ? plot.width : plot.height
    let fs = plan.fontSize
    let title = plan.common.title.flatMap { $0.isEmpty ? nil : $0 }
    let nice = choice.nice
    let scale = ValueScale(domainMin: nice.domainMin, domainMax: nice.domainMax, rangeStart: start, rangeEnd: end,
                           transform: plan.transform)
    var ticks = choice.ticks
    if !horizontal { placeVerticalLabels(&ticks, plan: plan, plot: plot) }

    var style = AxisStyle()
    style.labelColor = plan.common.labelColor ?? theme.secondaryText
    style.lineColor = theme.axisLine
    style.gridColor = plan.common.gridColor ?? theme.grid
    style.gridDash = plan.common.gridDash
    style.zeroLineColor = plan.zeroLineColor ?? theme.zeroLine
    style.mirrored = plan.mirrored
    style.titleFontSize = fs
    if case .x = plan.role, plan.common.drawAxisLine { style.tickLength = 4 }
    if plan.drawZeroLine, scale.contains(0) { style.zeroLine = Pixel.round(scale.map(0)) }

    // Log ticks share no step: a badge is written with its own value's digits.
    let badges = AxisBadges.make(plan, scale: scale, step: nice.logSpaced ? nil : nice.step.value, plot: plot,
                                 bounds: bounds, base: style.tickLength + style.labelOffset, theme: theme)
    // Custom labels sit outside the plot, beside the regular labels; badges win over them.
    var custom = AxisCustomLabels.place(plan, scale: scale, bounds: bounds, color: style.labelColor)
    custom.removeAll { l in
      badges.contains { b in
        let half = AxisCustomLabels.extent(width: l.width, fontSize: fs, horizontal: horizontal) / 2
        let (from, to) = horizontal ? (b.box.minX, b.box.maxX) : (b.box.minY, b.box.maxY)
        return l.center + half > from && l.center - half < to
      }
    }

    var layout = AxisLayout(side: plan.side, scale: scale, ticks: ticks, labelRotation: choice.rotation,
                            labelsInside: plan.labelsInside, band: .zero, badges: badges, title: title, fontSize: fs,
                            drawLabels: plan.enabled && plan.common.drawLabels,
                            drawAxisLine: plan.enabled && plan.common.drawAxisLine,
                            drawGrid: plan.enabled && plan.drawGrid, style: style)
    layout.customLabels = custom
    if layout.drawLabels { hideOverlappingLabels(&layout, plot: plot) }
    let offsetLine = choice.offset != nil && layout.drawLabels ? choice.offsetText : nil
    if title != nil || offsetLine != nil, plan.enabled {
      // The title takes the lines left over by the labels (none when there are none).
      let left = maxThickness - bandThickness(layout, plan: plan, widths: choice.widths) - 6
      var lines = AxisTexts.maxTitleLines
      while lines > 0, AxisTexts.titleThickness(lines: lines, fontSize: style.titleFontSize) > left { lines -= 1 }
      // The labels' offset comes first, whole or not at all: without it they do not say their values.
      var offsetShown = false
      if let offsetLine, lines > 0, TextMetrics.width(offsetLine, fontSize: style.titleFontSize) <= length {
        lines -= 1
        offsetShown = true
      }
      // Whole words only: a title whose first word does not fit a line is one line shortened with "…".
      let firstWord = title.flatMap { TextMetrics.tokens($0).first?.trimmingLeadingSpaces() } ?? ""
      if lines == 0 || title == nil {
        layout.titleLines = []
      } else if let title, TextMetrics.width(firstWord, fontSize: style.titleFontSize) > length {
        let shown = TextMetrics.truncate(title, toWidth: length, fontSize: style.titleFontSize)
        layout.titleLines = shown.isEmpty || shown == "…" ? [] : [shown]
      } else if let title {
        layout.titleLines = TextMetrics.wrap(title, toWidth: length, fontSize: style.titleFontSize, maxLines: lines,
                                             breakWords: false)
      }
      if offsetShown, let offsetLine {
        layout.titleLines.append(offsetLine)
        layout.labelOffset = choice.offset
      }
    }
    if plan.minorGrid, layout.drawGrid, let base = plan.transform.base {
      layout.minorGrid = LogTicks.minor(domain: nice.domainMin, nice.domainMax, base: base, ticks: ticks.map(\.value))
        .map { Pixel.round(scale.map($0)) }
    }
    let thickness = plan.enabled ? bandThickness(layout, plan: plan, widths: choice.widths) : 0
    let opposite = plan.enabled && plan.mirrored && layout.drawLabels ? labelThickness(layout, widths: choice.widths) : 0
    var built = BuiltAxis(layout: layout, thickness: thickness, oppositeThickness: opposite, candidatesRead: read)
    if plan.enabled, layout.drawLabels, horizontal, abs(choice.rotation) >= 1, !plan.labelsInside {
      // Slanted labels hang beside their ticks: the sides of the plot must leave them room.
      var sides = [plan.side]
      if plan.mirrored { sides.append(plan.side.opposite) }
      let boxes = sides.flatMap { AxisTexts.labels(layout, plot: plot, side: $0) }.map(\.box.bounds)
      if let lo = boxes.map(\.minX).min(), let hi = boxes.map(\.maxX).max() {
        built.startOverhang = max(0, (plot.minX - lo).rounded(.up))
        built.endOverhang = max(0, (hi - plot.maxX).rounded(.up))
      }
    }
    return built
  }

  /// Blanks each label under a badge or a custom label, and each that would overlap the last one
  /// kept before it (a plot too short for even two rows of labels, labels the caller placed by
  /// `tickValues`): drawn labels never overlap.
  static func hideOverlappingLabels(_ axis: inout AxisLayout, plot: Rect) {
    // `AxisTexts.labels` lists the labelled ticks in order: the k-th text is the k-th labelled tick's.
    let labelled = axis.ticks.indices.filter { !axis.ticks[$0].label.isEmpty }
    // Custom labels are drawn outside the plot: labels drawn inside it never meet them.
    let custom = axis.labelsInside ? [] : AxisTexts.customLabels(axis, plot: plot)
    guard labelled.count > (axis.badges.isEmpty && custom.isEmpty ? 1 : 0) else { return }
    let boxes = AxisTexts.labels(axis, plot: plot, side: axis.side).map(\.box)
    guard boxes.count == labelled.count else { return }
    // A label under a badge or a custom label gives way to it (they win), judged by the label's
    // box: a slanted label reaches along the axis far from its tick. Along a horizontal axis a
    // label keeps 2 px from a badge's sides and 4 from a custom label's; along a vertical one,
    // 1 px from a custom label's.
    let horizontal = axis.side.isHorizontal
    let badgeGap = horizontal ? 2.0 : 0, customGap = horizontal ? AxisCustomLabels.gap : 1
    let winners = axis.badges.map { TextBox(rect: $0.box.insetBy(dx: -badgeGap, dy: 0)) }
      + custom.map { TextBox(rect: $0.box.bounds.insetBy(dx: horizontal ? -customGap : 0, dy: horizontal ? 0 : -customGap)) }
    let under = labelled.indices.filter { k in winners.contains { $0.overlaps(boxes[k], tolerance: 0.1) } }
    for k in under { axis.ticks[labelled[k]].label = "" }
    let order = labelled.indices.filter { !under.contains($0) }
      .sorted { axis.ticks[labelled[$0]].position < axis.ticks[labelled[$1]].position }
    var kept: TextBox? = nil
    for k in order {
      if let last = kept, last.overlaps(boxes[k], tolerance: 0.1) { axis.ticks[labelled[k]].label = "" } else { kept = boxes[k] }
    }
  }

  /// Baseline offsets of labels on vertical axes: centred on the tick outside, just above the grid
  /// line inside (below it at the very top, where above would leave the plot).
  static func placeVerticalLabels(_ ticks: inout [Tick], plan: AxisPlan, plot: Rect) {
    let fs = plan.fontSize
    for i in ticks.indices {
      if plan.labelsInside {
        let above = ticks[i].position - 3
        ticks[i].labelShift = above - TextMetrics.capHeight * fs < plot.minY ? TextMetrics.capHeight * fs + 3 : -3
      } else {
        ticks[i].labelShift = Pixel.round(TextMetrics.centeringOffset(fontSize: fs))
      }
    }
  }

  /// Px of the band: tick marks, label gap, labels (or badges, whichever is larger) and the title.
  static func bandThickness(_ axis: AxisLayout, plan: AxisPlan, widths: [Double]) -> Double {
    var labels = axis.drawLabels && !axis.labelsInside ? labelThickness(axis, widths: widths) : 0
    if axis.side.isHorizontal {
      if axis.drawAxisLine { labels = max(labels, axis.style.tickLength) }
      let badges = axis.badges.map { 2 + $0.box.height }.max() ?? 0
      labels = max(labels, badges)
    } else {
      let badges = axis.badges.map { 2 + $0.box.width }.max() ?? 0
      labels = max(labels, badges)
    }
    // Custom labels are drawn outside the plot even when the regular ones are not (or are inside).
    if !axis.customLabels.isEmpty {
      let base = axis.style.tickLength + axis.style.labelOffset
      let custom = axis.side.isHorizontal
        ? base + TextMetrics.lineHeight(fontSize: axis.fontSize)
        : base + (axis.customLabels.map(\.width).max() ?? 0)
      labels = max(labels, custom)
    }
    let lines = axis.drawLabels ? axis.titleLines.count : 0
    let title = lines == 0 ? 0 : AxisTexts.titleThickness(lines: lines, fontSize: axis.style.titleFontSize) + 6
    return (labels + title).rounded(.up)
  }

  /// Px the tick labels take away from the plot edge: none when no label is drawn (a band too
  /// thin for a line of them keeps only its tick marks, and the plot takes the rest).
  static func labelThickness(_ axis: AxisLayout, widths: [Double]) -> Double {
    guard axis.ticks.contains(where: { !$0.label.isEmpty }) else { return 0 }
    let fs = axis.fontSize
    let widest = widths.max() ?? 0
    let base = axis.style.tickLength + axis.style.labelOffset
    if !axis.side.isHorizontal { return widest > 0 ? base + widest : 0 }
    let theta = axis.labelRotation * .pi / 180
    if abs(axis.labelRotation) < 1 { return base + TextMetrics.lineHeight(fontSize: fs) }
    return base + widest * abs(sin(theta)) + TextMetrics.capHeight * fs * abs(cos(theta)) + 2
  }
}

/// Pixel rounding so that layout values compare equal across recomputation.
enum Pixel {
  /// Rounded to 1/100 px (the precision of the SVG output).
  @inline(__always)
  static func round(_ v: Double) -> Double {
    guard v.isFinite else { return 0 }
    let r = (v * 100).rounded() / 100
    return r == 0 ? 0 : r
  }

  /// The coordinate on which a line of `width` px is crisp: half pixels for odd widths.
  @inline(__always)
  static func crisp(_ v: Double, width: Double) -> Double {
    guard v.isFinite else { return 0 }
    let w = width.isFinite ? Int(min(max(width, 0), 1_000).rounded()) : 1
    return w % 2 == 1 ? (v - 0.5).rounded() + 0.5 : v.rounded()
  }
}
