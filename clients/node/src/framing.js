// Message framing: LSP base protocol (Content-Length) and newline-delimited JSON, sans I/O.

/** Thrown when the byte stream cannot be split into messages. */
export class FramingError extends Error {
  constructor(message) {
    super(message);
    this.name = 'FramingError';
  }
}

/** One LSP frame: exactly `Content-Length: N\r\n\r\n` and the UTF-8 body (N counts bytes). */
export function encodeLsp(message) {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
}

/** One JSON message on one line (JSON.stringify never emits a raw newline). */
export function encodeNdjson(message) {
  return Buffer.from(JSON.stringify(message) + '\n', 'utf8');
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

/** `{encode, decoder}` for 'lsp' or 'ndjson'. */
export function makeCodec(framing) {
  if (framing === 'lsp') return { encode: encodeLsp, decoder: new LspDecoder() };
  if (framing === 'ndjson') return { encode: encodeNdjson, decoder: new NdjsonDecoder() };
  throw new TypeError(`framing must be 'lsp' or 'ndjson', not ${JSON.stringify(framing)}`);
}
