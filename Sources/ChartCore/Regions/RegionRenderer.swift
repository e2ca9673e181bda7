/// Renders one region to its complete element markup (one line).
public enum RegionRenderer {
  public static func render(_ name: RegionName, prefix: String, model: ChartModel, layout: ChartLayout,
                            aggregations: Aggregations) -> String {
    var none: StraightPathMemos? = nil
    return render(name, prefix: prefix, model: model, layout: layout, aggregations: aggregations, memos: &none)
  }

  /// `render`, with the checkpoints of straight line chunks drawn before (`LineRenderer.straightPath`):
  /// the same markup, an append to a large line's last chunk drawn from a few entries before its end.
  /// `id`: the region's element id when the caller holds it (`name.id(prefix:)`, which encodes the
  /// data set id again).
  static func render(_ name: RegionName, id: String? = nil, prefix: String, model: ChartModel, layout: ChartLayout,
                     aggregations: Aggregations, memos: inout StraightPathMemos?) -> String {
    let id = id ?? name.id(prefix: prefix)
    var svg = SVGWriter()
    switch name {
    case .accessibleTitle:
      svg.open("title"); svg.attr("id", id); svg.close()
      svg.text(model.spec.title ?? "\(kindName(model.spec.kind)) chart")
      svg.end("title")
    case .accessibleDescription:
      svg.open("desc"); svg.attr("id", id); svg.close()
      svg.text(model.spec.description ?? ChartSummary.describe(model, layout))
      svg.end("desc")
    case .definitions:
      svg.open("defs"); svg.attr("id", id); svg.close()
      for (k, rect) in layout.paneRects.enumerated() {
        svg.open("clipPath"); svg.attr("id", clipID(prefix, pane: k)); svg.close()
        svg.open("rect"); svg.attr("x", rect.x); svg.attr("y", rect.y)
        svg.attr("width", rect.width); svg.attr("height", rect.height); svg.selfClose()
        svg.end("clipPath")
      }
      svg.end("defs")
    case .background:
      svg.open("rect"); svg.attr("id", id); svg.attr("width", layout.canvas.width); svg.attr("height", layout.canvas.height)
      svg.attr("fill", color: layout.theme.background); svg.selfClose()
    case .grid:
      group(&svg, id, role: "grid") { GridRenderer.render(model: model, layout: layout, into: &$0) }
    case .limitLines(let front):
      let panes = Set(layout.limitLines.lazy.filter { LimitLineRenderer.draws($0, front: front) }.map(\.pane)).sorted()
      guard panes.contains(where: { $0 > 0 }) else {
        group(&svg, id, role: "limit-lines", clip: prefix) { LimitLineRenderer.render(front: front, model: model, layout: layout, into: &$0) }
        break
      }
      // Lines of lower panes are clipped to their own pane: a clipped group for each pane that has some.
      group(&svg, id, role: "limit-lines") { out in
        for k in panes {
          out.open("g"); out.attr("clip-path", "url(#\(clipID(prefix, pane: k)))"); out.close()
          LimitLineRenderer.render(front: front, pane: k, model: model, layout: layout, into: &out)
          out.end("g")
        }
      }
    case .series(let dataSetID, let chunk):
      guard let i = model.dataSetIndex(id: dataSetID) else { break }
      // Fields read in place: a data set bound to a name is copied, a retain per column.
      svg.open("g"); svg.attr("id", id); svg.attr("data-role", literal: "series")
      svg.attr("data-dataset", model.spec.dataSets[i].id)
      // Looked up once, for the indices and the mode.
      let m4 = aggregations.aggregation(of: dataSetID)
      let indices = RegionPlan.chunkIndices(model, dataSet: i, chunk: chunk, aggregations, m4: m4)
      // Room for the chunk's markup at once (a line's path takes under 14 bytes per entry): grown
      // from the default room, it was copied three times on the way.
      svg.reserve(more: indices.count * 14 + 384)
      guard model.spec.dataSets[i].visible, let ctx = seriesContext(model, layout, dataSet: i, indices: indices, regionID: id)
      else {
        svg.attr("display", literal: "none"); svg.selfClose(); break
      }
      // Say which mode produced the fragment: M4 output keeps column extremes, not every entry.
      if m4 != nil { svg.attr("data-mode", literal: "m4") }
      let pane = model.spec.pane(of: i)
      svg.attr("clip-path") { clipURL(prefix, pane: pane, into: &$0) }
      svg.close()
      let kind = model.seriesKind(of: i)
      if m4 == nil, chunkDrawsNothing(ctx, kind: kind, chunk: chunk) {
        svg.end("g")
        break
      }
      switch kind {
      case .line: LineRenderer.render(ctx, into: &svg, memos: &memos)
      case .bar: BarRenderer.render(ctx, into: &svg)
      case .scatter: ScatterRenderer.render(ctx, into: &svg)
      case .bubble: BubbleRenderer.render(ctx, into: &svg)
      case .candlestick: CandleRenderer.render(ctx, into: &svg)
      case nil: break
      }
      svg.end("g")
    case .valueLabels(let dataSetID):
      guard let i = model.dataSetIndex(id: dataSetID) else { break }
      svg.open("g"); svg.attr("id", id); svg.attr("data-role", "value-labels"); svg.attr("data-dataset", dataSetID)
      if let radar = layout.radar {
        guard model.spec.dataSets[i].visible else { svg.attr("display", "none"); svg.selfClose(); break }
        var inner = SVGWriter()
        RadarRenderer.valueLabels(model: model, radar: radar, dataSet: i, into: &inner)
        if inner.isEmpty { svg.selfClose(); break }
        svg.close(); svg.raw(inner); svg.end("g")
        break
      }
      let n = model.spec.dataSets[i].entries.count
      guard model.spec.dataSets[i].visible,
            let ctx = seriesContext(model, layout, dataSet: i, indices: .range(0..<n), regionID: id) else {
        svg.attr("display", "none"); svg.selfClose(); break
      }
      svg.close()
      ValueLabelRenderer.render(ctx, into: &svg)
      svg.end("g")
    case .pie:
      group(&svg, id, role: "pie") { PieRenderer.render(model: model, layout: layout, into: &$0) }
    case .radarWeb:
      group(&svg, id, role: "grid") { RadarRenderer.web(model: model, layout: layout, into: &$0) }
    case .radarPolygon(let dataSetID):
      guard let i = model.dataSetIndex(id: dataSetID) else { break }
      svg.open("g"); svg.attr("id", id); svg.attr("data-role", "series"); svg.attr("data-dataset", dataSetID)
      guard model.spec.dataSets[i].visible, let radar = layout.radar else { svg.attr("display", "none"); svg.selfClose(); break }
      svg.close()
      RadarRenderer.polygon(model: model, radar: radar, dataSet: i, into: &svg)
      svg.end("g")
    case .radarScale:
      group(&svg, id, role: "axis") { RadarRenderer.ringLabels(model: model, layout: layout, into: &$0) }
    case .radarCategories:
      group(&svg, id, role: "axis") { RadarRenderer.categoryLabels(model: model, layout: layout, into: &$0) }
    case .xAxis:
      if let axis = layout.x { group(&svg, id, role: "axis") { AxisRenderer.render(axis: axis, plot: layout.frame, model: model, layout: layout, into: &$0) } }
    case .leftAxis:
      if let axis = layout.left { group(&svg, id, role: "axis") { AxisRenderer.render(axis: axis, plot: layout.plot, model: model, layout: layout, into: &$0) } }
    case .rightAxis:
      if let axis = layout.right { group(&svg, id, role: "axis") { AxisRenderer.render(axis: axis, plot: layout.plot, model: model, layout: layout, into: &$0) } }
    case .paneAxis(let k):
      if k >= 1, k <= layout.panes.count {
        let pane = layout.panes[k - 1]
        group(&svg, id, role: "axis") { AxisRenderer.render(axis: pane.axis, plot: pane.rect, model: model, layout: layout, into: &$0) }
      }
    case .legendItem(let key):
      guard let item = layout.legend?.items.first(where: { RegionPlan.legendKey($0) == key }) else { break }
      svg.open("g"); svg.attr("id", id); svg.attr("data-role", "legend-item")
      if let ds = item.dataSetID { svg.attr("data-dataset", ds) }
      if let e = item.entryIndex { svg.attr("data-entry", Double(e)) }
      if item.dimmed { svg.attr("data-hidden", "true") }
      if item.moreCount > 0 { svg.attr("data-more", Double(item.moreCount)) }
      svg.close()
      LegendRenderer.render(item: item, id: id, model: model, layout: layout, into: &svg)
      svg.end("g")
    case .title:
      if let t = layout.title { group(&svg, id, role: "title") { TitleRenderer.render(title: t, model: model, layout: layout, into: &$0) } }
    case .noData:
      if let n = layout.noData {
        group(&svg, id, role: "no-data") {
          $0.textElement(n.text, x: n.center.x, y: n.center.y + TextMetrics.centeringOffset(fontSize: n.fontSize), anchor: "middle",
                         fontSize: n.fontSize, color: layout.theme.secondaryText)
        }
      }
    case .highlight:
      group(&svg, id, role: "highlight") { HighlightRenderer.render(model: model, layout: layout, into: &$0) }
    case .marker:
      group(&svg, id, role: "marker") { MarkerRenderer.render(model: model, layout: layout, into: &$0) }
    }
    if svg.isEmpty {
      // A region whose subject vanished mid-plan still needs its element so ids stay balanced.
      svg.open("g"); svg.attr("id", id); svg.selfClose()
    }
    return svg.output
  }

