// The webview script's message handling, with a stand-in for ChartdPatch's ChartView.
import assert from 'node:assert/strict';
import test from 'node:test';
import webview from '../media/preview.js';

function fakePatcher() {
  class ChartView {
    constructor() {
      this.shown = [];
      this.version = null;
    }
    show(svg, version) {
      this.shown.push(svg);
      this.version = version;
    }
    apply(patch) {
      if (patch.baseVersion !== this.version) return false;
      this.version = patch.version;
      return true;
    }
  }
  return {
    ChartView,
    legendItemOf: (event) => {
      const t = event.target;
      if (t.more != null) return { dataSet: null, entry: null, more: t.more, element: t.element };
      return t.legend ? { dataSet: t.legend, entry: t.entry ?? null, more: null } : null;
    },
  };
}

test('full renders, patches, resync requests, status and legend clicks', () => {
  const posted = [];
  const listeners = {};
  const container = { addEventListener: (type, fn) => (listeners[type] = fn) };
  const status = { textContent: '' };
  const preview = webview.createPreview(fakePatcher(), container, status, (m) => posted.push(m));
  preview.handle({ type: 'full', svg: '<svg/>', version: 3 });
  preview.handle({ type: 'patch', patch: { baseVersion: 3, version: 4 } });
  assert.equal(preview.view.version, 4);
  preview.handle({ type: 'patch', patch: { baseVersion: 9, version: 10 } });
  assert.deepEqual(posted, [{ type: 'resync' }]);
  preview.handle({ type: 'status', text: 'bad spec' });
  assert.equal(status.textContent, 'bad spec');
  listeners.click({ target: { legend: 'b' } });
  listeners.click({ target: { legend: 'pie', entry: 2 } });
  listeners.click({ target: {} });
  assert.deepEqual(posted.slice(1), [{ type: 'toggle', dataSet: 'b', entry: null, hidden: false }, { type: 'toggle', dataSet: 'pie', entry: 2, hidden: false }]);
});

test('a click on "+N more" asks for the middle of its hit rectangle', () => {
  const posted = [];
  const listeners = {};
  const container = { addEventListener: (type, fn) => (listeners[type] = fn) };
  const preview = webview.createPreview(fakePatcher(), container, { textContent: '' }, (m) => posted.push(m));
  const rect = { x: '237', y: '175', width: '53', height: '17' };
  const element = { querySelector: (s) => (s === 'rect' ? { getAttribute: (name) => rect[name] } : null) };
  listeners.click({ target: { more: 34, element } });
  // No rectangle to read: nothing is asked.
  listeners.click({ target: { more: 2, element: { querySelector: () => null } } });
  assert.deepEqual(posted, [{ type: 'more', x: 263.5, y: 183.5 }]);
  assert.ok(preview.view);
});
