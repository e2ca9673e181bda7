import ChartCore
import ChartdJSON
import Testing

/// The spec readers agree with `SpecTable`: the keys they know, the defaults they apply, the choices
/// and ranges they accept and the types they check are the ones the tables list.
@Suite struct SpecTableReaderTests {
  /// Properties whose check depends on more than the value (a stack index needs a stacked entry).
  /// Bounded further by the rest of the spec (PaneSpecTests checks `pane` against `panes`).
  static let contextual: Set<String> = ["highlight.stackIndex", "highlight.index", "dataSet.pane", "limitLine.pane"]

  /// A formatter key is known to the formatter types that read it; the base object picks one.
  static func site(_ site: SpecTableSite, for key: String) -> SpecTableSite {
    // A gradient takes either stops or colors: each is tried alone.
    if site.table.name == "gradient", key == "stops" || key == "colors" {
      return SpecTableSite(table: site.table, path: site.path, baseObject: [:])
    }
    guard site.table.name == "formatter", key != "type" else { return site }
    let type = ["prefix": "number", "suffix": "number", "multiply": "percent", "labels": "category", "pattern": "date",
                "dates": "indexDate", "times": "indexDate"][key] ?? "number"
    var base: [String: JSONValue] = ["type": .string(type)]
    if type == "category" { base["labels"] = ["a"] }
    // An indexDate formatter takes dates or times, not both: the other key is the one under test.
    if type == "indexDate", key == "times" { base["dates"] = ["2024-03-01"] }
    return SpecTableSite(table: site.table, path: site.path, baseObject: base)
  }

  @Test(arguments: SpecTableSite.all)
  func everyListedKeyIsKnownAndNoOtherIs(_ site: SpecTableSite) {
    for p in site.table.properties {
      let s = Self.site(site, for: p.name)
      let r = ReadResult(s.spec(with: [p.name: .null]))
      #expect(!r.unknownWarning(at: s.pointer(p.name)), "\(site.table.name).\(p.name) is listed but the reader warns")
    }
    let r = ReadResult(site.spec(with: ["zzNotAKey": .null]))
    #expect(r.unknownWarning(at: site.pointer("zzNotAKey")), "\(site.table.name) accepts a key it does not list")
  }

  @Test(arguments: SpecTableSite.all)
  func defaultsAreWhatTheReaderApplies(_ site: SpecTableSite) {
    let base = ReadResult(site.spec(with: [:]))
    #expect(base.spec != nil, "\(site.table.name): the base spec does not read: \(base.diagnostics)")
    for p in site.table.properties {
      guard let value = p.defaultValue else { continue }
      let given = ReadResult(site.spec(with: [p.name: value]))
      #expect(given.spec == base.spec, "\(site.table.name).\(p.name): giving the default \(value) changes the chart")
    }
  }

  @Test(arguments: SpecTableSite.all)
  func choicesAreExactlyTheAcceptedValues(_ site: SpecTableSite) {
    for p in site.table.properties {
      guard case .choice(let values) = p.type else { continue }
      for v in values {
        let r = ReadResult(site.spec(with: [p.name: .string(v)]))
        #expect(r.errors(at: site.pointer(p.name)).isEmpty, "\(site.table.name).\(p.name) rejects '\(v)'")
      }
      let r = ReadResult(site.spec(with: [p.name: "zzBogus"]))
      let message = r.errors(at: site.pointer(p.name)).first?.message ?? ""
      let listed = values.map { "'\($0)'" }.joined(separator: ", ")
      #expect(message.hasSuffix(listed), "\(site.table.name).\(p.name): '\(message)' does not list \(listed)")
    }
  }

  @Test(arguments: SpecTableSite.all)
  func boundsAreTheAcceptedRange(_ site: SpecTableSite) {
    for p in site.table.properties where !Self.contextual.contains("\(site.table.name).\(p.name)") {
      guard let b = p.bounds else { continue }
      let integer = p.type == .integer
      func accepted(_ d: Double) -> Bool { ReadResult(site.spec(with: [p.name: .number(d)])).errors(at: site.pointer(p.name)).isEmpty }
      if let lo = b.minimum {
        let step = integer ? 1 : max(abs(lo), 1) * 1e-6
        if b.exclusiveMinimum {
          #expect(!accepted(lo), "\(site.table.name).\(p.name) accepts its exclusive minimum \(lo)")
          #expect(accepted(lo + step), "\(site.table.name).\(p.name) rejects \(lo + step)")
        } else {
          #expect(accepted(lo), "\(site.table.name).\(p.name) rejects its minimum \(lo)")
          #expect(!accepted(lo - step), "\(site.table.name).\(p.name) accepts \(lo - step), below its minimum")
        }
      }
      if let hi = b.maximum {
        let step = integer ? 1 : max(abs(hi), 1) * 1e-6
        #expect(accepted(hi), "\(site.table.name).\(p.name) rejects its maximum \(hi)")
        #expect(!accepted(hi + step), "\(site.table.name).\(p.name) accepts \(hi + step), above its maximum")
      }
    }
  }

  @Test(arguments: SpecTableSite.all)
  func typesAreChecked(_ site: SpecTableSite) {
    for p in site.table.properties {
      let wrong: JSONValue
      switch p.type {
      case .number, .integer, .boolean, .entries, .numberOrObject: wrong = "zz"
      case .string, .color, .choice, .object, .array, .formatter: wrong = true
      }
      let s = Self.site(site, for: p.name)
      let r = ReadResult(s.spec(with: [p.name: wrong]))
      #expect(!r.errors(at: s.pointer(p.name)).isEmpty, "\(site.table.name).\(p.name) accepts \(wrong) for a \(p.type.text)")
    }
  }

  @Test(arguments: SpecTableSite.all)
  func lengthLimitsAreChecked(_ site: SpecTableSite) {
    for p in site.table.properties {
      guard let n = p.maxLength else { continue }
      let s = Self.site(site, for: p.name)
      let fits = ReadResult(s.spec(with: [p.name: .string(String(repeating: "a", count: n))]))
      let over = ReadResult(s.spec(with: [p.name: .string(String(repeating: "a", count: n + 1))]))
      #expect(fits.errors(at: s.pointer(p.name)).isEmpty, "\(site.table.name).\(p.name) rejects \(n) bytes")
      #expect(!over.errors(at: s.pointer(p.name)).isEmpty, "\(site.table.name).\(p.name) accepts \(n + 1) bytes")
    }
  }

  @Test func pathsLeadToTheirTables() {
    #expect(SpecTable.objectTable(at: [])?.name == "chart")
    #expect(SpecTable.objectTable(at: ["dataSets", "2", "line"])?.name == "lineStyle")
    #expect(SpecTable.objectTable(at: ["dataSets", "0", "entries", "4"])?.name == "entryRow")
    #expect(SpecTable.objectTable(at: ["dataSets", "0", "entries"])?.name == "entryColumns")
    #expect(SpecTable.objectTable(at: ["rightAxis", "format"])?.name == "formatter")
    #expect(SpecTable.objectTable(at: ["padding"])?.name == "padding")
    #expect(SpecTable.property(at: ["legend", "form"])?.property.choices == ["square", "circle", "line", "none"])
    #expect(SpecTable.type(at: ["dataSets", "x"]) == nil)
    #expect(SpecTable.type(at: ["title", "0"]) == nil)
  }
}

extension SpecTableSite: CustomTestStringConvertible {
  var testDescription: String { table.name }
}
