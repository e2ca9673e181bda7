/// A value kept in a shared box and copied only when it is changed while shared.
///
/// Why: the spec, each axis's options, each axis layout and each data set's style are copied whole
/// on every update (into a model, a plan, a layout, a region input, a layer key); as plain structs
/// each copy moved hundreds of bytes to kilobytes and retained every string and array inside.
/// Boxed, a copy is one retain, and two copies of one box compare equal without looking inside: the
/// same box is the same value, so its region has nothing new to draw (even where the value holds a
/// NaN, which `==` on the fields would call changed).
struct CopyOnWrite<Value: Equatable & Sendable>: Equatable, Sendable {
  /// Only ever changed while uniquely referenced (see `value`'s `_modify`), so never changed while
  /// another thread can see it.
  private final class Box: @unchecked Sendable {
    /// Not checked for overlapping access at run time: a box is changed only through its one
    /// owner's `_modify`, and overlapping accesses through that owner are caught when compiling.
    /// The checks cost a tenth of a legend toggle.
    @exclusivity(unchecked) var value: Value
    init(_ value: Value) { self.value = value }
  }

  private var box: Box

  init(_ value: Value) { box = Box(value) }

  var value: Value {
    _read { yield box.value }
    _modify {
      if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
      yield &box.value
    }
  }

  // Read through `value`'s `_read`: reading `box.value` directly copied both values (a retain of
  // every reference inside) at more of the comparisons.
  static func == (a: Self, b: Self) -> Bool { a.box === b.box || a.value == b.value }
}

extension CopyOnWrite: Hashable where Value: Hashable {
  func hash(into hasher: inout Hasher) { value.hash(into: &hasher) }
}
