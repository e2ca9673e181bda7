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

  /** Per chart root: region id → the element a fragment or restore replaced last (its previous markup). */
  const previousElements = new WeakMap();

  function keptFor(svgRoot) {
    let kept = previousElements.get(svgRoot);
    if (!kept) {
      kept = new Map();
      previousElements.set(svgRoot, kept);
    }
    return kept;
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
   * Applies a chartd patch to `svgRoot` (the live root `<svg>` of a chart) showing `currentVersion`;
   * returns the new version. Order: root, removed, inserted, fragments, restored. Everything is
   * checked and parsed before the DOM is touched, so a PatchError leaves the SVG (and the elements
   * kept for restores) as it was.
   */
  function applyPatch(svgRoot, patch, currentVersion) {
    if (!patch || typeof patch !== 'object') throw new TypeError('patch must be an object');
    if (patch.baseVersion !== currentVersion) throw new PatchVersionError(currentVersion, patch.baseVersion);
    const doc = svgRoot.ownerDocument;
    const kept = keptFor(svgRoot);
    checkIds(svgRoot, patch, kept);
    const inserted = patch.inserted || [];
    const fragments = patch.fragments || [];
    const nodes = parseRegions(
      doc,
      inserted.map((i) => i.svg).concat(fragments.map((f) => f.svg)),
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
    });
    fragments.forEach((frag, i) => {
      const node = nodes[inserted.length + i];
      const old = regions.get(frag.id);
      old.replaceWith(node);
      regions.set(frag.id, node);
      kept.set(frag.id, old);
    });
    for (const id of patch.restored || []) {
      const current = regions.get(id);
      const previous = kept.get(id);
      current.replaceWith(previous);
      regions.set(id, previous);
      kept.set(id, current);
    }
    return patch.version;
  }

  /**
   * Parses a full chartd SVG and puts it into `container` (replacing its content); returns the root.
   * No previous element is kept for it: the elements kept for a chart it replaces are dropped.
   */
  function mountSvg(container, svgText) {
    const doc = container.ownerDocument;
    const parsed = parseSvgDocument(doc, svgText.replace(/\n$/, ''));
    const root = doc.importNode(sanitize(parsed), true);
    for (const old of Array.from(container.children)) previousElements.delete(old);
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
    previousElements.delete(svgRoot);
    svgRoot.replaceWith(root);
    return root;
  }

  function closestWithRole(event, role) {
    let node = event && event.target;
    if (node && node.nodeType !== 1) node = node.parentElement;
    return node && node.closest ? node.closest('[data-role="' + role + '"]') : null;
  }

  /** The legend item under a pointer event: `{dataSet, entry}` (entry: pie slice index or null), or null. */
  function legendItemOf(event) {
    const item = closestWithRole(event, 'legend-item');
    if (!item) return null;
    const entry = item.getAttribute('data-entry');
    return { dataSet: item.getAttribute('data-dataset'), entry: entry == null ? null : Number(entry), element: item };
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
