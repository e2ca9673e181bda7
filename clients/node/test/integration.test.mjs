// The Node client against the real chartd (CHARTD or PATH); every test skips, visibly, without it.
import assert from 'node:assert/strict';
import test from 'node:test';
import { ChartdError, Client, ErrorCode, edits as E } from '../index.js';
import { assertSvgSnapshot, startClient, svgDiff } from '../testing.js';
import { SKIP_NO_CHARTD, SPECS, realChartd, sleep, until } from './helpers.mjs';

const binary = realChartd();

function live(name, body) {
  test(name, async (t) => {
    if (!binary) return t.skip(SKIP_NO_CHARTD);
    const client = await Client.start({ binary, timeoutMs: 60000 });
    try {
      await body(client);
    } finally {
      await client.close();
    }
  });
}

async function assertMirrorIsRender(client, doc) {
  const fresh = await client.request('chart/render', { uri: doc.uri });
  assert.equal(fresh.version, doc.mirror.version);
  assert.equal(doc.svg, fresh.svg);
}

async function assertReplayReproduces(client, doc) {
  const { svg } = await client.request('chart/renderSpec', { spec: doc.spec, idPrefix: doc.idPrefix });
  assert.equal(svg, doc.svg, `replayed spec of ${doc.uri} renders differently`);
}

live('initialize reports every kind and edit op', async (client) => {
  assert.equal(client.serverInfo.name, 'chartd');
  assert.equal(client.serverInfo.protocolVersion, '1.0');
  for (const kind of Object.keys(SPECS)) assert.ok(client.serverInfo.chart.kinds.includes(kind), kind);
  assert.deepEqual([...client.serverInfo.chart.editOps].sort(), [...E.EDIT_OPS].sort());
});

live('every kind follows appends, updates, toggles and highlights', async (client) => {
  for (const [kind, spec] of Object.entries(SPECS)) {
    const doc = await client.open(`it://${kind}`, spec);
    const first = spec.dataSets[0];
    const id = first.id;
    for (let i = 0; i < 12; i++) {
      const edits = [];
      if (kind === 'candlestick') edits.push(E.appendEntries(id, [{ open: 10, high: 11 + (i % 3), low: 9, close: 10.5 }], 8));
      else if (kind === 'bubble') edits.push(E.appendEntries(id, { y: [i % 4], size: [5 + i] }, 8));
      else if (kind === 'pie') edits.push(E.updateEntries(id, i % 3, [5 + i]));
      else edits.push(E.appendEntries(id, [i % 5], 8));
      if (i % 4 === 3 && kind !== 'pie') edits.push(E.setVisibility(id, i % 8 !== 3));
      if (i % 5 === 4) edits.push(E.highlight(id, 0));
      const patch = await doc.update(edits);
      assert.equal(patch.baseVersion, patch.version - 1);
      await assertMirrorIsRender(client, doc);
    }
    await assertReplayReproduces(client, doc);
    await doc.close();
  }
});

live('errors: diagnostics, stale versions, unknown documents', async (client) => {
  const doc = await client.open('it://err', SPECS.line);
  const before = doc.svg;
  await assert.rejects(doc.update([E.appendEntries('a', [[9, 9]]), E.appendEntries('a', [[10, 'x']])]), (e) =>
    e instanceof ChartdError && e.code === ErrorCode.INVALID_PARAMS && e.diagnostics[0].path.startsWith('/edits/1/entries/0'));
  assert.equal(doc.svg, before);
  await doc.appendEntries('a', [[9, 9]]);
  // The failed update used version 1 (versions need not be consecutive), so the document is at 2.
  await assert.rejects(doc.update([E.resize(300, 300)], { version: 1 }), (e) => e.code === ErrorCode.CONTENT_MODIFIED && e.currentVersion === doc.version && doc.version === 2);
  await assert.rejects(client.open('it://err', SPECS.line), (e) => e.kind === 'documentAlreadyOpen');
  await assert.rejects(client.request('chart/render', { uri: 'it://none' }), (e) => e.kind === 'unknownDocument');
});

live('notification updates end in the same picture', async (client) => {
  const doc = await client.open('it://notify', SPECS.line);
  for (let i = 0; i < 50; i++) doc.updateNowait([E.appendEntries('a', [[4 + i, i % 7]], 20)]);
  await client.synchronize();
  await until(() => doc.mirror.version === 50);
  await assertMirrorIsRender(client, doc);
  await assertReplayReproduces(client, doc);
});

