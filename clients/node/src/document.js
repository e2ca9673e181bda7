// An open chart: its version, its SVG mirror, its spec replay and typed edit methods.
import { EventEmitter } from 'node:events';
import * as E from './edits.js';
import { ChartdError, ErrorCode, PatchMismatchError } from './errors.js';
import { SvgMirror } from './mirror.js';
import { SpecReplay } from './replay.js';

/** The id prefix shared by a document's regions (`<prefix>-<name>`), if it can be told. */
export function derivePrefix(regions) {
  if (!Array.isArray(regions) || regions.length < 2) return null;
  const sorted = regions.slice().sort();
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  let n = 0;
  while (n < Math.min(first.length, last.length) && first[n] === last[n]) n++;
  const cut = first.slice(0, n).lastIndexOf('-');
  return cut > 0 ? first.slice(0, cut) : null;
}

/** One method per edit op; each calls `this.update([edit])`. */
export const EditMethods = (Base) =>
  class extends Base {
    setSpec(spec) { return this.update([E.setSpec(spec)]); }
    mergeSpec(patch) { return this.update([E.mergeSpec(patch)]); }
    appendEntries(dataSet, entries, maxEntries) { return this.update([E.appendEntries(dataSet, entries, maxEntries)]); }
    removeEntries(dataSet, start, count) { return this.update([E.removeEntries(dataSet, start, count)]); }
    updateEntries(dataSet, start, entries) { return this.update([E.updateEntries(dataSet, start, entries)]); }
    replaceEntries(dataSet, entries) { return this.update([E.replaceEntries(dataSet, entries)]); }
    addDataSet(dataSet, index) { return this.update([E.addDataSet(dataSet, index)]); }
    removeDataSet(dataSet) { return this.update([E.removeDataSet(dataSet)]); }
    replaceDataSet(dataSet) { return this.update([E.replaceDataSet(dataSet)]); }
    setVisibility(dataSet, visible, entry) { return this.update([E.setVisibility(dataSet, visible, entry)]); }
    setHighlight(highlights) { return this.update([E.setHighlight(highlights)]); }
    highlight(dataSet, index) { return this.update([E.highlight(dataSet, index)]); }
    clearHighlight() { return this.update([E.setHighlight([])]); }
    setViewport(xMin, xMax, options) { return this.update([E.setViewport(xMin, xMax, options)]); }
    resize(width, height) { return this.update([E.resize(width, height)]); }
  };

/** Collects edits for `doc.batch(fn)`: one atomic update. */
export class Batch extends EditMethods(Object) {
  constructor() {
    super();
    this.edits = [];
  }

  update(edits) {
    this.edits.push(...edits);
  }
}

/**
 * An open chart document. Created by `Client.open`. `version` is the last version chartd
 * confirmed; `svg` is the mirror's text for it. Events: 'patch' (after the mirror applied it),
 * 'reset' ({svg, version}: the mirror was replaced by a full render), 'diagnostics' (the new set).
 */
export class ChartDocument extends EditMethods(EventEmitter) {
  constructor(client, uri, spec, render, idPrefix) {
    super();
    this.client = client;
    this.uri = uri;
    this.mirror = new SvgMirror(render.svg, render.version, { keepPrevious: client.previousMarkup === true });
    this.replay = new SpecReplay(spec);
    /** False once an accepted edit could not be replayed. */
    this.replayExact = true;
    this.version = render.version;
    this.lastSent = render.version;
    this.idPrefix = idPrefix ?? derivePrefix(render.regions);
    this.diagnostics = [];
    this.closed = false;
    this.resyncing = false;
    this.buffer = [];
    /** Notification-mode updates not yet confirmed by a chart/patch. */
    this.unconfirmed = [];
  }

  /** The full SVG text of the mirror (chart/render of `mirror.version`, byte for byte). */
  get svg() {
    return this.mirror.text;
  }

