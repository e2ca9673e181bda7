import assert from 'node:assert/strict';
import test from 'node:test';
import { PatchMismatchError, SvgMirror, applySplice, isEmptyPatch, regionId, splitSvg } from '../index.js';

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

// Spliced fragments (protocol/patch.md, client capability markupSplices): a fragment may carry
// {start, end, text}, the UTF-8 bytes start..<end of the region's current markup replaced by text.
const splice = (id, start, end, text) => ({ id, splice: { start, end, text } });
// 19 ASCII bytes, then é (2 bytes: 19-20), 漢 (3: 21-23), 😀 (4: 24-27, two UTF-16 units), '!' (28).
const TITLE = '<text id="p-title">\u00e9\u6f22\u{1f600}!</text>';

test('an ASCII splice replaces the bytes start..<end of the region', () => {
  const m = new SvgMirror(svg([BG, S1, LEG]), 0);
  const at = S1.indexOf('"/></g>');
  m.apply(patch(0, 1, { fragments: [splice('p-s-a-0', at, at, 'L2 2')] }));
  const s1b = S1.replace('L1 1', 'L1 1L2 2');
  assert.equal(m.text, svg([BG, s1b, LEG]));
  assert.equal(m.previous.get('p-s-a-0'), S1, 'the spliced markup is kept as previous markup, like a fragment');
  // Replace (the last point), delete, and splices at the very start and end of the markup.
  const last = s1b.indexOf('L2 2');
  m.apply(patch(1, 2, { fragments: [splice('p-s-a-0', last, last + 4, 'L9 9'), splice('p-legend-a', LEG.indexOf('A<'), LEG.indexOf('A<') + 1, '')] }));
  assert.equal(m.text, svg([BG, S1.replace('L1 1', 'L1 1L9 9'), LEG.replace('>A<', '><')]));
  const line = m.regions[1];
  m.apply(patch(2, 3, { fragments: [splice('p-s-a-0', 0, 0, '<!---->'), splice('p-bg', BG.length, BG.length, '<!---->')] }));
  assert.deepEqual(m.regions, [`${BG}<!---->`, `<!---->${line}`, LEG.replace('>A<', '><')]);
  // The whole markup replaced by a splice is a fragment in all but name.
  m.apply(patch(3, 4, { fragments: [splice('p-bg', 0, BG.length + 7, BG)] }));
  assert.equal(m.regions[0], BG);
  assert.equal(m.version, 4);
});

test('splice offsets count UTF-8 bytes: é is 2, 漢 is 3, an emoji outside the BMP is 4', () => {
  assert.equal(Buffer.byteLength(TITLE), TITLE.length + 1 + 2 + 2); // é +1, 漢 +2, 😀 (2 units, 4 bytes) +2
  const m = new SvgMirror(svg([BG, TITLE]), 0);
  // Right after é: byte 21 (its string index, 20, would land after 漢).
  m.apply(patch(0, 1, { fragments: [splice('p-title', 21, 21, 'a')] }));
  assert.equal(m.regions[1], '<text id="p-title">\u00e9a\u6f22\u{1f600}!</text>');
  // Right after 漢 (now byte 25) and right after the emoji (now byte 29), in two patches.
  m.apply(patch(1, 2, { fragments: [splice('p-title', 25, 25, 'b')] }));
  m.apply(patch(2, 3, { fragments: [splice('p-title', 30, 30, 'c')] }));
  assert.equal(m.regions[1], '<text id="p-title">\u00e9a\u6f22b\u{1f600}c!</text>');
  // The emoji itself (bytes 26..<30) replaced by another one, and the text after it by non-ASCII text.
  m.apply(patch(3, 4, { fragments: [splice('p-title', 26, 30, '\u{1f389}')] }));
  assert.equal(m.regions[1], '<text id="p-title">\u00e9a\u6f22b\u{1f389}c!</text>');
  m.apply(patch(4, 5, { fragments: [splice('p-title', 30, 32, '\u00fc\u{1f600}')] }));
  assert.equal(m.regions[1], '<text id="p-title">\u00e9a\u6f22b\u{1f389}\u00fc\u{1f600}</text>');
  // An end offset past the string's length (in UTF-16 units) but within its bytes is in range.
  const line = m.regions[1];
  const bytes = Buffer.byteLength(line);
  assert.ok(bytes > line.length);
  m.apply(patch(5, 6, { fragments: [splice('p-title', bytes - 7, bytes, '</text><!---->')] }));
  assert.equal(m.regions[1], `${line}<!---->`);
  assert.equal(m.previous.get('p-title'), line);
  assert.equal(m.text, svg([BG, `${line}<!---->`]));
});

/** Asserts that `bad` is refused with a PatchMismatchError naming a splice, and changes nothing. */
function assertRefused(m, bad, what) {
  const text = m.text;
  const version = m.version;
  const held = [...m.previous];
  assert.throws(() => m.apply(bad), (e) => e instanceof PatchMismatchError && e.expectedVersion === version
    && /region "p-[\w-]+"/.test(e.message), what);
  assert.equal(m.text, text, what);
  assert.equal(m.version, version, what);
  assert.deepEqual([...m.previous], held, what);
}

