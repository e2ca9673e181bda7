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

/// What a region input value must be: comparable, and safe to keep across threads.
typealias InputValue = Equatable & Sendable

/// The values of one `inputs` call in one box, with the comparison made for their types.
///
/// Why not a parameter pack: a box holding `(repeat each T)` compared its elements through
/// generic witnesses and looked the tuple's type up at run time on every comparison (a quarter of
/// a legend toggle's time). Here `inputs` has one overload per arity, specialized at each call
/// site, so the closure compares concrete types field by field.
final class TupleBox<Values: Sendable>: AnyEquatableBox, @unchecked Sendable {
  let values: Values
  private let same: @Sendable (Values, Values) -> Bool

  init(_ values: Values, same: @escaping @Sendable (Values, Values) -> Bool) {
    self.values = values
    self.same = same
  }

  override func isEqual(to other: AnyEquatableBox) -> Bool {
    // `Self` is the dynamic type read from the object: no generic type is looked up.
    guard type(of: other) == type(of: self) else { return false }
    return same(values, unsafeDowncast(other, to: Self.self).values)
  }
}

// Wraps the values of one region input for comparison: one box per call, compared as a whole
// and equal only when every value is (the first that differs ends the comparison).

func inputs() -> [AnyEquatable] { [] }

/// `==` under one name, which keeps the type checker from trying every `==` on every field.
@inline(__always)
private func same<T: Equatable>(_ a: T, _ b: T) -> Bool { a == b }

func inputs<A: InputValue>(_ a: A) -> [AnyEquatable] { [AnyEquatable(a)] }

func inputs<A: InputValue, B: InputValue>(_ a: A, _ b: B) -> [AnyEquatable] {
  [AnyEquatable(box: TupleBox((a, b)) { x, y in same(x.0, y.0) && same(x.1, y.1) })]
}

func inputs<A: InputValue, B: InputValue, C: InputValue>(_ a: A, _ b: B, _ c: C) -> [AnyEquatable] {
  [AnyEquatable(box: TupleBox((a, b, c)) { x, y in same(x.0, y.0) && same(x.1, y.1) && same(x.2, y.2) })]
}

func inputs<A: InputValue, B: InputValue, C: InputValue, D: InputValue>(
  _ a: A, _ b: B, _ c: C, _ d: D
) -> [AnyEquatable] {
  [AnyEquatable(box: TupleBox((a, b, c, d)) { x, y in same(x.0, y.0) && same(x.1, y.1) && same(x.2, y.2) && same(x.3, y.3) })]
}

func inputs<A: InputValue, B: InputValue, C: InputValue, D: InputValue, E: InputValue>(
  _ a: A, _ b: B, _ c: C, _ d: D, _ e: E
) -> [AnyEquatable] {
  [AnyEquatable(box: TupleBox((a, b, c, d, e)) { x, y in same(x.0, y.0) && same(x.1, y.1) && same(x.2, y.2) && same(x.3, y.3) && same(x.4, y.4) })]
}

func inputs<A: InputValue, B: InputValue, C: InputValue, D: InputValue, E: InputValue, F: InputValue>(
  _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F
) -> [AnyEquatable] {
  [AnyEquatable(box: TupleBox((a, b, c, d, e, f)) { x, y in
    same(x.0, y.0) && same(x.1, y.1) && same(x.2, y.2) && same(x.3, y.3) && same(x.4, y.4)
    && same(x.5, y.5)
  })]
}

func inputs<A: InputValue, B: InputValue, C: InputValue, D: InputValue, E: InputValue, F: InputValue, G: InputValue>(
  _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G
) -> [AnyEquatable] {
  [AnyEquatable(box: TupleBox((a, b, c, d, e, f, g)) { x, y in
    same(x.0, y.0) && same(x.1, y.1) && same(x.2, y.2) && same(x.3, y.3) && same(x.4, y.4)
    && same(x.5, y.5) && same(x.6, y.6)
  })]
}

func inputs<A: InputValue, B: InputValue, C: InputValue, D: InputValue,
            E: InputValue, F: InputValue, G: InputValue, H: InputValue>(
  _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H
) -> [AnyEquatable] {
  [AnyEquatable(box: TupleBox((a, b, c, d, e, f, g, h)) { x, y in
    same(x.0, y.0) && same(x.1, y.1) && same(x.2, y.2) && same(x.3, y.3) && same(x.4, y.4)
    && same(x.5, y.5) && same(x.6, y.6) && same(x.7, y.7)
  })]
}

func inputs<A: InputValue, B: InputValue, C: InputValue, D: InputValue, E: InputValue,
            F: InputValue, G: InputValue, H: InputValue, I: InputValue>(
  _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H, _ i: I
) -> [AnyEquatable] {
  [AnyEquatable(box: TupleBox((a, b, c, d, e, f, g, h, i)) { x, y in
    same(x.0, y.0) && same(x.1, y.1) && same(x.2, y.2) && same(x.3, y.3) && same(x.4, y.4)
    && same(x.5, y.5) && same(x.6, y.6) && same(x.7, y.7) && same(x.8, y.8)
  })]
}

func inputs<A: InputValue, B: InputValue, C: InputValue, D: InputValue, E: InputValue,
            F: InputValue, G: InputValue, H: InputValue, I: InputValue, J: InputValue>(
  _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H, _ i: I, _ j: J
) -> [AnyEquatable] {
  [AnyEquatable(box: TupleBox((a, b, c, d, e, f, g, h, i, j)) { x, y in
    same(x.0, y.0) && same(x.1, y.1) && same(x.2, y.2) && same(x.3, y.3) && same(x.4, y.4)
    && same(x.5, y.5) && same(x.6, y.6) && same(x.7, y.7) && same(x.8, y.8) && same(x.9, y.9)
  })]
}

func inputs<A: InputValue, B: InputValue, C: InputValue, D: InputValue, E: InputValue, F: InputValue,
            G: InputValue, H: InputValue, I: InputValue, J: InputValue, K: InputValue>(
  _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H, _ i: I, _ j: J, _ k: K
) -> [AnyEquatable] {
  [AnyEquatable(box: TupleBox((a, b, c, d, e, f, g, h, i, j, k)) { x, y in
    same(x.0, y.0) && same(x.1, y.1) && same(x.2, y.2) && same(x.3, y.3) && same(x.4, y.4)
    && same(x.5, y.5) && same(x.6, y.6) && same(x.7, y.7) && same(x.8, y.8) && same(x.9, y.9)
    && same(x.10, y.10)
  })]
}

func inputs<A: InputValue, B: InputValue, C: InputValue, D: InputValue, E: InputValue, F: InputValue,
            G: InputValue, H: InputValue, I: InputValue, J: InputValue, K: InputValue, L: InputValue>(
  _ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H, _ i: I, _ j: J, _ k: K, _ l: L
) -> [AnyEquatable] {
  [AnyEquatable(box: TupleBox((a, b, c, d, e, f, g, h, i, j, k, l)) { x, y in
    same(x.0, y.0) && same(x.1, y.1) && same(x.2, y.2) && same(x.3, y.3) && same(x.4, y.4)
    && same(x.5, y.5) && same(x.6, y.6) && same(x.7, y.7) && same(x.8, y.8) && same(x.9, y.9)
    && same(x.10, y.10) && same(x.11, y.11)
  })]
}