live('SIGKILL mid-stream: every mirror ends equal to a fresh render', async (client) => {
  const mismatches = [];
  client.on('recoveryMismatch', (m) => mismatches.push(m));
  const docs = await Promise.all(['line', 'bar', 'candlestick', 'combined'].map((k) => client.open(`crash://${k}`, SPECS[k])));
  const firstPid = client.pid;
  let done = 0;
  const stream = async (doc, k) => {
    for (let i = 0; i < 120; i++) {
      if (k === 0) await doc.appendEntries('a', [[4 + i, i % 9]], 60);
      else if (k === 1) await doc.updateEntries('q1', i % 4, [i % 7]);
      else if (k === 2) await doc.appendEntries('btc', [{ x: 3 + i, open: 10, high: 11, low: 9, close: 10 + (i % 5) / 10 }], 40);
      else doc.updateNowait([E.appendEntries('vol', [[4 + i, i % 6]], 20)]);
      done++;
      if (k === 3) await sleep(1);
    }
  };
  const running = docs.map(stream);
  await until(() => done > 120);
  process.kill(firstPid, 'SIGKILL');
  await Promise.all(running);
  assert.notEqual(client.pid, firstPid);
  assert.equal(client.restartCount, 1);
  await client.synchronize();
  for (const doc of docs) {
    await until(() => doc.mirror.version === 120);
    await assertMirrorIsRender(client, doc);
  }
  assert.deepEqual(mismatches, []);
});

// Restored regions (protocol/patch.md, client capability previousMarkup). chartd restores only
// regions replaced since the last full SVG it sent, and chart/render sends one: so after each patch
// the mirror is checked against chart/renderSpec of chart/getSpec (methods.md: exactly chart/render's
// SVG, and neither sends the document's SVG), and against chart/render itself at a few points.
async function assertMirrorIsSpecRender(client, doc) {
  const { version, spec, idPrefix } = await client.request('chart/getSpec', { uri: doc.uri });
  assert.equal(version, doc.mirror.version);
  const { svg } = await client.request('chart/renderSpec', { spec, idPrefix });
  assert.equal(doc.svg, svg, `mirror of ${doc.uri} at version ${version} differs from its full render`);
}

const walk = (n, phase) => Array.from({ length: n }, (_, i) => [i, Math.round(50 + 40 * Math.sin(i / 7 + phase)) / 10]);
const RESTORE_SPEC = {
  kind: 'line', width: 640, height: 320, title: 'Toggles',
  dataSets: [{ id: 'a', label: 'Alpha', entries: walk(300, 0) }, { id: 'b', label: 'Beta', entries: walk(300, 1) },
    { id: 'c', label: 'Gamma', entries: walk(300, 2) }],
};

/** Runs `steps` on a fresh document, checking the mirror after every patch; returns the patches. */
async function playChecked(client, uri, steps) {
  const doc = await client.open(uri, RESTORE_SPEC);
  const resets = [];
  doc.on('reset', (r) => resets.push(r.version));
  const patches = [];
  for (const step of steps) {
    const patch = await step(doc);
    if (patch) {
      patches.push(patch);
      assert.ok(!(patch.restored ?? []).some((id) => patch.fragments.some((f) => f.id === id)), 'an id both restored and sent');
      await assertMirrorIsSpecRender(client, doc);
    }
  }
  await assertMirrorIsRender(client, doc);
  await sleep(0);
  assert.deepEqual(resets, [], 'a patch did not fit the mirror (it fell back to chart/render)');
  await doc.close();
  return patches;
}

const TOGGLES = [
  (d) => d.setVisibility('b', false), (d) => d.setVisibility('b', true), (d) => d.setVisibility('b', false),
  (d) => d.setVisibility('b', true), (d) => d.highlight('a', 10), (d) => d.setVisibility('c', false),
  (d) => d.clearHighlight(), (d) => d.setVisibility('c', true), (d) => d.highlight('a', 10),
  (d) => d.appendEntries('a', [[300, 5.5]]), (d) => d.setVisibility('b', false), (d) => d.setVisibility('b', true),
  (d) => d.appendEntries('b', [[300, 4.5]]), (d) => d.setVisibility('b', false), (d) => d.appendEntries('a', [[301, 6]]),
  (d) => d.setVisibility('b', true), (d) => d.setVisibility('b', false),
  async (d) => { await d.render(); }, // a full SVG: from here on nothing earlier is restored
  (d) => d.setVisibility('b', true), (d) => d.setVisibility('b', false), (d) => d.setVisibility('b', true),
  (d) => d.batch((b) => { b.setVisibility('c', false); b.highlight('b', 3); }), (d) => d.batch((b) => { b.setVisibility('c', true); b.clearHighlight(); }),
];

