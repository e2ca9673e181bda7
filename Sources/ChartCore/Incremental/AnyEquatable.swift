/// A type-erased equatable value: region inputs mix many spec and layout types.
///
/// The value sits in a class box: one allocation per value, and comparing two boxes is a class
/// downcast rather than a dynamic cast out of `Any` (both run for every region on every update).
struct AnyEquatable: Equatable, Sendable {
  private let box: AnyEquatableBox

  @inline(__always)
  init<T: Equatable & Sendable>(_ v: T) { box = EquatableBox(v) }

  init(box: AnyEquatableBox) { self.box = box }

  static func == (a: AnyEquatable, b: AnyEquatable) -> Bool { a.box.isEqual(to: b.box) }
}

/// The type-erased face of `EquatableBox` (no state; `@unchecked` only because the class is open to
/// its one subclass, whose value is immutable and `Sendable`).
class AnyEquatableBox: @unchecked Sendable {
  func isEqual(to other: AnyEquatableBox) -> Bool { false }
}

/// One boxed value; equal to another box only if that box holds the same type and an equal value.
final class EquatableBox<T: Equatable & Sendable>: AnyEquatableBox, @unchecked Sendable {
  let value: T

  init(_ value: T) { self.value = value }

  override func isEqual(to other: AnyEquatableBox) -> Bool {
    // The class is final, so the same dynamic type means the same T. Comparing the types reads
    // both objects' metadata pointers; `as? EquatableBox<T>` looked the generic type up each time.
    guard type(of: other) == type(of: self) else { return false }
    return value == unsafeDowncast(other, to: EquatableBox<T>.self).value
  }
}

/// Wraps each value for comparison.
///
/// A parameter pack rather than `any Equatable...`: each call site is specialized for its types,
/// so no value is put into an existential box first and each box's type is found without a
/// runtime lookup.
func inputs<each T: Equatable & Sendable>(_ values: repeat each T) -> [AnyEquatable] {
  [AnyEquatable(box: PackBox(repeat each values))]
}

/// The values of one `inputs` call in one box: one allocation per call, and one box type per call
/// site, found without a lookup per value.
final class PackBox<each T: Equatable & Sendable>: AnyEquatableBox, @unchecked Sendable {
  let values: (repeat each T)
  /// Compares two packs of these types. Made where the types are known (`inputs` is specialized
  /// at each call site), so every `==` in it is the type's own: a method of the generic class
  /// would compare through witness tables, and an optional's `==` would then look a tuple type
  /// up at run time for every comparison.
  private let same: @Sendable (PackBox, PackBox) -> Bool

  init(_ values: repeat each T) {
    self.values = (repeat each values)
    same = { a, b in
      var equal = true
      repeat compare(each a.values, each b.values, &equal)
      return equal
    }
  }

  override func isEqual(to other: AnyEquatableBox) -> Bool {
    guard type(of: other) == type(of: self) else { return false }
    // `Self` is the dynamic type read from the object; naming `PackBox<repeat each T>` would look
    // the generic type up at run time.
    return same(self, unsafeDowncast(other, to: Self.self))
  }
}

/// Clears `equal` when `a` and `b` differ; compares nothing once it is clear.
@inline(__always)
private func compare<T: Equatable>(_ a: T, _ b: T, _ equal: inout Bool) {
  if equal && a != b { equal = false }
}
