// Message framing: LSP base protocol (Content-Length) and newline-delimited JSON, sans I/O.

/** Thrown when the byte stream cannot be split into messages. */
export class FramingError extends Error {
  constructor(message) {
    super(message);
    this.name = 'FramingError';
  }
}

/**
 * The UTF-8 JSON body of a message. Throws a TypeError naming the place of a NaN or an infinity:
 * JSON.stringify would quietly write `null` (a missing value) for them, and the Python client cannot
 * send them at all, so both clients refuse them with the same words. Send `null` for a missing value.
 */
export function encodeBody(message) {
  const text = JSON.stringify(message);
  // A non-finite number can only have become `null`: look for one only then (rare), not on every send.
  if (text.includes('null')) {
    const found = findNonFinite(message && typeof message === 'object' && 'params' in message ? message.params : message, '');
    if (found) {
      const head = typeof message?.method === 'string' ? `${message.method}: ` : '';
      throw new TypeError(`${head}cannot send ${found.name} at ${found.path || '/'}: JSON has no NaN or Infinity (send null for a missing value)`);
    }
  }
  return Buffer.from(text, 'utf8');
}

/** The JSON Pointer and name of the first NaN or infinity, in document order (as JSON.stringify walks). */
function findNonFinite(value, path) {
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return null;
    return { path, name: Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity' };
  }
  if (value === null || typeof value !== 'object') return null;
  if (typeof value.toJSON === 'function') return null; // serialised as whatever it returns
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  for (const [key, item] of entries) {
    const found = findNonFinite(item, `${path}/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`);
    if (found) return found;
  }
  return null;
}

/** One LSP frame around an encoded body: exactly `Content-Length: N\r\n\r\n` (N counts bytes). */
export function frameLsp(body) {
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
}

/** One ndjson line around an encoded body (JSON.stringify never emits a raw newline). */
export function frameNdjson(body) {
  return Buffer.concat([body, Buffer.from('\n')]);
}

/** One LSP frame of a message. */
export function encodeLsp(message) {
  return frameLsp(encodeBody(message));
}

/** One JSON message on one line. */
export function encodeNdjson(message) {
  return frameNdjson(encodeBody(message));
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** Splits a byte stream into LSP frames; `feed` returns the messages completed by a chunk. */
export class LspDecoder {
  constructor(maxHeaderBytes = 8192) {
    this.buffer = Buffer.alloc(0);
    this.maxHeaderBytes = maxHeaderBytes;
  }

  /**
   * Adds bytes; returns `{messages, errors}`: a body that is not JSON becomes an error entry and
   * the stream continues; a broken header throws FramingError (the stream cannot be resynchronised).
   */
  feed(chunk) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const messages = [];
    const errors = [];
    for (;;) {
      const end = this.buffer.indexOf(HEADER_END);
      if (end < 0) {
        if (this.buffer.length > this.maxHeaderBytes) throw new FramingError(`header section longer than ${this.maxHeaderBytes} bytes`);
        break;
      }
      const length = contentLength(this.buffer.subarray(0, end).toString('ascii'));
      const start = end + 4;
      if (this.buffer.length < start + length) break;
      const body = this.buffer.subarray(start, start + length).toString('utf8');
      this.buffer = this.buffer.subarray(start + length);
      try {
        messages.push(JSON.parse(body));
      } catch (error) {
        errors.push(error);
      }
    }
    return { messages, errors };
  }

  get pendingBytes() {
    return this.buffer.length;
  }
}

function contentLength(header) {
  let length = null;
  for (const line of header.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) throw new FramingError(`malformed header line ${JSON.stringify(line.slice(0, 80))}`);
    if (line.slice(0, colon).trim().toLowerCase() === 'content-length') {
      const value = line.slice(colon + 1).trim();
      if (!/^\d+$/.test(value)) throw new FramingError(`Content-Length is not a number: ${value.slice(0, 40)}`);
      length = Number(value);
    }
  }
  if (length === null) throw new FramingError('frame without a Content-Length header');
  return length;
}

/** Splits a byte stream into lines, each one JSON message; blank lines are skipped. */
export class NdjsonDecoder {
  constructor() {
    this.buffer = Buffer.alloc(0);
  }

  feed(chunk) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const messages = [];
    const errors = [];
    for (;;) {
      const end = this.buffer.indexOf(0x0a);
      if (end < 0) break;
      const line = this.buffer.subarray(0, end).toString('utf8').trim();
      this.buffer = this.buffer.subarray(end + 1);
      if (!line) continue;
      try {
        messages.push(JSON.parse(line));
      } catch (error) {
        errors.push(error);
      }
    }
    return { messages, errors };
  }

  get pendingBytes() {
    return this.buffer.length;
  }
}

/** `{frame, decoder}` for 'lsp' or 'ndjson': `frame` wraps a body made by `encodeBody`. */
export function makeCodec(framing) {
  if (framing === 'lsp') return { frame: frameLsp, decoder: new LspDecoder() };
  if (framing === 'ndjson') return { frame: frameNdjson, decoder: new NdjsonDecoder() };
  throw new TypeError(`framing must be 'lsp' or 'ndjson', not ${JSON.stringify(framing)}`);
}
