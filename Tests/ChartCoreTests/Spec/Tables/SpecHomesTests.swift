import ChartdJSON
import Testing
@testable import ChartCore

/// A key written where another object has it: the reader's warning names the place, and every place
/// it names is one the tables describe with that key.
@Suite struct SpecHomesTests {
  /// Every object place the tables describe, down to `depth` tokens (a list's element as `0`).
  static func places(depth: Int = 4) -> [[String]] {
    var out: [[String]] = [[]]
    var frontier: [[String]] = [[]]
    for _ in 0..<depth {
      var next: [[String]] = []
      for place in frontier {
        guard let table = SpecTable.objectTable(at: place) else { continue }
        for p in table.properties {
          switch p.type {
          case .object, .numberOrObject: next.append(place + [p.name])
          case .array(.object): next.append(place + [p.name, "0"])
          default: continue
          }
        }
      }
      out += next
      frontier = next
    }
    return out
  }

  @Test func everyNamedHomeHasTheKey() {
    let keys = Set(SpecTable.all.flatMap(\.properties).map(\.name))
    var named = 0
    for place in Self.places() {
      guard let table = SpecTable.objectTable(at: place) else { continue }
      for key in keys where table[key] == nil {
        for prefix in [[], ["spec"], ["edits", "3", "patch"]] {
          guard let homes = SpecTable.homes(of: key, inObjectAt: JSONPointer(prefix + place), known: table.keys) else { continue }
          named += 1
          #expect(!homes.isEmpty && homes.count <= SpecTable.homesAtMost)
          #expect(SpecTable.all.filter { $0[key] != nil }.count <= SpecTable.homeTablesAtMost)
          for home in homes {
            #expect(Array(home.tokens.prefix(prefix.count)) == prefix, "\(home)")
            let inSpec = Array(home.tokens.dropFirst(prefix.count))
            #expect(SpecTable.property(at: inSpec)?.property.name == key, "\(key) at \(place): \(home)")
          }
        }
      }
    }
    #expect(named > 300)  // the check ran on many, not on none
  }

  func warnings(_ spec: JSONValue) -> [String] {
    let log = DiagnosticLog()
    _ = ChartSpec.parse(spec, log: log)
    return log.items.map { "\($0.path): \($0.message)" }
  }

  @Test func theWarningNamesThePlace() {
    let w = warnings(["kind": "combined", "entries": [1], "barWidth": 0.4, "leftAxis": ["limitLines": []],
                      "dataSets": [["id": "a", "kind": "candlestick", "increasingColor": "#00aa00", "showCircles": true,
                                    "fontSize": 9, "entries": [[0, 1, 2, 0, 1]]]]])
    #expect(w.contains("/entries: unknown property 'entries' is ignored here: it belongs at /dataSets/0/entries"))
    #expect(w.contains("/barWidth: unknown property 'barWidth' is ignored here: it belongs at /bars/barWidth"))
    #expect(w.contains("/leftAxis/limitLines: unknown property 'limitLines' is ignored here: it belongs at /limitLines"))
    #expect(w.contains("/dataSets/0/increasingColor: unknown property 'increasingColor' is ignored here: it belongs at /dataSets/0/candle/increasingColor"))
    #expect(w.contains("/dataSets/0/showCircles: unknown property 'showCircles' is ignored here: it belongs at /dataSets/0/line/showCircles"))
    // A key of many objects names no one place.
    #expect(w.contains("/dataSets/0/fontSize: unknown property 'fontSize' is ignored"))
  }

  @Test func anObjectOutsideASpecIsLookedIntoOnly() {
    let dataSet = SpecTable.dataSet.keys
    #expect(SpecTable.homes(of: "showCircles", inObjectAt: JSONPointer(["edits", "0", "dataSet"]), known: dataSet)
            == [JSONPointer(["edits", "0", "dataSet", "line", "showCircles"])])
    #expect(SpecTable.homes(of: "barWidth", inObjectAt: JSONPointer(["edits", "0", "dataSet"]), known: dataSet) == nil)
    // An edit object is no spec object: nothing is named.
    #expect(SpecTable.homes(of: "showCircles", inObjectAt: JSONPointer(["edits", "0"]), known: ["op", "dataSet"]) == nil)
  }
}
