// The client engine against the stand-in daemon (clients/testing/fake_chartd.py): correlation,
// notifications, errors, stderr, resync and crash recovery. integration.test.mjs repeats the
// essentials against the real daemon.
import assert from 'node:assert/strict';
import test from 'node:test';
import { ChartdError, Client, ConnectionLostError, DaemonNotFoundError, ErrorCode, edits as E } from '../index.js';
import { FAKE, sleep, until } from './helpers.mjs';

const SPEC = { kind: 'line', dataSets: [{ id: 'a', label: 'A', entries: [[0, 1]] }, { id: 'b', entries: [] }] };

async function withClient(options, body) {
  const client = await Client.start({ binary: FAKE, timeoutMs: 20000, ...options });
  try {
    return await body(client);
  } finally {
    await client.close();
  }
}

async function assertMirrorIsRender(client, doc) {
  const fresh = await client.request('chart/render', { uri: doc.uri });
  assert.equal(doc.svg, fresh.svg);
  assert.equal(doc.mirror.version, fresh.version);
}

test('initialize reports the server', () =>
  withClient({}, async (client) => {
    assert.equal(client.serverInfo.name, 'chartd');
    assert.equal(client.serverInfo.protocolVersion, '1.0');
    assert.equal(client.state, 'running');
  }));

test('every edit keeps the mirror equal to a full render', () =>
  withClient({}, async (client) => {
    const doc = await client.open('mem://a', SPEC);
    assert.equal(doc.idPrefix, 'c1');
    const steps = [
      () => doc.appendEntries('a', [[1, 2], [2, 3]], 2),
      () => doc.addDataSet({ id: 'c', label: 'C <&>', entries: [1, 2] }, 0),
      () => doc.updateEntries('a', 0, [[1, 5]]),
      () => doc.removeEntries('a', 0, 1),
      () => doc.replaceEntries('b', [[0, 9]]),
      () => doc.setVisibility('b', false),
      () => doc.highlight('b', 0),
      () => doc.clearHighlight(),
      () => doc.setViewport(0, 5),
      () => doc.setViewport(null, null),
      () => doc.replaceDataSet({ id: 'c', entries: [7] }),
      () => doc.removeDataSet('c'),
      () => doc.resize(300, 200),
      () => doc.mergeSpec({ title: 'T' }),
      () => doc.setSpec(SPEC),
    ];
    let n = 0;
    for (const step of steps) {
      const patch = await step();
      n++;
      assert.equal(patch.version, n);
      assert.equal(doc.version, n);
      await assertMirrorIsRender(client, doc);
    }
    const patch = await doc.batch((b) => {
      b.appendEntries('a', [[3, 3]]);
      b.highlight('a', 0);
    });
    assert.equal(patch.version, n + 1);
    await assertMirrorIsRender(client, doc);
  }));

test('an invalid edit rejects with diagnostics and changes nothing', () =>
  withClient({}, async (client) => {
    const doc = await client.open('mem://a', SPEC);
    const before = doc.svg;
    await assert.rejects(doc.update([E.appendEntries('a', [[1, 1]]), E.setVisibility('nope', true)]), (e) =>
      e instanceof ChartdError && e.code === ErrorCode.INVALID_PARAMS && e.diagnostics[0].path === '/edits/1/dataSet');
    assert.equal(doc.svg, before);
    assert.equal((await doc.appendEntries('a', [[1, 1]])).version >= 1, true);
    await assert.rejects(doc.update([E.appendEntries('a', [[2, 2]])], { version: 1 }), (e) => e.code === ErrorCode.CONTENT_MODIFIED && e.currentVersion >= 1);
    await assert.rejects(client.request('chart/render', { uri: 'mem://none' }), (e) => e.code === ErrorCode.REQUEST_FAILED && e.kind === 'unknownDocument');
  }));

test('notification updates arrive as patch events, in order', () =>
  withClient({}, async (client) => {
    const doc = await client.open('mem://a', SPEC);
    const seen = [];
    doc.on('patch', (p) => seen.push(p.version));
    for (let i = 0; i < 20; i++) doc.updateNowait([E.appendEntries('a', [[i + 1, i]])]);
    await client.synchronize();
    await until(() => seen.length === 20);
    assert.deepEqual(seen, Array.from({ length: 20 }, (_, i) => i + 1));
    assert.equal(doc.version, 20);
    await assertMirrorIsRender(client, doc);
    assert.equal(doc.spec.dataSets[0].entries.x.at(-1), 20);
    assert.equal(doc.spec.dataSets[0].entries.y.at(-1), 19);
  }));

