// What the client sends (issue 15): numbers JSON cannot express are refused at the call with the
// place named (the Python client's rule and words), a message that cannot be encoded leaves nothing
// pending, an error answer with id null is surfaced, and a dead daemon's exit is kept on the error.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';

import test from 'node:test';
import { ChartdError, Client, ConnectionLostError, edits as E } from '../index.js';
import { encodeBody } from '../src/framing.js';
import { FAKE, SKIP_NO_CHARTD, realChartd, sleep, until } from './helpers.mjs';

const SPEC = { kind: 'line', dataSets: [{ id: 'a', entries: [[0, 1]] }] };
const CHARTD = realChartd();

async function withFake(body, options = {}) {
  const client = await Client.start({ binary: FAKE, timeoutMs: 20000, ...options });
  try {
    return await body(client);
  } finally {
    await client.close();
  }
}

for (const [value, name] of [[NaN, 'NaN'], [Infinity, 'Infinity'], [-Infinity, '-Infinity']]) {
  test(`${name} is refused where it is sent, and the version stays free`, () =>
    withFake(async (client) => {
      const doc = await client.open('mem://a', SPEC);
      await assert.rejects(doc.appendEntries('a', [1.5, value]), {
        name: 'TypeError',
        message: `chart/update: cannot send ${name} at /edits/0/entries/1: JSON has no NaN or Infinity (send null for a missing value)`,
      });
      assert.equal(client._pending.size, 0);
      assert.equal((await doc.appendEntries('a', [[1, 2]])).version, 1);
    }));
}

test('the same rule for every way of sending', () =>
  withFake(async (client) => {
    const doc = await client.open('mem://a', SPEC);
    assert.throws(() => doc.updateNowait([E.appendEntries('a', [{ x: 1, y: NaN }])]), /at \/edits\/0\/entries\/0\/y:/);
    assert.deepEqual(doc.unconfirmed, []);
    assert.equal(doc.lastSent, 0);
    await assert.rejects(client.renderSpec({ kind: 'line', width: Infinity }), /^TypeError: chart\/renderSpec: cannot send Infinity at \/spec\/width/);
    assert.throws(() => client.notify('x/y', { v: NaN }), /^TypeError: x\/y: cannot send NaN at \/v/);
    await assert.rejects(doc.setViewport(NaN, 3), /at \/edits\/0\/xMin/);
    // null stays the protocol's missing value, and legitimate nulls cost no error.
    assert.equal((await doc.appendEntries('a', [[1, null]])).version, 1);
    assert.equal(client._pending.size, 0);
  }));

test('encodeBody names the first place in document order, and leaves null alone', () => {
  assert.throws(() => encodeBody({ method: 'm', params: { a: [1, { b: NaN }], c: Infinity } }), /at \/a\/1\/b:/);
  assert.equal(encodeBody({ params: { v: null } }).toString(), '{"params":{"v":null}}');
});

