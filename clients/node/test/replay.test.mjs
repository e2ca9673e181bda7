import assert from 'node:assert/strict';
import test from 'node:test';
import { ReplayError, SpecReplay, edits as E, mergePatch } from '../index.js';

const spec = () => ({
  kind: 'line',
  dataSets: [
    { id: 'a', entries: [[0, 1], [1, 2]] },
    { label: 'b', entries: { x: [0, 1], y: [5, 6] } },
    { id: 'c', entries: [1, 2, 3] },
  ],
});

test('merge patch follows RFC 7396', () => {
  const target = { a: 'b', c: { d: 'e', f: 'g' } };
  assert.deepEqual(mergePatch(target, { a: 'z', c: { f: null } }), { a: 'z', c: { d: 'e' } });
  assert.deepEqual(mergePatch({ a: [1, 2] }, { a: [3] }), { a: [3] });
  assert.deepEqual(mergePatch({ a: 'b' }, ['c']), ['c']);
  assert.deepEqual(target, { a: 'b', c: { d: 'e', f: 'g' } });
});

test('append keeps the form and the sliding window', () => {
  const r = new SpecReplay(spec());
  r.apply(E.appendEntries('a', [[2, 3], [3, 4]], 3));
  assert.deepEqual(r.spec.dataSets[0].entries, [[1, 2], [2, 3], [3, 4]]);
  r.apply(E.appendEntries('b', { x: [2], y: [7] }, 2));
  assert.deepEqual(r.spec.dataSets[1].entries, { x: [1, 2], y: [6, 7] });
  r.apply(E.appendEntries('a', { x: [9], y: [9] }));
  assert.deepEqual(r.spec.dataSets[0].entries.at(-1), { x: 9, y: 9 });
});

test('entry, data set and view edits', () => {
  const r = new SpecReplay(spec());
  r.applyAll([
    E.removeEntries('c', 0, 2),
    E.updateEntries('b', 1, { x: [1], y: [60] }),
    E.addDataSet({ id: 'd', entries: [] }, 0),
    E.replaceDataSet({ id: 'a', label: 'A2', entries: [] }),
    E.setVisibility('b', false),
    E.highlight('a', 0),
    E.setViewport(0, 10),
    E.resize(300, 200),
  ]);
  const s = r.spec;
  assert.deepEqual(s.dataSets.map((d) => d.id ?? d.label), ['d', 'a', 'b', 'c']);
  assert.deepEqual(s.dataSets[3].entries, [3]);
  assert.deepEqual(s.dataSets[2].entries, { x: [0, 1], y: [5, 60] });
  assert.equal(s.dataSets[2].visible, false);
  assert.deepEqual(s.highlights, [{ dataSet: 'a', index: 0 }]);
  assert.deepEqual(s.viewport, { xMin: 0, xMax: 10 });
  assert.deepEqual([s.width, s.height], [300, 200]);
  r.applyAll([E.setViewport(null, null), E.removeDataSet('d'), E.mergeSpec({ title: 'T', kind: null })]);
  assert.equal(r.spec.viewport, undefined);
  assert.equal(r.spec.title, 'T');
  assert.equal(r.spec.kind, undefined);
});

test('applyAll is atomic', () => {
  const r = new SpecReplay(spec());
  const before = structuredClone(r.spec);
  assert.throws(() => r.applyAll([E.appendEntries('a', [[9, 9]]), E.setVisibility('nope', true)]), ReplayError);
  assert.deepEqual(r.spec, before);
});
