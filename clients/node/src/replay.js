// The client's own copy of a document's spec, kept by replaying every confirmed edit.
// After a daemon crash documents are re-opened with it; the re-opened render is compared with the
// mirror byte for byte, and a difference is reported (the mirror then takes the daemon's render).

/** An edit the replay cannot reproduce. */
export class ReplayError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ReplayError';
  }
}

const clone = (v) => (v === undefined ? undefined : structuredClone(v));
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** RFC 7396 JSON merge patch; returns the new value (`target` is not modified). */
export function mergePatch(target, patch) {
  if (!isObject(patch)) return clone(patch);
  const result = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}

const COLUMNS = ['x', 'y', 'close', 'open', 'high', 'low', 'size', 'stacks', 'labels', 'colors'];
const ROW_TO_COLUMN = { label: 'labels', color: 'colors', values: 'stacks' };
const range = (n, base = 0) => Array.from({ length: n }, (_, i) => base + i);

/**
 * Any entry form as columns with an x column, and whether x was given (else x = index):
 * bare `[y, …]`, pairs `[[x, y], …]`, rows `[{x, y, label, color, values, …}]`, columns `{x: […], …}`.
 */
export function toColumns(entries) {
  if (entries == null) return { cols: { x: [] }, explicit: false };
  if (isObject(entries)) {
    const cols = {};
    for (const k of COLUMNS) if (Array.isArray(entries[k])) cols[k] = entries[k].slice();
    const n = Math.max(0, ...Object.values(cols).map((c) => c.length));
    const explicit = 'x' in cols;
    if (!explicit) cols.x = range(n);
    return { cols, explicit };
  }
  if (!Array.isArray(entries)) throw new ReplayError('entries must be an array or an object of columns');
  const first = entries.find((e) => e !== null);
  if (first === undefined || typeof first === 'number') return { cols: { x: range(entries.length), y: entries.slice() }, explicit: false };
  if (Array.isArray(first)) {
    if (entries.some((p) => !Array.isArray(p) || p.length !== 2)) throw new ReplayError('pairs must be [x, y]');
    return { cols: { x: entries.map((p) => p[0]), y: entries.map((p) => p[1]) }, explicit: true };
  }
  const cols = {};
  entries.forEach((row, i) => {
    if (!isObject(row)) throw new ReplayError('rows must be objects');
    for (const [key, value] of Object.entries(row)) {
      const name = ROW_TO_COLUMN[key] ?? key;
      if (!COLUMNS.includes(name)) continue;
      if (!cols[name]) cols[name] = new Array(entries.length).fill(null);
      cols[name][i] = value;
    }
  });
  const explicit = 'x' in cols;
  if (!explicit) cols.x = range(entries.length);
  return { cols, explicit };
}

const count = (cols) => cols.x.length;
const slice = (cols, start, stop) => Object.fromEntries(Object.entries(cols).map(([k, v]) => [k, v.slice(start, stop)]));

function concat(a, b) {
  const na = count(a);
  const nb = count(b);
  const out = {};
  for (const k of COLUMNS) {
    if (!(k in a) && !(k in b)) continue;
    out[k] = (a[k] ?? new Array(na).fill(null)).concat(b[k] ?? new Array(nb).fill(null));
  }
  return out;
}

/** Drops columns chartd would ignore with a warning: y next to close. */
function tidy(cols) {
  if ('close' in cols && 'y' in cols) {
    const { y, ...rest } = cols;
    return rest;
  }
  return cols;
}

/** A spec plus the effect of every edit confirmed since. */
export class SpecReplay {
  constructor(spec) {
    this.spec = clone(spec);
  }

  dataSets() {
    if (!Array.isArray(this.spec.dataSets)) this.spec.dataSets = [];
    return this.spec.dataSets;
  }

  find(id) {
    const ds = this.dataSets().find((d) => isObject(d) && (d.id ?? d.label) === id);
    if (!ds) throw new ReplayError(`unknown data set ${JSON.stringify(id)}`);
    return ds;
  }

  /** Applies edits in order, atomically. */
  applyAll(edits) {
    const saved = clone(this.spec);
    try {
      for (const edit of edits) this.apply(edit);
    } catch (error) {
      this.spec = saved;
      throw error;
    }
  }

  apply(e) {
    switch (e.op) {
      case 'setSpec': this.spec = clone(e.spec); return;
      case 'mergeSpec': this.spec = mergePatch(this.spec, e.patch); return;
      case 'appendEntries': {
        // As chartd: entries without x continue one past the last finite x (0 when empty).
        const ds = this.find(e.dataSet);
        let cols = toColumns(ds.entries).cols;
        const { cols: added, explicit } = toColumns(e.entries);
        if (!explicit) {
          const last = cols.x.findLast((x) => Number.isFinite(x));
          added.x = range(count(added), last === undefined ? 0 : last + 1);
        }
        cols = concat(cols, added);
        const n = count(cols);
        if (Number.isInteger(e.maxEntries) && n > e.maxEntries) cols = slice(cols, n - e.maxEntries, n);
        ds.entries = tidy(cols);
        return;
      }
      case 'removeEntries': {
        const ds = this.find(e.dataSet);
        const cols = toColumns(ds.entries).cols;
        ds.entries = tidy(concat(slice(cols, 0, e.start), slice(cols, e.start + e.count, count(cols))));
        return;
      }
      case 'updateEntries': {
        // As chartd: entries without x keep the x of the entry they replace (past the end: the index).
        const ds = this.find(e.dataSet);
        const cols = toColumns(ds.entries).cols;
        const { cols: added, explicit } = toColumns(e.entries);
        const n = count(added);
        if (!explicit) added.x = range(n).map((i) => (e.start + i < cols.x.length ? cols.x[e.start + i] : e.start + i));
        ds.entries = tidy(concat(concat(slice(cols, 0, e.start), added), slice(cols, e.start + n, count(cols))));
        return;
      }
      case 'replaceEntries': this.find(e.dataSet).entries = clone(e.entries); return;
      case 'addDataSet': {
        const sets = this.dataSets();
        if (Number.isInteger(e.index)) sets.splice(e.index, 0, clone(e.dataSet));
        else sets.push(clone(e.dataSet));
        return;
      }
      case 'removeDataSet': {
        const target = this.find(e.dataSet);
        this.spec.dataSets = this.dataSets().filter((d) => d !== target);
        return;
      }
      case 'replaceDataSet': {
        const target = this.find(e.dataSet.id ?? e.dataSet.label);
        const sets = this.dataSets();
        sets[sets.indexOf(target)] = clone(e.dataSet);
        return;
      }
      case 'setVisibility': this.find(e.dataSet).visible = Boolean(e.visible); return;
      case 'setHighlight': this.spec.highlights = clone(e.highlights ?? []); return;
      case 'setViewport': {
        const viewport = { ...(this.spec.viewport ?? {}), xMin: e.xMin ?? null, xMax: e.xMax ?? null };
        if (e.autoScaleY != null) viewport.autoScaleY = e.autoScaleY;
        if (viewport.xMin === null && viewport.xMax === null && (viewport.autoScaleY ?? true) === true) delete this.spec.viewport;
        else this.spec.viewport = viewport;
        return;
      }
      case 'resize': this.spec.width = e.width; this.spec.height = e.height; return;
      default: throw new ReplayError(`unknown edit op ${JSON.stringify(e.op)}`);
    }
  }
}
