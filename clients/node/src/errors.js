// Errors: JSON-RPC errors from chartd and client-side failures.

/** JSON-RPC / LSP error codes used by chartd. CONNECTION_LOST is client-side only. */
export const ErrorCode = Object.freeze({
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  SERVER_NOT_INITIALIZED: -32002,
  REQUEST_CANCELLED: -32800,
  CONTENT_MODIFIED: -32801,
  REQUEST_FAILED: -32803,
  CONNECTION_LOST: -32099,
});

/** An error answer from chartd: `code`, `message`, `data` (with `diagnostics`, `kind`, `currentVersion`). */
export class ChartdError extends Error {
  constructor(code, message, data) {
    super(`chartd error ${code}: ${message}`);
    this.name = 'ChartdError';
    this.code = code;
    this.rpcMessage = message;
    this.data = data;
  }

  /** Located problems `{path, message, severity}` of an invalid spec or edit; else []. */
  get diagnostics() {
    return Array.isArray(this.data?.diagnostics) ? this.data.diagnostics : [];
  }

  /** `error.data.kind` of a -32803 failure. */
  get kind() {
    return this.data?.kind;
  }

  /** `error.data.currentVersion` of a -32801 answer. */
  get currentVersion() {
    return this.data?.currentVersion;
  }

  static fromJSON(error) {
    if (!error || typeof error !== 'object') return new ChartdError(ErrorCode.INTERNAL_ERROR, `malformed error object: ${JSON.stringify(error)}`);
    const code = Number.isInteger(error.code) ? error.code : ErrorCode.INTERNAL_ERROR;
    return new ChartdError(code, String(error.message ?? ''), error.data);
  }
}

/**
 * The daemon died and the request was not (or could no longer be) retried on a new one. `reason`
 * says why the client stopped (how the daemon ended, how often it was restarted) and `stderrTail`
 * holds the daemon's last stderr lines; a client that gave up puts both on every later error. The
 * Python client words them alike.
 */
export class ConnectionLostError extends ChartdError {
  constructor(message, stderrTail = '', reason = undefined) {
    const data = {};
    if (reason) data.reason = reason;
    if (stderrTail) data.stderr = stderrTail;
    super(ErrorCode.CONNECTION_LOST, message, Object.keys(data).length ? data : undefined);
    this.name = 'ConnectionLostError';
    this.stderrTail = stderrTail;
    this.reason = reason;
  }
}

/** A patch does not fit the mirror (wrong base version or unknown region id). */
export class PatchMismatchError extends Error {
  constructor(message, expectedVersion, baseVersion) {
    super(message);
    this.name = 'PatchMismatchError';
    this.expectedVersion = expectedVersion;
    this.baseVersion = baseVersion;
  }
}

/** No chartd binary: none given, CHARTD unset, not on PATH. */
export class DaemonNotFoundError extends Error {
  constructor(message) {
    super(message);
    this.name = 'DaemonNotFoundError';
  }
}
