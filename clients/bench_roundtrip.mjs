#!/usr/bin/env node
// Round-trip cost of the Node client: append one point, p50 over many calls.
//   CHARTD=/path/to/chartd node clients/bench_roundtrip.mjs [calls]
// Compares the client (correlation, mirror patching, spec replay) with a bare loop that writes one
// LSP frame and awaits the answer frame on the same daemon workload.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { Client, findBinary } from './node/index.js';

const calls = Number(process.argv[2] ?? 300);
const warmup = 50;
const spec = () => ({ kind: 'line', width: 800, height: 400, dataSets: [{ id: 'a', entries: Array.from({ length: 1000 }, (_, i) => [i, (i * 7) % 13]) }] });

function percentiles(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const pick = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  const mid = s.length / 2;
  return { p50: s.length % 2 ? s[Math.floor(mid)] : (s[mid - 1] + s[mid]) / 2, p90: pick(0.9), p99: pick(0.99) };
}

/** The least a caller can do: one frame out, resolve on the answer frame. */
async function rawPipe(binary) {
  const child = spawn(binary, [], { stdio: ['pipe', 'pipe', 'ignore'] });
  let buffer = Buffer.alloc(0);
  let waiting = null;
  child.stdout.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/content-length:\s*(\d+)/i.exec(buffer.subarray(0, end).toString())[1]);
      if (buffer.length < end + 4 + length) return;
      const message = JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString());
      buffer = buffer.subarray(end + 4 + length);
      if (waiting && message.id === waiting.id) waiting.resolve(message);
    }
  });
  let id = 0;
  const call = (method, params) => new Promise((resolve) => {
    waiting = { id: ++id, resolve };
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    child.stdin.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]));
  });
  await call('initialize', { processId: process.pid, capabilities: {} });
  await call('chart/open', { uri: 'bench://raw', version: 0, spec: spec() });
  return { call, close: async () => { await call('shutdown', null); child.stdin.end(); } };
}

/** Alternates a bare call and a client call, so both see the same machine noise. */
async function bench(binary) {
  const raw = await rawPipe(binary);
  const client = await Client.start({ binary });
  const rawSamples = [];
  const clientSamples = [];
  try {
    const doc = await client.open('bench://node', spec());
    for (let i = 0; i < warmup + calls; i++) {
      const point = [[1000 + i, i % 11]];
      const t0 = performance.now();
      const answer = await raw.call('chart/update', { uri: 'bench://raw', version: i + 1, edits: [{ op: 'appendEntries', dataSet: 'a', entries: point }] });
      const t1 = performance.now();
      await doc.appendEntries('a', point);
      const t2 = performance.now();
      if (!answer.result) throw new Error(JSON.stringify(answer));
      if (i >= warmup) {
        rawSamples.push(t1 - t0);
        clientSamples.push(t2 - t1);
      }
    }
    if (doc.svg !== (await doc.render()).svg) throw new Error('mirror differs from render');
  } finally {
    await client.close();
    await raw.close();
  }
  return { rawSamples, clientSamples };
}

const binary = findBinary();
const { rawSamples, clientSamples } = await bench(binary);
const raw = percentiles(rawSamples);
const client = percentiles(clientSamples);
const paired = percentiles(clientSamples.map((c, i) => c - rawSamples[i])).p50;
const us = (ms) => `${(ms * 1000).toFixed(0).padStart(7)} µs`;
console.log(`append one point to a 1,000-point line, ${calls} calls (node ${process.version})`);
console.log(`  bare pipe loop : p50 ${us(raw.p50)}  p90 ${us(raw.p90)}  p99 ${us(raw.p99)}`);
console.log(`  chartd-client  : p50 ${us(client.p50)}  p90 ${us(client.p90)}  p99 ${us(client.p99)}`);
console.log(`  client overhead: median of paired differences ${us(paired)}`);
