// A client-side copy of a chart's SVG text, kept current by applying patches to its lines.
import { Buffer } from 'node:buffer';
import { PatchMismatchError } from './errors.js';

const ID_MARK = ' id="';

/** The id of a region line: its first `id="…"` attribute (attribute values never hold a quote). */
export function regionId(line) {
  const start = line.indexOf(ID_MARK);
  if (start < 0) return null;
  const end = line.indexOf('"', start + ID_MARK.length);
  return end < 0 ? null : line.slice(start + ID_MARK.length, end);
}

/** Splits a full SVG into `{root, regions}`; throws when it is not line-structured. */
export function splitSvg(svg) {
  const lines = svg.split('\n');
  if (lines.length < 3 || lines[lines.length - 1] !== '' || lines[lines.length - 2] !== '</svg>') {
    throw new TypeError("not a line-structured chartd SVG (root line, region lines, '</svg>', final newline)");
  }
  return { root: lines[0], regions: lines.slice(1, -2) };
}

/** True for a UTF-8 continuation byte (0b10xxxxxx): an offset there falls inside a character. */
const isContinuation = (byte) => (byte & 0xc0) === 0x80;

/**
 * A region's markup with a splice applied (protocol/patch.md, "Spliced fragments"): the UTF-8 bytes
 * `start` up to (not including) `end` of `markup` replaced by `text`. Returns null when the splice
 * does not fit: members missing or of the wrong type, offsets that are not integers, out of
 * `0 ≤ start ≤ end ≤` the byte length, or inside a character.
 */
export function applySplice(markup, splice) {
  if (splice === null || typeof splice !== 'object' || Array.isArray(splice)) return null;
  const { start, end, text } = splice;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || typeof text !== 'string') return null;
  if (start < 0 || start > end) return null;
  // Every character outside ASCII takes more UTF-8 bytes than UTF-16 units: equal lengths mean
  // ASCII, where the byte offsets are string offsets and every offset is a boundary.
  const bytes = Buffer.byteLength(markup, 'utf8');
  if (end > bytes) return null;
  if (bytes === markup.length) return markup.slice(0, start) + text + markup.slice(end);
  const encoded = Buffer.from(markup, 'utf8');
  if ((start < bytes && isContinuation(encoded[start])) || (end < bytes && isContinuation(encoded[end]))) return null;
  // Both cuts are on character boundaries, so each part decodes to exactly its characters.
  return encoded.toString('utf8', 0, start) + text + encoded.toString('utf8', end);
}

/**
 * The SVG text of one document at `version`; `apply` moves it to a patch's version.
 *
 * It also keeps each region's previous markup (protocol/patch.md, "Restored regions"): what the
 * region held before the last fragment or restore that replaced it, so that a patch's `restored`
 * ids can swap it back in. A full SVG (`reset`) has none; `keepPrevious: false` keeps none (a client
 * that did not declare `previousMarkup` never gets `restored`).
 *
 * A `fragments` entry is either `{id, svg}` or `{id, splice: {start, end, text}}` (protocol/patch.md,
 * "Spliced fragments": the region's current markup with UTF-8 bytes start..<end replaced); a splice
 * replaces the region like any fragment, its current markup becoming its previous markup.
 */
export class SvgMirror {
  constructor(svg, version, { keepPrevious = true } = {}) {
    /** Whether fragments store the markup they replace (then `restored` can be applied). */
    this.keepPrevious = keepPrevious;
    /** Region id → its previous markup. */
    this.previous = new Map();
    this.reset(svg, version);
  }

  /** Replaces the whole copy (after chart/open or chart/render); no region has a previous markup. */
  reset(svg, version) {
    const { root, regions } = splitSvg(svg);
    this.root = root;
    this.regions = regions;
    this.version = version;
    this.previous.clear();
    this._index = null;
  }

  /** The full SVG text, byte-identical to chart/render of `version`. */
  get text() {
    return [this.root, ...this.regions, '</svg>', ''].join('\n');
  }

  get regionIds() {
    return this.regions.map((line) => regionId(line) ?? '');
  }

  /** The position of region `id` in `regions`, or -1 (from an index kept between patches). */
  _find(id) {
    let i = this._index?.get(id);
    if (i === undefined || regionId(this.regions[i] ?? '') !== id) {
      this._index = new Map();
      this.regions.forEach((line, n) => {
        const lineId = regionId(line) ?? '';
        if (!this._index.has(lineId)) this._index.set(lineId, n);
      });
      i = this._index.get(id);
    }
    return i ?? -1;
  }

