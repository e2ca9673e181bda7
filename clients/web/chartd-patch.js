/*
 * chartd-patch.js — applies chartd patches to a live SVG element, a few DOM operations per region.
 *
 * Plain JavaScript, no build step. Load it as a classic script (it defines `window.ChartdPatch`),
 * require it from CommonJS, or import `chartd-patch.mjs` (the ES module face of this file).
 *
 *   const root = ChartdPatch.mountSvg(container, render.svg);   // version 0
 *   version = ChartdPatch.applyPatch(root, patch, version);      // each patch
 *   // PatchError (err.needsFullRender) → fetch chart/render and mountSvg again
 *
 * Markup is parsed with DOMParser as SVG (XML), never through innerHTML, so text from labels can
 * never become elements; parsed scripts, event-handler attributes and javascript: URLs are dropped.
 * The newline text nodes between regions are kept as in the full SVG, so the patched DOM serialises
 * to exactly the full render of the new version.
 *
 * Restored regions (protocol/patch.md, client capability `previousMarkup`): for each region a
 * fragment replaced, the patcher keeps the replaced element itself, per chart, and a patch's
 * `restored` id puts it back with one `replaceWith` (the element it replaces is kept in turn) —
 * nothing is parsed. A full SVG (mountSvg, replaceSvg) starts with none kept.
 *
 * Spliced fragments (client capability `markupSplices`): a fragment `{id, splice: {start, end,
 * text}}` is the region's current markup with its UTF-8 bytes start..<end replaced by `text`. An
 * element's outerHTML is not chartd's text, so the patcher keeps, per chart, each region's markup
 * text: its line of the full SVG (mountSvg, replaceSvg), then the markup of each inserted region,
 * fragment and restore; beside each kept previous element it keeps that element's text. A splice
 * becomes full markup (ASCII markup: offsets taken as string indices; otherwise TextEncoder /
 * TextDecoder) and is parsed like any fragment, before the DOM is touched. Memory per chart: the
 * current texts are about the SVG text once (lines of the string mountSvg was given — an engine may
 * keep that string whole while one of its lines is held — then the markups patches brought), the
 * previous texts at most that again, as for the kept elements; all dropped with the root. A host
 * declares `markupSplices` in `initialize` only when it applies patches with a patcher that has
 * `capabilities.markupSplices` (this one).
 */
