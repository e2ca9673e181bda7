extension JSONValue {
  /// Applies an RFC 7396 JSON Merge Patch to this value and returns the result.
  ///
  /// A non-object patch replaces the value outright; an object patch merges member by
  /// member, where a `null` member removes the key and any other member is merged
  /// recursively (into an empty object when the target is not an object).
  public func mergePatched(with patch: JSONValue) -> JSONValue {
    guard case .object(let patchMembers) = patch else { return patch }
    var result = objectValue ?? [:]
    for (key, value) in patchMembers {
      if value.isNull {
        result.removeValue(forKey: key)
      } else {
        result[key] = (result[key] ?? .null).mergePatched(with: value)
      }
    }
    return .object(result)
  }
}
