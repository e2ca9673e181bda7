// index.d.ts against the module it describes: every runtime export declared and every declared
// value exported; with TypeScript installed (Debian's node-typescript), a strict compile of a usage file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as client from '../index.js';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const dts = readFileSync(here('../index.d.ts'), 'utf8');

/** Names of the runtime values a declaration file exports (types and interfaces have no runtime value). */
function declaredValues(text) {
  const names = new Set();
  const re = /^export\s+(?:declare\s+)?(?:const|function|class|namespace)\s+([A-Za-z_$][\w$]*)/gm;
  for (const m of text.matchAll(re)) names.add(m[1]);
  return names;
}

test('index.d.ts declares exactly the values index.js exports', () => {
  const declared = declaredValues(dts);
  const exported = new Set(Object.keys(client));
  assert.deepEqual([...exported].filter((n) => !declared.has(n)).sort(), [], 'exported but not declared');
  assert.deepEqual([...declared].filter((n) => !exported.has(n)).sort(), [], 'declared but not exported');
});

test('testing.d.ts declares exactly the values testing.js exports', async () => {
  const testing = await import('../testing.js');
  const declared = declaredValues(readFileSync(here('../testing.d.ts'), 'utf8'));
  assert.deepEqual([...declared].sort(), Object.keys(testing).sort());
});

test('the edits namespace declares every edit builder', () => {
  const block = dts.slice(dts.indexOf('export declare namespace edits'));
  const body = block.slice(0, block.indexOf('\n}'));
  const declared = new Set([...body.matchAll(/^\s+(?:function|const)\s+([A-Za-z_$][\w$]*)/gm)].map((m) => m[1]));
  assert.deepEqual(Object.keys(client.edits).sort(), [...declared].sort());
});

test('every edit op of the protocol has a builder with the same name', () => {
  for (const op of client.edits.EDIT_OPS) assert.equal(typeof client.edits[op], 'function', op);
});

const tsc = spawnSync('tsc', ['--version'], { encoding: 'utf8' });
test('a strict TypeScript compile of the README usage accepts the declarations',
  { skip: tsc.status === 0 ? false : 'tsc not installed (Debian package node-typescript)' }, () => {
    const r = spawnSync('tsc', ['--noEmit', '--strict', '--target', 'es2022', '--module', 'es2022',
      '--moduleResolution', 'node', here('types/node-builtins.d.ts'), here('types/usage.ts')],
    { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stdout + r.stderr);
  });
