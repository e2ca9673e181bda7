import assert from 'node:assert/strict';
import test from 'node:test';
import { ReplayError, SpecReplay, edits as E, mergePatch } from '../index.js';
import { toColumns } from '../src/replay.js';

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

test('entry forms read as chartd reads them', () => {
  assert.deepEqual(toColumns([3, null, 5]), { cols: { x: [0, 1, 2], y: [3, null, 5] }, explicit: false });
  assert.deepEqual(toColumns([[1, 2], [4, null]]), { cols: { x: [1, 4], y: [2, null] }, explicit: true });
  assert.deepEqual(toColumns([{ x: 1, y: 2, label: 'a' }, { x: 2, close: 3, color: '#f00' }]), {
    cols: { x: [1, 2], y: [2, null], labels: ['a', null], close: [null, 3], colors: [null, '#f00'] },
    explicit: true,
  });
});

test('append places implicit x after the last x and slides', () => {
  const r = new SpecReplay(spec());
  r.apply(E.appendEntries('a', [[2, 3], [3, 4]], 3));
  assert.deepEqual(r.spec.dataSets[0].entries, { x: [1, 2, 3], y: [2, 3, 4] });
  r.apply(E.appendEntries('a', [7, 8], 3));
  assert.deepEqual(r.spec.dataSets[0].entries, { x: [3, 4, 5], y: [4, 7, 8] });
  r.apply(E.appendEntries('b', { x: [2], y: [7] }, 2));
  assert.deepEqual(r.spec.dataSets[1].entries, { x: [1, 2], y: [6, 7] });
  r.apply(E.appendEntries('c', [{ y: 4, label: 'd' }]));
  assert.deepEqual(r.spec.dataSets[2].entries, { x: [0, 1, 2, 3], y: [1, 2, 3, 4], labels: [null, null, null, 'd'] });
});

test('candles keep close and drop y', () => {
  const r = new SpecReplay({ dataSets: [{ id: 'k', entries: [] }] });
  r.apply(E.appendEntries('k', [{ open: 1, high: 2, low: 0.5, close: 1.5 }]));
  r.apply(E.appendEntries('k', { open: [1.5], high: [3], low: [1], close: [2] }));
  assert.deepEqual(r.spec.dataSets[0].entries, { x: [0, 1], close: [1.5, 2], open: [1, 1.5], high: [2, 3], low: [0.5, 1] });
});

test('entry, data set and view edits', () => {
  const r = new SpecReplay(spec());
  r.applyAll([
    E.removeEntries('c', 0, 2),
    E.updateEntries('b', 1, [60, 70]),
    E.addDataSet({ id: 'd', entries: [] }, 0),
    E.replaceDataSet({ id: 'a', label: 'A2', entries: [[0, 0]] }),
    E.setVisibility('b', false),
    E.highlight('a', 0),
    E.setViewport(0, 10),
    E.resize(300, 200),
  ]);
  const s = r.spec;
  assert.deepEqual(s.dataSets.map((d) => d.id ?? d.label), ['d', 'a', 'b', 'c']);
  assert.deepEqual(s.dataSets[3].entries, { x: [2], y: [3] });
  assert.deepEqual(s.dataSets[2].entries, { x: [0, 1, 2], y: [5, 60, 70] });
  assert.equal(s.dataSets[2].visible, false);
  assert.deepEqual(s.highlights, [{ dataSet: 'a', index: 0 }]);
  assert.deepEqual(s.viewport, { xMin: 0, xMax: 10 });
  assert.deepEqual([s.width, s.height], [300, 200]);
  r.applyAll([E.setViewport(null, null), E.removeDataSet('d'), E.mergeSpec({ title: 'T', kind: null })]);
  assert.equal(r.spec.viewport, undefined);
  assert.equal(r.spec.title, 'T');
  assert.equal(r.spec.kind, undefined);
  r.applyAll([{ op: 'setViewport', xMin: null, xMax: 3, autoScaleY: false }, E.setViewport(null, null)]);
  assert.deepEqual(r.spec.viewport, { xMin: null, xMax: null, autoScaleY: false });
});

test('applyAll is atomic', () => {
  const r = new SpecReplay(spec());
  const before = structuredClone(r.spec);
  assert.throws(() => r.applyAll([E.appendEntries('a', [[9, 9]]), E.setVisibility('nope', true)]), ReplayError);
  assert.deepEqual(r.spec, before);
});