test('a splice offset inside a character is refused, and the patch changes nothing', () => {
  const m = new SvgMirror(svg([BG, S1, TITLE]), 0);
  m.apply(patch(0, 1, { fragments: [{ id: 'p-s-a-0', svg: S1_HIDDEN }] }));
  // Inside é (20), inside 漢 (22, 23), inside the emoji (25, 26, 27: between its surrogates is 26).
  for (const inside of [20, 22, 23, 25, 26, 27]) {
    assertRefused(m, patch(1, 2, { fragments: [splice('p-title', inside, 29, 'x')] }), `start ${inside}`);
    assertRefused(m, patch(1, 2, { fragments: [splice('p-title', 19, inside, 'x')] }), `end ${inside}`);
    assertRefused(m, patch(1, 2, { fragments: [splice('p-title', inside, inside, '')] }), `empty at ${inside}`);
    // After a fragment and a restore that would apply, with the root changed too.
    assertRefused(m, patch(1, 2, {
      root: ROOT.replace('"50"', '"60"'),
      fragments: [{ id: 'p-bg', svg: BG.replace('"50"', '"60"') }, splice('p-title', inside, 29, 'x')],
      restored: ['p-s-a-0'],
    }), `with other changes, at ${inside}`);
  }
  assert.throws(() => m.apply(patch(1, 2, { fragments: [splice('p-title', 20, 29, 'x')] })),
    /^PatchMismatchError: patch splices region "p-title" with bytes 20\.\.<29 → a 1-byte text, which does not fit its 36-byte markup$/);
  // On the boundaries around them the same splices apply.
  m.apply(patch(1, 2, { fragments: [splice('p-title', 19, 29, 'x')], restored: ['p-s-a-0'] }));
  assert.equal(m.text, svg([BG, S1, '<text id="p-title">x</text>']));
});

test('splice offsets out of range, and splices of the wrong shape, are refused', () => {
  const m = new SvgMirror(svg([BG, S1, TITLE]), 0);
  const bytes = Buffer.byteLength(TITLE); // 36 (31 UTF-16 units)
  const bad = [
    ['start > end', splice('p-title', 29, 28, 'x')],
    ['end > length', splice('p-title', 28, bytes + 1, 'x')],
    ['start > length', splice('p-title', bytes + 1, bytes + 1, 'x')],
    ['ASCII: end > length', splice('p-s-a-0', 0, S1.length + 1, '')],
    ['ASCII: start > end', splice('p-s-a-0', 5, 4, '')],
    ['negative start', splice('p-title', -1, 3, 'x')],
    ['negative both', splice('p-s-a-0', -3, -1, 'x')],
    ['fractional start', splice('p-s-a-0', 1.5, 3, 'x')],
    ['fractional end', splice('p-title', 19, 28.5, 'x')],
    ['offset as a string', splice('p-s-a-0', '1', 3, 'x')],
    ['offset null', splice('p-s-a-0', 1, null, 'x')],
    ['offset beyond safe integers', splice('p-s-a-0', 2 ** 53, 2 ** 53, 'x')],
    ['text missing', { id: 'p-s-a-0', splice: { start: 1, end: 3 } }],
    ['text not a string', splice('p-s-a-0', 1, 3, 7)],
    ['start missing', { id: 'p-s-a-0', splice: { end: 3, text: 'x' } }],
    ['splice null', { id: 'p-s-a-0', splice: null }],
    ['splice an array', { id: 'p-s-a-0', splice: [1, 3, 'x'] }],
    ['splice a string', { id: 'p-s-a-0', splice: 'L2 2' }],
    ['markup and a splice', { id: 'p-s-a-0', svg: S1, splice: { start: 1, end: 1, text: '' } }],
    ['neither markup nor a splice', { id: 'p-s-a-0' }],
    ['markup not a string', { id: 'p-s-a-0', svg: 42 }],
  ];
  for (const [what, frag] of bad) assertRefused(m, patch(0, 1, { fragments: [frag] }), what);
  assert.equal(m.text, svg([BG, S1, TITLE]));
  // The limits themselves are in range: start = end = the byte length (not the string length).
  m.apply(patch(0, 1, { fragments: [splice('p-title', bytes, bytes, '<!---->'), splice('p-s-a-0', S1.length, S1.length, ' ')] }));
  assert.equal(m.text, svg([BG, `${S1} `, `${TITLE}<!---->`]));
});

