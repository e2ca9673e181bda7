/// Object shapes kept from one parse to the next, for a reader that parses many small messages.
///
/// The messages of one connection repeat a handful of object layouts (the JSON-RPC envelope, an
/// update's params, each kind of edit); with a cache, an object whose raw keys match a kept shape
/// is built by copying the shape's dictionary and setting its values: no key string is made and
/// nothing is hashed. Kept shapes hold `null` values only, so a cache never keeps a message's
/// data alive.
///
/// - Important: not thread-safe; one reader owns it and uses it for one parse at a time.
public final class JSONShapeCache {
  /// At most this many shapes are kept; a new one then replaces the oldest.
  public static let capacity = 16

  var shapes: [ObjectShape] = []
  /// The parser's working stacks, lent to each parse so that it does not grow new ones.
  var valueStack: [JSONValue] = []
  var keyRangeStack: [Range<Int>] = []
  /// The slot the next shape replaces once the cache is full.
  private var nextSlot = 0

  public init() {}

  /// How many shapes are kept.
  public var count: Int { shapes.count }

  /// Keeps `shape` (its values set to null) unless a shape with the same keys is kept already.
  func keep(_ shape: ObjectShape) {
    guard !shapes.contains(where: { $0.keys == shape.keys }) else { return }
    let blank = shape.blank()
    if shapes.count < Self.capacity {
      shapes.append(blank)
    } else {
      shapes[nextSlot] = blank
      nextSlot = (nextSlot + 1) % Self.capacity
    }
  }
}
