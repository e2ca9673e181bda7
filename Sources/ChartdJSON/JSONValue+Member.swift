/// Member lookup that suits the objects of messages and edits: few members, short names.
extension Dictionary where Key == String, Value == JSONValue {
  /// The member named `key`: as `self[key]`, but a name of another UTF-8 length is never it.
  ///
  /// An envelope, an edit or an entry row has a handful of members, and most lookups ask for one
  /// that is absent (a row's `size`, `open`, … `label`): comparing a few short names costs half as
  /// much as hashing the one looked for, and a name of another length is told apart unread.
  /// Swift's `==` also takes a name written with other, canonically equivalent code points (the
  /// Kelvin sign "\u{212A}" for "K"), which JSON, comparing code points, does not; such a name is
  /// always of another length than an ASCII one, so an ASCII `key` finds only itself.
  @inlinable
  public func member(_ key: String) -> JSONValue? {
    let length = key.utf8.count
    // Beyond eight members (a spec's options), hashing wins.
    guard count <= 8 else {
      guard let i = index(forKey: key), keys[i].utf8.count == length else { return nil }
      return values[i]
    }
    var i = startIndex
    while i != endIndex {
      let name = keys[i]
      if name.utf8.count == length, name == key { return values[i] }
      formIndex(after: &i)
    }
    return nil
  }
}