test('applySplice: the markup spliced, or null when the splice does not fit', () => {
  assert.equal(applySplice('abcdef', { start: 2, end: 4, text: 'XYZ' }), 'abXYZef');
  assert.equal(applySplice('\u00e9t\u00e9', { start: 2, end: 3, text: '-' }), '\u00e9-\u00e9');
  assert.equal(applySplice('\u00e9t\u00e9', { start: 1, end: 3, text: '-' }), null);
  assert.equal(applySplice('\u{1f600}', { start: 0, end: 4, text: '' }), '');
  assert.equal(applySplice('\u{1f600}', { start: 0, end: 2, text: '' }), null); // the string's length, inside the bytes
  assert.equal(applySplice('abc', { start: 0, end: 4, text: '' }), null);
  assert.equal(applySplice('abc', undefined), null);
});

test('a splice and then restored give back the markup from before the splice', () => {
  const m = new SvgMirror(svg([BG, S1, TITLE]), 0);
  const at = S1.indexOf('"/></g>');
  m.apply(patch(0, 1, { fragments: [splice('p-s-a-0', at, at, 'L2 2'), splice('p-title', 21, 28, '\u00e8')] }));
  const s1b = S1.replace('L1 1', 'L1 1L2 2');
  const titleB = '<text id="p-title">\u00e9\u00e8!</text>';
  assert.equal(m.text, svg([BG, s1b, titleB]));
  assert.deepEqual(Object.fromEntries(m.previous), { 'p-s-a-0': S1, 'p-title': TITLE });
  m.apply(patch(1, 2, { restored: ['p-s-a-0', 'p-title'] }));
  assert.equal(m.text, svg([BG, S1, TITLE]));
  assert.deepEqual(Object.fromEntries(m.previous), { 'p-s-a-0': s1b, 'p-title': titleB });
  m.apply(patch(2, 3, { restored: ['p-title'] }));
  assert.equal(m.text, svg([BG, S1, titleB]));
  // A splice applies to the markup the region holds now (here the restored one), which becomes previous.
  m.apply(patch(3, 4, { fragments: [splice('p-title', 21, 23, '?')] }));
  assert.equal(m.regions[2], '<text id="p-title">\u00e9?!</text>');
  assert.equal(m.previous.get('p-title'), titleB);
  m.apply(patch(4, 5, { restored: ['p-title'] }));
  assert.equal(m.regions[2], titleB);
  // Without previous markup kept, a splice still applies; only a restore cannot.
  const plain = new SvgMirror(svg([BG, S1]), 0, { keepPrevious: false });
  plain.apply(patch(0, 1, { fragments: [splice('p-s-a-0', at, at, 'L2 2')] }));
  assert.equal(plain.text, svg([BG, s1b]));
  assert.equal(plain.previous.size, 0);
  assert.throws(() => plain.apply(patch(1, 2, { restored: ['p-s-a-0'] })), PatchMismatchError);
});

test('all or nothing: a valid splice followed by an unknown id leaves everything unchanged', () => {
  const m = new SvgMirror(svg([BG, S1, LEG, TITLE]), 0);
  m.apply(patch(0, 1, { fragments: [{ id: 'p-legend-a', svg: LEG_HIDDEN }] }));
  const at = S1.indexOf('"/></g>');
  const valid = splice('p-s-a-0', at, at, 'L2 2');
  assertRefused(m, patch(1, 2, { fragments: [valid, splice('p-title', 21, 21, 'x'), { id: 'p-nope', svg: '<g id="p-nope"/>' }] }), 'then an unknown fragment');
  assertRefused(m, patch(1, 2, { fragments: [valid, splice('p-nope', 0, 0, '')] }), 'then an unknown splice');
  assertRefused(m, patch(1, 2, { fragments: [valid], restored: ['p-legend-a', 'p-nope'] }), 'then an unknown restore');
  // The same in a patch that moves regions (it builds a new list of lines).
  assertRefused(m, patch(1, 2, {
    removed: ['p-bg'], inserted: [{ id: 'p-first', svg: '<g id="p-first"/>', after: null }],
    fragments: [valid, splice('p-nope', 0, 0, '')],
  }), 'moves, then an unknown splice');
  assertRefused(m, patch(1, 2, {
    removed: ['p-bg'], fragments: [valid, splice('p-title', 0, 20, '')],
  }), 'moves, then a splice inside a character');
  assert.equal(m.text, svg([BG, S1, LEG_HIDDEN, TITLE]));
  // Without the bad entry the patch that moves regions applies, the splice included.
  m.apply(patch(1, 2, {
    removed: ['p-bg'], inserted: [{ id: 'p-first', svg: '<g id="p-first"/>', after: null }],
    fragments: [valid, splice('p-title', 21, 21, 'x')], restored: ['p-legend-a'],
  }));
  assert.equal(m.text, svg(['<g id="p-first"/>', S1.replace('L1 1', 'L1 1L2 2'), LEG, '<text id="p-title">\u00e9x\u6f22\u{1f600}!</text>']));
  assert.deepEqual(Object.fromEntries(m.previous), { 'p-legend-a': LEG_HIDDEN, 'p-s-a-0': S1, 'p-title': TITLE });
});
