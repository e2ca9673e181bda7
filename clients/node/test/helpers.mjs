// Shared test helpers: the stand-in daemon, the real daemon (or a visible skip), sample specs.
import { accessSync, constants, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLIENTS = fileURLToPath(new URL('../../', import.meta.url));
export const FAKE = join(CLIENTS, 'testing', 'fake_chartd.py');
export const SPECS = JSON.parse(readFileSync(join(CLIENTS, 'testing', 'specs.json'), 'utf8'));
export const SKIP_NO_CHARTD = 'SKIP: chartd binary not found (set CHARTD=/path/to/chartd or put it on PATH)';

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The real chartd from $CHARTD or PATH, or null. */
export function realChartd() {
  if (process.env.CHARTD) return executable(process.env.CHARTD) ? process.env.CHARTD : null;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && executable(join(dir, 'chartd'))) return join(dir, 'chartd');
  }
  return null;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `predicate()` is true (polling), or throws after `ms`. */
export async function until(predicate, ms = 10000) {
  const end = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await sleep(5);
  }
}
