import assert from 'node:assert/strict';
import test from 'node:test';
import locator from '../lib/jsonLocator.js';

const { parseTree, locate, locateKey, specPointer, JsonSyntaxError } = locator;

const TEXT = `{
  "kind": "line",
  "dataSets": [
    {"id": "a", "entries": [[0, 1], [1, "x"]]},
    {"id": "b/c~d", "label": "\\"quoted\\" \\u00e9"}
  ],
  "kind": "bar"
}`;

const slice = (range) => TEXT.slice(range.start, range.end);

test('locates values by JSON Pointer, escapes included', () => {
  const tree = parseTree(TEXT);
  assert.equal(slice(locate(tree, '/dataSets/0/entries/1/1')), '"x"');
  assert.equal(slice(locate(tree, '/dataSets/1/label')), '"\\"quoted\\" \\u00e9"');
  assert.equal(slice(locate(tree, '/dataSets/1')), '{"id": "b/c~d", "label": "\\"quoted\\" \\u00e9"}');
  assert.equal(locate(tree, '').start, 0);
  assert.equal(locate(tree, '').end, TEXT.length);
});

test('duplicate keys: the last one wins (as JSON.parse and chartd)', () => {
  assert.equal(slice(locate(parseTree(TEXT), '/kind')), '"bar"');
});

test('a pointer past what exists gives the deepest existing value, not exact', () => {
  const tree = parseTree(TEXT);
  const r = locate(tree, '/dataSets/0/entries/7/y');
  assert.equal(r.exact, false);
  assert.equal(slice(r), '[[0, 1], [1, "x"]]');
  assert.equal(locate(tree, '/dataSets/01').exact, false); // leading zeros are not indices
  assert.equal(locate(tree, 'no-slash').exact, false);
});

test('locates property names', () => {
  const tree = parseTree(TEXT);
  assert.equal(slice(locateKey(tree, '/dataSets/1/label')), '"label"');
  assert.equal(locateKey(tree, '/dataSets/1/nope'), null);
  assert.equal(locateKey(tree, '/dataSets/0'), null);
});

test('syntax errors carry their offset', () => {
  const cases = [
    ['{"a": }', 6],
    ['{"a": 1,}', 8],
    ['[1 2]', 3],
    ['{"a": "unterminated', 6],
    ['{"a": tru}', 6],
    ['{} x', 3],
    ['', 0],
  ];
  for (const [text, offset] of cases) {
    assert.throws(() => parseTree(text), (e) => e instanceof JsonSyntaxError && e.offset === offset, text);
  }
  // Everything JSON.parse accepts, this parser accepts.
  for (const text of ['0', '-1.5e+3', '"\\ud83d\\ude00"', '[[],{}]', ' {"a":[true,false,null]} ']) {
    assert.doesNotThrow(() => parseTree(text), text);
  }
});

test('diagnostic paths map into the spec text', () => {
  assert.equal(specPointer('/spec/dataSets/0'), '/dataSets/0');
  assert.equal(specPointer('/spec'), '');
  assert.equal(specPointer('/edits/0/spec/title'), '/title');
  assert.equal(specPointer('/edits/3/spec'), '');
  assert.equal(specPointer('/edits/1/dataSet'), null);
  assert.equal(specPointer('/uri'), null);
});
