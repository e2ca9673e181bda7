// Test helpers for node --test harnesses: a client per test, and SVG snapshots with a report that
// names regions. The Python client's chartd.testing reads the same variable and prints the same report.
import { AssertionError } from 'node:assert';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from './client.js';
import { findBinary } from './daemon.js';
import { regionId, splitSvg } from './mirror.js';

/** The environment variable that turns snapshot checks into snapshot writes (both clients). */
export const UPDATE_ENV = 'CHARTD_UPDATE_SNAPSHOTS';

/** Regions described in a mismatch report before the rest is only counted. */
const MAX_REPORTED = 8;

/** An SVG differs from its snapshot, or the snapshot is missing; the message says where. */
export class SnapshotMismatch extends AssertionError {
  constructor(message) {
    super({ message });
    this.name = 'SnapshotMismatch';
  }
}

function updating(update) {
  if (update != null) return Boolean(update);
  return ['1', 'true', 'yes'].includes(String(process.env[UPDATE_ENV] ?? '').toLowerCase());
}

/**
 * Checks `svg` against the file at `path` (a path or a file URL, e.g.
 * `new URL('./snapshots/sales.svg', import.meta.url)`). With `update` (or CHARTD_UPDATE_SNAPSHOTS=1)
 * the file is written instead; a missing snapshot fails until then, so CI never passes on a snapshot
 * nobody reviewed.
 */
export function assertSvgSnapshot(svg, path, { update } = {}) {
  const file = path instanceof URL ? fileURLToPath(path) : String(path);
  if (updating(update)) {
    if (!existsSync(file) || readFileSync(file, 'utf8') !== svg) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, svg);
    }
    return;
  }
  if (!existsSync(file)) {
    throw new SnapshotMismatch(`no snapshot at ${file}: run with ${UPDATE_ENV}=1 to write it, then review it`);
  }
  const expected = readFileSync(file, 'utf8');
  if (expected !== svg) throw new SnapshotMismatch(`SVG differs from snapshot ${file} (${UPDATE_ENV}=1 to accept it):\n${svgDiff(expected, svg)}`);
}

/** A readable account of how `actual` differs from `expected`, region by region. */
export function svgDiff(expected, actual) {
  let e;
  let a;
  try {
    e = splitSvg(expected);
    a = splitSvg(actual);
  } catch {
    return `  not chartd's line form; first difference:\n${excerpts(expected, actual)}`;
  }
  const report = [];
  if (e.root !== a.root) report.push(`  root <svg> tag changed:\n${excerpts(e.root, a.root)}`);
  const byId = (lines) => new Map(lines.map((line, i) => [regionId(line) ?? `#${i}`, line]));
  const er = byId(e.regions);
  const ar = byId(a.regions);
  for (const [id, line] of er) {
    if (!ar.has(id)) report.push(`  region ${id} removed`);
    else if (ar.get(id) !== line) report.push(`  region ${id} changed:\n${excerpts(line, ar.get(id))}`);
  }
  for (const id of ar.keys()) if (!er.has(id)) report.push(`  region ${id} added`);
  const common = [...er.keys()].filter((id) => ar.has(id));
  const order = [...ar.keys()].filter((id) => er.has(id));
  if (common.join('\n') !== order.join('\n')) report.push(`  regions reordered: ${order.join(', ')}`);
  if (report.length > MAX_REPORTED) report.splice(MAX_REPORTED, Infinity, `  … and ${report.length - MAX_REPORTED} more differences`);
  return report.length ? report.join('\n') : '  (same regions; the texts differ outside them)';
}

/** Both texts cut to the same window around their first differing character. */
function excerpts(expected, actual, before = 30, width = 100) {
  let first = 0;
  while (first < Math.min(expected.length, actual.length) && expected[first] === actual[first]) first++;
  const start = Math.max(0, first - before);
  const cut = (text) => {
    const end = Math.min(text.length, start + width);
    return (start ? '…' : '') + text.slice(start, end) + (end < text.length ? '…' : '');
  };
  return `    at character ${first}\n    expected: ${cut(expected)}\n    actual:   ${cut(actual)}`;
}

/**
 * A started Client for one `node:test` test, closed when the test ends (`t.after`). Without a chartd
 * binary (`options.binary`, $CHARTD, PATH) the test is skipped, saying why, and this returns null:
 * `const client = await startClient(t); if (!client) return;`
 */
export async function startClient(t, options = {}) {
  try {
    findBinary(options.binary);
  } catch (error) {
    t.skip(`SKIP: ${error.message}`);
    return null;
  }
  const client = await Client.start(options);
  t.after(() => client.close());
  return client;
}