  public static func seriesContext(_ model: ChartModel, _ layout: ChartLayout, dataSet i: Int, indices: EntryIndices,
                                   regionID: String) -> SeriesContext? {
    guard let xAxis = layout.x, let yAxis = layout.valueAxis(model.valueAxis(of: i)) else { return nil }
    return SeriesContext(model: model, layout: layout, dataSetIndex: i, color: model.color(of: i), xScale: xAxis.scale,
                         yScale: yAxis.scale, indices: indices, regionID: regionID)
  }

  /// The id of the clip path of pane `k` (`-plot` for the main one, whose id predates panes).
  static func clipID(_ prefix: String, pane k: Int) -> String { k == 0 ? prefix + "-plot" : prefix + "-plot-\(k)" }

  /// `url(#` `clipID` `)` written into an attribute value: every series region writes one, and
  /// the string made for it cost more than the escape of the prefix alone.
  static func clipURL(_ prefix: String, pane k: Int, into svg: inout SVGWriter) {
    svg.raw("url(#")
    svg.attributeText(prefix)
    svg.raw("-plot")
    if k != 0 {
      svg.raw("-")
      svg.raw(String(k))
    }
    svg.raw(")")
  }

  /// `<g id data-role [clip-path]>…</g>`, or a self-closed group when the body writes nothing.
  private static func group(_ svg: inout SVGWriter, _ id: String, role: String, clip prefix: String? = nil,
                            _ body: (inout SVGWriter) -> Void) {
    var inner = SVGWriter()
    body(&inner)
    svg.open("g"); svg.attr("id", id); svg.attr("data-role", role)
    if let prefix, !inner.isEmpty { svg.attr("clip-path", "url(#\(prefix)-plot)") }
    if inner.isEmpty { svg.selfClose(); return }
    svg.close()
    svg.raw(inner)
    svg.end("g")
  }

  static func kindName(_ kind: ChartKind) -> String {
    switch kind {
    case .line: return "Line"
    case .bar: return "Bar"
    case .scatter: return "Scatter"
    case .bubble: return "Bubble"
    case .candlestick: return "Candlestick"
    case .pie: return "Pie"
    case .radar: return "Radar"
    case .combined: return "Combined"
    }
  }
}
