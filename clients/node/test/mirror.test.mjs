import assert from 'node:assert/strict';
import test from 'node:test';
import { PatchMismatchError, SvgMirror, isEmptyPatch, regionId, splitSvg } from '../index.js';

const ROOT = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50">';
const svg = (regions, root = ROOT) => [root, ...regions, '</svg>', ''].join('\n');
const BG = '<rect id="p-bg" width="100" height="50"/>';
const S1 = '<g id="p-s-a-0" data-role="series" data-dataset="a"><path d="M0 0L1 1"/></g>';
const S2 = '<g id="p-s-b-0" data-role="series" data-dataset="b"><path id="inner" d="M0 0"/></g>';
const LEG = '<g id="p-legend-a" data-role="legend-item" data-dataset="a"><text>A</text></g>';
const patch = (baseVersion, version, rest = {}) => ({ uri: 'u', baseVersion, version, removed: [], inserted: [], fragments: [], ...rest });

test('region id is the first id attribute of the line', () => {
  assert.equal(regionId(S2), 'p-s-b-0');
  assert.equal(regionId('<g data-id="x" id="real">'), 'real');
  assert.equal(regionId('</svg>'), null);
  assert.throws(() => splitSvg('<svg></svg>'), TypeError);
});

test('applies root, removed, inserted, fragments in that order', () => {
  const m = new SvgMirror(svg([BG, S1, LEG]), 3);
  const root2 = ROOT.replace('"50"', '"60"');
  const s1b = S1.replace('L1 1', 'L2 2');
  m.apply(patch(3, 5, {
    root: root2,
    removed: ['p-legend-a'],
    inserted: [{ id: 'p-s-b-0', svg: S2, after: 'p-s-a-0' }, { id: 'p-first', svg: '<g id="p-first"/>', after: null }],
    fragments: [{ id: 'p-s-a-0', svg: s1b }],
  }));
  assert.equal(m.version, 5);
  assert.equal(m.text, svg(['<g id="p-first"/>', BG, s1b, S2], root2));
  assert.deepEqual(m.regionIds, ['p-first', 'p-bg', 'p-s-a-0', 'p-s-b-0']);
});

test('an empty patch moves only the version', () => {
  const m = new SvgMirror(svg([BG]), 7);
  const p = patch(7, 9);
  assert.ok(isEmptyPatch(p));
  m.apply(p);
  assert.equal(m.version, 9);
  assert.equal(m.text, svg([BG]));
});

test('a wrong base version or unknown id is refused and changes nothing', () => {
  const m = new SvgMirror(svg([BG, S1]), 4);
  assert.throws(() => m.apply(patch(3, 5)), (e) => e instanceof PatchMismatchError && e.expectedVersion === 4 && e.baseVersion === 3);
  assert.throws(() => m.apply(patch(4, 5, { removed: ['p-s-a-0'], fragments: [{ id: 'p-nope', svg: '<g/>' }] })), PatchMismatchError);
  assert.equal(m.version, 4);
  assert.equal(m.text, svg([BG, S1]));
});

// Restored regions (protocol/patch.md, client capability previousMarkup): each region's previous markup.
const S1_HIDDEN = S1.replace('data-dataset="a"', 'data-dataset="a" display="none"');
const LEG_HIDDEN = LEG.replace('data-dataset="a"', 'data-dataset="a" data-hidden="true"');

test('a fragment keeps the markup it replaces, and a restore swaps it back', () => {
  const m = new SvgMirror(svg([BG, S1, LEG]), 0);
  assert.equal(m.previous.size, 0);
  m.apply(patch(0, 1, { fragments: [{ id: 'p-s-a-0', svg: S1_HIDDEN }, { id: 'p-legend-a', svg: LEG_HIDDEN }] }));
  assert.equal(m.text, svg([BG, S1_HIDDEN, LEG_HIDDEN]));
  assert.deepEqual([...m.previous], [['p-s-a-0', S1], ['p-legend-a', LEG]]);
  m.apply(patch(1, 2, { restored: ['p-s-a-0', 'p-legend-a'] }));
  assert.equal(m.version, 2);
  assert.equal(m.text, svg([BG, S1, LEG]));
  assert.deepEqual([...m.previous], [['p-s-a-0', S1_HIDDEN], ['p-legend-a', LEG_HIDDEN]]);
});

