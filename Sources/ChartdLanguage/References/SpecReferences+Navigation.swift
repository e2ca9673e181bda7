import ChartCore
import ChartdJSON

/// An LSP `DocumentHighlight`: a range and whether the name is declared (3, write) or used (2, read) there.
public struct DocumentHighlight: Sendable, Equatable {
  public var range: TextRange
  public var kind: Int

  public var json: JSONValue { ["range": range.json, "kind": .number(Double(kind))] }
}

/// What a rename at a place comes to: the edits, or why the name there cannot be renamed.
public enum RenameOutcome: Sendable, Equatable {
  case edits([TextEdit])
  /// The range of the name to rename (inside its quotes) and the name.
  case renames(range: TextRange, placeholder: String)
  case refused(String)
  /// No data set's name at that place.
  case nothing
}

extension SpecReferences {
  /// Go to definition: from a highlight's `dataSet` (or an id) to the id of the data set it names.
  public func definition(at offset: Int, in doc: TextDocument, encoding: PositionEncoding) -> TextRange? {
    guard let here = site(at: offset), let target = declaration(of: here.name) else { return nil }
    return doc.range(of: target.bytes, encoding: encoding)
  }

  /// Find references: every string naming the data set named at `offset`, in document order.
  public func references(at offset: Int, includeDeclaration: Bool, in doc: TextDocument,
                         encoding: PositionEncoding) -> [TextRange] {
    guard let here = site(at: offset) else { return [] }
    return sites(named: here.name, declarations: includeDeclaration).map { doc.range(of: $0.bytes, encoding: encoding) }
  }

  /// Document highlights: the data set's id (write) and every highlight naming it (read).
  public func highlights(at offset: Int, in doc: TextDocument, encoding: PositionEncoding) -> [DocumentHighlight] {
    guard let here = site(at: offset) else { return [] }
    return sites(named: here.name).map {
      DocumentHighlight(range: doc.range(of: $0.bytes, encoding: encoding), kind: $0.isDeclaration ? 3 : 2)
    }
  }

  /// Prepare rename: the name at `offset` (the text inside its quotes) when it can be renamed.
  public func prepareRename(at offset: Int, in doc: TextDocument, encoding: PositionEncoding) -> RenameOutcome {
    if let unreadable { return .refused(unreadable) }
    guard let here = site(at: offset) else { return .nothing }
    if let refusal = refusal(for: here.name) { return .refused(refusal) }
    let inside = (here.bytes.lowerBound + 1)..<(here.bytes.upperBound - 1)
    return .renames(range: doc.range(of: inside, encoding: encoding), placeholder: here.name)
  }

  /// Rename: the data set's `id` and every highlight naming it become `newName` (written as a JSON
  /// string), when the data set has an `id` and no other data set has `newName` already.
  public func rename(at offset: Int, to newName: String, in doc: TextDocument, encoding: PositionEncoding,
                     limits: SpecLimits = SpecLimits()) -> RenameOutcome {
    if let unreadable { return .refused(unreadable) }
    guard let here = site(at: offset) else { return .nothing }
    if let refusal = refusal(for: here.name) { return .refused(refusal) }
    guard !newName.isEmpty else { return .refused("a data set id cannot be empty") }
    guard newName.utf8.count <= limits.maxLabelBytes else {
      return .refused("the new id is \(newName.utf8.count) bytes, over the limit maxLabelBytes = \(limits.maxLabelBytes)")
    }
    if newName != here.name, sites.contains(where: { $0.isDeclaration && $0.name == newName }) {
      return .refused("a data set with id '\(newName)' exists already: ids must be unique")
    }
    let text = JSONWriter.string(.string(newName))
    return .edits(sites(named: here.name).map { TextEdit(range: doc.range(of: $0.bytes, encoding: encoding), newText: text) })
  }

  /// Why the name `name` cannot be renamed, if it cannot.
  private func refusal(for name: String) -> String? {
    guard let declared = declaration(of: name) else { return "no data set has the id '\(name)'" }
    if declared.fromLabel {
      return "data set '\(name)' has no \"id\": its label is its id; add an \"id\" to rename it without changing the label"
    }
    return nil
  }
}