test('a rejected notification update is not replayed', () =>
  withClient({}, async (client) => {
    const doc = await client.open('mem://a', SPEC);
    const mismatches = [];
    client.on('recoveryMismatch', (m) => mismatches.push(m));
    doc.updateNowait([E.appendEntries('a', [[1, 1]])]);
    doc.updateNowait([E.setSpec({ kind: 'line', dataSets: 'bad' })]); // rejected by the daemon
    doc.updateNowait([E.appendEntries('a', [[2, 2]])]);
    await client.synchronize();
    await until(() => doc.version === 3);
    assert.equal(doc.diagnostics[0].path, '/edits/0/spec/dataSets');
    assert.deepEqual(doc.spec.dataSets[0].entries.x, [0, 1, 2]);
    assert.equal(doc.replayExact, true);
    process.kill(client.pid, 'SIGKILL');
    await doc.appendEntries('a', [[3, 3]]);
    await assertMirrorIsRender(client, doc);
    await sleep(0);
    assert.deepEqual(mismatches, []);
  }));

test('many concurrent updates keep order', () =>
  withClient({}, async (client) => {
    const doc = await client.open('mem://a', SPEC);
    const patches = await Promise.all(Array.from({ length: 100 }, (_, i) => doc.appendEntries('a', [[i + 1, i]])));
    assert.deepEqual(patches.map((p) => p.version), Array.from({ length: 100 }, (_, i) => i + 1));
    await assertMirrorIsRender(client, doc);
  }));

test('a mirror out of step resyncs with a full render', () =>
  withClient({}, async (client) => {
    const doc = await client.open('mem://a', SPEC);
    await doc.appendEntries('a', [[1, 1]]);
    doc.mirror.version = 0;
    doc.mirror.regions[0] = '<g id="c1-bg">garbage</g>';
    const resets = [];
    doc.on('reset', (r) => resets.push(r.version));
    await doc.appendEntries('a', [[2, 2]]);
    assert.equal(doc.mirror.version, 2);
    await assertMirrorIsRender(client, doc);
    await sleep(0);
    assert.deepEqual(resets, [2]);
  }));

test('a chatty stderr never blocks', () =>
  withClient({ env: { ...process.env, FAKE_CHARTD_STDERR_KIB: '1024' } }, async (client) => {
    const doc = await client.open('mem://a', SPEC);
    await doc.appendEntries('a', [[1, 1]]);
    await until(() => client._gen.stderrTail.length === 50); // 1 MiB drained; the last 50 lines kept
  }));

test('close shuts down cleanly with exit code 0', async () => {
  const client = await Client.start({ binary: FAKE });
  const child = client._gen.child;
  await client.open('mem://a', SPEC);
  await client.close();
  assert.equal(child.exitCode, 0);
  assert.equal(client.state, 'closed');
  await assert.rejects(client.synchronize(), ConnectionLostError);
});

test('ndjson framing', () =>
  withClient({ framing: 'ndjson' }, async (client) => {
    const doc = await client.open('mem://a', SPEC);
    await doc.appendEntries('a', [[1, 1]]);
    await assertMirrorIsRender(client, doc);
  }));

test('a missing binary is a clear error', () => {
  assert.throws(() => new Client({ binary: '/nonexistent/chartd' }), DaemonNotFoundError);
});

test('SIGKILL mid-stream loses nothing', () =>
  withClient({ env: { ...process.env, FAKE_CHARTD_DELAY_MS: '2' } }, async (client) => {
    const restarts = [];
    client.on('restart', (r) => restarts.push(r));
    const docs = await Promise.all([0, 1, 2].map((k) => client.open(`mem://${k}`, SPEC)));
    const firstPid = client.pid;
    const stream = async (doc, k) => {
      for (let i = 0; i < 60; i++) {
        await doc.appendEntries('a', [[i + 1, i * k]], 25);
        if (i % 10 === 0) doc.updateNowait([E.highlight('a', 0)]);
      }
    };
    const running = docs.map(stream);
    await sleep(150);
    process.kill(firstPid, 'SIGKILL');
    await Promise.all(running);
    assert.notEqual(client.pid, firstPid);
    assert.equal(client.restartCount, 1);
    await client.synchronize();
    for (const doc of docs) {
      assert.equal(doc.version, 66);
      await assertMirrorIsRender(client, doc);
      assert.equal(doc.spec.dataSets[0].entries.x.length, 25);
    }
    await sleep(0);
    assert.equal(restarts[0].generation, 2);
  }));

test('a request that kills the daemon twice fails clearly; the document survives', () =>
  withClient({ env: { ...process.env, FAKE_CHARTD_CRASH_ON: 'poison' } }, async (client) => {
    const doc = await client.open('mem://a', SPEC);
    await doc.appendEntries('a', [[1, 1]]);
    await assert.rejects(doc.addDataSet({ id: 'poison', entries: [] }), (e) => e instanceof ConnectionLostError && /retried/.test(e.message));
    assert.equal(client.restartCount, 2);
    assert.equal(doc.version, 1);
    await doc.appendEntries('a', [[2, 2]]);
    await assertMirrorIsRender(client, doc);
  }));