  /**
   * Applies a patch whose baseVersion equals `version`, all or nothing; throws PatchMismatchError
   * (a wrong base version, an unknown region, a splice that does not fit the region's markup, a
   * fragment with neither markup nor splice, a restored region without previous markup).
   */
  apply(patch) {
    if (patch.baseVersion !== this.version) {
      throw new PatchMismatchError(`patch base version ${patch.baseVersion} does not match mirror version ${this.version}`, this.version, patch.baseVersion);
    }
    const mismatch = (message) => new PatchMismatchError(message, this.version, patch.baseVersion);
    const removed = patch.removed ?? [];
    const inserted = patch.inserted ?? [];
    // A patch that moves regions builds a new list. One that only replaces regions (fragments and
    // restores: the toggles) finds them by index and writes the lines once the whole patch fits.
    const moves = removed.length > 0 || inserted.length > 0;
    const regions = moves ? this.regions.slice() : this.regions;
    const ids = moves ? regions.map((line) => regionId(line) ?? '') : null;
    const writes = moves ? null : new Map(); // line index → new markup
    const indexOf = (id) => {
      const i = moves ? ids.indexOf(id) : this._find(id);
      if (i < 0) throw mismatch(`patch names region ${JSON.stringify(id)}, which the mirror does not have`);
      return i;
    };
    const lineAt = (i) => (moves || !writes.has(i) ? regions[i] : writes.get(i));
    const put = (i, markup) => (moves ? (regions[i] = markup) : writes.set(i, markup));
    // Changes to the previous markup wait here too (id → markup; undefined: none): the store is
    // written only at the end, entry by entry, never copied.
    const staged = new Map();
    const previousOf = (id) => (staged.has(id) ? staged.get(id) : this.previous.get(id));
    for (const id of removed) {
      const i = indexOf(id);
      regions.splice(i, 1);
      ids.splice(i, 1);
      staged.set(id, undefined);
    }
    for (const ins of inserted) {
      const at = ins.after == null ? 0 : indexOf(ins.after) + 1;
      regions.splice(at, 0, ins.svg);
      ids.splice(at, 0, ins.id);
      staged.set(ins.id, undefined);
    }
    for (const frag of patch.fragments ?? []) {
      const i = indexOf(frag.id);
      const current = lineAt(i);
      let markup;
      if (frag.splice !== undefined) {
        markup = frag.svg === undefined ? applySplice(current, frag.splice) : null;
        if (markup === null) {
          throw mismatch(`patch splices region ${JSON.stringify(frag.id)} with ${describeSplice(frag)}, which does not fit its `
            + `${Buffer.byteLength(current, 'utf8')}-byte markup`);
        }
      } else if (typeof frag.svg === 'string') {
        markup = frag.svg;
      } else {
        throw mismatch(`patch sends region ${JSON.stringify(frag.id)} neither markup nor a splice`);
      }
      if (this.keepPrevious) staged.set(frag.id, current);
      put(i, markup);
    }
    for (const id of patch.restored ?? []) {
      const i = indexOf(id);
      const previous = previousOf(id);
      if (previous === undefined) throw mismatch(`patch restores region ${JSON.stringify(id)}, whose previous markup the mirror does not have`);
      staged.set(id, lineAt(i));
      put(i, previous);
    }
    if (patch.root != null) this.root = patch.root;
    if (moves) {
      this.regions = regions;
      this._index = null;
    } else {
      for (const [i, markup] of writes) regions[i] = markup;
    }
    this.version = patch.version;
    for (const [id, markup] of staged) {
      if (markup === undefined) this.previous.delete(id);
      else this.previous.set(id, markup);
    }
  }
}

/** A splice for an error message: its offsets and text length, or what is wrong with its shape. */
function describeSplice(frag) {
  if (frag.svg !== undefined) return 'both markup and a splice';
  const { splice } = frag;
  if (splice === null || typeof splice !== 'object' || Array.isArray(splice)) return `a splice that is not an object (${JSON.stringify(splice)})`;
  const text = typeof splice.text === 'string' ? `a ${Buffer.byteLength(splice.text, 'utf8')}-byte text` : `text ${JSON.stringify(splice.text)}`;
  return `bytes ${JSON.stringify(splice.start)}..<${JSON.stringify(splice.end)} → ${text}`;
}

/** True when a patch changes nothing visible. */
export function isEmptyPatch(patch) {
  return patch.root == null && !patch.removed?.length && !patch.inserted?.length && !patch.fragments?.length && !patch.restored?.length;
}