test('restoring again and again toggles a region between its last two markups', () => {
  const m = new SvgMirror(svg([BG, S1, LEG]), 0);
  m.apply(patch(0, 1, { fragments: [{ id: 'p-s-a-0', svg: S1_HIDDEN }] }));
  const store = m.previous;
  for (let v = 1; v <= 6; v++) {
    m.apply(patch(v, v + 1, { restored: ['p-s-a-0'] }));
    assert.equal(m.text, svg([BG, v % 2 ? S1 : S1_HIDDEN, LEG]), `after restore ${v}`);
    assert.equal(m.previous.get('p-s-a-0'), v % 2 ? S1_HIDDEN : S1);
  }
  assert.equal(m.previous, store, 'the store is updated in place, never copied');
  assert.equal(m.previous.size, 1);
  // A fragment after restores keeps the restored markup as the previous one.
  const s1c = S1.replace('L1 1', 'L3 3');
  m.apply(patch(7, 8, { fragments: [{ id: 'p-s-a-0', svg: s1c }] }));
  assert.equal(m.previous.get('p-s-a-0'), S1_HIDDEN);
  m.apply(patch(8, 9, { restored: ['p-s-a-0'] }));
  assert.equal(m.text, svg([BG, S1_HIDDEN, LEG]));
});

test('a restore without previous markup is a mismatch that changes nothing, the store included', () => {
  const m = new SvgMirror(svg([BG, S1, LEG]), 0);
  m.apply(patch(0, 1, { fragments: [{ id: 'p-s-a-0', svg: S1_HIDDEN }] }));
  const text = m.text;
  const held = [...m.previous];
  const bad = patch(1, 2, {
    root: ROOT.replace('"50"', '"70"'),
    removed: ['p-bg'],
    inserted: [{ id: 'p-x', svg: '<g id="p-x"/>', after: null }],
    fragments: [{ id: 'p-legend-a', svg: LEG_HIDDEN }],
    restored: ['p-s-a-0', 'p-x'], // p-s-a-0 has previous markup; the inserted p-x has none
  });
  assert.throws(() => m.apply(bad), (e) => e instanceof PatchMismatchError && /restores region "p-x"/.test(e.message)
    && e.expectedVersion === 1 && e.baseVersion === 1);
  assert.equal(m.version, 1);
  assert.equal(m.text, text);
  assert.deepEqual([...m.previous], held);
  // A region never replaced since the full SVG has nothing to restore either.
  assert.throws(() => m.apply(patch(1, 2, { restored: ['p-s-a-0', 'p-bg'] })), /restores region "p-bg"/);
  assert.equal(m.text, text);
  assert.deepEqual([...m.previous], held);
  // Without the bad id the same patch applies.
  m.apply({ ...bad, restored: ['p-s-a-0'] });
  assert.equal(m.text, svg(['<g id="p-x"/>', S1, LEG_HIDDEN], ROOT.replace('"50"', '"70"')));
  assert.deepEqual(Object.fromEntries(m.previous), { 'p-s-a-0': S1_HIDDEN, 'p-legend-a': LEG });
});

test('a full SVG (reset) leaves no previous markup', () => {
  const m = new SvgMirror(svg([BG, S1, LEG]), 0);
  const store = m.previous;
  m.apply(patch(0, 1, { fragments: [{ id: 'p-s-a-0', svg: S1_HIDDEN }] }));
  m.reset(svg([BG, S1_HIDDEN, LEG]), 1);
  assert.equal(m.previous.size, 0);
  assert.equal(m.previous, store);
  assert.throws(() => m.apply(patch(1, 2, { restored: ['p-s-a-0'] })), PatchMismatchError);
  assert.equal(m.text, svg([BG, S1_HIDDEN, LEG]));
});

