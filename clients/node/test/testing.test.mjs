// chartd-client/testing: the snapshot helper's update flag and region-by-region report (the same
// variable and words as the Python client's chartd.testing), and startClient's skip.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import { SnapshotMismatch, UPDATE_ENV, assertSvgSnapshot, startClient, svgDiff } from '../testing.js';

const ROOT = '<svg xmlns="http://www.w3.org/2000/svg" id="c" width="100" height="50">';
const SVG = [ROOT, '<g id="c-bg"><rect/></g>', '<g id="c-s-a-0"><path d="M0 1L2 3"/></g>', '</svg>', ''].join('\n');

function inTemp(body) {
  const dir = mkdtempSync(join(tmpdir(), 'chartd-snap-'));
  const saved = process.env[UPDATE_ENV];
  delete process.env[UPDATE_ENV];
  try {
    return body(dir);
  } finally {
    if (saved === undefined) delete process.env[UPDATE_ENV];
    else process.env[UPDATE_ENV] = saved;
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a missing snapshot fails until it is written', () => inTemp((dir) => {
  const file = join(dir, 'snaps', 'line.svg');
  assert.throws(() => assertSvgSnapshot(SVG, file), (e) => e instanceof SnapshotMismatch && /no snapshot at .*CHARTD_UPDATE_SNAPSHOTS=1/.test(e.message));
  assert.equal(existsSync(file), false);
  assertSvgSnapshot(SVG, file, { update: true });
  assert.equal(readFileSync(file, 'utf8'), SVG);
  assertSvgSnapshot(SVG, file);
}));

test('the environment variable updates', () => inTemp((dir) => {
  const file = join(dir, 'line.svg');
  writeFileSync(file, SVG.replace('M0 1', 'M9 9'));
  process.env[UPDATE_ENV] = '1';
  assertSvgSnapshot(SVG, file);
  assert.equal(readFileSync(file, 'utf8'), SVG);
}));

test('a mismatch is reported region by region', () => inTemp((dir) => {
  const file = join(dir, 'line.svg');
  writeFileSync(file, SVG);
  const changed = SVG.replace('M0 1L2 3', 'M0 1L2 4').replace('<g id="c-bg"><rect/></g>\n', '').replace('</svg>', '<g id="c-legend"/>\n</svg>');
  let report = '';
  assert.throws(() => assertSvgSnapshot(changed, file), (e) => ((report = e.message), e instanceof SnapshotMismatch));
  assert.ok(report.includes('region c-bg removed'));
  assert.ok(report.includes('region c-s-a-0 changed:\n    at character 32\n'));
  assert.ok(report.includes('expected: … id="c-s-a-0"><path d="M0 1L2 3"/></g>'));
  assert.ok(report.includes('actual:   … id="c-s-a-0"><path d="M0 1L2 4"/></g>'));
  assert.ok(report.includes('region c-legend added'));
  assert.equal(readFileSync(file, 'utf8'), SVG);
}));

test('the report names a changed root and stays short', () => {
  const many = [ROOT, ...Array.from({ length: 40 }, (_, i) => `<g id="c-r${i}"/>`), '</svg>', ''].join('\n');
  const other = many.replace('width="100"', 'width="200"').replaceAll('/>', ' x="1"/>');
  const report = svgDiff(many, other);
  assert.ok(report.startsWith('  root <svg> tag changed:'));
  assert.ok(report.endsWith('more differences'));
});

test('startClient skips the test, saying why, without a binary', async (t) => {
  const calls = [];
  const fake = { skip: (m) => calls.push(['skip', m]), after: (fn) => calls.push(['after', fn]) };
  const client = await startClient(fake, { binary: join(tmpdir(), 'no-such-chartd') });
  assert.equal(client, null);
  assert.equal(calls.length, 1);
  assert.match(calls[0][1], /^SKIP: chartd binary ".*no-such-chartd" does not exist/);
  void t;
});