live('toggles, highlights and appends: restored regions when chartd offers them, the mirror exact after each', async (client) => {
  const offered = client.serverInfo.chart.previousMarkup === true;
  assert.equal(client.previousMarkup, offered);
  const patches = await playChecked(client, 'it://restored', TOGGLES);
  const restoring = patches.filter((p) => p.restored?.length);
  if (offered) {
    assert.ok(restoring.length >= 5, `only ${restoring.length} patches restored regions`);
    // Toggled back on right after the full SVG, the data set's regions come as markup again.
    assert.equal(patches[17].restored, undefined);
  } else {
    assert.deepEqual(restoring, []);
  }
});

test('without previousMarkup no patch restores a region', async (t) => {
  if (!binary) return t.skip(SKIP_NO_CHARTD);
  const client = await Client.start({ binary, timeoutMs: 60000, previousMarkup: false });
  try {
    assert.equal(client.previousMarkup, false);
    const patches = await playChecked(client, 'it://fragments', TOGGLES);
    assert.deepEqual(patches.filter((p) => p.restored !== undefined), []);
  } finally {
    await client.close();
  }
});

live('a daemon restarted between toggles: the mirror stays exact', async (client) => {
  const offered = client.previousMarkup;
  const patches = await playChecked(client, 'it://restart', [
    (d) => d.setVisibility('b', false), (d) => d.setVisibility('b', true), (d) => d.setVisibility('b', false),
    async () => {
      process.kill(client.pid, 'SIGKILL');
      await until(() => client.restartCount === 1);
      await client.synchronize();
    },
    (d) => d.setVisibility('b', true), (d) => d.setVisibility('b', false), (d) => d.setVisibility('b', true),
  ]);
  assert.equal(client.restartCount, 1);
  const restored = patches.map((p) => (p.restored?.length ? 'r' : 'f')).join('');
  // Before the crash: off, then restores; after it the new daemon sends markup once, then restores.
  assert.equal(restored, offered ? 'frrfrr' : 'ffffff');
});

// The harness helpers on a real render: test/snapshots/bars-south-hidden.svg is the reviewed SVG
// (CHARTD_UPDATE_SNAPSHOTS=1 rewrites it when rendering changes on purpose).
test('a bar chart with a hidden series matches its snapshot', async (t) => {
  const client = await startClient(t, { timeoutMs: 60000 });
  if (!client) return;
  const spec = { kind: 'bar', width: 360, height: 200, dataSets: [{ id: 'north', entries: [3, 5, 2] }, { id: 'south', entries: [4, 1, 6] }] };
  const doc = await client.open('mem://snapshot', spec, { idPrefix: 'bars' });
  await doc.setVisibility('south', false);
  assertSvgSnapshot(doc.svg, new URL('./snapshots/bars-south-hidden.svg', import.meta.url));
});

live('setViewport passes autoScaleY, and renderSpec an id prefix', async (client) => {
  const doc = await client.open('it://viewport', { kind: 'line', dataSets: [{ id: 'a', entries: [1, 30, 2, 5, 4] }] });
  await doc.setViewport(2, 4, { autoScaleY: false });
  assert.deepEqual((await client.request('chart/getSpec', { uri: doc.uri })).spec.viewport, { xMin: 2, xMax: 4, autoScaleY: false });
  await doc.setViewport();
  assert.equal((await client.request('chart/getSpec', { uri: doc.uri })).spec.viewport.autoScaleY, false);
  assert.equal(doc.spec.viewport.autoScaleY, false);
  const svg = await client.renderSpec({ kind: 'line', dataSets: [{ id: 'a', entries: [1, 2] }] }, { idPrefix: 'second' });
  assert.ok(svg.includes(' id="second-') && !svg.includes(' id="chart'));
});

