/// Draws one chunk of a scatter data set as symbols.
///
/// A pure function of its inputs: it writes the inner markup of its region and nothing else.
/// All symbols of one colour go into ONE `<path>` (one per distinct per-entry colour, in order of
/// first use), so 10,000 points cost one element. Symbols off the plot are left out, and above
/// `dedupThreshold` symbols in a chunk a symbol whose position, at the output's 1/100 px
/// precision, repeats an earlier one of the same colour is left out too: one path paints
/// overlapping subpaths once, so this changes no pixel.
public enum ScatterRenderer {
  /// Symbols in a chunk above which repeated positions are skipped.
  public static let dedupThreshold = 2_000

  /// Writes the chunk's symbols, one path per colour.
  public static func render(_ ctx: SeriesContext, into svg: inout SVGWriter) {
    let style = ctx.dataSet.scatter
    guard style.size > 0, style.size.isFinite else { return }
    let e = ctx.entries
    let n = min(e.x.count, e.y.count)
    let half = style.size / 2
    let visible = ctx.plot
    let margin = reach(style)
    let dedup = ctx.indices.count > dedupThreshold
    var seen = PositionSet(expected: dedup ? ctx.indices.count : 0)
    var groups: [(color: Color, path: PathBuilder, count: Int)] = []
    var groupOf: [Color: Int] = [:]
    let perEntryColors = e.colors != nil || !ctx.dataSet.colors.isEmpty
    // Consecutive symbols mostly share a colour (always, without per-entry colours): the last
    // group is checked before the dictionary.
    var last: (color: Color, group: Int)? = nil

    ctx.indices.forEach { i in
      guard i >= 0, i < n, let p = ctx.point(x: e.x[i], y: e.y[i]) else { return }
      guard p.x >= visible.minX - margin, p.x <= visible.maxX + margin,
            p.y >= visible.minY - margin, p.y <= visible.maxY + margin else { return }
      let color = perEntryColors ? ctx.color(ofEntry: i) : ctx.color
      let g: Int
      if let last, last.color == color {
        g = last.group
      } else if let known = groupOf[color] {
        g = known
      } else {
        g = groups.count
        groupOf[color] = g
        groups.append((color, PathBuilder(capacity: min(ctx.indices.count, 20_000) * 24), 0))
      }
      last = (color, g)
      if dedup {
        guard seen.insert(x: Int64(Int(clamping: (p.x * 100).rounded())), y: Int64(Int(clamping: (p.y * 100).rounded())),
                          group: g) else { return }
      }
      appendSymbol(style.shape, at: p, half: half, to: &groups[g].path)
      groups[g].count += 1
    }

    for group in groups {
      svg.open("path")
      svg.attr("d", path: group.path)
      switch style.shape {
      case .circle:
        // Zero-length segments with round caps: a filled circle of diameter `size` in a few bytes.
        svg.attr("fill", "none")
        svg.attr("stroke", color: group.color)
        svg.attr("stroke-width", style.size)
        svg.attr("stroke-linecap", "round")
      case .square, .triangle:
        svg.attr("fill", color: group.color)
      case .cross, .x, .chevronUp, .chevronDown:
        svg.attr("fill", "none")
        svg.attr("stroke", color: group.color)
        svg.attr("stroke-width", strokeWidth(style))
        svg.attr("stroke-linecap", "round")
        svg.attr("stroke-linejoin", "round")
      }
      svg.attr("aria-label", "\(ctx.dataSet.label): \(group.count) \(group.count == 1 ? "point" : "points")")
      svg.selfClose()
    }
  }

  /// The pixels a symbol may cover beyond its point: a symbol further off the plot is left out.
  static func reach(_ style: ScatterStyle) -> Double { style.size / 2 + strokeWidth(style) }

  /// Line width of the stroked shapes (cross, x, chevrons).
  static func strokeWidth(_ style: ScatterStyle) -> Double { max(1, style.size / 5) }

  /// Appends one symbol centred on `p`, `half` being half its size.
  static func appendSymbol(_ shape: ScatterShape, at p: Point, half h: Double, to path: inout PathBuilder) {
    let x = p.x, y = p.y
    switch shape {
    case .circle:
      path.move(x, y)
      path.horizontal(x)
    case .square:
      path.move(x - h, y - h)
      path.horizontal(x + h)
      path.vertical(y + h)
      path.horizontal(x - h)
      path.closePath()
    case .triangle:
      path.move(x, y - h)
      path.line(x + h, y + h)
      path.line(x - h, y + h)
      path.closePath()
    case .cross:
      path.move(x - h, y)
      path.horizontal(x + h)
      path.move(x, y - h)
      path.vertical(y + h)
    case .x:
      path.move(x - h, y - h)
      path.line(x + h, y + h)
      path.move(x + h, y - h)
      path.line(x - h, y + h)
    case .chevronUp:
      path.move(x - h, y + h / 2)
      path.line(x, y - h / 2)
      path.line(x + h, y + h / 2)
    case .chevronDown:
      path.move(x - h, y - h / 2)
      path.line(x, y + h / 2)
      path.line(x + h, y - h / 2)
    }
  }
}