// Issue 15, defect 2: a failed serialisation left a pending request, so close() later rejected it
// with nobody listening and the process exited 1. Run as its own process to see the exit status.
test('a circular value rejects at the call and close() then ends cleanly', () => {
  const script = `
    import { Client } from ${JSON.stringify(new URL('../index.js', import.meta.url).href)};
    const client = await Client.start({ binary: ${JSON.stringify(FAKE)} });
    const doc = await client.open('mem://a', { kind: 'line', dataSets: [{ id: 'a', entries: [] }] });
    const circular = { x: 1 };
    circular.self = circular;
    try { await doc.appendEntries('a', [circular]); } catch (e) { console.log('caught', e.name, client._pending.size); }
    await client.close();
    console.log('closed');
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60000 });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stdout, 'caught TypeError 0\nclosed\n');
});

test('a dead daemon is described by its exit, with autoRestart off too', () =>
  withFake(async (client) => {
    const doc = await client.open('mem://a', SPEC);
    process.kill(client.pid, 'SIGKILL');
    await until(() => client.state === 'broken');
    await assert.rejects(doc.appendEntries('a', [[1, 1]]), (e) => e instanceof ConnectionLostError
      && e.rpcMessage === 'the client is broken: the daemon died (signal SIGKILL; autoRestart is off); chart/update was not sent');
  }, { autoRestart: false }));

test('an error answer with id null reaches protocolError listeners', { skip: CHARTD ? false : SKIP_NO_CHARTD }, async () => {
  const client = await Client.start({ binary: CHARTD });
  try {
    const seen = [];
    client.on('protocolError', (e) => seen.push(e));
    client._gen.sendBody(Buffer.from('{"jsonrpc":"2.0","id":7,"method":')); // bytes no encoder of ours makes
    await client.synchronize();
    await until(() => seen.length === 1);
    assert.ok(seen[0] instanceof ChartdError);
    assert.equal(seen[0].code, -32700);
  } finally {
    await client.close();
  }
});

test('without listeners it becomes a process warning, not silence', { skip: CHARTD ? false : SKIP_NO_CHARTD }, () => {
  const script = `
    import { Client } from ${JSON.stringify(new URL('../index.js', import.meta.url).href)};
    const client = await Client.start({ binary: ${JSON.stringify(CHARTD)} });
    client._gen.sendBody(Buffer.from('[1,'));
    await client.synchronize();
    await new Promise((r) => setTimeout(r, 50));
    await client.close();
  `;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60000 });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stderr, /ChartdProtocolWarning: chartd answered a message it could not read \(id null\): chartd error -32700: parse error/);
});


/**
 * A client whose sent requests are recorded (decoded from the bytes it writes); `advertise` maps
 * capabilities (`previousMarkup`, `markupSplices`) to whether the daemon's initialize answer offers
 * them: each is set or removed there before the client reads it.
 */
async function recordingClient(options, advertise = {}) {
  const client = new Client({ binary: FAKE, timeoutMs: 20000, ...options });
  const sent = [];
  const send = client._sendPending.bind(client);
  client._sendPending = (p, gen) => {
    sent.push(JSON.parse(p.body.toString('utf8')));
    send(p, gen);
  };
  const receive = client._onMessage.bind(client);
  client._onMessage = (gen, message) => {
    for (const chart of [message.result?.capabilities?.chart, message.result?.capabilities?.experimental?.chart]) {
      if (!chart) continue;
      for (const [name, offered] of Object.entries(advertise)) {
        if (offered) chart[name] = true;
        else delete chart[name];
      }
    }
    receive(gen, message);
  };
  await client.start();
  return { client, sent };
}

test('initialize declares the previousMarkup capability, unless turned off', async () => {
  const cases = [
    [{}, true, { chart: { previousMarkup: true, markupSplices: true } }, true],
    [{}, false, { chart: { previousMarkup: true, markupSplices: true } }, false],
    [{ previousMarkup: true }, true, { chart: { previousMarkup: true, markupSplices: true } }, true],
    [{ previousMarkup: false }, true, { chart: { markupSplices: true } }, false],
    [{ previousMarkup: false, markupSplices: false }, true, {}, false],
  ];
  for (const [options, advertise, capabilities, inEffect] of cases) {
    const what = `${JSON.stringify(options)}, daemon ${advertise ? 'with' : 'without'} previousMarkup`;
    const { client, sent } = await recordingClient(options, { previousMarkup: advertise });
    try {
      assert.equal(sent[0].method, 'initialize');
      assert.deepEqual(sent[0].params.capabilities, capabilities, what);
      // Mirrors keep previous markup only when both sides agreed: else no patch can carry `restored`.
      assert.equal(client.previousMarkup, inEffect, what);
      const doc = await client.open('mem://a', SPEC);
      assert.equal(doc.mirror.keepPrevious, inEffect, what);
      await doc.appendEntries('a', [[1, 1]]);
      assert.equal(doc.mirror.previous.size > 0, inEffect, what);
    } finally {
      await client.close();
    }
  }
});

test('initialize passes an editor\'s LSP capabilities on, beside its own chart ones', async () => {
  const textDocument = { completion: { completionItem: { snippetSupport: true } } };
  const { client, sent } = await recordingClient({ capabilities: { textDocument, chart: { previousMarkup: false } } });
  try {
    assert.deepEqual(sent[0].params.capabilities, { textDocument, chart: { previousMarkup: true, markupSplices: true } });
  } finally {
    await client.close();
  }
});

test('initialize declares the markupSplices capability, unless turned off', async () => {
  const both = { chart: { previousMarkup: true, markupSplices: true } };
  const cases = [
    [{}, true, both, true],
    [{}, false, both, false],
    [{ markupSplices: true }, true, both, true],
    [{ markupSplices: false }, true, { chart: { previousMarkup: true } }, false],
    [{ markupSplices: false }, false, { chart: { previousMarkup: true } }, false],
    [{ previousMarkup: false }, true, { chart: { markupSplices: true } }, true],
  ];
  for (const [options, advertise, capabilities, inEffect] of cases) {
    const what = `${JSON.stringify(options)}, daemon ${advertise ? 'with' : 'without'} markupSplices`;
    const { client, sent } = await recordingClient(options, { markupSplices: advertise });
    try {
      assert.equal(sent[0].method, 'initialize');
      assert.deepEqual(sent[0].params.capabilities, capabilities, what);
      assert.equal(client.serverInfo.chart.markupSplices, advertise ? true : undefined, what);
      // Splices can come only when both sides agreed.
      assert.equal(client.markupSplices, inEffect, what);
      // The other capability is declared and in effect on its own.
      assert.equal(client.previousMarkup, options.previousMarkup !== false, what);
    } finally {
      await client.close();
    }
  }
});

/**
 * The splice that turns `old` into `now`: their common start and end kept, the cuts moved off
 * continuation bytes (the way chartd makes them, protocol/patch.md "Spliced fragments").
 */
function spliceBetween(old, now) {
  const o = Buffer.from(old, 'utf8');
  const n = Buffer.from(now, 'utf8');
  const most = Math.min(o.length, n.length);
  const cont = (b) => b !== undefined && (b & 0xc0) === 0x80;
  let head = 0;
  while (head < most && o[head] === n[head]) head++;
  while (head > 0 && (cont(o[head]) || cont(n[head]))) head--;
  let tail = 0;
  while (tail < most - head && o[o.length - 1 - tail] === n[n.length - 1 - tail]) tail++;
  while (tail > 0 && cont(o[o.length - tail])) tail--;
  return { start: head, end: o.length - tail, text: n.toString('utf8', head, n.length - tail) };
}

/**
 * A client of the stand-in daemon whose patches arrive with every fragment a splice of the markup
 * its document's mirror holds: the stand-in splices only where that keeps 64 bytes, as chartd does;
 * here every other fragment (a short title, say) is turned into one too. `corrupt` may then change
 * each splice.
 */
async function splicingClient(corrupt = (s) => s) {
  const { client } = await recordingClient({}, { markupSplices: true });
  const receive = client._onMessage.bind(client);
  client._onMessage = (gen, message) => {
    const patch = message.result?.fragments ? message.result : message.method === 'chart/patch' ? message.params : null;
    const mirror = patch && client.document(patch.uri)?.mirror;
    if (mirror && mirror.version === patch.baseVersion) {
      patch.fragments = patch.fragments.map(({ id, svg, splice }) => {
        const old = mirror.regions[mirror.regionIds.indexOf(id)];
        return { id, splice: corrupt(splice ?? spliceBetween(old, svg), old) };
      });
    }
    receive(gen, message);
  };
  return client;
}

const UNICODE_SPEC = { kind: 'line', title: 'Prix \u20ac \u6f22 \u{1f600}', dataSets: [{ id: 'a', label: '\u00c9t\u00e9', entries: [[0, 1]] }] };

test('spliced fragments keep the document mirror equal to chart/render, non-ASCII markup included', async () => {
  const client = await splicingClient();
  try {
    assert.equal(client.markupSplices, true);
    const doc = await client.open('mem://splices', UNICODE_SPEC);
    const resets = [];
    doc.on('reset', (r) => resets.push(r.version));
    const steps = [
      () => doc.appendEntries('a', [[1, 2]]),
      () => doc.mergeSpec({ title: 'Prix \u20ac \u6f22 \u{1f600}\u{1f600} \u00e9' }),
      () => doc.appendEntries('a', [[2, 12]]),
      () => doc.mergeSpec({ title: 'Prix \u20ac \u6f22\u6f22 \u{1f600}\u{1f600}' }),
      () => doc.mergeSpec({ title: 'Prix \u20ac \u6f22\u6f22 \u{1f389}\u{1f600}' }),
      () => doc.setVisibility('a', false),
      () => doc.setVisibility('a', true), // restored, with previousMarkup
      () => doc.batch((b) => { b.appendEntries('a', [[3, 5]]); b.mergeSpec({ title: 'x \u00e9' }); }),
    ];
    let spliced = 0;
    for (const step of steps) {
      const patch = await step();
      spliced += patch.fragments.filter((f) => f.splice !== undefined && f.svg === undefined).length;
      const fresh = await client.request('chart/render', { uri: doc.uri });
      assert.equal(doc.svg, fresh.svg, `after version ${patch.version}`);
      assert.equal(doc.mirror.version, fresh.version);
    }
    assert.ok(spliced >= steps.length - 1, `only ${spliced} splices`);
    assert.ok(Buffer.byteLength(doc.svg) > doc.svg.length, 'the markup is not ASCII');
    await sleep(0);
    assert.deepEqual(resets, [], 'a splice did not fit the mirror');
  } finally {
    await client.close();
  }
});

test('a splice that does not fit makes the document resync with chart/render', async () => {
  // Every splice of non-ASCII markup is moved one byte later: inside a character, or off by one.
  const client = await splicingClient((s, old) => (Buffer.byteLength(old) > old.length ? { ...s, start: s.start + 1, end: s.end + 1 } : s));
  try {
    const doc = await client.open('mem://misfit', UNICODE_SPEC);
    const resets = [];
    doc.on('reset', (r) => resets.push(r.version));
    const ascii = await doc.appendEntries('a', [[1, 2]]);
    assert.equal(ascii.fragments[0].splice.start > 0, true);
    await sleep(0);
    assert.deepEqual(resets, []);
    // The title ends in an emoji: one byte later its splice starts inside a character.
    const patch = await doc.mergeSpec({ title: 'Prix \u20ac \u6f22 \u{1f389}' });
    assert.equal(patch.version, 2);
    await until(() => resets.length === 1);
    assert.deepEqual(resets, [2]);
    const fresh = await client.request('chart/render', { uri: doc.uri });
    assert.equal(doc.svg, fresh.svg);
    assert.equal(doc.mirror.version, 2);
    assert.ok(doc.svg.includes('\u{1f389}'));
  } finally {
    await client.close();
  }
});