// Spliced fragments (protocol/patch.md, client capability markupSplices): an append to a long line
// changes the end of one chunk's path, which chartd may send as a splice of the markup the mirror
// holds. The axes are fixed and the appends stay inside chunk 1 (entries 1000…1999), so every
// append changes the end of a region of about a thousand points. Labels and title are not ASCII, so
// offsets in bytes and in string units differ in every region that shows them. The mirror is
// compared with chart/render after every patch (keepPreviousMarkup: it renders to compare, so
// restores go on), and no patch may fall back to a resync, which would hide a misapplied splice.
const SPLICE_SPEC = {
  kind: 'line', width: 800, height: 400, title: 'Cours \u20ac \u2014 \u6f22\u5b57 \u{1f600}',
  xAxis: { min: 0, max: 2000 }, leftAxis: { min: 0, max: 10 },
  dataSets: [{ id: 'price', label: 'Prix \u00e9 \u6f22 \u{1f600}', entries: walk(1950, 0) },
    { id: 'ref', label: 'R\u00e9f\u00e9rence', entries: walk(1950, 1) }],
};

/** 40 single-point appends (`[true, step]`), with highlights, toggles and a batch among them. */
const SPLICE_STEPS = Array.from({ length: 40 }, (_, i) => {
  const point = [1950 + i, Math.round(50 + 40 * Math.sin((1950 + i) / 7)) / 10];
  const steps = [[true, (d) => d.appendEntries('price', [point])]];
  if (i % 7 === 3) steps.push([false, (d) => d.highlight('price', 1940 + i)]);
  if (i % 9 === 5) steps.push([false, (d) => d.setVisibility('ref', false)], [false, (d) => d.setVisibility('ref', true)]);
  if (i % 11 === 8) steps.push([false, (d) => d.batch((b) => { b.clearHighlight(); b.appendEntries('ref', [[1950 + i, 5]]); })]);
  return steps;
}).flat();

/** Plays SPLICE_STEPS on a fresh document, the mirror checked after each; returns the patches. */
async function playSplices(client, uri) {
  const doc = await client.open(uri, SPLICE_SPEC);
  assert.ok(Buffer.byteLength(doc.svg) > doc.svg.length, 'the SVG is not ASCII');
  const resets = [];
  doc.on('reset', (r) => resets.push(r.version));
  const patches = [];
  for (const [, step] of SPLICE_STEPS) {
    const patch = await step(doc);
    patches.push(patch);
    for (const f of patch.fragments) {
      if (f.splice === undefined) assert.equal(typeof f.svg, 'string', `fragment ${f.id} has no markup`);
      else assert.ok(f.svg === undefined && Number.isInteger(f.splice.start) && Number.isInteger(f.splice.end), `fragment ${f.id}: ${JSON.stringify(f)}`);
    }
    const fresh = await client.request('chart/render', { uri: doc.uri, keepPreviousMarkup: true });
    assert.equal(fresh.version, doc.mirror.version);
    if (doc.svg !== fresh.svg) assert.fail(`mirror of ${uri} at version ${fresh.version} differs from chart/render:\n${svgDiff(fresh.svg, doc.svg)}`);
  }
  await sleep(0);
  assert.deepEqual(resets, [], 'a patch did not fit the mirror (it fell back to chart/render)');
  await assertReplayReproduces(client, doc);
  await doc.close();
  return patches;
}

const splicesOf = (patches) => patches.flatMap((p) => p.fragments.filter((f) => f.splice !== undefined));

test('a long line followed point by point: spliced fragments when chartd offers them, the mirror exact after each', async (t) => {
  if (!binary) return t.skip(SKIP_NO_CHARTD);
  const client = await Client.start({ binary, timeoutMs: 60000 });
  try {
    const offered = client.serverInfo.chart.markupSplices === true;
    assert.equal(client.markupSplices, offered);
    const patches = await playSplices(client, 'it://splices');
    const splices = splicesOf(patches);
    if (offered) {
      assert.ok(splices.length >= 1, 'no patch carried a splice');
      const appendPatches = patches.filter((p, k) => SPLICE_STEPS[k][0]);
      const splicedAppends = appendPatches.filter((p) => p.fragments.some((f) => f.splice !== undefined)).length;
      t.diagnostic(`${splices.length} splices; ${splicedAppends} of ${appendPatches.length} appends spliced`);
    } else {
      assert.deepEqual(splices, []);
      t.diagnostic('this chartd does not offer markupSplices: checked that no patch carries a splice');
    }
  } finally {
    await client.close();
  }
});

test('without markupSplices no fragment is a splice', async (t) => {
  if (!binary) return t.skip(SKIP_NO_CHARTD);
  const client = await Client.start({ binary, timeoutMs: 60000, markupSplices: false });
  try {
    assert.equal(client.markupSplices, false);
    const patches = await playSplices(client, 'it://no-splices');
    assert.deepEqual(splicesOf(patches), []);
    assert.ok(patches.some((p) => p.fragments.length > 0));
  } finally {
    await client.close();
  }
});