test('gives up after too many restarts', () =>
  withClient({ env: { ...process.env, FAKE_CHARTD_CRASH_ON: 'poison' }, maxRetries: 5, maxRestarts: 2 }, async (client) => {
    const doc = await client.open('mem://a', SPEC);
    const reason = 'the daemon died again after 2 restarts within 30 s (last exit: signal SIGKILL); the client gave up';
    await assert.rejects(doc.addDataSet({ id: 'poison', entries: [] }),
      (e) => e instanceof ConnectionLostError && e.rpcMessage === `${reason}; chart/update was not answered`);
    assert.equal(client.state, 'broken');
    assert.equal(client.brokenReason, reason);
    // Every later call keeps the cause (issue 15), worded as the Python client words it.
    await assert.rejects(doc.appendEntries('a', [[1, 1]]), (e) => e instanceof ConnectionLostError
      && e.rpcMessage === `the client is broken: ${reason}; chart/update was not sent` && e.reason === reason && e.data.reason === reason);
  }));

// Restored regions (protocol/patch.md, client capability previousMarkup): the stand-in daemon sends a
// region whose new markup is the one the client keeps as its previous markup as a `restored` id.

/** The full SVG of the document's replayed spec: chart/renderSpec leaves what the daemon tracks alone. */
async function assertMirrorIsSpecRender(client, doc) {
  assert.equal(doc.svg, await client.renderSpec(doc.spec, { idPrefix: doc.idPrefix }));
}

test('a legend toggled off and on comes back as restored regions', () =>
  withClient({}, async (client) => {
    assert.equal(client.previousMarkup, true);
    const doc = await client.open('mem://a', SPEC);
    const resets = [];
    doc.on('reset', (r) => resets.push(r.version));
    const off = await doc.setVisibility('b', false);
    assert.deepEqual(off.fragments.map((f) => f.id), ['c1-s-b']);
    assert.equal(off.restored, undefined);
    await assertMirrorIsSpecRender(client, doc);
    for (let i = 0; i < 4; i++) {
      const patch = await doc.setVisibility('b', i % 2 === 0);
      assert.deepEqual(patch.fragments, []);
      assert.deepEqual(patch.restored, ['c1-s-b']);
      assert.equal(doc.svg.includes('data-dataset="b" data-hidden="true"'), i % 2 === 1);
      await assertMirrorIsSpecRender(client, doc);
    }
    await assertMirrorIsRender(client, doc);
    await sleep(0);
    assert.deepEqual(resets, []);
  }));

test('with previousMarkup off the same toggles come as fragments', () =>
  withClient({ previousMarkup: false }, async (client) => {
    const doc = await client.open('mem://a', SPEC);
    for (let i = 0; i < 4; i++) {
      const patch = await doc.setVisibility('b', i % 2 === 1);
      assert.deepEqual(patch.fragments.map((f) => f.id), ['c1-s-b']);
      assert.equal(patch.restored, undefined);
    }
    assert.equal(doc.mirror.previous.size, 0);
    await assertMirrorIsRender(client, doc);
  }));

test('a restore the mirror cannot apply falls back to a full render', () =>
  withClient({}, async (client) => {
    const doc = await client.open('mem://a', SPEC);
    const resets = [];
    doc.on('reset', (r) => resets.push(r.version));
    await doc.setVisibility('b', false);
    doc.mirror.previous.clear(); // as if the client had lost what it promised to keep
    const patch = await doc.setVisibility('b', true);
    assert.deepEqual(patch.restored, ['c1-s-b']);
    assert.equal(doc.mirror.version, 2);
    await assertMirrorIsRender(client, doc);
    await sleep(0);
    assert.deepEqual(resets, [2]);
  }));

test('a restarted daemon starts the previous markup afresh', () =>
  withClient({}, async (client) => {
    const doc = await client.open('mem://a', SPEC);
    await doc.setVisibility('b', false);
    assert.deepEqual([...doc.mirror.previous.keys()], ['c1-s-b']);
    process.kill(client.pid, 'SIGKILL');
    await until(() => client.restartCount === 1);
    await client.synchronize(); // after the re-open's answer: the new daemon sent a full SVG
    assert.equal(doc.mirror.previous.size, 0);
    assert.equal(doc.mirror.keepPrevious, true);
    const on = await doc.setVisibility('b', true); // the new daemon holds nothing to restore yet
    assert.deepEqual(on.fragments.map((f) => f.id), ['c1-s-b']);
    assert.equal(on.restored, undefined);
    const off = await doc.setVisibility('b', false);
    assert.deepEqual(off.restored, ['c1-s-b']);
    await assertMirrorIsRender(client, doc);
  }));
