import ChartdJSON

/// `window/logMessage`: a log line the client may show (type 1 error … 5 debug).
public struct LogMessageNotification: OutgoingNotification {
  public static let method = "window/logMessage"
  public enum Level: Int, Sendable { case error = 1, warning, info, log, debug }
  public var level: Level
  public var message: String
  public init(level: Level, message: String) {
    self.level = level
    self.message = message
  }
  public var params: JSONValue { ["type": .number(Double(level.rawValue)), "message": .string(message)] }
}
