/// The JSON-RPC and LSP error codes chartd answers with.
public enum ErrorCode: Int, Sendable, CaseIterable {
  case parseError = -32700
  case invalidRequest = -32600
  case methodNotFound = -32601
  case invalidParams = -32602
  case internalError = -32603
  case serverNotInitialized = -32002
  case requestCancelled = -32800
  case contentModified = -32801
  case requestFailed = -32803
}

/// The `error.data.kind` values of `requestFailed` (-32803) errors.
public enum FailureKind: String, Sendable, CaseIterable {
  case unknownDocument
  case documentAlreadyOpen
  case tooManyDocuments
  case tooManyEntries
  case tooManyDataSets
  case messageTooLarge
  /// The request would take the daemon past `--max-memory`.
  case resourceLimit
  case shutdownInProgress
  /// A rename the spec cannot take (an id taken from a label, a name used already).
  case cannotRename
}
