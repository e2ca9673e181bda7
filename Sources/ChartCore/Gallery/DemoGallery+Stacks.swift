import ChartdJSON

extension DemoGallery {
  /// Monthly electricity by source over two years (seeded), bottom of the stack first.
  static func energyMix() -> [(id: String, label: String, values: [Double])] {
    var rng = SeededRandom(seed: 16)
    let sources: [(String, String, Double, Double)] = [
      ("nuclear", "Nuclear", 30, 0), ("hydro", "Hydro", 14, 5), ("wind", "Wind", 18, -6), ("solar", "Solar", 6, 9),
    ]
    return sources.map { id, label, level, season in
      let values = (0..<24).map { m -> Double in
        // A yearly swing (solar peaks in summer, wind in winter) and some noise.
        let phase = Double(m % 12) / 12
        let swing = season * (1 - abs(phase - 0.5) * 4)
        return max(0, level + swing + rng.normal() * 1.5).rounded2
      }
      return (id, label, values)
    }
  }

  static func months() -> [JSONValue] {
    let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    return (0..<24).map { .string("\(names[$0 % 12]) \($0 < 12 ? 25 : 26)") }
  }

  /// Stacked areas (ECharts' `stack` with `areaStyle`): each source drawn on the ones before it.
  static func stackedArea() -> String {
    let sets: [JSONValue] = energyMix().map { id, label, values in
      ["id": .string(id), "label": .string(label), "stack": "grid", "line": ["fill": true, "fillOpacity": 0.55], "entries": nums(values)]
    }
    return json([
      "kind": "line", "title": "Electricity by source (TWh)",
      "dataSets": .array(sets),
      "xAxis": ["format": ["type": "category", "labels": .array(months())], "granularity": 1],
      "highlights": [["dataSet": "wind", "index": 14]],
    ])
  }

  /// Percent stacking: every month divided by its total, so the stack fills 0 … 100 %; one source
  /// hidden from its legend item leaves the stack and the others share the whole.
  static func percentArea() -> String {
    let sets: [JSONValue] = energyMix().map { id, label, values in
      ["id": .string(id), "label": .string(label), "stack": "grid", "visible": .bool(id != "hydro"),
       "line": ["fill": true, "fillOpacity": 0.55, "mode": "horizontalBezier"], "entries": nums(values)]
    }
    return json([
      "kind": "line", "title": "Share of electricity by source, hydro hidden", "stackMode": "percent",
      "dataSets": .array(sets),
      "xAxis": ["format": ["type": "category", "labels": .array(months())], "granularity": 1],
      "highlights": [["dataSet": "solar", "index": 6]],
    ])
  }
}