(function (global, factory) {
  const api = factory();
  if (typeof module === 'object' && module && typeof module.exports === 'object') module.exports = api;
  if (global) global.ChartdPatch = api;
})(typeof globalThis !== 'undefined' ? globalThis : this, function () {
  'use strict';

  const SVG_NS = 'http://www.w3.org/2000/svg';
  const XLINK_NS = 'http://www.w3.org/1999/xlink';
  const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
  const WRAP_OPEN = '<svg xmlns="' + SVG_NS + '" xmlns:xlink="' + XLINK_NS + '">';

  /** Base of the patcher's errors; `needsFullRender` tells the caller to fetch chart/render. */
  class PatchError extends Error {
    constructor(message) {
      super(message);
      this.name = 'PatchError';
      this.needsFullRender = true;
    }
  }

  /** The patch was made for another version than the one on screen. */
  class PatchVersionError extends PatchError {
    constructor(expectedVersion, baseVersion) {
      super('patch base version ' + baseVersion + ' does not match the displayed version ' + expectedVersion);
      this.name = 'PatchVersionError';
      this.expectedVersion = expectedVersion;
      this.baseVersion = baseVersion;
    }
  }

  /**
   * The patch names a region the SVG does not have, restores one whose previous element is not
   * kept, or its markup is not one SVG element.
   */
  class PatchRegionError extends PatchError {
    constructor(message) {
      super(message);
      this.name = 'PatchRegionError';
    }
  }

  /** What this patcher applies: a host may declare these `capabilities.chart` flags in `initialize`. */
  const capabilities = Object.freeze({ previousMarkup: true, markupSplices: true });

  /**
   * Per chart root: region id → `{element, text}`, the element a fragment or restore replaced last
   * (its previous markup) and that element's markup text (undefined when not known).
   */
  const previousElements = new WeakMap();

  /** Per chart root: region id → its current markup text (chartd's line, what splices apply to). */
  const markupTexts = new WeakMap();

  function keptFor(svgRoot) {
    let kept = previousElements.get(svgRoot);
    if (!kept) {
      kept = new Map();
      previousElements.set(svgRoot, kept);
    }
    return kept;
  }

  function textsFor(svgRoot) {
    let texts = markupTexts.get(svgRoot);
    if (!texts) {
      texts = new Map();
      markupTexts.set(svgRoot, texts);
    }
    return texts;
  }

  /** Drops everything kept for a chart root (before a full SVG replaces it). */
  function forget(svgRoot) {
    previousElements.delete(svgRoot);
    markupTexts.delete(svgRoot);
  }

  const ID_MARK = ' id="';

  /** The id of a region line: its first `id="…"` attribute (chartd's attribute values hold no quote). */
  function lineId(line) {
    const start = line.indexOf(ID_MARK);
    if (start < 0) return null;
    const end = line.indexOf('"', start + ID_MARK.length);
    return end < 0 ? null : line.slice(start + ID_MARK.length, end);
  }

  /**
   * The region texts of a full SVG mounted as `root`: line 1 is the root tag, then one region per
   * line, then `</svg>`. A line is kept for the region element at its position when the ids agree
   * (an SVG that is not line-structured keeps none: a splice for it needs a full render).
   */
  function rememberTexts(root, svgText) {
    const texts = new Map();
    const lines = svgText.split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    const regions = root.children;
    if (lines.length === regions.length + 2 && lines[lines.length - 1] === '</svg>') {
      for (let i = 0; i < regions.length; i++) {
        const id = regions[i].getAttribute('id');
        const line = lines[i + 1];
        if (id && lineId(line) === id) texts.set(id, line);
      }
    }
    markupTexts.set(root, texts);
  }

  const CONTINUATION = 0x80; // 0b10xxxxxx: a byte inside a character
  let encoder = null;
  let decoder = null;

  function isByteOffset(n) {
    return typeof n === 'number' && Number.isInteger(n) && n >= 0;
  }

  /**
   * The markup `markup` spliced by `splice` ({start, end, text}): the UTF-8 bytes start..<end
   * replaced by `text`. Throws PatchRegionError when the offsets are not 0 ≤ start ≤ end ≤ the byte
   * length, or fall inside a character.
   */
  function spliceMarkup(markup, splice) {
    if (typeof markup !== 'string') throw new PatchRegionError('no markup text to splice');
    if (!splice || typeof splice !== 'object' || !isByteOffset(splice.start) || !isByteOffset(splice.end)
      || typeof splice.text !== 'string' || splice.start > splice.end) {
      const what = splice && typeof splice === 'object' ? ' (start ' + splice.start + ', end ' + splice.end + ', text ' + typeof splice.text + ')' : '';
      throw new PatchRegionError('malformed splice' + what);
    }
    const { start, end, text } = splice;
    if (!/[^\u0000-\u007f]/.test(markup)) {
      // ASCII: every UTF-16 unit is one byte.
      if (end > markup.length) throw new PatchRegionError('splice ' + start + '..' + end + ' is beyond the markup (' + markup.length + ' bytes)');
      return markup.slice(0, start) + text + markup.slice(end);
    }
    if (typeof TextEncoder === 'undefined' || typeof TextDecoder === 'undefined') throw new PatchError('no TextEncoder available to splice non-ASCII markup');
    encoder = encoder || new TextEncoder();
    decoder = decoder || new TextDecoder('utf-8');
    const bytes = encoder.encode(markup);
    if (end > bytes.length) throw new PatchRegionError('splice ' + start + '..' + end + ' is beyond the markup (' + bytes.length + ' bytes)');
    for (const at of [start, end]) {
      if (at < bytes.length && (bytes[at] & 0xc0) === CONTINUATION) {
        throw new PatchRegionError('splice offset ' + at + ' falls inside a character');
      }
    }
    return decoder.decode(bytes.subarray(0, start)) + text + decoder.decode(bytes.subarray(end));
  }

  function parserFor(doc) {
    const view = doc && doc.defaultView;
    const Parser = (view && view.DOMParser) || (typeof DOMParser !== 'undefined' ? DOMParser : null);
    if (!Parser) throw new PatchError('no DOMParser available');
    return new Parser();
  }

  /** Parses SVG markup as XML; throws PatchRegionError on a parse error. */
  function parseSvgDocument(doc, markup) {
    const parsed = parserFor(doc).parseFromString(markup, 'image/svg+xml');
    const root = parsed.documentElement;
    if (!root || root.localName !== 'svg' || root.namespaceURI !== SVG_NS || parsed.getElementsByTagName('parsererror').length) {
      throw new PatchRegionError('markup is not well-formed SVG');
    }
    return root;
  }

  /** Removes what could run code: script elements, on* attributes, javascript: URLs. */
  function sanitize(element) {
    const scripts = element.getElementsByTagNameNS('*', 'script');
    for (let i = scripts.length - 1; i >= 0; i--) scripts[i].remove();
    if (element.localName === 'script') throw new PatchRegionError('a region cannot be a script');
    const all = [element, ...element.getElementsByTagName('*')];
    for (const el of all) {
      for (const attr of Array.from(el.attributes)) {
        const name = attr.localName.toLowerCase();
        const value = attr.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
        if (name.startsWith('on') || ((name === 'href' || name === 'src') && value.startsWith('javascript:'))) {
          el.removeAttributeNode(attr);
        }
      }
    }
    return element;
  }

  /**
   * Parses region markups (each one top-level element) in one DOMParser call and imports them into
   * `doc`; checks that element i has id `ids[i]`.
   */
  function parseRegions(doc, markups, ids) {
    if (!markups.length) return [];
    const wrapper = parseSvgDocument(doc, WRAP_OPEN + markups.join('') + '</svg>');
    const parsed = Array.from(wrapper.children);
    if (parsed.length !== markups.length) throw new PatchRegionError('a region markup is not exactly one element');
    return parsed.map((element, i) => {
      if (element.getAttribute('id') !== ids[i]) {
        throw new PatchRegionError('region markup has id ' + element.getAttribute('id') + ', expected ' + ids[i]);
      }
      return doc.importNode(sanitize(element), true);
    });
  }

  /** The region elements (direct children of the root) by id. */
  function regionMap(svgRoot) {
    const map = new Map();
    for (const el of svgRoot.children) {
      const id = el.getAttribute('id');
      if (id) map.set(id, el);
    }
    return map;
  }

  /**
   * Checks every id the patch names against the regions and the kept previous elements (`kept`),
   * simulating the steps in order.
   */
  function checkIds(svgRoot, patch, kept) {
    const present = new Set(regionMap(svgRoot).keys());
    const heldNow = new Map(); // id → whether an element will be kept for it (the patch's steps so far)
    const held = (id) => (heldNow.has(id) ? heldNow.get(id) : kept.has(id));
    const need = (id) => {
      if (!present.has(id)) throw new PatchRegionError('patch names region ' + id + ', which the SVG does not have');
    };
    for (const id of patch.removed || []) {
      need(id);
      present.delete(id);
      heldNow.set(id, false);
    }
    for (const ins of patch.inserted || []) {
      if (ins.after != null) need(ins.after);
      present.add(ins.id);
      heldNow.set(ins.id, false);
    }
    for (const frag of patch.fragments || []) {
      need(frag.id);
      // Exactly one of the two (protocol/patch.md): a fragment with both is as malformed as one with neither.
      if ((frag.svg !== undefined) === (frag.splice !== undefined)
        || (frag.svg !== undefined && typeof frag.svg !== 'string')
        || (frag.splice !== undefined && (!frag.splice || typeof frag.splice !== 'object'))) {
        throw new PatchRegionError('fragment for ' + frag.id + ' carries not exactly one of svg and splice');
      }
      heldNow.set(frag.id, true);
    }
    for (const id of patch.restored || []) {
      need(id);
      if (!held(id)) throw new PatchRegionError('patch restores region ' + id + ', whose previous element is not kept');
    }
  }

  function isNewlineText(node) {
    return node && node.nodeType === 3 && /^\s*$/.test(node.nodeValue);
  }

  /** Makes the root's attributes those of the opening tag `rootTag` (namespace declarations stay). */
  function replaceRootAttributes(svgRoot, rootTag) {
    const model = parseSvgDocument(svgRoot.ownerDocument, rootTag.replace(/\/?>\s*$/, '>') + '</svg>');
    const keep = new Set();
    for (const attr of Array.from(model.attributes)) {
      if (attr.namespaceURI === XMLNS_NS || attr.name === 'xmlns') continue;
      keep.add((attr.namespaceURI || '') + ' ' + attr.localName);
      if (attr.localName.toLowerCase().startsWith('on')) continue;
      if (svgRoot.getAttributeNS(attr.namespaceURI, attr.localName) !== attr.value) {
        svgRoot.setAttributeNS(attr.namespaceURI, attr.name, attr.value);
      }
    }
    for (const attr of Array.from(svgRoot.attributes)) {
      if (attr.namespaceURI === XMLNS_NS || attr.name === 'xmlns') continue;
      if (!keep.has((attr.namespaceURI || '') + ' ' + attr.localName)) svgRoot.removeAttributeNode(attr);
    }
  }

  /**
   * The new markup text of each fragment (a splice applied to the region's text as the patch's
   * earlier steps leave it). Throws PatchRegionError for a splice that does not fit.
   */
  function fragmentMarkups(patch, texts) {
    const staged = new Map(); // id → text after the steps so far (undefined: none known)
    const textOf = (id) => (staged.has(id) ? staged.get(id) : texts.get(id));
    for (const id of patch.removed || []) staged.set(id, undefined);
    for (const ins of patch.inserted || []) staged.set(ins.id, ins.svg);
    return (patch.fragments || []).map((frag) => {
      let markup = frag.svg;
      if (typeof markup !== 'string') {
        const current = textOf(frag.id);
        if (current === undefined) throw new PatchRegionError('patch splices region ' + frag.id + ', whose markup text is not known');
        markup = spliceMarkup(current, frag.splice);
      }
      staged.set(frag.id, markup);
      return markup;
    });
  }

  /**
   * Applies a chartd patch to `svgRoot` (the live root `<svg>` of a chart) showing `currentVersion`;
   * returns the new version. Order: root, removed, inserted, fragments, restored. Everything is
   * checked, spliced and parsed before the DOM is touched, so a PatchError leaves the SVG (and the
   * elements and texts kept for restores and splices) as it was.
   */
  function applyPatch(svgRoot, patch, currentVersion) {
    if (!patch || typeof patch !== 'object') throw new TypeError('patch must be an object');
    if (patch.baseVersion !== currentVersion) throw new PatchVersionError(currentVersion, patch.baseVersion);
    const doc = svgRoot.ownerDocument;
    const kept = keptFor(svgRoot);
    const texts = textsFor(svgRoot);
    checkIds(svgRoot, patch, kept);
    const inserted = patch.inserted || [];
    const fragments = patch.fragments || [];
    const markups = fragmentMarkups(patch, texts);
    const nodes = parseRegions(
      doc,
      inserted.map((i) => i.svg).concat(markups),
      inserted.map((i) => i.id).concat(fragments.map((f) => f.id)),
    );
    if (patch.root != null) replaceRootAttributes(svgRoot, patch.root);
    const regions = regionMap(svgRoot);
    for (const id of patch.removed || []) {
      const el = regions.get(id);
      if (isNewlineText(el.previousSibling)) el.previousSibling.remove();
      el.remove();
      regions.delete(id);
      kept.delete(id);
      texts.delete(id);
    }
    inserted.forEach((ins, i) => {
      const node = nodes[i];
      const newline = doc.createTextNode('\n');
      if (ins.after == null) {
        svgRoot.insertBefore(node, svgRoot.firstChild);
        svgRoot.insertBefore(newline, node);
      } else {
        regions.get(ins.after).after(newline, node);
      }
      regions.set(ins.id, node);
      kept.delete(ins.id);
      texts.set(ins.id, ins.svg);
    });
    fragments.forEach((frag, i) => {
      const node = nodes[inserted.length + i];
      const old = regions.get(frag.id);
      old.replaceWith(node);
      regions.set(frag.id, node);
      kept.set(frag.id, { element: old, text: texts.get(frag.id) });
      texts.set(frag.id, markups[i]);
    });
    for (const id of patch.restored || []) {
      const current = regions.get(id);
      const previous = kept.get(id);
      current.replaceWith(previous.element);
      regions.set(id, previous.element);
      kept.set(id, { element: current, text: texts.get(id) });
      if (previous.text === undefined) texts.delete(id);
      else texts.set(id, previous.text);
    }
    return patch.version;
  }

  /**
   * Parses a full chartd SVG and puts it into `container` (replacing its content); returns the root.
   * No previous element is kept for it: the elements kept for a chart it replaces are dropped. Each
   * region's markup text is its line of `svgText`.
   */
  function mountSvg(container, svgText) {
    const doc = container.ownerDocument;
    const parsed = parseSvgDocument(doc, svgText.replace(/\n$/, ''));
    const root = doc.importNode(sanitize(parsed), true);
    rememberTexts(root, svgText);
    for (const old of Array.from(container.children)) forget(old);
    container.replaceChildren(root);
    return root;
  }

  /**
   * Replaces a mounted chart root by a new full render (after a PatchError); returns the new root,
   * with no previous element kept (those of the old root are dropped).
   */
  function replaceSvg(svgRoot, svgText) {
    const doc = svgRoot.ownerDocument;
    const root = doc.importNode(sanitize(parseSvgDocument(doc, svgText.replace(/\n$/, ''))), true);
    rememberTexts(root, svgText);
    forget(svgRoot);
    svgRoot.replaceWith(root);
    return root;
  }

  /** The markup text the patcher holds for region `id` of a mounted chart (what a splice applies to), or null. */
  function regionMarkup(svgRoot, id) {
    const texts = markupTexts.get(svgRoot);
    const text = texts && texts.get(id);
    return text === undefined ? null : text;
  }

  function closestWithRole(event, role) {
    let node = event && event.target;
    if (node && node.nodeType !== 1) node = node.parentElement;
    return node && node.closest ? node.closest('[data-role="' + role + '"]') : null;
  }

  /** The legend item under a pointer event: `{dataSet, entry, more}` (entry: pie slice index or null;
   *  more: on the "+N more" item, N, whose dataSet is null — chart/hitTest lists its items), or null. */
  function legendItemOf(event) {
    const item = closestWithRole(event, 'legend-item');
    if (!item) return null;
    const entry = item.getAttribute('data-entry');
    const more = item.getAttribute('data-more');
    return { dataSet: item.getAttribute('data-dataset'), entry: entry == null ? null : Number(entry),
             more: more == null ? null : Number(more), element: item };
  }

  /** The data set id of the legend item under a pointer event, or null. */
  function legendTargetOf(event) {
    const item = legendItemOf(event);
    return item ? item.dataSet : null;
  }

  /** The data set id of the series layer under a pointer event, or null. */
  function seriesTargetOf(event) {
    const layer = closestWithRole(event, 'series');
    return layer ? layer.getAttribute('data-dataset') : null;
  }

  /** Pointer position in SVG user units (what chart/hitTest takes). */
  function svgPoint(svgRoot, event) {
    const matrix = svgRoot.getScreenCTM();
    if (!matrix) return null;
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return { x: p.x, y: p.y };
  }

  /**
   * A chart on screen: `show(svg, version)` for full renders, `apply(patch)` for patches. `apply`
   * returns false (changing nothing) when a full render is needed.
   */
  class ChartView {
    constructor(container) {
      this.container = container;
      this.root = null;
      this.version = null;
    }

    show(svgText, version) {
      this.root = this.root ? replaceSvg(this.root, svgText) : mountSvg(this.container, svgText);
      this.version = version;
    }

    apply(patch) {
      if (!this.root) return false;
      if (patch.version <= this.version) return true; // already shown
      try {
        this.version = applyPatch(this.root, patch, this.version);
        return true;
      } catch (error) {
        if (error instanceof PatchError) return false;
        throw error;
      }
    }
  }

  return {
    applyPatch,
    mountSvg,
    replaceSvg,
    regionMarkup,
    spliceMarkup,
    capabilities,
    legendTargetOf,
    legendItemOf,
    seriesTargetOf,
    svgPoint,
    ChartView,
    PatchError,
    PatchVersionError,
    PatchRegionError,
    SVG_NS,
  };
});
