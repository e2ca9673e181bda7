import ChartdJSON

/// `chart/patch`: the patch of an update that was sent as a notification.
public struct ChartPatchNotification: OutgoingNotification {
  public static let method = "chart/patch"
  /// The patch object, exactly as a `chart/update` response would carry it.
  public var params: PatchPayload
  public init(patch: PatchPayload) { params = patch }
}
