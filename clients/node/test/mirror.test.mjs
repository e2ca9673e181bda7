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
