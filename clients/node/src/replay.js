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

/** Columns with an x column, all of one length (checks keys only, not values). */
function isCanonical(entries) {
  if (!isObject(entries) || !Array.isArray(entries.x)) return false;
  const n = entries.x.length;
  return Object.entries(entries).every(([k, v]) => COLUMNS.includes(k) && Array.isArray(v) && v.length === n);
}

/** The largest `entryOffset` a spec may give; chartd stops counting there (chart-spec.md). */
export const MAX_ENTRY_OFFSET = 2 ** 50;

/** How many entries a data set's `entries` hold, in any form, without converting them. */
function entryCount(entries) {
  if (isObject(entries)) {
    return Math.max(0, ...Object.entries(entries).filter(([k, v]) => COLUMNS.includes(k) && Array.isArray(v)).map(([, v]) => v.length));
  }
  return Array.isArray(entries) ? entries.length : 0;
}

/** How many stack segments entry `index` has (0 when it is not stacked). */
function segmentCount(entries, index) {
  let value = null;
  if (isObject(entries)) value = Array.isArray(entries.stacks) ? entries.stacks[index] : null;
  else if (Array.isArray(entries) && isObject(entries[index])) value = entries[index].values ?? entries[index].stacks;
  return Array.isArray(value) ? value.length : 0;
}

/** Drops what chartd would ignore with a warning: a y column next to close. */
function tidy(cols) {
  if ('close' in cols && 'y' in cols) delete cols.y;
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
    const ds = this.lookup(id);
    if (!ds) throw new ReplayError(`unknown data set ${JSON.stringify(id)}`);
    return ds;
  }

  lookup(id) {
    return this.dataSets().find((d) => isObject(d) && (d.id ?? d.label) === id);
  }

  /** As chartd checks a highlight: its data set exists, the entry and the stack segment too. */
  namesAnEntry(h) {
    if (!isObject(h)) return false;
    const ds = this.lookup(h.dataSet);
    if (!ds || !Number.isInteger(h.index) || h.index < 0 || h.index >= entryCount(ds.entries)) return false;
    const stack = h.stackIndex;
    return stack == null || (Number.isInteger(stack) && stack >= 0 && stack < segmentCount(ds.entries, h.index));
  }

  /** As chartd after every edit: a highlight always names something (edits.md, "State that edits keep"). */
  dropStaleHighlights() {
    const highlights = this.spec.highlights;
    if (!Array.isArray(highlights) || highlights.length === 0) return;
    const kept = highlights.filter((h) => this.namesAnEntry(h));
    if (kept.length !== highlights.length) this.spec.highlights = kept;
  }

  /**
   * What names the data set's entries by index follows them past the removal (as chartd): a
   * highlight or hidden slice of a removed entry goes, one of a later entry moves down; a removal
   * from the front adds to `entryOffset` (so chunks keep their ids).
   */
  entriesRemoved(ds, start, count) {
    if (count <= 0) return;
    const id = ds.id ?? ds.label;
    const stop = start + count;
    if (Array.isArray(this.spec.highlights)) {
      this.spec.highlights = this.spec.highlights.flatMap((h) => {
        if (!isObject(h) || h.dataSet !== id || !Number.isInteger(h.index) || h.index < start) return [h];
        return h.index < stop ? [] : [{ ...h, index: h.index - count }];
      });
    }
    if (Array.isArray(ds.hiddenEntries)) {
      ds.hiddenEntries = ds.hiddenEntries.filter((k) => k < start || k >= stop).map((k) => (k < start ? k : k - count));
    }
    if (start === 0) ds.entryOffset = Math.min((ds.entryOffset ?? 0) + count, MAX_ENTRY_OFFSET);
  }

  /** Removes entries `start ..< start + count` and what named them. */
  remove(ds, start, count) {
    for (const column of Object.values(this.columnsOf(ds))) column.splice(start, count);
    this.entriesRemoved(ds, start, count);
  }

  /** The data set's entries as columns with x, converted in place once (later edits cost O(change)). */
  columnsOf(ds) {
    if (!isCanonical(ds.entries)) ds.entries = toColumns(ds.entries).cols;
    return ds.entries;
  }

  /**
   * Applies edits in order; `atomic`: on an error nothing changes (costs a copy of the spec). The
   * client replays only edits chartd accepted, so it skips the copy.
   */
  applyAll(edits, { atomic = true } = {}) {
    if (!atomic) {
      for (const edit of edits) this.apply(edit);
      return;
    }
    const saved = clone(this.spec);
    try {
      for (const edit of edits) this.apply(edit);
    } catch (error) {
      this.spec = saved;
      throw error;
    }
  }

  apply(e) {
    this.#applyOne(e);
    this.dropStaleHighlights();
  }

  #applyOne(e) {
    switch (e.op) {
      case 'setSpec': this.spec = clone(e.spec); return;
      case 'mergeSpec': this.spec = mergePatch(this.spec, e.patch); return;
      case 'appendEntries': {
        // As chartd: entries without x continue one past the last finite x (0 when empty).
        const ds = this.find(e.dataSet);
        const cols = this.columnsOf(ds);
        const { cols: added, explicit } = toColumns(e.entries);
        const n = count(cols);
        const m = count(added);
        if (!explicit) {
          const last = cols.x.findLast((x) => Number.isFinite(x));
          added.x = range(m, last === undefined ? 0 : last + 1);
        }
        for (const k of Object.keys(added)) if (!(k in cols)) cols[k] = new Array(n).fill(null);
        for (const [k, column] of Object.entries(cols)) {
          const values = added[k];
          for (let i = 0; i < m; i++) column.push(values ? values[i] : null);
        }
        tidy(cols);
        if (Number.isInteger(e.maxEntries) && n + m > e.maxEntries) this.remove(ds, 0, n + m - e.maxEntries);
        return;
      }
      case 'removeEntries': this.remove(this.find(e.dataSet), e.start, e.count); return;
      case 'updateEntries': {
        // As chartd: entries without x keep the x of the entry they replace (past the end: the index).
        const cols = this.columnsOf(this.find(e.dataSet));
        const { cols: added, explicit } = toColumns(e.entries);
        const n = count(cols);
        const m = count(added);
        if (!explicit) added.x = range(m).map((i) => (e.start + i < n ? cols.x[e.start + i] : e.start + i));
        for (const k of Object.keys(added)) if (!(k in cols)) cols[k] = new Array(n).fill(null);
        for (const [k, column] of Object.entries(cols)) {
          column.splice(e.start, Math.min(m, Math.max(0, n - e.start)), ...(added[k] ?? new Array(m).fill(null)));
        }
        tidy(cols);
        return;
      }
      case 'replaceEntries': {
        // New data, not a window onto the old: numbered from 0 again.
        const ds = this.find(e.dataSet);
        ds.entries = clone(e.entries);
        delete ds.entryOffset;
        return;
      }
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
      case 'setVisibility': {
        const ds = this.find(e.dataSet);
        if (e.entry == null) {
          ds.visible = Boolean(e.visible);
          return;
        }
        // One pie slice: hiddenEntries stays sorted and free of repeats, as chartd keeps it.
        const hidden = new Set(ds.hiddenEntries ?? []);
        if (e.visible) hidden.delete(e.entry);
        else hidden.add(e.entry);
        if (hidden.size > 0 || 'hiddenEntries' in ds) ds.hiddenEntries = [...hidden].sort((a, b) => a - b);
        return;
      }
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
