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

function form(entries) {
  if (isObject(entries)) return 'columns';
  if (!Array.isArray(entries) || entries.length === 0) return 'empty';
  if (isObject(entries[0])) return 'rows';
  if (Array.isArray(entries[0])) return 'pairs';
  return 'bare';
}

function length(entries) {
  if (isObject(entries)) return Math.max(0, ...Object.values(entries).filter(Array.isArray).map((c) => c.length));
  return Array.isArray(entries) ? entries.length : 0;
}

function tupleRow(p) {
  if (p.length === 2) return { x: p[0], y: p[1] };
  if (p.length === 5) return { x: p[0], open: p[1], high: p[2], low: p[3], close: p[4] };
  throw new ReplayError(`entry tuple of length ${p.length}`);
}

function toRows(entries, xOffset = 0) {
  switch (form(entries)) {
    case 'empty': return [];
    case 'rows': return entries.map((r) => ({ ...r }));
    case 'pairs': return entries.map(tupleRow);
    case 'bare': return entries.map((y, i) => ({ x: xOffset + i, y }));
    default: {
      const rows = [];
      for (let i = 0; i < length(entries); i++) {
        const row = {};
        for (const [k, v] of Object.entries(entries)) if (Array.isArray(v) && i < v.length) row[k] = v[i];
        if (!('x' in row)) row.x = xOffset + i;
        rows.push(row);
      }
      return rows;
    }
  }
}

function slice(entries, start, stop) {
  if (isObject(entries)) return Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, Array.isArray(v) ? v.slice(start, stop) : v]));
  return Array.isArray(entries) ? entries.slice(start, stop) : [];
}

/** Appends `b` to `a`, keeping `a`'s form when both share it, else as rows. */
function concat(a, b) {
  const fa = form(a);
  const fb = form(b);
  if (fa === 'empty') return clone(b);
  if (fb === 'empty') return a;
  if (fa === fb && fa !== 'columns') return a.concat(clone(b));
  if (fa === 'columns' && fb === 'columns') {
    const ka = Object.keys(a).sort().join();
    if (ka === Object.keys(b).sort().join()) return Object.fromEntries(Object.keys(a).map((k) => [k, a[k].concat(b[k])]));
  }
  return toRows(a).concat(toRows(b, length(a)));
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
        const ds = this.find(e.dataSet);
        let entries = concat(ds.entries ?? [], e.entries);
        const n = length(entries);
        if (Number.isInteger(e.maxEntries) && n > e.maxEntries) entries = slice(entries, n - e.maxEntries, n);
        ds.entries = entries;
        return;
      }
      case 'removeEntries': {
        const ds = this.find(e.dataSet);
        const entries = ds.entries ?? [];
        ds.entries = concat(slice(entries, 0, e.start), slice(entries, e.start + e.count, length(entries)));
        return;
      }
      case 'updateEntries': {
        const ds = this.find(e.dataSet);
        const entries = ds.entries ?? [];
        const stop = e.start + length(e.entries);
        ds.entries = concat(concat(slice(entries, 0, e.start), e.entries), slice(entries, stop, length(entries)));
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
        if (e.xMin == null && e.xMax == null) {
          delete this.spec.viewport;
          return;
        }
        this.spec.viewport = { ...(this.spec.viewport ?? {}), xMin: e.xMin ?? null, xMax: e.xMax ?? null };
        return;
      }
      case 'resize': this.spec.width = e.width; this.spec.height = e.height; return;
      default: throw new ReplayError(`unknown edit op ${JSON.stringify(e.op)}`);
    }
  }
}
