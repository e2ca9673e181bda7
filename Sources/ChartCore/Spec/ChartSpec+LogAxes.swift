import ChartdJSON

/// Diagnostics of logarithmic axes (protocol/spec/axes.md, "Logarithmic axes"): what a log axis
/// cannot place is reported as a warning at its pointer and left out of the picture.
extension ChartSpec {
  /// Whether the x axis is drawn on a log scale: asked for, and not an index axis (bars, candles,
  /// category labels), where a log scale is ignored with a warning.
  public var hasLogXAxis: Bool {
    guard xAxis.common.scale == .log, kind != .pie, !AxisPlanner.isCategoryFormatter(xAxis.common.formatter) else { return false }
    return !dataSets.contains { ds in
      let k = ds.seriesKind(in: kind)
      return k == .bar || k == .candlestick
    }
  }

  /// Whether a value axis of the main pane is logarithmic.
  public func hasLogValueAxis(_ dependency: AxisDependency) -> Bool { hasLogValueAxis(ValueAxisRef(dependency)) }

  /// Whether a value axis is logarithmic.
  public func hasLogValueAxis(_ ref: ValueAxisRef) -> Bool {
    kind != .pie && valueAxisSpec(ref).common.scale == .log
  }

  /// The spec of the value axis `ref` names (a pane that does not exist: the left axis's).
  public func valueAxisSpec(_ ref: ValueAxisRef) -> YAxisSpec {
    switch ref {
    case .left: return leftAxis
    case .right: return rightAxis
    case .pane(let k): return k >= 1 && k < panes.count ? panes[k].axis : leftAxis
    }
  }

  /// The value axis data set `i` is drawn against (`ChartModel.valueAxis(of:)` without a model).
  public func valueAxis(of i: Int) -> ValueAxisRef {
    let k = pane(of: i)
    return k > 0 ? .pane(k) : ValueAxisRef(dataSets[i].axis)
  }

  /// Warns about a log scale on an index x axis, and about entries, limit lines and viewport ends
  /// at or below 0 on log axes. `limitLines` pairs each line read with its index in the spec.
  func checkLogAxes(at path: JSONPointer, limitLines: [(Int, LimitLineSpec)], log: DiagnosticLog) {
    if xAxis.common.scale == .log, kind != .pie, !hasLogXAxis {
      let why = AxisPlanner.isCategoryFormatter(xAxis.common.formatter)
        ? "a category or indexDate formatter makes the x axis an index axis"
        : "bar and candlestick data sets put their entries at indices"
      log.warning(path / "xAxis" / "scale", "'log' is ignored: \(why)")
    }
    let logX = hasLogXAxis
    for (i, ds) in dataSets.enumerated() {
      guard let drawn = ds.seriesKind(in: kind) else { continue }
      ds.entries.warnUnplaceable(kind: drawn, logX: logX, logY: hasLogValueAxis(valueAxis(of: i)),
                                 at: path / "dataSets" / i / "entries", log: log)
    }
    for (i, line) in limitLines where !(line.value > 0) {
      // The axis of the line's pane (a lower pane's own axis may be the logarithmic one).
      let onLog = valueAxis(of: line).map { hasLogValueAxis($0) } ?? logX
      if onLog {
        log.warning(path / "limitLines" / i / "value", "\(SpecObject.format(line.value)) is not drawn: the axis is logarithmic and shows positive values only")
      }
    }
    if logX, let v = viewport {
      for (key, end) in [("xMin", v.xMin), ("xMax", v.xMax)] {
        if let end, !(end > 0) {
          log.warning(path / "viewport" / key, "\(SpecObject.format(end)) is ignored: the x axis is logarithmic (that end stays open)")
        }
      }
    }
  }
}

extension EntryColumns {
  /// Most unplaceable entries reported one by one per data set; more get one summary after them.
  static let logWarningLimit = 10

  /// Warns at every entry a log axis cannot place: an x at or below 0 on a log x axis, a value at
  /// or below 0 on a log value axis (a candle's open, high, low or close; a stack's negative
  /// segments). Such entries are skipped in drawing: a line breaks there, as at a missing value.
  /// Missing values (null) are gaps on every axis and are not reported.
  public func warnUnplaceable(kind: SeriesKind, logX: Bool, logY: Bool, at path: JSONPointer, log: DiagnosticLog) {
    guard logX || logY else { return }
    var reported = 0
    func report(_ i: Int, _ message: @autoclosure () -> String) {
      reported += 1
      if reported <= Self.logWarningLimit { log.warning(path / i, message()) }
    }
    // The x and y columns differ in length only in invalid input.
    for i in 0..<min(x.count, y.count) {
      if logX, x[i] <= 0 {
        report(i, "x \(ValueFormatter.format(x[i], nil)) is not drawn: the x axis is logarithmic and shows positive values only")
        continue
      }
      guard logY, let bad = nonPositiveValue(at: i, kind: kind) else { continue }
      report(i, "\(bad.name) \(ValueFormatter.format(bad.value, nil)) is not drawn: the value axis is logarithmic and shows positive values only")
    }
    if reported > Self.logWarningLimit {
      log.warning(path, "\(reported - Self.logWarningLimit) more entries at or below 0 are not drawn on the logarithmic axis")
    }
  }

  /// The first value of entry `i` a log value axis cannot place, and what it is called.
  private func nonPositiveValue(at i: Int, kind: SeriesKind) -> (name: String, value: Double)? {
    switch kind {
    case .candlestick:
      let columns: [(String, EntryColumn<Double>?)] = [("open", open), ("high", high), ("low", low), ("close", close)]
      for (name, c) in columns {
        if let c, i < c.count, c[i] <= 0 { return (name, c[i]) }
      }
      return nil
    case .bar:
      if let stacks, i < stacks.count, !stacks[i].isEmpty {
        return stacks[i].firstIndex { $0 < 0 }.map { ("stack segment \($0)", stacks[i][$0]) }
      }
      return y[i] <= 0 ? ("value", y[i]) : nil
    case .line, .scatter, .bubble:
      return y[i] <= 0 ? ("value", y[i]) : nil
    }
  }
}
