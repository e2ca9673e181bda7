// A client-side copy of a chart's SVG text, kept current by applying patches to its lines.
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

/** The SVG text of one document at `version`; `apply` moves it to a patch's version. */
export class SvgMirror {
  constructor(svg, version) {
    this.reset(svg, version);
  }

  /** Replaces the whole copy (after chart/open or chart/render). */
  reset(svg, version) {
    const { root, regions } = splitSvg(svg);
    this.root = root;
    this.regions = regions;
    this.version = version;
  }

  /** The full SVG text, byte-identical to chart/render of `version`. */
  get text() {
    return [this.root, ...this.regions, '</svg>', ''].join('\n');
  }

  get regionIds() {
    return this.regions.map((line) => regionId(line) ?? '');
  }

  /** Applies a patch whose baseVersion equals `version`, all or nothing; throws PatchMismatchError. */
  apply(patch) {
    if (patch.baseVersion !== this.version) {
      throw new PatchMismatchError(`patch base version ${patch.baseVersion} does not match mirror version ${this.version}`, this.version, patch.baseVersion);
    }
    const regions = this.regions.slice();
    const ids = regions.map((line) => regionId(line) ?? '');
    const indexOf = (id) => {
      const i = ids.indexOf(id);
      if (i < 0) throw new PatchMismatchError(`patch names region ${JSON.stringify(id)}, which the mirror does not have`, this.version, patch.baseVersion);
      return i;
    };
    for (const id of patch.removed ?? []) {
      const i = indexOf(id);
      regions.splice(i, 1);
      ids.splice(i, 1);
    }
    for (const ins of patch.inserted ?? []) {
      const at = ins.after == null ? 0 : indexOf(ins.after) + 1;
      regions.splice(at, 0, ins.svg);
      ids.splice(at, 0, ins.id);
    }
    for (const frag of patch.fragments ?? []) {
      const i = indexOf(frag.id);
      regions[i] = frag.svg;
      ids[i] = frag.id;
    }
    if (patch.root != null) this.root = patch.root;
    this.regions = regions;
    this.version = patch.version;
  }
}

/** True when a patch changes nothing visible. */
export function isEmptyPatch(patch) {
  return patch.root == null && !patch.removed?.length && !patch.inserted?.length && !patch.fragments?.length;
}
