import assert from 'node:assert/strict';
import test from 'node:test';
import { encodeLsp, encodeNdjson, FramingError, LspDecoder, NdjsonDecoder } from '../index.js';

const MESSAGES = [
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null } },
  { jsonrpc: '2.0', method: 'chart/patch', params: { label: 'Zürich ✓ — 日本', svg: '<g>a\\nb</g>' } },
  { jsonrpc: '2.0', id: 2, result: null },
];

test('LSP header is exact and counts UTF-8 bytes', () => {
  const frame = encodeLsp({ s: 'é' });
  const split = frame.indexOf('\r\n\r\n');
  assert.equal(frame.subarray(0, split).toString(), 'Content-Length: 10');
  assert.equal(frame.length - split - 4, 10);
});

for (const chunk of [1, 2, 3, 7, 64, 10000]) {
  test(`LSP decoder reassembles ${chunk}-byte chunks (split UTF-8 sequences included)`, () => {
    const stream = Buffer.concat(MESSAGES.map(encodeLsp));
    const decoder = new LspDecoder();
    const out = [];
    for (let i = 0; i < stream.length; i += chunk) out.push(...decoder.feed(stream.subarray(i, i + chunk)).messages);
    assert.deepEqual(out, MESSAGES);
    assert.equal(decoder.pendingBytes, 0);
  });
}

test('LSP decoder reads header names case-insensitively and ignores others', () => {
  const body = Buffer.from('{"id":1}');
  const frame = Buffer.concat([Buffer.from(`content-length: ${body.length}\r\nContent-Type: application/vscode-jsonrpc; charset=utf8\r\n\r\n`), body]);
  assert.deepEqual(new LspDecoder().feed(frame).messages, [{ id: 1 }]);
});

test('a missing Content-Length is a framing error; bad JSON is reported and skipped', () => {
  assert.throws(() => new LspDecoder().feed(Buffer.from('X: 1\r\n\r\n{}')), FramingError);
  const { messages, errors } = new LspDecoder().feed(Buffer.concat([Buffer.from('Content-Length: 3\r\n\r\n{x}'), encodeLsp({ ok: true })]));
  assert.deepEqual(messages, [{ ok: true }]);
  assert.equal(errors.length, 1);
});

test('ndjson round trip in any chunking', () => {
  const stream = Buffer.concat([...MESSAGES.map(encodeNdjson), Buffer.from('\n')]);
  for (const chunk of [1, 5, 1000]) {
    const decoder = new NdjsonDecoder();
    const out = [];
    for (let i = 0; i < stream.length; i += chunk) out.push(...decoder.feed(stream.subarray(i, i + chunk)).messages);
    assert.deepEqual(out, MESSAGES);
  }
});