test('highlights and hidden slices follow their entries past a removal', () => {
  const r = new SpecReplay({ kind: 'pie', dataSets: [{ id: 'p', entries: [1, 2, 3, 4, 5, 6], hiddenEntries: [1, 4, 5] }] });
  r.apply(E.setHighlight([['p', 0], ['p', 2], ['p', 5]]));
  r.apply(E.removeEntries('p', 1, 2)); // entries 1 and 2 go; 3.. move down by two
  const ds = r.spec.dataSets[0];
  assert.deepEqual(r.spec.highlights, [{ dataSet: 'p', index: 0 }, { dataSet: 'p', index: 3 }]);
  assert.deepEqual(ds.hiddenEntries, [2, 3]);
  assert.equal(ds.entryOffset, undefined); // not a removal from the front
  r.apply(E.removeEntries('p', 0, 1));
  assert.deepEqual(r.spec.highlights, [{ dataSet: 'p', index: 2 }]);
  assert.deepEqual(ds.hiddenEntries, [1, 2]);
  assert.equal(ds.entryOffset, 1);
});

test('a sliding window moves highlights and counts the entry offset', () => {
  const r = new SpecReplay({ kind: 'line', dataSets: [{ id: 'a', entries: [1, 2, 3], entryOffset: 7 }, { id: 'b', entries: [1] }] });
  r.apply(E.setHighlight([['a', 2], ['b', 0], ['a', 0]]));
  r.apply(E.appendEntries('a', [4, 5], 3)); // two leave the front
  assert.deepEqual(r.spec.highlights, [{ dataSet: 'a', index: 0 }, { dataSet: 'b', index: 0 }]);
  assert.equal(r.spec.dataSets[0].entryOffset, 9);
  r.apply(E.appendEntries('a', [6], 3));
  assert.deepEqual(r.spec.highlights, [{ dataSet: 'b', index: 0 }]); // its entry left the window
  r.spec.dataSets[0].entryOffset = 2 ** 50 - 1;
  r.apply(E.appendEntries('a', [7, 8], 3));
  assert.equal(r.spec.dataSets[0].entryOffset, 2 ** 50); // chartd stops counting at the largest offset
  r.apply(E.replaceEntries('a', [1, 2]));
  assert.equal(r.spec.dataSets[0].entryOffset, undefined); // new data, numbered from 0
});

test('highlights that name nothing after an edit are dropped', () => {
  const stacked = { id: 's', entries: [{ values: [1, 2] }, { values: [3, 4, 5] }] };
  const r = new SpecReplay({ kind: 'bar', dataSets: [stacked, { id: 't', entries: [1, 2] }] });
  r.apply(E.setHighlight([{ dataSet: 's', index: 1, stackIndex: 2 }, { dataSet: 't', index: 1 }]));
  r.apply(E.updateEntries('s', 1, [{ values: [3, 4] }])); // segment 2 is gone
  assert.deepEqual(r.spec.highlights, [{ dataSet: 't', index: 1 }]);
  r.apply(E.replaceEntries('t', [9])); // entry 1 is gone
  assert.deepEqual(r.spec.highlights, []);
  r.apply(E.setHighlight([['t', 0], { dataSet: 's', index: 0, stackIndex: 1 }]));
  r.apply(E.removeDataSet('t'));
  assert.deepEqual(r.spec.highlights, [{ dataSet: 's', index: 0, stackIndex: 1 }]);
  r.apply(E.mergeSpec({ dataSets: [{ id: 's', entries: [1] }] })); // not stacked any more
  assert.deepEqual(r.spec.highlights, []);
});

test('setVisibility of one pie slice keeps hiddenEntries sorted', () => {
  const r = new SpecReplay({ kind: 'pie', dataSets: [{ id: 'p', entries: [1, 2, 3, 4] }] });
  r.applyAll([E.setVisibility('p', false, 3), E.setVisibility('p', false, 0), E.setVisibility('p', false, 3)]);
  const ds = r.spec.dataSets[0];
  assert.deepEqual(ds.hiddenEntries, [0, 3]);
  assert.equal(ds.visible, undefined); // the data set itself stays shown
  r.apply(E.setVisibility('p', true, 0));
  assert.deepEqual(ds.hiddenEntries, [3]);
  r.apply(E.setVisibility('p', false));
  assert.equal(ds.visible, false);
  assert.deepEqual(ds.hiddenEntries, [3]);
});
