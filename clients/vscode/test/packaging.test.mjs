// What a packaged .vsix holds: a licence matching package.json, and .vscodeignore keeping the tests
// and build scripts out while the runtime files stay in.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import test from 'node:test';
import { fileURLToPath } from 'node:url';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const manifest = JSON.parse(readFileSync(here('../package.json'), 'utf8'));

/** .vscodeignore patterns (comments and blanks dropped) as a matcher of extension-relative paths. */
function ignored(path) {
  const patterns = readFileSync(here('../.vscodeignore'), 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  return patterns.some((p) => {
    const re = p.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*\//g, '(?:.*/)?').replace(/\*\*/g, '.*').replace(/\*/g, '[^/]*');
    return new RegExp(`^${re}$`).test(path);
  });
}

test('the licence file matches the manifest', () => {
  assert.equal(manifest.license, 'MIT');
  assert.match(readFileSync(here('../LICENSE'), 'utf8'), /^MIT License\n/);
});

test('.vscodeignore drops tests and scripts, keeps what runs', () => {
  for (const path of ['test/preview.test.mjs', 'test/fakeVscode.js', 'scripts/vendor.js', '.gitignore']) assert.ok(ignored(path), path);
  for (const path of [manifest.main.replace('./', ''), 'lib/preview.js', 'lib/settings.js', 'media/preview.js',
    'vendor/node/index.js', 'vendor/node/src/client.js', 'vendor/chartd-patch.js', 'package.json', 'README.md', 'LICENSE']) {
    assert.ok(!ignored(path), path);
  }
  assert.ok(existsSync(here('../lib/settings.js')));
});
