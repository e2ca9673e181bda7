// The client's spec replay against the real chartd: seeded random edit sequences, and after every
// update the replayed spec must render (chart/renderSpec, same id prefix) to exactly the mirror, and
// name the same highlights, hidden slices and entry offsets as chart/getSpec (crash recovery
// re-opens documents with this spec, so any difference would show after a crash).
import assert from 'node:assert/strict';
import test from 'node:test';
import { Client, edits as E } from '../index.js';
import { SKIP_NO_CHARTD, realChartd } from './helpers.mjs';

const binary = realChartd();
const SEEDS = [1, 2, 3, 4];
const STEPS = 40;

/** A small seeded generator (mulberry32): the same seed gives the same session. */
function random(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  return { next, int, below: (n) => Math.floor(next() * n), pick: (a) => a[Math.floor(next() * a.length)] };
}

const stack = (r) => Array.from({ length: r.int(1, 3) }, () => r.int(1, 5));

function newEntries(r, kind, id, k) {
  if (kind === 'bar' && id !== 't') return Array.from({ length: k }, () => ({ values: stack(r) }));
  if (kind === 'line') return Array.from({ length: k }, () => Math.round(r.next() * 900) / 100);
  return Array.from({ length: k }, () => r.int(1, 9));
}

const SPECS = {
  // A small chunk size, so sliding windows and removals from the front move chunk ids (entryOffset).
  line: (r) => ({
    kind: 'line',
    largeData: { chunkSize: 16 },
    dataSets: [{ id: 'a', entries: newEntries(r, 'line', 'a', 40) }, { id: 'b', entries: newEntries(r, 'line', 'b', 20), entryOffset: 5 }],
  }),
  bar: (r) => ({
    kind: 'bar',
    dataSets: [{ id: 's', entries: newEntries(r, 'bar', 's', 8) }, { id: 't', entries: newEntries(r, 'bar', 't', 8) }],
  }),
  pie: (r) => ({ kind: 'pie', dataSets: [{ id: 'p', entries: newEntries(r, 'pie', 'p', 8), hiddenEntries: [2] }] }),
};

function randomHighlights(r, spec) {
  const out = [];
  for (let i = r.int(0, 3); i > 0; i--) {
    const ds = r.pick(spec.dataSets);
    const n = ds.entries.x.length;
    if (n === 0) continue;
    const h = { dataSet: ds.id, index: r.below(n) };
    const segments = ds.entries.stacks?.[h.index] ?? [];
    if (segments.length > 0 && r.next() < 0.5) h.stackIndex = r.below(segments.length);
    out.push(h);
  }
  return out;
}

/** One valid edit for the document in `spec` (the daemon's own chart/getSpec). */
function randomEdit(r, spec, freshId) {
  const { kind, dataSets: sets } = spec;
  const ds = r.pick(sets);
  const n = ds.entries.x.length;
  const roll = r.next();
  if (roll < 0.25) {
    const k = r.int(1, 6);
    const window = r.next() < 0.5 ? undefined : Math.max(1, n + k - r.int(0, 8));
    return E.appendEntries(ds.id, newEntries(r, kind, ds.id, k), window);
  }
  if (roll < 0.4 && n) {
    const start = r.next() < 0.5 ? 0 : r.below(n);
    return E.removeEntries(ds.id, start, r.int(0, Math.min(5, n - start)));
  }
  if (roll < 0.48 && n) {
    const start = r.below(n);
    return E.updateEntries(ds.id, start, newEntries(r, kind, ds.id, r.int(1, Math.min(3, n - start))));
  }
  if (roll < 0.53) return E.replaceEntries(ds.id, newEntries(r, kind, ds.id, r.int(0, 10)));
  if (roll < 0.73) return E.setHighlight(randomHighlights(r, spec));
  if (roll < 0.83) {
    if (kind === 'pie' && n) return E.setVisibility(ds.id, r.next() < 0.4, r.below(n));
    return E.setVisibility(ds.id, r.next() < 0.6);
  }
  if (roll < 0.88 && kind !== 'pie' && sets.length > 1) return E.removeDataSet(ds.id);
  if (roll < 0.93 && kind !== 'pie') {
    const dataSet = { id: freshId, entries: newEntries(r, kind, ds.id, r.int(1, 12)) };
    if (r.next() < 0.5) dataSet.entryOffset = r.int(0, 40);
    return E.addDataSet(dataSet, r.int(0, sets.length));
  }
  if (roll < 0.96) return E.replaceDataSet({ id: ds.id, entries: newEntries(r, kind, ds.id, r.int(1, 12)) });
  return E.mergeSpec({ title: `step ${r.int(0, 99)}` });
}

/** What edits keep by index: highlights, and per data set hidden slices and the entry offset. */
function state(spec) {
  const sets = {};
  for (const ds of spec.dataSets ?? []) {
    sets[ds.id ?? ds.label] = [[...new Set(ds.hiddenEntries ?? [])].sort((a, b) => a - b), ds.entryOffset ?? 0];
  }
  return [spec.highlights ?? [], sets];
}

for (const kind of Object.keys(SPECS)) {
  test(`the replay follows random ${kind} edits exactly`, async (t) => {
    if (!binary) return t.skip(SKIP_NO_CHARTD);
    const client = await Client.start({ binary, timeoutMs: 60000 });
    try {
      for (const seed of SEEDS) {
        const r = random(seed);
        const doc = await client.open(`replay://${kind}/${seed}`, SPECS[kind](r));
        for (let step = 0; step < STEPS; step++) {
          const before = (await client.request('chart/getSpec', { uri: doc.uri })).spec;
          const edit = randomEdit(r, before, `n${step}`);
          await doc.update([edit]);
          const after = (await client.request('chart/getSpec', { uri: doc.uri })).spec;
          const where = `seed ${seed} step ${step} after ${edit.op}`;
          assert.deepEqual(state(doc.spec), state(after), where);
          const { svg } = await client.request('chart/renderSpec', { spec: doc.spec, idPrefix: doc.idPrefix });
          assert.equal(svg, doc.svg, where);
        }
        assert.equal(doc.replayExact, true);
        await doc.close();
      }
    } finally {
      await client.close();
    }
  });
}