test('a removed region forgets its previous markup; inserted again it has none', () => {
  const m = new SvgMirror(svg([BG, S1, LEG]), 0);
  m.apply(patch(0, 1, { fragments: [{ id: 'p-s-a-0', svg: S1_HIDDEN }, { id: 'p-legend-a', svg: LEG_HIDDEN }] }));
  m.apply(patch(1, 2, { removed: ['p-s-a-0'] }));
  assert.deepEqual([...m.previous.keys()], ['p-legend-a']);
  m.apply(patch(2, 3, { inserted: [{ id: 'p-s-a-0', svg: S1_HIDDEN, after: 'p-bg' }] }));
  assert.throws(() => m.apply(patch(3, 4, { restored: ['p-s-a-0'] })), PatchMismatchError);
  // Removed and inserted in one patch (a move): none either, and the other region's is kept.
  m.apply(patch(3, 4, { removed: ['p-legend-a'], inserted: [{ id: 'p-legend-a', svg: LEG, after: null }] }));
  assert.equal(m.previous.size, 0);
  assert.equal(m.text, svg([LEG, BG, S1_HIDDEN]));
});

test('all or nothing: an unknown id after fragments and restores leaves them all unapplied', () => {
  const m = new SvgMirror(svg([BG, S1, LEG]), 0);
  m.apply(patch(0, 1, { fragments: [{ id: 'p-s-a-0', svg: S1_HIDDEN }] }));
  const text = m.text;
  const held = [...m.previous];
  assert.throws(() => m.apply(patch(1, 2, { fragments: [{ id: 'p-legend-a', svg: LEG_HIDDEN }], restored: ['p-s-a-0', 'p-nope'] })),
    (e) => e instanceof PatchMismatchError && /"p-nope"/.test(e.message));
  assert.throws(() => m.apply(patch(0, 2, { restored: ['p-s-a-0'] })), (e) => e instanceof PatchMismatchError && e.baseVersion === 0);
  assert.equal(m.version, 1);
  assert.equal(m.text, text);
  assert.deepEqual([...m.previous], held);
});

test('keepPrevious: false keeps nothing, so any restore is a mismatch', () => {
  const m = new SvgMirror(svg([BG, S1]), 0, { keepPrevious: false });
  m.apply(patch(0, 1, { fragments: [{ id: 'p-s-a-0', svg: S1_HIDDEN }] }));
  assert.equal(m.previous.size, 0);
  assert.throws(() => m.apply(patch(1, 2, { restored: ['p-s-a-0'] })), PatchMismatchError);
  assert.equal(m.text, svg([BG, S1_HIDDEN]));
});

test('a patch that only restores is not empty', () => {
  assert.equal(isEmptyPatch(patch(1, 2, { restored: ['p-s-a-0'] })), false);
  assert.equal(isEmptyPatch(patch(1, 2, { restored: [] })), true);
});

test('regions are found by id after patches that move them, and after lines changed from outside', () => {
  const m = new SvgMirror(svg([BG, S1, LEG]), 0);
  const leg2 = LEG.replace('>A<', '>A2<');
  m.apply(patch(0, 1, { fragments: [{ id: 'p-legend-a', svg: LEG_HIDDEN }] }));
  m.apply(patch(1, 2, { inserted: [{ id: 'p-first', svg: '<g id="p-first"/>', after: null }] }));
  m.apply(patch(2, 3, { fragments: [{ id: 'p-legend-a', svg: leg2 }], restored: [] }));
  assert.equal(m.text, svg(['<g id="p-first"/>', BG, S1, leg2]));
  m.regions.splice(0, 2); // a caller's own edit of the lines
  m.apply(patch(3, 4, { restored: ['p-legend-a'] }));
  assert.equal(m.text, svg([S1, LEG_HIDDEN]));
});
