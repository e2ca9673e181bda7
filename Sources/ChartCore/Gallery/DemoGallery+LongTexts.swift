import ChartdJSON

extension DemoGallery {
  /// Issue 16's case: at 640×360 a 200-character y title, long category labels, legend labels and
  /// x title, every one fitted (wrapped, shortened with "…", or given room).
  static func longTexts() -> String {
    let yTitle = String(String(repeating: "Quarterly revenue in thousands of euros, adjusted ", count: 4).prefix(200))
    let categories: [JSONValue] = [
      "North-western regional distribution centre", "South-eastern warehouses and depots",
      "Central administration (headquarters)", "Online marketplace partners worldwide",
      "Franchise stores in the Benelux countries", "Export to overseas customers",
    ]
    func set(_ id: String, _ label: String, _ v: [Double]) -> JSONValue {
      ["id": .string(id), "label": .string(label), "entries": nums(v)]
    }
    return json([
      "kind": "bar", "width": 640, "height": 360,
      "title": "Revenue by sales channel and year",
      "dataSets": [
        set("a", "Fiscal year 2024 (audited figures, restated for the merger)", [120, 340, 90, 410, 150, 230]),
        set("b", "Fiscal year 2025 (preliminary, unaudited, subject to change)", [140, 310, 110, 460, 170, 260]),
        set("c", "Budget 2026 as approved by the supervisory board in December", [160, 360, 100, 500, 190, 280]),
      ],
      "xAxis": ["title": "Sales channel (grouped by the organisational unit responsible for the customer relationship)",
                "format": ["type": "category", "labels": .array(categories)]],
      "leftAxis": ["title": .string(yTitle)],
    ])
  }
}