  get regions() {
    return this.mirror.regionIds;
  }

  /** The client's copy of the current spec (what a re-open after a crash sends). */
  get spec() {
    return this.replay.spec;
  }

  /** Applies edits atomically; resolves with the Patch after the mirror applied it. */
  update(edits, { version } = {}) {
    return this.client._submitUpdate(this, [...edits], version);
  }

  /**
   * Sends chart/update as a notification; the patch arrives as a 'patch' event. Returns the
   * version the update will have. A rejected notification is reported by chartd only through
   * chart/diagnostics or window/logMessage, so use `update` when an edit may be invalid.
   */
  updateNowait(edits) {
    return this.client._notifyUpdate(this, [...edits]);
  }

  /** `await doc.batch((b) => { b.appendEntries(…); b.highlight(…); })` sends one update. */
  async batch(build) {
    const b = new Batch();
    await build(b);
    return b.edits.length ? this.update(b.edits) : null;
  }

  /** Fetches the full SVG (chart/render) and resets the mirror to it. */
  render() {
    return this.client._submitRender(this);
  }

  /** What lies under (x, y) in SVG user units: null or `{kind, dataSet?, index?, …}`. */
  async hitTest(x, y) {
    const result = await this.client.request('chart/hitTest', { uri: this.uri, x, y });
    return result?.target ?? null;
  }

  close() {
    return this.client._submitClose(this);
  }

  // -- engine hooks -----------------------------------------------------------------------------

  _confirm(version, edits) {
    for (const item of this.unconfirmed.filter((u) => u.version <= version)) {
      this.unconfirmed.splice(this.unconfirmed.indexOf(item), 1);
      if (item.version < version || edits == null) this._replay(item.edits);
    }
    if (edits != null) this._replay(edits);
    this.version = Math.max(this.version, version);
    this.lastSent = Math.max(this.lastSent, version);
  }

  /** A notification update chartd rejected (error diagnostics for its version) is not replayed. */
  _dropRejected(version, diagnostics) {
    if (diagnostics.some((d) => (d?.severity ?? 'error') === 'error')) this.unconfirmed = this.unconfirmed.filter((u) => u.version !== version);
  }

  _replay(edits) {
    try {
      this.replay.applyAll(edits, { atomic: false });
    } catch {
      this.replayExact = false;
    }
  }

  _receivePatch(patch, done) {
    if (this.resyncing) {
      this.buffer.push([patch, done]);
      return;
    }
    if (patch.version <= this.mirror.version) {
      done();
      return;
    }
    if (patch.baseVersion === this.mirror.version) {
      try {
        this.mirror.apply(patch);
        queueMicrotask(() => this.emit('patch', patch));
        done();
        return;
      } catch (error) {
        if (!(error instanceof PatchMismatchError)) throw error;
      }
    }
    this.resyncing = true;
    this.buffer.push([patch, done]);
    this.client._requestInternal('chart/render', { uri: this.uri }, (r) => this._onResync(r), () => this._endResync());
  }

  _onResync(result) {
    if (result.version >= this.mirror.version) this._resetMirror(result.svg, result.version);
    this._endResync();
  }

  /** Replaces the mirror by a full render and tells listeners ('reset' event: {svg, version}). */
  _resetMirror(svg, version) {
    const changed = this.mirror.version !== version || this.mirror.text !== svg;
    this.mirror.reset(svg, version);
    if (changed) queueMicrotask(() => this.emit('reset', { svg, version }));
  }

  _endResync() {
    this.resyncing = false;
    const buffered = this.buffer;
    this.buffer = [];
    for (const [patch, done] of buffered) this._receivePatch(patch, done);
  }

  _onUpdateError(error) {
    if (error instanceof ChartdError && error.code === ErrorCode.CONTENT_MODIFIED && Number.isInteger(error.currentVersion)) {
      this.lastSent = Math.max(this.lastSent, error.currentVersion);
    }
  }
}
