/// A message a server read from its body in a form of its own, which the transport hands on unopened.
///
/// A class: an event that carries one stays as cheap to copy as one that carries a decoded message.
public protocol PreparedMessage: AnyObject, Sendable {
  /// Whether `other` is the same message read the same way.
  func isSame(as other: any PreparedMessage) -> Bool
}

extension PreparedMessage where Self: Equatable {
  public func isSame(as other: any PreparedMessage) -> Bool { (other as? Self) == self }
}
